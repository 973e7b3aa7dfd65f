# adapter_tests.cmake — the ctests every adapter has (issue 17):
#   <prefix>_plugin                 the adapter's Check test, given the plugin
#   <prefix>_certify_baseline_<p>   every vector under profile p, verdicts
#                                   equal to vendors/<dir>/baseline-<p>.json
# sct_adapter_tests(PREFIX NAME PLUGIN_TARGET TEST_SOURCE VOPTS [REQUIRED_FILE])
function(sct_adapter_tests prefix name plugin test_src vopts)
  set(required "${ARGN}")
  add_executable(test_${prefix}_plugin ${test_src})
  target_link_libraries(test_${prefix}_plugin PRIVATE sonnx_cts_abi PkgConfig::CHECK
                        ${CMAKE_DL_LIBS} m)
  add_dependencies(test_${prefix}_plugin ${plugin})
  add_test(NAME ${prefix}_plugin COMMAND test_${prefix}_plugin $<TARGET_FILE:${plugin}>)
  set_tests_properties(${prefix}_plugin PROPERTIES SKIP_RETURN_CODE 77)
  if(TARGET sonnx-cts)
    foreach(profile onnx sonnx)
      add_test(NAME ${prefix}_certify_baseline_${profile}
        COMMAND "${PROJECT_SOURCE_DIR}/vendors/common/certify_against_baseline.sh"
                "${name}" $<TARGET_FILE:sonnx-cts> $<TARGET_FILE:${plugin}>
                "${SONNX_CTS_VECTORS_DIR}"
                "${CMAKE_CURRENT_SOURCE_DIR}/../baseline-${profile}.json" ${profile}
                "${vopts}" ${required})
      set_tests_properties(${prefix}_certify_baseline_${profile} PROPERTIES
        SKIP_RETURN_CODE 77)
    endforeach()
  endif()
endfunction()
