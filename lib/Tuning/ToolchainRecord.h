//===- Tuning/ToolchainRecord.h - What built and measured a run -*- C++ -*-===//
//
// A run's toolchain column in results.db names what its numbers depend on
// besides the file: the tuner (its cache name hashes the program, compiler
// and libraries), the C++ compiler and version that built it, SQLite, and
// what the measurer reports (OpenCL platform and driver versions, the CUDA
// driver and NVRTC versions, or the shell that runs scripts).
//
// Tested by test/atfc/tune/opencl-examples.test.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TOOLCHAINRECORD_H
#define ATFC_TUNING_TOOLCHAINRECORD_H

#include <string>

namespace atfc {

/// The compiler that built this code: "GCC 12.2.0", "Clang 14.0.6".
std::string compilerDescription();

/// "tuner-0123456789abcdef; C++ GCC 12.2.0; SQLite 3.40.1; " + Measuring
/// (left out when empty).
std::string toolchainRecord(const std::string &TunerIdentity, const std::string &Measuring);

} // namespace atfc

#endif
