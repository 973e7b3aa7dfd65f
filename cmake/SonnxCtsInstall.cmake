# SonnxCtsInstall.cmake — what `cmake --install` puts beside the CLI, the
# plugins and the ABI header (docs/install.md), and the Debian package.
#
#   bin/sonnx-cts                       harness/cli
#   <libdir>/sonnx-cts/*.so             sct_install_plugin() in each plugin's module
#   <libdir>/sonnx-cts/selftest/        seeded-fault plugins + faults.tsv (tests/selftest)
#   share/sonnx-cts/vectors/            the golden vectors (manifest.json, requirements.json, ...)
#   share/sonnx-cts/docs/spec-notes.md  the spec notes reports cite (found beside the vectors)
#   share/doc/sonnx-cts/                README.md and docs/*.md (reports excluded),
#                                       with the qualification kit docs/qualification/
#   share/sonnx-cts/slurm/              the Slurm job-array scripts (docs/cluster.md)
#   include/sonnx_cts/plugin.h, share/cmake/SonnxCts, share/pkgconfig  (SonnxCtsPackage.cmake)
#
# The installed CLI finds the vectors and plugins relative to its own
# location (harness/cli/install_layout.c).

install(DIRECTORY "${PROJECT_SOURCE_DIR}/vectors/"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/sonnx-cts/vectors")
# The spec notes the reports cite, where the renderer looks for them beside
# a vector set (<vectors>/../docs/spec-notes.md, as in the source tree).
install(FILES "${PROJECT_SOURCE_DIR}/docs/spec-notes.md"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/sonnx-cts/docs")
# Job-array scripts: submit.sh finds shard.sbatch and merge.sbatch beside
# itself, the binary on PATH (or $SONNX_CTS).
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/slurm/submit.sh"
                 "${PROJECT_SOURCE_DIR}/scripts/slurm/shard.sbatch"
                 "${PROJECT_SOURCE_DIR}/scripts/slurm/merge.sbatch"
                 "${PROJECT_SOURCE_DIR}/scripts/slurm/private-cluster.sh"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/sonnx-cts/slurm")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/sonnx-cts")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/sonnx-cts"
        FILES_MATCHING PATTERN "*.md"
        PATTERN "conformance" EXCLUDE PATTERN "reports" EXCLUDE)

# ---------------------------------------------------------------- cpack -G DEB
# `cpack -G DEB` in the build tree gives sonnx-cts_<version>_<arch>.deb.
# Depends come from dpkg-shlibdeps (dpkg-dev) on the installed ELF files, so
# they name exactly the shared libraries the binaries link (libc6,
# libcjson1, libprotobuf-c1).  The ONNX Runtime library the ORT adapter loads
# at run time is not a Debian package: it is passed with --vendor-options lib=.
set(CPACK_PACKAGE_NAME "sonnx-cts")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "sonnx-cts")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "conformance test suite for ONNX Div, Mul, Pow and Less (SONNX profile)")
set(CPACK_PACKAGE_DESCRIPTION
    "sonnx-cts certifies an ONNX runtime's Div, Mul, Pow and Less element by element against golden vectors that are right by construction, with ULP distances and deviation classes; built-in reference kernels, a vendor plugin ABI with isolated workers, and reports in text, JSON, JUnit XML, Markdown and HTML.")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "sonnx-cts maintainers")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Only the install components of the project (not a test's scratch files).
set(CPACK_STRIP_FILES OFF)
include(CPack)
