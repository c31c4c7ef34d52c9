//===- runtime/Measurers.cpp - The backends behind the tuning loop --------===//
//
// Adapts each backend of lib/Backends to ConfigurationMeasurer: scripts
// through ProcessBackend (measuring ahead: compile scripts of the next
// configurations run while one is measured), kernels through DeviceBackend
// (in a worker process), which also reports the device's limits for the
// generated code that names them.
//
//===----------------------------------------------------------------------===//
#include "runtime/ConfigurationMeasurer.h"

#include "Backends/ProcessBackend.h"
#include "DeviceBackends/CudaLibraries.h"
#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/EnergyCounter.h"
#include "System/OutputDirectory.h"
#include "runtime/KernelData.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <thread>

namespace atfc {
namespace {

class ProcessMeasurer final : public ConfigurationMeasurer {
public:
  explicit ProcessMeasurer(ProcessBackendOptions Options)
      : Ahead(Options.CompileScript.empty() ? 1 : Options.CompileAhead + 1),
        CostFile(Options.CostFile), Backend(std::move(Options)) {}

  std::string costMeaning() const override {
    return CostFile.empty() ? "the run script's wall time in seconds"
                            : "what the run script writes to " + CostFile;
  }

  std::size_t batchSize() const override { return Ahead; }
  unsigned compileAhead() const override { return static_cast<unsigned>(Ahead - 1); }
  std::string toolchain() const override {
    // Scripts run with /bin/sh: name the shell it is.
    std::error_code EC;
    const std::filesystem::path Shell = std::filesystem::canonical("/bin/sh", EC);
    return "scripts run by /bin/sh" + (EC ? std::string() : " (" + Shell.string() + ")");
  }
  void prepare(std::span<const ParameterValues> Upcoming) override { Backend.prepare(Upcoming); }
  Measurement measure(const ParameterValues &Configuration, std::span<const Value>) override {
    return Backend.measure(Configuration);
  }
  void interrupt() override { Backend.interrupt(); }

private:
  std::size_t Ahead;
  std::string CostFile;
  ProcessBackend Backend;
};

class DeviceMeasurer final : public ConfigurationMeasurer {
public:
  DeviceMeasurer(std::unique_ptr<DeviceBackend> Backend, const TuningSetup &Setup, unsigned Warmups,
                 unsigned Repetitions)
      : Backend(std::move(Backend)), Setup(Setup), Warmups(Warmups), Repetitions(Repetitions) {}

  std::string costMeaning() const override {
    std::string Meaning =
        fmt::format("kernel time in seconds on {}, the {} of {} run{} after {} warm-up{}", device(),
                    statisticName(Setup.Statistic), Repetitions, Repetitions == 1 ? "" : "s",
                    Warmups, Warmups == 1 ? "" : "s");
    if (Setup.Energy.Line != 0)
      Meaning += fmt::format("; energy in joules per launch, from NVML's counter over at least "
                             "{} s of launches",
                             kEnergyWindowSeconds);
    return Meaning;
  }

  void spaceReady(const ChainOfTrees &Space) override { this->Space = &Space; }

  std::size_t batchSize() const override { return Backend->compileAhead() + 1; }
  unsigned compileAhead() const override { return Backend->compileAhead(); }
  void prepare(std::span<const ParameterValues> Upcoming) override {
    std::vector<UpcomingConfiguration> Next;
    for (const ParameterValues &Named : Upcoming) {
      std::vector<Value> Values;
      for (const NamedValue &V : Named)
        Values.push_back(V.Val);
      Next.push_back({Named, launchSizes(Setup.Launch(Values, Backend->limits()))});
    }
    Backend->prepare(Next);
  }

  Measurement measure(const ParameterValues &Configuration,
                      std::span<const Value> Values) override {
    if (Setup.Check && Setup.Check->Kind == CheckAgainst::ReferenceConfiguration && !Reference) {
      Reference = measureReference(Configuration);
      if (!Reference->Valid)
        Reference->Reason = "the reference configuration of the result check is invalid (" +
                            Reference->Reason + "), so no configuration can be checked";
    }
    if (Reference && !Reference->Valid)
      return *Reference;
    return Backend->measure(Configuration, launchSizes(Setup.Launch(Values, Backend->limits())));
  }

