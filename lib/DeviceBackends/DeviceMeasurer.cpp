//===- DeviceBackends/DeviceMeasurer.cpp - Kernels behind the loop --------===//
#include "DeviceBackends/DeviceMeasurer.h"

#include "Backends/FailureSummary.h"
#include "System/CaughtArithmeticTrap.h"

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
      // One whose sizes trap is not prepared: measure() says why.
      if (std::optional<LaunchSizes> Sizes = launchSizes(Values))
        Next.push_back({Named, std::move(*Sizes)});
    }
    Backend->prepare(Next);
  }

  Measurement measure(const ParameterValues &Configuration,
                      std::span<const Value> Values) override {
    if (Setup.CheckAgainstReference && !Reference) {
      Reference = measureReference(Configuration);
      if (!Reference->Valid)
        ReferenceFailure = failureDetail(Reference->Failure, Reference->Reason, Reference->Log);
      if (!Reference->Valid)
        Reference->Reason = std::string(kReferenceInvalid) + " (" + Reference->Reason +
                            "), so no configuration can be checked";
    }
    if (Reference && !Reference->Valid)
      return *Reference;
    std::optional<LaunchSizes> Sizes = launchSizes(Values);
    if (!Sizes)
      return launchSizesTrapped();
    return Backend->measure(Configuration, *Sizes);
  }

  std::optional<Error> cannotGoOn() const override {
    if (!Reference || Reference->Valid)
      return std::nullopt;
    return Error(Setup.CheckWhere, std::string(kReferenceInvalid) +
                                       ", so no configuration can be checked: " + ReferenceFailure);
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
    std::optional<LaunchSizes> Sizes = launchSizes(Plain);
    if (!Sizes)
      return launchSizesTrapped();
    return Backend->measureReference(Values, *Sizes);
  }

  /// The launch sizes of Values: expressions of the file, which may divide
  /// by zero with some values; nothing when they trap.
  std::optional<LaunchSizes> launchSizes(std::span<const Value> Values) const {
    return catchingArithmeticTraps([&] { return Setup.Launch(Values, Backend->limits()); });
  }
  static Measurement launchSizesTrapped() {
    return Measurement::invalid(FailureKind::RunFailed,
                                "computing the launch sizes trapped: a division by zero or an "
                                "overflow");
  }

  std::unique_ptr<DeviceBackend> Backend;
  DeviceMeasurerSetup Setup;
  const ChainOfTrees *Space = nullptr;
  std::optional<Measurement> Reference;
  /// Why the reference failed, in one line (failureDetail()).
  std::string ReferenceFailure;
};

} // namespace

std::unique_ptr<ConfigurationMeasurer> makeDeviceMeasurer(std::unique_ptr<DeviceBackend> Backend,
                                                          DeviceMeasurerSetup Setup) {
  return std::make_unique<DeviceMeasurer>(std::move(Backend), std::move(Setup));
}

} // namespace atfc
