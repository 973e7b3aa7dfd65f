# check_symbol.cmake — fails unless object OBJ defines the unmangled,
# externally visible symbol SYM (a C++ adapter must export it with C linkage).
execute_process(COMMAND ${NM} -g --defined-only ${OBJ}
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${OBJ}")
endif()
if(NOT out MATCHES "[ \t][A-Za-z][ \t]${SYM}\n")
  message(FATAL_ERROR "${OBJ} does not export '${SYM}' with C linkage:\n${out}")
endif()
message(STATUS "${SYM} exported with C linkage")
