//===- atf/device.hpp - Kernels as cost functions ----------------*- C++ -*-===//
//
// What atf/opencl.hpp and atf/cuda.hpp share: cppATF's kernel arguments
// (`atf::scalar<T>()`, `scalar<T>(v)`, `scalar<T>({min, max})`,
// `buffer<T>(n)`, `buffer<T>(vector)`), kernel code (`atf::source(text)`,
// `atf::path(file)`), result checks (`check_result<I>(gold or callable,
// atf::absolute_difference(x))`), launch sizes written as expressions of
// tuning parameters, and the measurer such a cost function brings to the
// tuner.
//
// That measurer is the one a generated tuner makes for its kernel
// (runtime/Measurers.h): the cost function fills a TuningSetup as the
// directives would, with launch sizes that evaluate its expressions on
// each configuration, and the parameters reach the kernel as `-D
// NAME=VALUE`. Its kernels run in a worker process, the program
// atfc-device-worker, so a kernel that crashes or hangs is an invalid
// configuration with its reason, and the program goes on; the program
// itself never calls OpenCL or CUDA, and never loads their drivers. The
// worker is found at ATFC_DEVICE_WORKER (environment) when set, else at
// ATFC_DEVICE_WORKER_PATH, which the CMake target atfc::atf defines: the
// build tree's worker (atfc::atf_device), or PREFIX/libexec/atfc's when
// linked from an installed atfc (atfcConfig.cmake).
//
// Given buffer contents and gold vectors are written, in native binary, to
// a temporary directory that lives as long as the measurer (and is removed
// by a signal that ends the program, as the run's own: a mark of
// System/RemovedAtForcedExit.h); random
// arguments come from atfc's seeded fills (seed 0), so a check's callable
// sees exactly the inputs the kernel gets.
//
// Tested through OpenCLCostFunctionTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATF_DEVICE_HPP
#define ATF_DEVICE_HPP

#include "atf/parameter.hpp"
#include "atf/tuner.hpp"

#include "DeviceBackends/DeviceBackend.h"
#include "DeviceBackends/DeviceWorker.h"
#include "System/RemovedAtForcedExit.h"
#include "runtime/Measurers.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <unistd.h>
#include <utility>
#include <vector>

