//===- python/src/PyTuning.cpp - The tuning loop for Python ---------------===//
//
// The measurer between the loop and Python, Python's own techniques as the
// engine's (through atf/search.hpp's adapters, as C++ programs' own), the
// abort conditions and the script backend's measurer.
//
//===----------------------------------------------------------------------===//
#include "PyTuning.h"

#include "atf/search.hpp"

#include "Backends/ProcessMeasurer.h"
#include "Tuning/CallableMeasurer.h"
#include "Tuning/KnownConfigurations.h"
#include "runtime/Measurers.h"

#include <pybind11/stl.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>

namespace atfc::python {

/// What a Python technique's finalize() raised: the engine calls it as
/// the technique is destroyed, where an exception ended the interpreter
/// (std::terminate); PyTuning::close() raises it instead.
struct FinalizeError {
  std::optional<py::error_already_set> Raised;
};

namespace {

/// V as Python's str() writes it, without Python (a measurer's threads
/// hold no interpreter lock): 2.0, 1e+16, 1e-05, True, 42, text.
std::string pythonText(const Value &V) {
  if (const auto *B = std::get_if<bool>(&V))
    return *B ? "True" : "False";
  const auto *D = std::get_if<double>(&V);
  if (!D)
    return toString(V);
  if (std::isnan(*D))
    return "nan";
  if (std::isinf(*D))
    return *D < 0 ? "-inf" : "inf";
  // The shortest digits that read back as D, and the power of ten of the
  // first: "1.25e+02" is 125.0.
  char Buffer[64];
  const auto End =
      std::to_chars(Buffer, Buffer + sizeof Buffer, *D, std::chars_format::scientific).ptr;
  std::string_view Text(Buffer, static_cast<std::size_t>(End - Buffer));
  std::string Sign;
  if (Text.front() == '-') {
    Sign = "-";
    Text.remove_prefix(1);
  }
  const std::size_t E = Text.find('e');
  std::string Digits(Text.substr(0, E));
  std::erase(Digits, '.');
  const int Exponent = std::stoi(std::string(Text.substr(E + 1)));
  if (Exponent < -4 || Exponent >= 16) {
    std::string Power = std::to_string(std::abs(Exponent));
    if (Power.size() < 2)
      Power.insert(0, "0");
    return Sign + Digits.substr(0, 1) + (Digits.size() > 1 ? "." + Digits.substr(1) : "") + "e" +
           (Exponent < 0 ? "-" : "+") + Power;
  }
  if (Exponent < 0)
    return Sign + "0." + std::string(static_cast<std::size_t>(-Exponent - 1), '0') + Digits;
  const auto Whole = static_cast<std::size_t>(Exponent) + 1;
  if (Digits.size() <= Whole)
    return Sign + Digits + std::string(Whole - Digits.size(), '0') + ".0";
  return Sign + Digits.substr(0, Whole) + "." + Digits.substr(Whole);
}

py::object toPython(const Value &V) {
  return std::visit(
      [](const auto &X) -> py::object {
        using T = std::decay_t<decltype(X)>;
        if constexpr (std::is_same_v<T, bool>)
          return py::bool_(X);
        else if constexpr (std::is_same_v<T, double>)
          return py::float_(X);
        else if constexpr (std::is_same_v<T, std::string>)
          return py::str(X);
        else
          return py::int_(X);
      },
      V);
}

py::list costsOf(const Measurement &M) {
  py::list Costs;
  for (double C : M.Costs)
    Costs.append(C);
  return Costs;
}

/// What a Python technique's Method returned: a set (any iterable but a
/// string) of its proposals.
py::iterable proposals(const py::object &Technique, const char *Method) {
  py::object Proposed = Technique.attr(Method)();
  if (py::isinstance<py::str>(Proposed) || !py::isinstance<py::iterable>(Proposed))
    throw py::type_error(py::str(py::type::of(Technique).attr("__name__")).cast<std::string>() +
                         "." + Method + "() returned " + py::repr(Proposed).cast<std::string>() +
                         ": expecting a set of its proposals");
  return Proposed;
}

/// Calls the technique's finalize(), keeping what it raises (the lock held).
void finalizeKeeping(const py::object &Technique, FinalizeError &Error) {
  try {
    Technique.attr("finalize")();
  } catch (py::error_already_set &E) {
    if (!Error.Raised)
      Error.Raised.emplace(std::move(E));
  }
}

/// A Python technique over (0,1]^D (pyATF's SearchTechnique).
class Coordinates final : public atf::search_technique {
public:
  Coordinates(py::object T, std::shared_ptr<FinalizeError> Error)
      : T(std::make_shared<PyRef>(std::move(T))), Error(std::move(Error)) {}
  void initialize(std::size_t D) override {
    py::gil_scoped_acquire Lock;
    T->Object.attr("initialize")(D);
  }
  std::set<atf::coordinates> get_next_coordinates() override {
    py::gil_scoped_acquire Lock;
    std::set<atf::coordinates> Next;
    for (py::handle C : proposals(T->Object, "get_next_coordinates")) {
      std::vector<double> Point;
      try {
        Point = C.cast<std::vector<double>>();
      } catch (const py::cast_error &) {
        throw py::type_error(name() + ".get_next_coordinates() proposed " +
                             py::repr(C).cast<std::string>() +
                             ": a point is a tuple of numbers, one per dimension");
      }
      // (One outside (0, 1] is atf/search.hpp's atf::bad_proposal, a
      // ValueError, as pyATF raises.)
      Next.insert(std::move(Point));
    }
    return Next;
  }
  void report_costs(const std::map<atf::coordinates, atf::cost_t> &Costs) override {
    py::gil_scoped_acquire Lock;
    py::dict D;
    for (const auto &[C, Cost] : Costs)
      D[py::tuple(py::cast(C))] = costOrNone(Cost);
    T->Object.attr("report_costs")(D);
  }
  void finalize() override {
    py::gil_scoped_acquire Lock;
    finalizeKeeping(T->Object, *Error);
  }
  std::string name() const override {
    py::gil_scoped_acquire Lock;
    return py::str(py::type::of(T->Object).attr("__name__"));
  }
  static py::object costOrNone(atf::cost_t C) {
    return C == std::numeric_limits<atf::cost_t>::max() ? py::object(py::none())
                                                        : py::object(py::float_(C));
  }

private:
  std::shared_ptr<PyRef> T;
  std::shared_ptr<FinalizeError> Error;
};

/// A Python technique over configuration indices (pyATF's
/// SearchTechnique1D).
class Indices final : public atf::search_technique_1d {
public:
  Indices(py::object T, std::shared_ptr<FinalizeError> Error)
      : T(std::make_shared<PyRef>(std::move(T))), Error(std::move(Error)) {}
  void initialize(std::uint64_t Size) override {
    py::gil_scoped_acquire Lock;
    T->Object.attr("initialize")(Size);
  }
  std::set<atf::index_t> get_next_indices() override {
    py::gil_scoped_acquire Lock;
    std::set<atf::index_t> Next;
    for (py::handle I : proposals(T->Object, "get_next_indices")) {
      atf::index_t Index = 0;
      try {
        Index = I.cast<atf::index_t>();
      } catch (const py::cast_error &) {
        throw py::type_error(name() + ".get_next_indices() proposed " +
                             py::repr(I).cast<std::string>() +
                             ": an index is a whole number from 0 to the space's size - 1");
      }
      // (One from the size on is atf/search.hpp's atf::bad_proposal.)
      Next.insert(Index);
    }
    return Next;
  }
  void report_costs(const std::map<atf::index_t, atf::cost_t> &Costs) override {
    py::gil_scoped_acquire Lock;
    py::dict D;
    for (const auto &[I, Cost] : Costs)
      D[py::int_(I)] = Coordinates::costOrNone(Cost);
    T->Object.attr("report_costs")(D);
  }
  void finalize() override {
    py::gil_scoped_acquire Lock;
    finalizeKeeping(T->Object, *Error);
  }
  std::string name() const override {
    py::gil_scoped_acquire Lock;
    return py::str(py::type::of(T->Object).attr("__name__"));
  }

private:
  std::shared_ptr<PyRef> T;
  std::shared_ptr<FinalizeError> Error;
};

template <class T> T option(const py::dict &Options, const char *Key, T Default) {
  if (!Options.contains(Key) || Options[Key].is_none())
    return Default;
  return Options[Key].cast<T>();
}

/// Keeps the engine's lines (std::cout, std::cerr) in order with the
/// program's own output: Python's streams are flushed before the engine
/// writes, and the engine's after, before Python goes on. Else, where
/// stdout is a pipe or a file, both are buffered until the process ends,
/// and the engine's summary comes after everything the program printed.
class OutputInOrder {
public:
  OutputInOrder() {
    const py::module_ Sys = py::module_::import("sys");
    for (const char *Name : {"stdout", "stderr"}) {
      const py::object Stream = Sys.attr(Name);
      if (Stream.is_none() || !py::hasattr(Stream, "flush"))
        continue;
      try {
        Stream.attr("flush")();
      } catch (py::error_already_set &) {
        // (A stream the program closed: the engine's lines go on.)
      }
    }
  }
  ~OutputInOrder() {
    std::cout.flush();
    std::cerr.flush();
  }
  OutputInOrder(const OutputInOrder &) = delete;
  OutputInOrder &operator=(const OutputInOrder &) = delete;
};

/// What F returns, called without the interpreter lock (the loop calls
/// Python back from its own threads), the engine's output in order with
/// the program's; its error raised as EngineError, so what is returned is
/// checked (a caller that needs no value drops it).
template <class F> auto unlocked(F &&Call) {
  auto Result = [&] {
    OutputInOrder InOrder;
    py::gil_scoped_release Unlocked;
    return Call();
  }();
  if (!Result)
    throw EngineError(Result.error().message());
  return Result;
}

} // namespace

py::dict namedToDict(const ParameterValues &Values) {
  py::dict D;
  for (const NamedValue &V : Values)
    D[py::str(V.Name)] = toPython(V.Val);
  return D;
}

/// Measures with Python's callable, or with a backend whose results go to
/// Python afterwards; stops the run when Python says so.
class PyTuning::Measurer final : public ConfigurationMeasurer {
public:
  Measurer(py::object Measure, std::shared_ptr<ConfigurationMeasurer> Inner, py::object Observe)
      : Measure(std::make_shared<PyRef>(std::move(Measure))), Inner(std::move(Inner)),
        Observe(std::make_shared<PyRef>(std::move(Observe))),
        Own([this](const ParameterValues &C) { return measureInPython(C); },
            "what the cost function returns") {}

