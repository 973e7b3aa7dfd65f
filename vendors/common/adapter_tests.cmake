# adapter_tests.cmake — the ctests every adapter has:
#   <prefix>_plugin                 the adapter's Check test: PLUGIN path
#                                   then TEST_ARGS; exit 77 = skipped
#   <prefix>_plugin_valgrind        the same under valgrind (VALGRIND given;
#                                   not in sanitizer builds); errors and
#                                   definite leaks fail it
#   <prefix>_certify_baseline_<p>   every vector under profile p, verdicts
#                                   equal to vendors/<dir>/baseline-<p>.json
#                                   (skipped when REQUIRED is absent)
#   <prefix>_certify_baseline_<p>_<class>
#                                   the same with the runtime's dispatch
#                                   forced down to ISA class <class>
#                                   (ISA_CLASSES; compares against
#                                   baseline-<p>.<class>.json, skipped on a
#                                   CPU below that class)
# sct_adapter_tests(PREFIX p NAME text PLUGIN target SOURCE file.c
#                   [VOPTS options] [REQUIRED file] [TEST_ARGS args...]
#                   [VALGRIND] [RUN_ENV VAR=VALUE...] [RUN_ARGS args...]
#                   [ISA_CLASSES class:VAR=VALUE...] [BASELINE_DIR dir]
#                   [PROBE OP=OK|UNSUPPORTED...])
#   <prefix>_ops_probe              (PROBE given) vendors/common/tests/ops_probe.c
#                                   through the ABI: "Tanh" refused by name,
#                                   each OP's float32 query answer, and the
#                                   mapped ops run on exact elements (unary
#                                   ops with exactly one input)
# BASELINE_DIR: where baseline-<p>*.json are (default: the adapter's
# directory, the parent of the tests' one); one plugin certifying two
# runtimes (TensorFlow.js cpu and wasm) keeps one directory per runtime.
# RUN_ENV / RUN_ARGS: what the baseline runs need from the plugin sandbox
# (docs/plugin-abi.md §5.1), the same as the adapter's certify.sh passes.
function(sct_adapter_tests)
  cmake_parse_arguments(A "VALGRIND" "PREFIX;NAME;PLUGIN;SOURCE;VOPTS;REQUIRED;BASELINE_DIR" "TEST_ARGS;RUN_ENV;RUN_ARGS;ISA_CLASSES;PROBE" ${ARGN})
  if(A_PROBE)
    add_test(NAME ${A_PREFIX}_ops_probe
             COMMAND sct_ops_probe $<TARGET_FILE:${A_PLUGIN}> "${A_VOPTS}" ${A_PROBE})
    set_tests_properties(${A_PREFIX}_ops_probe PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
    if(A_RUN_ENV)
      set_property(TEST ${A_PREFIX}_ops_probe APPEND PROPERTY ENVIRONMENT ${A_RUN_ENV})
    endif()
  endif()
  add_executable(test_${A_PREFIX}_plugin ${A_SOURCE})
  target_link_libraries(test_${A_PREFIX}_plugin PRIVATE sonnx_cts_abi PkgConfig::CHECK sct_check_main
                        ${CMAKE_DL_LIBS} m)
  add_dependencies(test_${A_PREFIX}_plugin ${A_PLUGIN})
  add_test(NAME ${A_PREFIX}_plugin
           COMMAND test_${A_PREFIX}_plugin $<TARGET_FILE:${A_PLUGIN}> ${A_TEST_ARGS})
  set_tests_properties(${A_PREFIX}_plugin PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)
  find_program(SCT_VALGRIND valgrind)
  if(A_VALGRIND AND SCT_VALGRIND AND NOT SONNX_CTS_SANITIZE)
    add_test(NAME ${A_PREFIX}_plugin_valgrind
      COMMAND ${SCT_VALGRIND} -q --error-exitcode=9 --leak-check=full
              --errors-for-leak-kinds=definite
              $<TARGET_FILE:test_${A_PREFIX}_plugin> $<TARGET_FILE:${A_PLUGIN}> ${A_TEST_ARGS})
    set_tests_properties(${A_PREFIX}_plugin_valgrind PROPERTIES SKIP_RETURN_CODE 77
      TIMEOUT 1200 ENVIRONMENT "CK_FORK=no;CK_TIMEOUT_MULTIPLIER=20")
  endif()
  if(NOT A_BASELINE_DIR)
    set(A_BASELINE_DIR "${CMAKE_CURRENT_SOURCE_DIR}/..")
  endif()
  if(TARGET sonnx-cts)
    foreach(profile onnx sonnx)
      add_test(NAME ${A_PREFIX}_certify_baseline_${profile}
        COMMAND "${PROJECT_SOURCE_DIR}/vendors/common/certify_against_baseline.sh"
                "${A_NAME}" $<TARGET_FILE:sonnx-cts> $<TARGET_FILE:${A_PLUGIN}>
                "${SONNX_CTS_VECTORS_DIR}"
                "${A_BASELINE_DIR}/baseline-${profile}.json" ${profile}
                "${A_VOPTS}" "${A_REQUIRED}" ${A_RUN_ARGS})
      set_tests_properties(${A_PREFIX}_certify_baseline_${profile} PROPERTIES
        SKIP_RETURN_CODE 77)
      if(A_RUN_ENV)
        set_property(TEST ${A_PREFIX}_certify_baseline_${profile} APPEND PROPERTY
                     ENVIRONMENT ${A_RUN_ENV})
      endif()
      # Forced-down ISA classes (vendors/common/README.md "ISA classes"):
      # what a CPU without the wider instructions certifies.
      foreach(spec IN LISTS A_ISA_CLASSES)
        string(REPLACE ":" ";" parts "${spec}")
        list(GET parts 0 cls)
        list(GET parts 1 force)
        set(t ${A_PREFIX}_certify_baseline_${profile}_${cls})
        add_test(NAME ${t}
          COMMAND "${PROJECT_SOURCE_DIR}/vendors/common/certify_against_baseline.sh"
                  "${A_NAME}" $<TARGET_FILE:sonnx-cts> $<TARGET_FILE:${A_PLUGIN}>
                  "${SONNX_CTS_VECTORS_DIR}"
                  "${A_BASELINE_DIR}/baseline-${profile}.json" ${profile}
                  "${A_VOPTS}" "${A_REQUIRED}" ${A_RUN_ARGS})
        set_tests_properties(${t} PROPERTIES SKIP_RETURN_CODE 77
          ENVIRONMENT "${force};SCT_EXPECT_ISA_CLASS=${cls}")
        if(A_RUN_ENV)
          set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${A_RUN_ENV})
        endif()
      endforeach()
    endforeach()
  endif()
endfunction()
