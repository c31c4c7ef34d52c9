//===- Backends/ProcessMeasurer.cpp - Scripts behind the loop -------------===//
#include "Backends/ProcessMeasurer.h"

#include <filesystem>

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

} // namespace

std::unique_ptr<ConfigurationMeasurer> makeProcessMeasurer(ProcessBackendOptions Options) {
  return std::make_unique<ProcessMeasurer>(std::move(Options));
}

} // namespace atfc