namespace atf {

namespace detail {

/// One kernel argument as the cost function keeps it: the argument, and a
/// buffer's given contents (native binary), written to a data file when
/// the measurer is made.
struct kernel_input {
  atfc::KernelArgument argument;
  std::optional<std::vector<unsigned char>> data;
};

template <class T> std::vector<unsigned char> bytes_of(const T *Data, std::size_t Count) {
  std::vector<unsigned char> Bytes(Count * sizeof(T));
  if (Count != 0)
    std::memcpy(Bytes.data(), Data, Bytes.size());
  return Bytes;
}

} // namespace detail

/// A scalar kernel argument of type T: random (`scalar<T>()`), given
/// (`scalar<T>(v)`), or drawn once from [min, max] (`scalar<T>({min,
/// max})`).
template <class T> class scalar {
public:
  using element_type = T;
  scalar() = default;
  scalar(T Value) : Given(Value) {}
  scalar(std::pair<T, T> Range) : Range(Range) {}

  detail::kernel_input input(unsigned Position) const {
    if (Given)
      return {atfc::KernelArgument::scalar<T>(*Given), std::nullopt};
    if (!Range)
      return {atfc::KernelArgument::randomScalar<T>(), std::nullopt};
    if (Range->second < Range->first)
      throw error("scalar input " + std::to_string(Position) + ": its range is empty (min > max)");
    std::mt19937_64 Generator(Position);
    if constexpr (std::is_integral_v<T>) {
      std::uniform_int_distribution<long long> Draw(Range->first, Range->second);
      return {atfc::KernelArgument::scalar<T>(static_cast<T>(Draw(Generator))), std::nullopt};
    } else {
      std::uniform_real_distribution<double> Draw(Range->first, Range->second);
      return {atfc::KernelArgument::scalar<T>(static_cast<T>(Draw(Generator))), std::nullopt};
    }
  }

private:
  std::optional<T> Given;
  std::optional<std::pair<T, T>> Range;
};

/// A buffer kernel argument of element type T: Count random elements
/// (`buffer<T>(n)`), or the given ones (`buffer<T>(vector)`).
template <class T> class buffer {
public:
  using element_type = T;
  buffer(std::size_t Count) : Count(Count) {}
  buffer(const std::vector<T> &Data)
      : Count(Data.size()), Data(detail::bytes_of(Data.data(), Data.size())) {}

  detail::kernel_input input(unsigned) const {
    return {atfc::KernelArgument::buffer<T>(Count), Data};
  }

private:
  std::size_t Count;
  std::optional<std::vector<unsigned char>> Data;
};

/// Kernel code given as text.
class source {
public:
  explicit source(std::string Text) : Text(std::move(Text)) {}
  const std::string &text() const { return Text; }

private:
  std::string Text;
};

/// Kernel code read from a file (relative to the working directory), read
/// when the kernel is made.
class path {
public:
  explicit path(std::string File) : File(std::move(File)) {}
  const std::string &file() const { return File; }

private:
  std::string File;
};

/// A result check's tolerance: elements match when |actual - expected| <=
/// the difference.
struct absolute_difference {
  explicit absolute_difference(double Difference) : difference(Difference) {}
  double difference;
};

namespace detail {

template <class T> struct is_scalar_input : std::false_type {};
template <class T> struct is_scalar_input<scalar<T>> : std::true_type {};
template <class T> struct is_buffer_input : std::false_type {};
template <class T> struct is_buffer_input<buffer<T>> : std::true_type {};
template <class T>
concept kernel_argument_type = is_scalar_input<T>::value || is_buffer_input<T>::value;

/// What a check's callable gets for an argument: a scalar's value, a
/// buffer's elements.
template <class K> struct host_of;
template <class T> struct host_of<scalar<T>> {
  using type = T;
  static T from(const std::vector<unsigned char> &Bytes) {
    T V{};
    std::memcpy(&V, Bytes.data(), std::min(sizeof(T), Bytes.size()));
    return V;
  }
};
template <class T> struct host_of<buffer<T>> {
  using type = std::vector<T>;
  static std::vector<T> from(const std::vector<unsigned char> &Bytes) {
    std::vector<T> V(Bytes.size() / sizeof(T));
    if (!V.empty())
      std::memcpy(V.data(), Bytes.data(), V.size() * sizeof(T));
    return V;
  }
};

/// The kernel's code as the backend builds it: build flags of the form
/// -D NAME[=VALUE] become #define lines before it (#line 1 keeps messages
/// on the user's lines); any other flag is refused, since the backends
/// build with the parameters' definitions alone.
struct kernel_code {
  std::string text, name, file_name;
};

inline kernel_code make_kernel_code(std::string Text, std::string FileName, std::string Name,
                                    const std::string &Flags) {
  std::istringstream Words(Flags);
  std::string Defines, Word;
  while (Words >> Word) {
    if (Word == "-D" && !(Words >> Word))
      throw error("the build flags \"" + Flags + "\" end in -D without a definition");
    else if (Word.rfind("-D", 0) == 0)
      Word.erase(0, 2);
    else if (Word.rfind("-", 0) == 0)
      throw error("kernel " + Name + ": the build flag " + Word +
                  " is not supported; only -D NAME[=VALUE] definitions reach the kernel");
    const std::size_t Equals = Word.find('=');
    Defines += "#define " + Word.substr(0, Equals) +
               (Equals == std::string::npos ? std::string(" 1") : " " + Word.substr(Equals + 1)) +
               "\n";
  }
  if (!Defines.empty())
    Text = Defines + "#line 1\n" + Text;
  return {std::move(Text), std::move(Name), std::move(FileName)};
}

inline kernel_code read_kernel_code(const atf::path &File, std::string Name,
                                    const std::string &Flags) {
  std::ifstream In(File.file(), std::ios::binary);
  std::ostringstream Text;
  if (!In || !(Text << In.rdbuf()))
    throw error("kernel " + Name + ": cannot read its code from " + File.file());
  return make_kernel_code(Text.str(), std::filesystem::absolute(File.file()).string(),
                          std::move(Name), Flags);
}

enum class device_api { opencl, cuda };

/// A kernel of Api (opencl::kernel, cuda::kernel): its code, its name,
/// and build flags (-D definitions only); Ts are its arguments' types
/// (atf::scalar<T>, atf::buffer<T>).
template <device_api Api, class... Ts> class kernel {
public:
  kernel(const atf::source &Code, std::string Name, const std::string &Flags = "")
      : Code(make_kernel_code(Code.text(), Name + (Api == device_api::opencl ? ".cl" : ".cu"), Name,
                              Flags)) {}
  /// The slides' spelling: the code as a plain string.
  kernel(const std::string &Code, std::string Name, const std::string &Flags = "")
      : kernel(atf::source(Code), std::move(Name), Flags) {}
  kernel(const atf::path &File, std::string Name, const std::string &Flags = "")
      : Code(read_kernel_code(File, std::move(Name), Flags)) {}
  const kernel_code &code() const { return Code; }

private:
  kernel_code Code;
};

/// The worker program's path (see the head comment), checked.
inline std::string device_worker_path() {
  std::string Path;
  if (const char *Given = std::getenv("ATFC_DEVICE_WORKER"); Given && *Given)
    Path = Given;
#ifdef ATFC_DEVICE_WORKER_PATH
  else
    Path = ATFC_DEVICE_WORKER_PATH;
#endif
  if (Path.empty())
    throw error("kernels run in the program atfc-device-worker, and this program does not know "
                "where it is: link the CMake target atfc::atf, or set ATFC_DEVICE_WORKER");
  if (::access(Path.c_str(), X_OK) != 0)
    throw error("kernels run in the program atfc-device-worker, which is not at " + Path +
                ": build or install it, or set ATFC_DEVICE_WORKER to its path");
  return Path;
}

/// A launch size: its value on the calling thread's configuration (a
/// tuner_view::scope).
using size_of_path = std::function<std::uint64_t()>;

/// A size as the backends take it: a negative one keeps its value (two's
/// complement), so that the launch is refused naming it, never run.
template <class V> std::uint64_t as_size(const V &Value) {
  if constexpr (std::is_floating_point_v<V>) {
    // Clamped first: converting a double outside int64's range is undefined.
    constexpr double Limit = 9.2e18;
    return static_cast<std::uint64_t>(
        static_cast<std::int64_t>(Value < -Limit ? -Limit : (Value > Limit ? Limit : Value)));
  } else {
    return static_cast<std::uint64_t>(Value);
  }
}

template <class E> size_of_path size_of(const E &Given) {
  static_assert(operand<E>, "a launch size is a number, a tuning parameter or an expression of "
                            "tuning parameters (N / WPT)");
  auto Operand = engine_operand(Given);
  if constexpr (expression_like<E>)
    return [Operand] { return as_size(Operand.value()); };
  else
    return [Operand] { return as_size(Operand); };
}

template <class... Es> std::vector<size_of_path> sizes_of(const Es &...Given) {
  static_assert(sizeof...(Es) >= 1 && sizeof...(Es) <= 3, "a launch size has 1 to 3 dimensions");
  return {size_of(Given)...};
}

/// The expected contents of a checked buffer, from the contents of every
/// argument (native binary, in order).
using gold_of_inputs =
    std::function<std::vector<unsigned char>(const std::vector<std::vector<unsigned char>> &)>;

template <class E, class R> std::vector<unsigned char> gold_bytes(const R &Gold) {
  std::vector<E> Elements;
  for (const auto &X : Gold)
    Elements.push_back(static_cast<E>(X));
  return bytes_of(Elements.data(), Elements.size());
}

/// The temporary directory of a measurer, and the measurer the generated
/// tuners use, which reads its TuningSetup for every launch.
class kernel_measurer final : public atfc::ConfigurationMeasurer {
public:
  kernel_measurer() {
    std::string Template = (std::filesystem::temp_directory_path() / "atfc-kernel-XXXXXX").string();
    if (::mkdtemp(Template.data()) == nullptr)
      throw error("cannot make a temporary directory for the kernel's data: " +
                  std::string(std::strerror(errno)));
    Directory = Template;
    // Removed by a signal that ends the program too, as the run's own.
    Mark = std::make_unique<atfc::RemovedAtForcedExit>(Directory);
  }
  ~kernel_measurer() override {
    Inner.reset();
    std::error_code Ignored;
    std::filesystem::remove_all(Directory, Ignored);
  }
  kernel_measurer(const kernel_measurer &) = delete;
  kernel_measurer &operator=(const kernel_measurer &) = delete;