  void interrupt() override { Backend->interrupt(); }
  std::string device() const override { return Backend->deviceDescription(); }
  std::string toolchain() const override { return Backend->toolchain(); }
  DeviceLimits deviceLimits() const override { return Backend->limits(); }

private:
  static LaunchSizes launchSizes(LaunchDimensions Sizes) {
    return {std::move(Sizes.Outer), std::move(Sizes.Inner), std::move(Sizes.LocalCounts),
            Sizes.SharedMemoryBytes};
  }

  /// The reference's values: those the check gives, the first value of its
  /// range for every other parameter.
  Measurement measureReference(const ParameterValues &Like) {
    ParameterValues Values = Like;
    std::vector<Value> Plain;
    for (std::size_t L = 0; L < Values.size(); ++L) {
      NamedValue &V = Values[L];
      auto Given = std::find_if(Setup.CheckReference.begin(), Setup.CheckReference.end(),
                                [&](const NamedValue &R) { return R.Name == V.Name; });
      if (Given != Setup.CheckReference.end())
        V.Val = Given->Val;
      else if (Space)
        V.Val = Space->parameter(L).ValueAt(0);
      Plain.push_back(V.Val);
    }
    return Backend->measureReference(Values, launchSizes(Setup.Launch(Plain, Backend->limits())));
  }

  std::unique_ptr<DeviceBackend> Backend;
  const TuningSetup &Setup;
  unsigned Warmups, Repetitions;
  const ChainOfTrees *Space = nullptr;
  std::optional<Measurement> Reference;
};

/// Command with its first word made absolute when that word is a relative
/// path (`./run.sh`) to a file next to the annotated file: each
/// configuration runs in a directory of its own, where such a script is not.
/// A program the compile script builds there (`./transpose`) is left alone.
std::string resolveScript(const std::string &Command, const std::filesystem::path &FileDirectory) {
  const std::size_t Begin = Command.find_first_not_of(" \t");
  if (Begin == std::string::npos)
    return Command;
  const std::size_t End = std::min(Command.find_first_of(" \t", Begin), Command.size());
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
  std::size_t Begin = Script.find_first_not_of(" \t");
  for (bool First = true; Begin != std::string::npos;
       Begin = Script.find_first_not_of(" \t", Begin), First = false) {
    const std::size_t End = std::min(Script.find_first_of(" \t", Begin), Script.size());
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
  for (const Objective &O : Setup.Objectives)
    Costs.push_back(Setup.Energy.Line != 0 && O.Name == Setup.Energy.Text ? KernelCost::Energy
                                                                          : KernelCost::Time);
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
    Options.TimeoutSeconds =
        Setup.TimeoutSeconds > 0 ? Setup.TimeoutSeconds : kDefaultScriptTimeoutSeconds;
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
    return std::unique_ptr<ConfigurationMeasurer>(
        std::make_unique<ProcessMeasurer>(std::move(Options)));
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
    S.Index = static_cast<unsigned>(Setup.DeviceIndex.value_or(0));
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
  if (Setup.Warmups)
    Kernel.Warmups = *Setup.Warmups;
  if (Setup.Repetitions)
    Kernel.Repetitions = *Setup.Repetitions;
  Kernel.Statistic = Setup.Statistic;
  Expected<std::vector<KernelCost>> Costs = kernelCosts(Setup, Context.FileName);
  if (!Costs)
    return Costs.takeError();
  Kernel.Costs = Costs.take();
  Kernel.TimeoutSeconds = Setup.TimeoutSeconds;
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
  }
  Kernel.Inputs = Context.Inputs;
  Kernel.Seed = Setup.Seed.value_or(0);
  Expected<std::unique_ptr<DeviceBackend>> Opened =
      DeviceBackend::open(Device, std::move(Kernel), Context.WorkerCommand);
  if (!Opened)
    return Opened.takeError();
  (*Opened)->setCompileAhead(
      Context.CompileAhead.value_or(defaultDeviceCompileAhead((*Opened)->hostDevice())));
  return std::unique_ptr<ConfigurationMeasurer>(
      std::make_unique<DeviceMeasurer>(Opened.take(), Setup, Warmups, Repetitions));
}

} // namespace atfc
