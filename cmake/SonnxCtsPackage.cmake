# SonnxCtsPackage.cmake — installs the plugin ABI for adapter authors:
# CMake package `SonnxCts` (imported target SonnxCts::abi) and pkg-config
# file sonnx-cts-abi.pc.  Both are architecture-independent (the ABI is one
# header), so they go under share/.  Included at the end of the top-level
# CMakeLists.txt; the header itself is installed there.
include(CMakePackageConfigHelpers)

# The ABI version, read from the header so that it cannot disagree with it.
file(STRINGS "${PROJECT_SOURCE_DIR}/include/sonnx_cts/plugin.h" _abi_lines
     REGEX "^#define SONNX_PLUGIN_ABI_(MAJOR|MINOR) ")
foreach(_l IN LISTS _abi_lines)
  if(_l MATCHES "SONNX_PLUGIN_ABI_(MAJOR|MINOR) ([0-9]+)u?")
    set(SONNX_CTS_ABI_${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
  endif()
endforeach()

set(_cfg_dir "${CMAKE_INSTALL_DATADIR}/cmake/SonnxCts")
set_target_properties(sonnx_cts_abi PROPERTIES EXPORT_NAME abi)
install(TARGETS sonnx_cts_abi EXPORT SonnxCtsTargets)
install(EXPORT SonnxCtsTargets NAMESPACE SonnxCts:: DESTINATION "${_cfg_dir}")
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/SonnxCtsConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/SonnxCtsConfig.cmake"
  INSTALL_DESTINATION "${_cfg_dir}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/SonnxCtsConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
install(FILES "${PROJECT_BINARY_DIR}/SonnxCtsConfig.cmake"
              "${PROJECT_BINARY_DIR}/SonnxCtsConfigVersion.cmake"
        DESTINATION "${_cfg_dir}")

set(_pc_dir "${CMAKE_INSTALL_DATADIR}/pkgconfig")
file(RELATIVE_PATH SONNX_CTS_PC_TO_PREFIX "/root/${_pc_dir}" "/root")
configure_file("${CMAKE_CURRENT_LIST_DIR}/sonnx-cts-abi.pc.in"
               "${PROJECT_BINARY_DIR}/sonnx-cts-abi.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/sonnx-cts-abi.pc" DESTINATION "${_pc_dir}")
