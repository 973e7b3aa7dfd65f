# sct_add_module(TARGET SOURCE...) — the static library of one module
# (docs/architecture.md, "Modules and their boundaries").
#
# A module's public headers live in <module>/include/sct/<module>/ and are
# included by name of module: #include "sct/check/compare.h".  Every other
# header of the module is private: the module's folder is on the include
# path of its own sources (and of its tests, tests/CMakeLists.txt of the
# module), never of a consumer's, so another module that includes a private
# header does not compile (ctest boundaries.private_header_refused).
function(sct_add_module target)
  add_library(${target} STATIC ${ARGN})
  target_include_directories(${target}
    PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
endfunction()
