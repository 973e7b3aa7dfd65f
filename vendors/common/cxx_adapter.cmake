# cxx_adapter.cmake — what a C++ adapter directory (vendors/eigen, …)
# includes before its targets: C++17 enabled, and the project's C-only
# warning options (-Wstrict-prototypes, -Wmissing-prototypes: g++ warns that
# they do not apply, an error under SONNX_CTS_WERROR) kept for C sources
# only.  Directory-scoped: the including directory alone is changed.
enable_language(CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
get_directory_property(_sct_opts COMPILE_OPTIONS)
set(_sct_cxx_opts)
foreach(_o IN LISTS _sct_opts)
  if(_o MATCHES "^-W(strict|missing)-prototypes$")
    list(APPEND _sct_cxx_opts "$<$<COMPILE_LANGUAGE:C>:${_o}>")
  else()
    list(APPEND _sct_cxx_opts "${_o}")
  endif()
endforeach()
set_directory_properties(PROPERTIES COMPILE_OPTIONS "${_sct_cxx_opts}")
