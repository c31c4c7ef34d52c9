//===- DeviceBackends/DeviceMeasurer.cpp - Kernels behind the loop --------===//
#include "DeviceBackends/DeviceMeasurer.h"

#include <algorithm>

namespace atfc {
namespace {

class DeviceMeasurer final : public ConfigurationMeasurer {
public:
  DeviceMeasurer(std::unique_ptr<DeviceBackend> Backend, DeviceMeasurerSetup Setup)
      : Backend(std::move(Backend)), Setup(std::move(Setup)) {}

  std::string costMeaning() const override { return Setup.CostMeaning; }

  void spaceReady(const ChainOfTrees &Space) override { this->Space = &Space; }

  std::size_t batchSize() const override { return Backend->compileAhead() + 1; }
  unsigned compileAhead() const override { return Backend->compileAhead(); }
  void prepare(std::span<const ParameterValues> Upcoming) override {
    std::vector<UpcomingConfiguration> Next;
    for (const ParameterValues &Named : Upcoming) {
      std::vector<Value> Values;
      for (const NamedValue &V : Named)
        Values.push_back(V.Val);
      Next.push_back({Named, Setup.Launch(Values, Backend->limits())});
    }
    Backend->prepare(Next);
  }

  Measurement measure(const ParameterValues &Configuration,
                      std::span<const Value> Values) override {
    if (Setup.CheckAgainstReference && !Reference) {
      Reference = measureReference(Configuration);
      if (!Reference->Valid)
        Reference->Reason = "the reference configuration of the result check is invalid (" +
                            Reference->Reason + "), so no configuration can be checked";
    }
    if (Reference && !Reference->Valid)
      return *Reference;
    return Backend->measure(Configuration, Setup.Launch(Values, Backend->limits()));
  }

  void interrupt() override { Backend->interrupt(); }
  std::string device() const override { return Backend->deviceDescription(); }
  std::string toolchain() const override { return Backend->toolchain(); }
  DeviceLimits deviceLimits() const override { return Backend->limits(); }

private:
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
    return Backend->measureReference(Values, Setup.Launch(Plain, Backend->limits()));
  }

  std::unique_ptr<DeviceBackend> Backend;
  DeviceMeasurerSetup Setup;
  const ChainOfTrees *Space = nullptr;
  std::optional<Measurement> Reference;
};

} // namespace

std::unique_ptr<ConfigurationMeasurer> makeDeviceMeasurer(std::unique_ptr<DeviceBackend> Backend,
                                                          DeviceMeasurerSetup Setup) {
  return std::make_unique<DeviceMeasurer>(std::move(Backend), std::move(Setup));
}

} // namespace atfc