  std::atomic<bool> Stop{false};

  void spaceReady(const ChainOfTrees &S) override {
    if (Inner)
      Inner->spaceReady(S);
  }
  void measureBatch(std::span<const BatchEntry> Batch, const OutcomeHandler &Handle) override {
    if (!Inner)
      return ConfigurationMeasurer::measureBatch(Batch, Handle);
    Inner->measureBatch(Batch, [&](MeasuredOutcome &O) {
      observe(Batch[O.Index].Named, O.Result);
      return Handle(O) && !Stop;
    });
  }
  Measurement measure(const ParameterValues &C, std::span<const Value> V) override {
    if (Stop)
      return Measurement::invalid(FailureKind::RunFailed, "the tuning was stopped");
    if (Inner) {
      Measurement M = Inner->measure(C, V);
      observe(C, M);
      return M;
    }
    return Own.measure(C, V);
  }
  std::size_t batchSize() const override { return Inner ? Inner->batchSize() : 1; }
  unsigned compileAhead() const override { return Inner ? Inner->compileAhead() : 0; }
  void prepare(std::span<const ParameterValues> Upcoming) override {
    if (Inner)
      Inner->prepare(Upcoming);
  }
  void interrupt() override {
    if (Inner)
      Inner->interrupt();
  }
  std::optional<Measurement> finishedAfterInterrupt(const ParameterValues &C) override {
    return Inner ? Inner->finishedAfterInterrupt(C) : Own.finishedAfterInterrupt(C);
  }
  std::string device() const override { return Inner ? Inner->device() : std::string(); }
  std::string toolchain() const override { return Inner ? Inner->toolchain() : std::string(); }
  DeviceLimits deviceLimits() const override {
    return Inner ? Inner->deviceLimits() : DeviceLimits{};
  }
  std::string costMeaning() const override {
    return Inner ? Inner->costMeaning() : "what the cost function returns";
  }

private:
  Measurement measureInPython(const ParameterValues &C) {
    py::gil_scoped_acquire Lock;
    try {
      py::object R = Measure->Object(namedToDict(C));
      if (R.is_none()) {
        Stop = true;
        return Measurement::invalid(FailureKind::RunFailed, std::string(kCostFunctionRaised));
      }
      py::tuple T = R.cast<py::tuple>();
      if (!T[0].cast<bool>())
        return Measurement::invalid(FailureKind::RunFailed, T[2].cast<std::string>());
      Measurement M = Measurement::valid(T[1].cast<std::vector<double>>());
      M.Log = T[3].cast<std::string>();
      return M;
    } catch (py::error_already_set &E) {
      Stop = true;
      return Measurement::invalid(FailureKind::RunFailed,
                                  std::string(kCostFunctionRaised) + ": " + E.what());
    }
  }
  void observe(const ParameterValues &C, const Measurement &M) {
    if (Observe->Object.is_none())
      return;
    py::gil_scoped_acquire Lock;
    try {
      Observe->Object(namedToDict(C), M.Valid, costsOf(M), M.Reason);
    } catch (py::error_already_set &) {
      Stop = true;
    }
  }