  /// Writes Bytes to Name in the directory; its path.
  std::string write(const std::string &Name, const std::vector<unsigned char> &Bytes) const {
    const std::string File = Directory + "/" + Name;
    std::ofstream Out(File, std::ios::binary);
    Out.write(reinterpret_cast<const char *>(Bytes.data()),
              static_cast<std::streamsize>(Bytes.size()));
    if (!Out.flush())
      throw error("cannot write " + File);
    return File;
  }

  void spaceReady(const atfc::ChainOfTrees &Space) override { Inner->spaceReady(Space); }
  std::size_t batchSize() const override { return Inner->batchSize(); }
  unsigned compileAhead() const override { return Inner->compileAhead(); }
  void measureBatch(std::span<const atfc::BatchEntry> Batch,
                    const OutcomeHandler &Handle) override {
    Inner->measureBatch(Batch, Handle);
  }
  void prepare(std::span<const atfc::ParameterValues> Upcoming) override {
    Inner->prepare(Upcoming);
  }
  atfc::Measurement measure(const atfc::ParameterValues &Configuration,
                            std::span<const atfc::Value> Values) override {
    return Inner->measure(Configuration, Values);
  }
  void interrupt() override { Inner->interrupt(); }
  std::optional<atfc::Measurement>
  finishedAfterInterrupt(const atfc::ParameterValues &Configuration) override {
    return Inner->finishedAfterInterrupt(Configuration);
  }
  std::string device() const override { return Inner->device(); }
  std::string toolchain() const override { return Inner->toolchain(); }
  atfc::DeviceLimits deviceLimits() const override { return Inner->deviceLimits(); }
  std::string costMeaning() const override { return Inner->costMeaning(); }

