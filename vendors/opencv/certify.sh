#!/usr/bin/env bash
# certify.sh — certify OpenCV DNN 4.6 (Debian libopencv-dnn406, ONNX
# importer, CPU target) against every vector under both profiles and
# regenerate docs/conformance/opencv-VERSION.* (vendors/common/
# certify-runtime.sh says what and how).  With --write-baselines also
# vendors/opencv/baseline-{onnx,sonnx}.json.
#
# usage: vendors/opencv/certify.sh [--write-baselines]
set -euo pipefail
cd "$(dirname "$0")/../.."
lib=$(readlink -f /usr/lib/x86_64-linux-gnu/libopencv_dnn.so.406 2>/dev/null || true)
[[ -f "$lib" ]] || { echo "certify: libopencv_dnn.so.406 not found (scripts/setup.sh)" >&2; exit 2; }
pkg=$(dpkg-query -W -f='${Version}' libopencv-dnn406 2>/dev/null || echo unknown)
version=${pkg%%+*}
exec vendors/common/certify-runtime.sh --stem "opencv-$version" \
  --dir vendors/opencv --target sonnx_opencv_plugin \
  --plugin vendors/opencv/sonnx_opencv_plugin.so \
  --cmake-flag -DSONNX_CTS_BUILD_OPENCV=ON \
  --library "$lib" \
  --library-source "$(basename "$lib") of Debian bookworm libopencv-dnn406 $pkg" \
  --short-name "OpenCV DNN" --method-file vendors/opencv/method.txt \
  --command "vendors/opencv/certify.sh" "$@"
