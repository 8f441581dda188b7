# Cross toolchain for aarch64 Linux (Debian's gcc-aarch64-linux-gnu and
# libc6-dev-arm64-cross), for the runtime-only build a deployment ships:
#
#   cmake -S . -B build-aarch64 -G Ninja \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
#     -DLITE_RUNTIME_ONLY=ON -DLITE_WITH_LLVM=OFF -DLITE_WERROR=ON
#
# Programs it builds run on x86_64 under qemu-aarch64 (qemu-user), which
# CMake uses as the emulator for anything it runs (try_run, ctest).
# LITE_AARCH64_PREFIX overrides the tool prefix, LITE_AARCH64_SYSROOT the
# target's root (headers, libc, the dynamic loader).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(LITE_AARCH64_PREFIX "aarch64-linux-gnu-" CACHE STRING
    "Prefix of the aarch64 cross tools (gcc, ar, strip, ...)")
set(LITE_AARCH64_SYSROOT "/usr/aarch64-linux-gnu" CACHE PATH
    "Root of the aarch64 target's libc and loader")

set(CMAKE_C_COMPILER ${LITE_AARCH64_PREFIX}gcc)
set(CMAKE_CXX_COMPILER ${LITE_AARCH64_PREFIX}g++)
set(CMAKE_AR ${LITE_AARCH64_PREFIX}ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${LITE_AARCH64_PREFIX}ranlib CACHE FILEPATH "")
set(CMAKE_STRIP ${LITE_AARCH64_PREFIX}strip CACHE FILEPATH "")

# Debian's cross gcc knows its own sysroot; only look for target libraries
# and headers there, never in the host's /usr/lib.
set(CMAKE_FIND_ROOT_PATH ${LITE_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${LITE_AARCH64_SYSROOT})
