/* not_ort.c — a shared library that is not ONNX Runtime (no
 * OrtGetApiBase), for the adapter's refusal test. */
int sct_not_ort_marker(void);
int sct_not_ort_marker(void) { return 42; }