  std::shared_ptr<PyRef> Measure;
  std::shared_ptr<ConfigurationMeasurer> Inner;
  std::shared_ptr<PyRef> Observe;
  /// The Python callable as a measurer: a call is never cut short, so the
  /// run keeps one that Ctrl-C came during.
  CallableMeasurer Own;
};

PyTuning::PyTuning(std::shared_ptr<ChainOfTrees> Given, const py::dict &Options)
    : Space(std::move(Given)) {
  std::shared_ptr<ConfigurationMeasurer> Inner;
  if (Options.contains("measurer") && !Options["measurer"].is_none())
    Inner = Options["measurer"].cast<std::shared_ptr<ConfigurationMeasurer>>();
  Measure = std::make_unique<Measurer>(option<py::object>(Options, "measure", py::none()), Inner,
                                       option<py::object>(Options, "observe", py::none()));
  online::OnlineSetup Setup;
  Setup.Loop.Technique.Text = option<std::string>(Options, "technique", "");
  if (Options.contains("own_technique") && !Options["own_technique"].is_none()) {
    py::object Own = Options["own_technique"];
    const bool ByIndex = option<std::string>(Options, "own_kind", "coordinates") == "indices";
    std::string Name = py::str(py::type::of(Own).attr("__name__"));
    Setup.Loop.Technique.Text = Name;
    auto Ref = std::make_shared<PyRef>(Own);
    Finalized = std::make_shared<FinalizeError>();
    Setup.Loop.MakeTechnique = [Ref, ByIndex,
                                Error = Finalized]() -> std::unique_ptr<SearchTechnique> {
      py::gil_scoped_acquire Lock;
      if (ByIndex)
        return std::make_unique<
            atf::detail::program_technique<atf::search_technique_1d, atf::index_t>>(
            std::make_shared<Indices>(Ref->Object, Error));
      return std::make_unique<
          atf::detail::program_technique<atf::search_technique, atf::coordinates>>(
          std::make_shared<Coordinates>(Ref->Object, Error));
    };
  }
  Measurer *Raw = Measure.get();
  const AbortCondition Stopped = AbortCondition::custom(
      [Raw](const SearchStatus &) { return Raw->Stop.load(); }, "a cost function raised");
  if (Options.contains("abort") && !Options["abort"].is_none())
    Setup.Loop.Abort = Options["abort"].cast<AbortCondition>() || Stopped;
  else
    Setup.Loop.Abort = AbortCondition::fraction(1.0) || Stopped;
  if (Options.contains("seed") && !Options["seed"].is_none())
    Setup.Loop.Seed = Options["seed"].cast<std::uint64_t>();
  Setup.Loop.CFamily = false;
  Setup.Loop.DefineLines.assign(Space->numLevels(), 0);
  Setup.ProgramName = option<std::string>(Options, "program_name", "python");
  Setup.ProgramCode = option<std::string>(Options, "program_code", "");
  Setup.ResultsDirectory = option<std::string>(Options, "results", "");
  Setup.Verbose = option<bool>(Options, "verbose", false);
  Setup.Silent = option<bool>(Options, "silent", false);
  Tuning =
      unlocked([&] {
        return online::OnlineTuning::open(*Space, std::move(Setup), *Measure, std::cout, std::cerr);
      }).take();
  openRuns().push_back(this);
}

PyTuning::~PyTuning() { release(); }

void PyTuning::close() {
  if (Running)
    throw EngineError("the tuning run cannot be closed while it runs");
  release();
  if (Finalized && Finalized->Raised) {
    py::error_already_set Raised = std::move(*Finalized->Raised);
    Finalized.reset();
    throw Raised;
  }
}

void PyTuning::release() {
  std::erase(openRuns(), this);
  // Taken while the lock is held, so that another thread's call finds the
  // run closed; ended without it (the measurer may wait for a device
  // worker to end; its Python objects take the lock as they go: PyRef).
  std::unique_ptr<online::OnlineTuning> Ending = std::move(Tuning);
  std::unique_ptr<Measurer> Dropped = std::move(Measure);
  py::gil_scoped_release Unlocked;
  Ending.reset();
  Dropped.reset();
}

std::vector<PyTuning *> &PyTuning::openRuns() {
  static std::vector<PyTuning *> Open; // (changed with the interpreter lock held)
  return Open;
}

void PyTuning::closeOpenRuns() {
  for (PyTuning *Run : std::vector<PyTuning *>(openRuns()))
    if (!Run->Running)
      Run->release();
}

online::OnlineTuning &PyTuning::open() const {
  if (!Tuning)
    throw EngineError("the tuning run is closed");
  return *Tuning;
}

bool PyTuning::run() {
  online::OnlineTuning &T = open();
  if (Running)
    throw EngineError("the tuning run is running already");
  Running = true;
  struct Done {
    bool &Running;
    ~Done() { Running = false; }
  } Ended{Running};
  static_cast<void>(unlocked([&] { return T.run(); }));
  return T.interrupted();
}

py::object PyTuning::next() {
  std::optional<Configuration> C = open().next();
  if (!C)
    return py::none();
  return namedToDict(namedValuesOf(*Space, *C));
}

void PyTuning::report(bool Valid, std::vector<double> Costs, std::string Reason, std::string Log) {
  online::OnlineTuning &T = open();
  std::optional<Configuration> C = T.next();
  if (!C)
    throw EngineError("a cost was reported, but no configuration was handed out");
  const double Seconds = T.status().ElapsedSeconds;
  Measurement M = Valid ? Measurement::valid(std::move(Costs))
                        : Measurement::invalid(FailureKind::RunFailed, std::move(Reason));
  if (Valid)
    M.Log = std::move(Log);
  OutputInOrder InOrder;
  if (Expected<void> Done = T.report(*C, M, Seconds); !Done)
    throw EngineError(Done.error().message());
}

void PyTuning::finish() {
  online::OnlineTuning &T = open();
  static_cast<void>(unlocked([&] { return T.finish(); }));
}

py::dict PyTuning::status() const {
  const SearchStatus &S = open().status();
  py::dict D;
  D["evaluations"] = S.Evaluations;
  D["valid_evaluations"] = S.ValidEvaluations;
  D["seconds"] = S.ElapsedSeconds;
  D["stalled"] = open().session().exploration().stallMessage();
  if (S.Best) {
    D["best_cost"] = py::cast(*S.Best);
    D["best_configuration"] = namedToDict(namedValuesOf(*Space, S.BestConfiguration));
  } else {
    D["best_cost"] = py::none();
    D["best_configuration"] = py::none();
  }
  return D;
}

py::list PyTuning::evaluations(std::int64_t AfterEvaluation) {
  Expected<std::vector<EvaluationRecord>> Records = open().evaluations(AfterEvaluation);
  if (!Records)
    throw EngineError(Records.error().message());
  py::list L;
  for (const EvaluationRecord &R : *Records)
    L.append(py::make_tuple(R.Timestamp, namedToDict(R.Configuration), R.Result.Valid,
                            costsOf(R.Result), R.Result.Reason, R.Evaluation, R.Reused,
                            R.Result.Log));
  return L;
}

std::string PyTuning::resultsDirectory() const { return open().resultsDirectory(); }

void bindAbortConditions(py::module_ &M) {
  py::class_<AbortCondition>(M, "Abort")
      .def_static("evaluations", &AbortCondition::evaluations)
      .def_static("valid_evaluations", &AbortCondition::validEvaluations)
      .def_static("fraction", &AbortCondition::fraction)
      .def_static("duration", &AbortCondition::duration)
      .def_static("cost", [](double C) { return AbortCondition::cost(Cost{C}); })
      .def_static("speedup_evaluations", &AbortCondition::speedupOverEvaluations)
      .def_static("speedup_duration", &AbortCondition::speedupOverDuration)
      .def_static("custom",
                  [](py::object Stop, std::string Name) {
                    auto Ref = std::make_shared<PyRef>(std::move(Stop));
                    return AbortCondition::custom(
                        [Ref](const SearchStatus &) {
                          py::gil_scoped_acquire Lock;
                          return Ref->Object().cast<bool>();
                        },
                        std::move(Name));
                  })
      .def("__and__", [](const AbortCondition &A, const AbortCondition &B) { return A && B; })
      .def("__or__", [](const AbortCondition &A, const AbortCondition &B) { return A || B; })
      .def("__invert__", [](const AbortCondition &A) { return !A; })
      .def("describe", &AbortCondition::describe);
}

void bindMeasurers(py::module_ &M) {
  py::class_<ConfigurationMeasurer, std::shared_ptr<ConfigurationMeasurer>>(M, "Measurer")
      .def_property_readonly("cost_meaning", &ConfigurationMeasurer::costMeaning);
  // atfc's script backend, as atf::generic::cost_function sets it up: the
  // commands run in Directory with the parameters as environment
  // variables.
  M.def(
      "process_measurer",
      [](std::string Run, std::string Compile, std::string CostFile, double Timeout,
         unsigned Warmups, unsigned Repetitions, std::string Directory) {
        ProcessBackendOptions Options;
        const std::string Enter = "cd \"$ATF_FILE_DIR\" && ";
        Options.RunScript = Enter + Run;
        if (!Compile.empty())
          Options.CompileScript = Enter + Compile;
        if (!CostFile.empty())
          Options.CostFile = std::filesystem::absolute(Directory + "/" + CostFile).string();
        Options.TimeoutSeconds = measurementTimeoutSeconds(Timeout);
        Options.Warmups = Warmups;
        Options.Repetitions = Repetitions;
        Options.FileDirectory = Directory;
        Options.CFamily = false;
        Options.CompileAhead = 0;
        Options.EnvironmentText = pythonText;
        return std::shared_ptr<ConfigurationMeasurer>(makeProcessMeasurer(std::move(Options)));
      },
      py::arg("run"), py::arg("compile"), py::arg("cost_file"), py::arg("timeout"),
      py::arg("warmups"), py::arg("repetitions"), py::arg("directory"));
}

} // namespace atfc::python
