# Finds every third-party dependency once, for all components.
#
# Clang/LLVM 14 are looked up only for lib/Directives and atfc; nothing the
# runtime links may depend on them (pocl crashes in a process with LLVM 14
# loaded). CUDA needs nothing at build time: the driver and NVRTC are found
# and opened at run time (lib/DeviceBackends/CudaLibraries.h).

find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
find_package(TBB REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(fmt REQUIRED)
find_package(SQLite3 REQUIRED)
find_package(ZLIB REQUIRED)
# KTT's XML output (lib/Results/KttOutput.h).
find_package(pugixml REQUIRED)
find_package(OpenCL REQUIRED)
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
pkg_check_modules(GMPXX REQUIRED IMPORTED_TARGET gmpxx gmp)

# Several LLVM versions may be installed side by side; pin 14.
find_package(LLVM 14 REQUIRED CONFIG HINTS /usr/lib/llvm-14/lib/cmake/llvm)
find_package(Clang REQUIRED CONFIG HINTS /usr/lib/llvm-14/lib/cmake/clang
             NO_DEFAULT_PATH)
find_program(CLANG_14 NAMES clang-14 clang HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
execute_process(COMMAND ${CLANG_14} -print-resource-dir
                OUTPUT_VARIABLE ATF_CLANG_RESOURCE_DIR
                OUTPUT_STRIP_TRAILING_WHITESPACE)

# Test tools: GoogleTest, lit and FileCheck from LLVM 14.
if(ATF_BUILD_TESTS)
  find_package(GTest REQUIRED)
  find_program(ATF_LIT NAMES lit.py HINTS ${LLVM_BUILD_MAIN_SRC_DIR}/utils/lit
               /usr/lib/llvm-14/build/utils/lit REQUIRED)
  find_program(ATF_FILECHECK NAMES FileCheck-14 FileCheck
               HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
endif()
if(ATF_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
