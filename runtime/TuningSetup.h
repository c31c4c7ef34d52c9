//===- runtime/TuningSetup.h - How a generated tuner measures ---*- C++ -*-===//
//
// Everything a file's directives say about tuning, besides its space: what
// the tuning loop needs (Tuning/LoopSetup.h: technique, abort condition,
// seed, objectives, ...), and how one configuration is measured (scripts,
// an OpenCL or a CUDA kernel). The generated tuner fills one TuningSetup with
// the file's values; expressions of inputs are evaluated there, and launch
// sizes become a function of the configuration's values and the device's
// limits.
//
// The free functions scalar(), buffer() and local() are the `input`
// directive's vocabulary: the tuner program calls them as the user wrote
// them (local() at each configuration, for its count); `half` is
// KernelData/Half.h's.
//
// Tested through TunerMainTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_TUNINGSETUP_H
#define ATFC_RUNTIME_TUNINGSETUP_H

#include "Backends/DeviceLimits.h"
#include "Backends/Measurement.h"
#include "KernelData/KernelArgument.h"
#include "KernelData/ResultCheck.h"
#include "SearchSpace/Range.h"
#include "SearchSpace/Value.h"
#include "Support/Cost.h"
#include "Support/CountArgument.h"
#include "Tuning/LoopSetup.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace atfc {

/// How configurations are measured.
enum class MeasurementKind {
  /// Compile and run scripts (any language).
  Process,
  /// An OpenCL kernel, in the device worker.
  OpenCL,
  /// A CUDA kernel, in the device worker.
  CUDA,
};

/// The launch sizes of one configuration: OpenCL global/local sizes, or
/// CUDA grid/block dimensions, one entry per dimension; and its work-group
/// memory (DeviceBackends/DeviceBackend.h, LaunchSizes).
struct LaunchDimensions {
  std::vector<std::uint64_t> Outer; ///< global size / grid dim
  std::vector<std::uint64_t> Inner; ///< local size / block dim
  /// Each `local<T>(count)` input's count, in argument order (0: not
  /// positive).
  std::vector<std::uint64_t> LocalCounts = {};
  /// CUDA `shared_memory`: the dynamic shared memory in bytes.
  std::int64_t SharedMemoryBytes = 0;
  /// Why the sizes cannot be launched (LaunchSizes::Problem).
  std::string Problem = {};
};

/// What the directives say about tuning and measuring: the loop's part
/// (LoopSetup), and how one configuration is measured.
struct TuningSetup : LoopSetup {
  /// A kernel's `objective "energy"` (CUDA: joules per launch, from NVML):
  /// the objective of that name measures energy; where it is, for the
  /// message where NVML is missing (Line 0: none).
  DirectiveText Energy;

  /// How configurations are measured.
  MeasurementKind Kind = MeasurementKind::Process;
  /// Whether ranges, constraints or launch sizes name a device limit: only
  /// then does `atfc space` open the device (to read them), so that a space
  /// is planned where no driver is.
  bool NamesDeviceLimits = false;
  /// Which limits they name ("max_threads_per_block"), sorted: those
  /// `atfc space --device-limit` does not give are read from the device.
  std::vector<std::string> NamedDeviceLimits;
  /// `timeout` in seconds; 0 for none.
  double TimeoutSeconds = 0;
  /// Where `timeout` is, for a message about its value (Line 0: none).
  DirectiveText Timeout;

  /// Process: the scripts and the cost file (empty when not given).
  std::string CompileScript;
  std::string RunScript;
  std::string CostFile;

  /// Device: selection (OpenCL vendor/type/index, platform and device ids;
  /// CUDA: DeviceId), kernel, arguments, repetitions, check.
  std::string Vendor;
  std::string DeviceType;
  std::optional<std::uint64_t> DeviceIndex;
  std::optional<std::uint64_t> PlatformId;
  std::optional<std::uint64_t> DeviceId;
  /// Where the first directive that selects the device is (Line 0: none):
  /// a device that cannot be found is reported there.
  DirectiveText DeviceSelection;
  std::string KernelName;
  std::vector<KernelArgument> Arguments;
  /// A string parameter's #define is its text, not a C string literal
  /// (DeviceKernelSetup::StringsAsText): a program's kernel.
  bool StringsAsText = false;
  std::optional<unsigned> Warmups;
  std::optional<unsigned> Repetitions;
  /// How the repetitions' costs become the cost (`statistic`).
  RepetitionStatistic Statistic = RepetitionStatistic::Median;
  std::optional<CheckSetup> Check;
  /// The check's `tolerance` and `relative` as written (empty when not
  /// given): a negative or NaN value is reported at them before anything
  /// is measured.
  DirectiveText CheckToleranceText;
  DirectiveText CheckRelativeText;
  /// A `check reference`'s configuration, by parameter name (the others
  /// take the first value of their range).
  std::vector<NamedValue> CheckReference;
  /// The launch sizes of a configuration, from its values in chain level
  /// order and the limits of the device that measures it (sizes may name
  /// them).
  std::function<LaunchDimensions(std::span<const Value>, const DeviceLimits &)> Launch;
  /// The first count or id that is none (`warmups -1`), and why
  /// (countArgument): reported before anything runs (Line 0: none).
  DirectiveText BadCount;
  std::string BadCountReason;
};

