//===- runtime/Measurers.cpp - The measurer a tuner's file asks for -------===//
#include "runtime/Measurers.h"

#include "Backends/ProcessMeasurer.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceMeasurer.h"
#include "DeviceBackends/EnergyCounter.h"
#include "System/OutputDirectory.h"
#include "runtime/KernelData.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <thread>

namespace atfc {
namespace {

/// What ends a word of a command line as the shell reads it: a blank, or
/// an operator (`./v.sh; true` names ./v.sh, not a file `v.sh;`).
constexpr const char *kWordEnds = " \t\n;&|<>()";

/// Command with its first word made absolute when that word is a relative
/// path (`./run.sh`) to a file next to the annotated file: each
/// configuration runs in a directory of its own, where such a script is not.
/// A program the compile script builds there (`./transpose`) is left alone.
std::string resolveScript(const std::string &Command, const std::filesystem::path &FileDirectory) {
  const std::size_t Begin = Command.find_first_not_of(" \t");
  if (Begin == std::string::npos)
    return Command;
  const std::size_t End = std::min(Command.find_first_of(kWordEnds, Begin), Command.size());
  const std::string Word = Command.substr(Begin, End - Begin);
  if (Word.find('/') == std::string::npos || Word.front() == '/' ||
      Word.find_first_of("'\"$`\\~") != std::string::npos)
    return Command;
  std::error_code EC;
  const std::filesystem::path Script = (FileDirectory / Word).lexically_normal();
  if (!std::filesystem::is_regular_file(Script, EC))
    return Command;
  std::string Quoted = "'";
  for (char C : Script.string())
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Command.substr(0, Begin) + Quoted + "'" + Command.substr(End);
}

/// Makes a gold file's path absolute (relative to the annotated file), and
/// a check script's first word as a run script's (resolveScript); a file the
/// script names beside the annotated file (`./verify.sh`, or through
/// $ATF_FILE_DIR) must exist: an Error at the check directive.
Expected<void> prepareCheck(CheckSetup &Check, const std::string &FileName) {
  if (Check.Kind == CheckAgainst::GoldFile)
    Check.GoldFile = pathBesideFile(Check.GoldFile, FileName);
  if (Check.Kind != CheckAgainst::Script)
    return success();
  const std::filesystem::path FileDirectory =
      std::filesystem::absolute(std::filesystem::path(FileName)).parent_path();
  const std::string &Script = Check.Script;
  std::size_t Begin = Script.find_first_not_of(kWordEnds);
  for (bool First = true; Begin != std::string::npos;
       Begin = Script.find_first_not_of(kWordEnds, Begin), First = false) {
    const std::size_t End = std::min(Script.find_first_of(kWordEnds, Begin), Script.size());
    std::string Word = Script.substr(Begin, End - Begin);
    Begin = End;
    std::string Named;
    for (std::string_view Variable : {"${ATF_FILE_DIR}", "$ATF_FILE_DIR"})
      if (Word.rfind(Variable, 0) == 0) {
        Named = Word.substr(Variable.size());
        if (!Named.empty() && Named.front() == '/')
          Named.erase(0, 1);
        break;
      }
    if (Named.empty() && First && Word.rfind("./", 0) == 0)
      Named = Word.substr(2);
    if (Named.empty() || Named.find_first_of("$`'\"\\") != std::string::npos)
      continue;
    std::error_code EC;
    if (!std::filesystem::is_regular_file(FileDirectory / Named, EC))
      return Error(SourceLocation{FileName, Check.Line, Check.Column},
                   "the check script names '" + Named + "', which is not a file beside " +
                       std::filesystem::path(FileName).filename().string());
  }
  Check.Script = resolveScript(Check.Script, FileDirectory);
  return success();
}

/// A kernel's costs, one per objective (none: its time alone); the energy
/// objective needs NVML, which is looked for here, before the device is
/// opened: missing, it is an Error at the objective.
Expected<std::vector<KernelCost>> kernelCosts(const TuningSetup &Setup,
                                              const std::string &FileName) {
  std::vector<KernelCost> Costs;
  for (std::size_t I = 0; I < Setup.Objectives.size(); ++I) {
    const Objective &O = Setup.Objectives[I];
    if (std::find(Setup.DerivedObjectives.begin(), Setup.DerivedObjectives.end(), I) !=
        Setup.DerivedObjectives.end())
      continue;
    Costs.push_back(Setup.Energy.Line != 0 && O.Name == Setup.Energy.Text ? KernelCost::Energy
                                                                          : KernelCost::Time);
  }
  if (Costs.empty())
    Costs.push_back(KernelCost::Time);
  if (std::find(Costs.begin(), Costs.end(), KernelCost::Energy) == Costs.end())
    return Costs;
  const SourceLocation Where{FileName, Setup.Energy.Line, Setup.Energy.Column};
  if (Setup.Kind != MeasurementKind::CUDA)
    return Error(Where, "energy is measured for CUDA kernels only (with NVML)");
  if (const CudaLibrary &Nvml = cudaLibrary(CudaLibraryKind::Nvml); !Nvml.ok())
    return Error(Where,
                 "the objective \"energy\" is read from NVML's energy counter, and " + Nvml.Error);
  return Costs;
}

} // namespace

double measurementTimeoutSeconds(double FileTimeoutSeconds) {
  return FileTimeoutSeconds > 0 ? FileTimeoutSeconds : kDefaultScriptTimeoutSeconds;
}

unsigned defaultDeviceCompileAhead(bool HostDevice) {
  if (HostDevice)
    return 0;
  const unsigned Cores = std::thread::hardware_concurrency();
  return std::clamp(Cores > 1 ? Cores - 1 : 1, 1u, 8u);
}

Expected<std::unique_ptr<ConfigurationMeasurer>> makeMeasurer(const TuningSetup &Setup,
                                                              const MeasurerContext &Context) {
  if (Setup.Kind == MeasurementKind::Process) {
    if (Setup.RunScript.empty())
      return Error("the file says neither how to run a configuration (#atf::run_script) nor which "
                   "kernel to measure (#atf::ocl:: or #atf::cuda:: directives)");
    ProcessBackendOptions Options;
    const std::filesystem::path File(Context.FileName);
    const std::filesystem::path FileDirectory = std::filesystem::absolute(File).parent_path();
    Options.CompileScript = resolveScript(Setup.CompileScript, FileDirectory);
    Options.RunScript = resolveScript(Setup.RunScript, FileDirectory);
    Options.CostFile = Setup.CostFile;
    // Scripts get a timeout even when the file gives none (docs/measuring.md).
    Options.TimeoutSeconds = measurementTimeoutSeconds(Setup.TimeoutSeconds);
    Options.Warmups = Setup.Warmups.value_or(0);
    Options.Repetitions = Setup.Repetitions.value_or(1);
    Options.Statistic = Setup.Statistic;
    Options.SourceName = File.filename().string();
    Options.BlankedSource = Context.BlankedSource;
    Options.DefineLines = Setup.DefineLines;
    Options.CFamily = Setup.CFamily;
    Options.FileDirectory = FileDirectory.string();
    Options.WorkDirectory = Context.OutputDirectory + "/work";
    Options.Inputs = Context.Inputs;
    Options.CompileAhead = Context.CompileAhead.value_or(Options.CompileAhead);
    // A directory of atfc's, never a link (System/OutputDirectory.h).
    Expected<OutputDirectory> Dir = OutputDirectory::open(Context.OutputDirectory, true);
    Expected<void> Made = Dir ? Dir->makeDirectory("work") : Dir.takeError();
    if (!Made)
      return Made.takeError();
    return makeProcessMeasurer(std::move(Options));
  }

  DeviceSelection Device;
  const SourceLocation SelectionDirective =
      Setup.DeviceSelection.Line > 0 ? SourceLocation{Context.FileName, Setup.DeviceSelection.Line,
                                                      Setup.DeviceSelection.Column}
                                     : SourceLocation{};
  if (Setup.Kind == MeasurementKind::OpenCL) {
    OpenCLDeviceSelection S;
    if (Setup.PlatformId)
      S.PlatformId = static_cast<unsigned>(*Setup.PlatformId);
    S.DeviceId = static_cast<unsigned>(Setup.DeviceId.value_or(0));
    S.Vendor = Setup.Vendor;
    S.Type = Setup.DeviceType;
    // Without a platform, atf::opencl's device_id counts the devices of
    // every platform in order (it was dropped: device 0 was measured).
    S.Index = static_cast<unsigned>(
        Setup.DeviceIndex.value_or(Setup.PlatformId ? 0 : Setup.DeviceId.value_or(0)));
    S.Directive = SelectionDirective;
    Device = S;
  } else {
    Device =
        CudaDeviceSelection{static_cast<unsigned>(Setup.DeviceId.value_or(0)), SelectionDirective};
  }
  if (Setup.KernelName.empty())
    return Error("the file names no kernel to measure: add #atf::ocl::kernel_name (or cuda::)");
  if (!Setup.Launch)
    return Error("the file gives no launch sizes");
  DeviceKernelSetup Kernel;
  Kernel.Source = Context.BlankedSource;
  Kernel.KernelName = Setup.KernelName;
  Kernel.FileName = Context.FileName;
  Expected<std::vector<KernelArgument>> Arguments =
      preparedKernelArguments(Setup.Arguments, Context.FileName);
  if (!Arguments)
    return Arguments.takeError();
  Kernel.Arguments = Arguments.take();
  Kernel.StringsAsText = Setup.StringsAsText;
  if (Setup.Warmups)
    Kernel.Warmups = *Setup.Warmups;
  if (Setup.Repetitions)
    Kernel.Repetitions = *Setup.Repetitions;
  Kernel.Statistic = Setup.Statistic;
  Expected<std::vector<KernelCost>> Costs = kernelCosts(Setup, Context.FileName);
  if (!Costs)
    return Costs.takeError();
  Kernel.Costs = Costs.take();
  // Kernels and their check scripts get a timeout even when the file
  // gives none, as scripts do.
  Kernel.TimeoutSeconds = measurementTimeoutSeconds(Setup.TimeoutSeconds);
  const unsigned Warmups = Kernel.Warmups, Repetitions = Kernel.Repetitions;
  Kernel.Check = Setup.Check;
  if (Kernel.Check) {
    Expected<void> Prepared = prepareCheck(*Kernel.Check, Context.FileName);
    if (!Prepared)
      return Prepared.takeError();
  }
  const std::filesystem::path FileDirectory =
      std::filesystem::absolute(std::filesystem::path(Context.FileName)).parent_path();
  Kernel.FileDirectory = FileDirectory.string();
  Kernel.WorkDirectory = Context.OutputDirectory + "/work";
  const bool Cuda = Setup.Kind == MeasurementKind::CUDA;
  if ((Kernel.Check && Kernel.Check->Kind == CheckAgainst::Script) || Cuda) {
    // A check script's directories go there, and CUDA's kernel cache,
    // which NVRTC does not keep: one of atfc's, never a link.
    Expected<OutputDirectory> Dir = OutputDirectory::open(Context.OutputDirectory, true);
    Expected<void> Made = Dir ? Dir->makeDirectory("work") : Dir.takeError();
    if (!Made)
      return Made.takeError();
  }
  if (Cuda) {
    // Every worker of this backend shares it: builders store what NVRTC
    // compiled, the measuring worker loads it (KernelImageCache.h).
    Expected<OutputDirectory> Work = OutputDirectory::open(Kernel.WorkDirectory, false);
    // One of atfc's own (no record of its entries), checked before anything runs.
    Expected<OutputDirectory> Made =
        Work ? Work->openOwnDirectory("cuda-kernels", /*Create=*/true) : Work.takeError();
    if (!Made)
      return Made.takeError();
    Kernel.KernelCacheDirectory = Kernel.WorkDirectory + "/cuda-kernels";
    // A changed header is a changed kernel, though NVRTC names no file it
    // read: the hash of those the results key covers joins the image's.
    Kernel.DependenciesKey = Context.InputsKey;
  }
  Kernel.Inputs = Context.Inputs;
  Kernel.Seed = Setup.Seed.value_or(0);
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(Device, std::move(Kernel), Context.WorkerCommand);
  if (!Opened)
    return Opened.takeError();
  (*Opened)->setCompileAhead(
      Context.CompileAhead.value_or(defaultDeviceCompileAhead((*Opened)->hostDevice())));
  DeviceMeasurerSetup Measuring;
  // The generated code's sizes, as the backend takes them.
  Measuring.Launch = [&Setup](std::span<const Value> Values, const DeviceLimits &Limits) {
    LaunchDimensions Sizes = Setup.Launch(Values, Limits);
    return LaunchSizes{std::move(Sizes.Outer), std::move(Sizes.Inner), std::move(Sizes.LocalCounts),
                       Sizes.SharedMemoryBytes, std::move(Sizes.Problem)};
  };
  Measuring.CostMeaning =
      fmt::format("kernel time in seconds on {}, the {} of {} run{} after {} warm-up{}",
                  (*Opened)->deviceDescription(), statisticName(Setup.Statistic), Repetitions,
                  Repetitions == 1 ? "" : "s", Warmups, Warmups == 1 ? "" : "s");
  if (Setup.Energy.Line != 0)
    Measuring.CostMeaning += fmt::format("; energy in joules per launch, from NVML's counter over "
                                         "at least {} s of launches",
                                         kEnergyWindowSeconds);
  Measuring.CheckAgainstReference =
      Setup.Check && Setup.Check->Kind == CheckAgainst::ReferenceConfiguration;
  Measuring.CheckReference = Setup.CheckReference;
  if (Setup.Check)
    Measuring.CheckWhere = SourceLocation{Context.FileName, Setup.Check->Line, Setup.Check->Column};
  return makeDeviceMeasurer(Opened.take(), std::move(Measuring));
}

TuningSetup setupOfRank(const TuningSetup &Setup, const RankRole &Role) {
  TuningSetup Ranked = Setup;
  if (Setup.Kind != MeasurementKind::Process) {
    // Whichever way the file picks its device (an id, or an index among a
    // vendor's devices of a type), the rank's device replaces it.
    Ranked.DeviceId = Role.Device;
    Ranked.DeviceIndex = Role.Device;
  }
  return Ranked;
}

std::string whyRankCannotMeasure(const TuningSetup &Setup, const RankRole &Role,
                                 const std::string &Why) {
  if (Setup.Kind == MeasurementKind::Process || Role.Device == 0)
    return Why;
  const std::string Device = std::to_string(Role.Device);
  return Why + "; rank " + std::to_string(Role.Rank) + " measures on device " + Device +
         ": where the machine has fewer devices than ranks, add --devices 0 to measure " +
         "every rank on device 0 (docs/scale-out.md)";
}

} // namespace atfc