  std::string Directory;
  std::unique_ptr<atfc::RemovedAtForcedExit> Mark;
  atfc::TuningSetup Setup;
  std::unique_ptr<atfc::ConfigurationMeasurer> Inner;
};

/// What an OpenCL and a CUDA cost function share, apart from their types.
class kernel_cost_function_base {
public:
  /// The measurer the tuner measures with (tuner.hpp's
  /// measuring_cost_function): throws atf::error, before anything is
  /// measured, when the kernel cannot be measured (no device, no driver,
  /// no worker, a gold vector of the wrong size).
  std::unique_ptr<atfc::ConfigurationMeasurer> make_measurer(const tuner_view &View) const {
    const std::string Api = this->Api == device_api::opencl ? "OpenCL" : "CUDA";
    const std::string Outer = this->Api == device_api::opencl ? "global_size" : "grid_dim";
    const std::string Inner = this->Api == device_api::opencl ? "local_size" : "block_dim";
    if (Arity && Inputs.size() != *Arity)
      throw error("kernel " + Code.name + " has " + std::to_string(*Arity) +
                  " arguments, and its cost function is given " + std::to_string(Inputs.size()) +
                  " inputs: call .inputs(...) with one per argument");
    if (OuterSizes.empty())
      throw error("the " + Api + " cost function of kernel " + Code.name + " needs ." + Outer +
                  "(...)");
    if (this->Api == device_api::cuda && InnerSizes.empty())
      throw error("the CUDA cost function of kernel " + Code.name + " needs .block_dim(...)");
    if (!InnerSizes.empty() && InnerSizes.size() != OuterSizes.size())
      throw error("the " + Api + " cost function of kernel " + Code.name + " gives " + Outer + " " +
                  std::to_string(OuterSizes.size()) + " and " + Inner + " " +
                  std::to_string(InnerSizes.size()) + " dimensions; they must match");
    auto Made = std::make_unique<kernel_measurer>();
    atfc::TuningSetup &S = Made->Setup;
    S.Kind = this->Api == device_api::opencl ? atfc::MeasurementKind::OpenCL
                                             : atfc::MeasurementKind::CUDA;
    S.PlatformId = PlatformId;
    S.DeviceId = DeviceId;
    S.KernelName = Code.name;
    // A string value is the define's text, as cppATF's -D NAME=VALUE.
    S.StringsAsText = true;
    S.Warmups = Warmups;
    S.Repetitions = Repetitions;
    S.TimeoutSeconds = Timeout;
    std::vector<std::vector<unsigned char>> Contents;
    for (std::size_t I = 0; I < Inputs.size(); ++I) {
      atfc::KernelArgument A = Inputs[I].argument;
      if (Inputs[I].data)
        A = A.withData(Made->write("input_" + std::to_string(I) + ".bin", *Inputs[I].data), 0, 0);
      if (!Checks.empty()) {
        atfc::Expected<std::vector<unsigned char>> Bytes =
            atfc::loadContents(A, static_cast<unsigned>(I), 0);
        if (!Bytes)
          throw error(Bytes.error().message());
        Contents.push_back(Bytes.take());
      }
      S.Arguments.push_back(std::move(A));
    }
    if (!Checks.empty())
      S.Check = check_of(*Made, Contents);
    S.Launch = [View, Global = OuterSizes, Local = InnerSizes](std::span<const atfc::Value> Values,
                                                               const atfc::DeviceLimits &) {
      tuner_view::scope Scope(View, View.named(Values));
      atfc::LaunchDimensions D;
      for (const size_of_path &G : Global)
        D.Outer.push_back(G());
      for (const size_of_path &L : Local)
        D.Inner.push_back(L());
      return D;
    };
    atfc::MeasurerContext Context;
    Context.FileName = Code.file_name;
    Context.BlankedSource = Code.text;
    Context.OutputDirectory = Made->Directory;
    Context.WorkerCommand = {device_worker_path(), atfc::DeviceWorkerFlag};
    atfc::Expected<std::unique_ptr<atfc::ConfigurationMeasurer>> Measurer =
        atfc::makeMeasurer(S, Context);
    if (!Measurer)
      throw error("the " + Api + " cost function of kernel " + Code.name +
                  " cannot measure: " + Measurer.error().message());
    Made->Inner = Measurer.take();
    return Made;
  }

protected:
  struct check {
    std::size_t index;
    gold_of_inputs gold;
    double difference;
  };