/// A count or id of a directive (Support/CountArgument.h) as the T the
/// setup holds it in: V, or, where V is no count of Clause, the least
/// count, with the first such directive and why kept in Setup.BadCount.
template <class T, class U>
T countArgument(TuningSetup &Setup, const U &V, DirectiveText Where, std::string_view Clause) {
  const CountRule &Rule = *countRuleOf(Clause);
  if (isCount(Rule, V))
    return static_cast<T>(V);
  if (Setup.BadCount.Line == 0) {
    Setup.BadCount = std::move(Where);
    Setup.BadCountReason = countError(Rule, valueText(V));
  }
  return static_cast<T>(Rule.Least);
}

/// The value V as a T (the parameter's own type).
template <class T> T valueAs(const Value &V) {
  return std::visit(
      [](const auto &X) -> T {
        using X_t = std::decay_t<decltype(X)>;
        if constexpr (std::is_same_v<X_t, std::string> || std::is_same_v<T, std::string>) {
          if constexpr (std::is_same_v<X_t, T>)
            return X;
          else
            return T{};
        } else {
          return static_cast<T>(X);
        }
      },
      V);
}

/// `scalar<T>()`: a random scalar kernel argument of type T.
template <class T> KernelArgument scalar() { return KernelArgument::randomScalar<T>(); }

/// `scalar<T>(value)`, `scalar(value)`: a scalar kernel argument.
template <class T = void, class A> KernelArgument scalar(const A &V) {
  using U = std::conditional_t<std::is_void_v<T>, A, T>;
  return KernelArgument::scalar<U>(static_cast<U>(V));
}

/// `buffer<T>(count)`: a buffer of Count random elements.
template <class T, class N> KernelArgument buffer(const N &Count) {
  return KernelArgument::buffer<T>(static_cast<std::uint64_t>(Count));
}

/// What `local<T>(count)` evaluates to in a configuration's launch: its
/// count, 0 where that is not positive (the launch is then refused).
struct LocalCount {
  std::uint64_t Count = 0;
};

/// `local<T>(count)`: an OpenCL local argument's count at a configuration
/// (the argument itself is KernelArgument::local<T>(), made once).
template <class T, class N> LocalCount local(const N &Count) {
  static_assert(std::is_integral_v<N>, "the count of a local argument is an integer");
  if constexpr (std::is_signed_v<N>)
    return {Count > 0 ? static_cast<std::uint64_t>(Count) : 0};
  else
    return {static_cast<std::uint64_t>(Count)};
}

/// `shared_memory BYTES` at a configuration.
template <class N> std::int64_t sharedMemoryBytes(const N &Bytes) {
  static_assert(std::is_integral_v<N>, "the shared memory size is an integer");
  if constexpr (std::is_signed_v<N>)
    return static_cast<std::int64_t>(Bytes);
  else
    return Bytes > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX
                                                         : static_cast<std::int64_t>(Bytes);
}

/// `timeout duration<seconds>(30)`: the units and the duration of the
/// `timeout` directive; a plain number means seconds.
struct milliseconds {
  static constexpr double SecondsPer = 0.001;
};
struct seconds {
  static constexpr double SecondsPer = 1;
};
struct minutes {
  static constexpr double SecondsPer = 60;
};
struct hours {
  static constexpr double SecondsPer = 3600;
};
template <class Unit> struct duration {
  template <class T> explicit duration(T Amount) : Seconds(double(Amount) * Unit::SecondsPer) {}
  double Seconds;
};
inline double timeoutSeconds(double Seconds) { return Seconds; }
template <class Unit> double timeoutSeconds(const duration<Unit> &D) { return D.Seconds; }

/// The namespaces of the device limits (`atf::ocl::max_wg_size`, ...;
/// Language/Language.def). They hold no names: the tuner reads each limit
/// from the run's DeviceLimits, where atfc rewrote the user's reference
/// (CodeGen/TunerEmitter.cpp); they exist for a user's
/// `using namespace atf::ocl;`.
namespace ocl {}
namespace cuda {}
namespace opencl = ocl;

} // namespace atfc

#endif
