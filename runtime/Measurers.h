//===- runtime/Measurers.h - The measurer a tuner's file asks for -*- C++ -*-===//
//
// A generated tuner links every backend; this picks the one its file's
// TuningSetup names (scripts, an OpenCL or a CUDA kernel), checks what the
// directives give it (scripts beside the file, data and check files, NVML
// for energy), and makes the backend's ConfigurationMeasurer
// (Backends/ProcessMeasurer.h, DeviceBackends/DeviceMeasurer.h). A rank of
// a run over ranks measures on its own device.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_MEASURERS_H
#define ATFC_RUNTIME_MEASURERS_H

#include "Backends/ConfigurationMeasurer.h"
#include "Ranks/RankProtocol.h"
#include "Support/Error.h"
#include "runtime/TuningSetup.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// The longest a compile or run script may take when the file sets no
/// #atf::timeout; and a kernel's configuration (build, launches and its
/// check script together): a looping kernel or a `sleep 1000` check once
/// hung the run.
inline constexpr double kDefaultScriptTimeoutSeconds = 600;

/// The seconds a configuration may take: the file's #atf::timeout, or
/// kDefaultScriptTimeoutSeconds for scripts and kernels alike.
double measurementTimeoutSeconds(double FileTimeoutSeconds);

/// What a measurer needs to know besides the setup.
struct MeasurerContext {
  /// The annotated file's path, and its text with the directives blanked.
  std::string FileName;
  std::string BlankedSource;
  /// The output directory; per-configuration work happens below it.
  std::string OutputDirectory;
  /// The tuner's inputs with their values, exported to scripts.
  std::vector<NamedValue> Inputs;
  /// The command that starts a device worker (the tuner itself, with
  /// --atf-device-worker).
  std::vector<std::string> WorkerCommand;
  /// --compile-ahead N: configurations compiled ahead at most (0: off);
  /// none given: 2 compile scripts, and for kernels
  /// defaultDeviceCompileAhead().
  std::optional<unsigned> CompileAhead;
  /// --inputs-key: the hash of the files the results depend on besides
  /// the source (its headers among them), which CUDA's kernel cache joins
  /// to its key.
  std::string InputsKey;
};

/// Kernels built ahead when --compile-ahead is not given: none on a device
/// that computes on the host's cores (building beside a kernel would
/// disturb its timing); else one per free core, the cores but the one the
/// tuner and the measuring worker use, at most 8.
unsigned defaultDeviceCompileAhead(bool HostDevice);

/// The measurer for Setup, or why it cannot start (no such device, no run
/// script, ...).
Expected<std::unique_ptr<ConfigurationMeasurer>> makeMeasurer(const TuningSetup &Setup,
                                                              const MeasurerContext &Context);

/// The setup a measuring rank uses: the file's, measuring on the rank's
/// device (its node-local rank, or its entry of `--devices`).
TuningSetup setupOfRank(const TuningSetup &Setup, const RankRole &Role);

/// Why a measuring rank cannot open its measurer (Why), with what to do
/// when the rank measures on a device other than 0: a machine with fewer
/// devices than ranks (pocl's one CPU device) needs `--devices 0`.
std::string whyRankCannotMeasure(const TuningSetup &Setup, const RankRole &Role,
                                 const std::string &Why);

} // namespace atfc

#endif