  /// One check of every checked buffer against a gold file of their
  /// expected contents; a later check of a buffer replaces an earlier
  /// one, and the smallest difference allowed holds for all.
  atfc::CheckSetup check_of(const kernel_measurer &Made,
                            const std::vector<std::vector<unsigned char>> &Contents) const {
    std::map<std::size_t, std::vector<unsigned char>> Expected;
    atfc::CheckSetup Check;
    Check.Kind = atfc::CheckAgainst::GoldFile;
    Check.Tolerance = Checks.front().difference;
    for (const check &C : Checks) {
      if (C.index >= Inputs.size())
        throw error("check_result<" + std::to_string(C.index) + ">: the kernel has " +
                    std::to_string(Inputs.size()) + " inputs");
      Expected[C.index] = C.gold(Contents);
      Check.Tolerance = std::min(Check.Tolerance, C.difference);
      const atfc::KernelArgument &A = Inputs[C.index].argument;
      if (Expected[C.index].size() != A.byteSize())
        throw error("check_result<" + std::to_string(C.index) + ">: the gold vector has " +
                    std::to_string(Expected[C.index].size() / atfc::elementSize(A.Type)) +
                    " elements, the buffer " + std::to_string(A.Count));
    }
    std::vector<unsigned char> Gold;
    for (const auto &[Index, Bytes] : Expected) {
      Check.Buffers.push_back(static_cast<unsigned>(Index + 1));
      Gold.insert(Gold.end(), Bytes.begin(), Bytes.end());
    }
    Check.GoldFile = Made.write("gold.bin", Gold);
    return Check;
  }

