/*
 * scan.h — a directory WITHOUT manifest.json in the ONNX backend-test
 * layout (<dir>/<case>/model.onnx + test_data_set_<N>/input_<k>.pb,
 * output_<k>.pb), e.g. the official node tests of libonnx-testdata.
 *
 * Case directories are found up to three levels below the root (a
 * directory holding model.onnx is a case and is not descended into).
 * Each test_data_set_<N> becomes one case: id = the directory's relative
 * path (plus "/test_data_set_<N>" for N > 0), profiles = onnx, expectation =
 * values, tolerance = sct_default_max_ulp, op/opset/types/shapes from
 * model.onnx.  Directories whose graph is not a single Div, Mul, Pow or Less
 * node are skipped and listed in set->skipped (not errors).  Every file is
 * hashed while scanning; set_sha256 is the sha256 of the sorted
 * "<sha256>  <relative path>\n" lines, like sha256sum output.
 */
#ifndef SCT_IO_SCAN_H
#define SCT_IO_SCAN_H

#include "sct/model/case.h"

/* Fills set->scanned_cases / skipped / set_sha256 (set->root and display_root
 * already set).  Returns 0, or -1 with err when the root is unreadable. */
int sct_scan_directory(sct_vector_set *set, char *err, size_t err_cap);

#endif /* SCT_IO_SCAN_H */