  device_api Api = device_api::opencl;
  kernel_code Code;
  /// The number of the kernel's arguments, where its type says.
  std::optional<std::size_t> Arity;
  std::optional<std::uint64_t> PlatformId, DeviceId;
  std::vector<kernel_input> Inputs;
  std::vector<size_of_path> OuterSizes, InnerSizes;
  std::vector<check> Checks;
  std::optional<unsigned> Warmups, Repetitions;
  /// Seconds a configuration may take (0: the directives' default).
  double Timeout = 0;
};

/// The builder methods both APIs have, for Derived (opencl::cost_function
/// or cuda::cost_function) of a kernel with arguments Ts (none given: any).
template <class Derived, class... Ts>
class kernel_cost_function : public kernel_cost_function_base {
public:
  kernel_cost_function() {
    if (sizeof...(Ts) > 0)
      Arity = sizeof...(Ts);
  }
  /// The kernel's arguments, in order.
  template <class... As> Derived &inputs(const As &...Given) {
    static_assert((kernel_argument_type<As> && ...),
                  "a kernel input is atf::scalar<T>(...) or atf::buffer<T>(...)");
    static_assert(sizeof...(Ts) == 0 || std::is_same_v<std::tuple<Ts...>, std::tuple<As...>>,
                  "the inputs' types differ from the kernel's argument types");
    Inputs.clear();
    unsigned Position = 0;
    (Inputs.push_back(Given.input(Position++)), ...);
    return self();
  }
  /// Unmeasured launches before the measured ones.
  Derived &warmups(unsigned N) {
    Warmups = N;
    return self();
  }
  /// Measured launches (at least 1); the cost is their median time.
  Derived &evaluations(unsigned N) {
    Repetitions = N == 0 ? 1 : N;
    return self();
  }
  /// Seconds a configuration may take, its build, launches and check
  /// together, before its worker is stopped and it is invalid (0: 600, as
  /// in directive files): a kernel that never ends does not hang tune().
  Derived &timeout(double Seconds) {
    if (!(Seconds >= 0) || !std::isfinite(Seconds))
      throw error("timeout: expecting a number of seconds >= 0, not " + std::to_string(Seconds));
    Timeout = Seconds;
    return self();
  }
  /// Checks buffer argument I (0-based) after each launch against Gold: a
  /// vector of its expected elements, or a callable of the kernel's
  /// inputs (a scalar's value, a buffer's std::vector) that returns one.
  /// A configuration whose result differs is invalid.
  template <std::size_t I, class G>
  Derived &check_result(G Gold, absolute_difference Allowed = absolute_difference(0)) {
    static_assert(sizeof...(Ts) > 0, "check_result<I> needs the kernel's argument types: "
                                     "kernel<atf::scalar<int>, atf::buffer<float>, ...>");
    if constexpr (sizeof...(Ts) > 0) {
      static_assert(I < sizeof...(Ts), "check_result<I>: the kernel has no argument I");
      using K = std::tuple_element_t<I, std::tuple<Ts...>>;
      static_assert(is_buffer_input<K>::value, "check_result<I>: argument I is not a buffer");
      using E = typename K::element_type;
      if constexpr (std::is_invocable_v<G &, const typename host_of<Ts>::type &...>) {
        Checks.push_back({I,
                          [Gold](const std::vector<std::vector<unsigned char>> &In) mutable {
                            return call_gold<E>(Gold, In, std::index_sequence_for<Ts...>{});
                          },
                          Allowed.difference});
      } else {
        static_assert(
            requires(const G &X) { static_cast<E>(*std::begin(X)); },
            "check_result's gold is a vector of the buffer's elements, or a callable "
            "of the kernel's inputs that returns one");
        Checks.push_back(
            {I, [Bytes = gold_bytes<E>(Gold)](const auto &) { return Bytes; }, Allowed.difference});
      }
    }
    return self();
  }

protected:
  Derived &self() { return static_cast<Derived &>(*this); }

private:
  template <class E, class G, std::size_t... Is>
  static std::vector<unsigned char> call_gold(G &Gold,
                                              const std::vector<std::vector<unsigned char>> &In,
                                              std::index_sequence<Is...>) {
    return gold_bytes<E>(Gold(host_of<Ts>::from(In[Is])...));
  }
};

} // namespace detail
} // namespace atf

#endif
