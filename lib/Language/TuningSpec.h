//===- Language/TuningSpec.h - What a file's directives say ---*- C++ -*-===//
//
// The result of clause parsing: everything the `#atf::` directives of one
// file declare (inputs, tuning parameters, search, measurement, device), as
// plain structs. Expressions are not analysed here; each is kept as the text
// the user wrote, with a source map, so that the later Clang stage can both
// type-check it and report an error inside it at `file:line:col`.
//
// With parse errors the spec is incomplete (a directive with an error is left
// out): use it only when the parser reported none.
//
// Tested through ClauseParserTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_LANGUAGE_TUNINGSPEC_H
#define ATFC_LANGUAGE_TUNINGSPEC_H

#include "Language/SourcePosition.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// A C++ expression or type as the user wrote it (quotes around a whole
/// argument already stripped and escapes decoded), with where each of its
/// characters is in the file.
struct SourceExpr {
  /// The text, blanks around it trimmed; continuation lines are joined by
  /// one space.
  std::string Text;
  /// Where Text[0] is in the file.
  SourcePosition Begin;
  /// Where Text[I] is in the file; a decoded escape maps to its `\`.
  std::vector<SourcePosition> Positions;
  /// Just past the last character (for a quoted argument: its closing quote).
  SourcePosition End;

  /// Where character Index of Text is; End for Index at or past the end.
  SourcePosition positionOf(std::size_t Index) const {
    return Index < Positions.size() ? Positions[Index] : End;
  }
};

/// A string value, such as a script command or a file name, with C escapes
/// decoded and adjacent literals joined (`"a" "b"` is `ab`).
struct StringArgument {
  /// The decoded string; an unquoted argument is taken as written.
  std::string Value;
  /// The opening quote, or the first character of an unquoted argument.
  SourcePosition Begin;
};

/// A name the user gave: a tuning parameter, an input, a kernel.
struct Identifier {
  /// The name, a C identifier that is not a C++ keyword.
  std::string Name;
  /// Its first character.
  SourcePosition Position;
};

/// How an input of the tuner gets its value.
enum class InputKind {
  /// `#atf::var<T> NAME = EXPR`: the value is written in the file.
  Constant,
  /// `#atf::var<T>::NAME $k`: the tuner's k-th command-line argument.
  Positional,
};

/// An input (`#atf::var`): a named value that ranges, constraints and sizes
/// may use but that is not tuned.
struct InputVariable {
  /// The input's name.
  Identifier Name;
  /// The `T` of `var<T>`; absent when the type is inferred.
  std::optional<SourceExpr> Type;
  /// Whether the value is written in the file or passed on the command line.
  InputKind Kind = InputKind::Constant;
  /// Constant: the initializer, taken as written (quotes included: it may be
  /// a string literal).
  SourceExpr Value;
  /// Positional: k of `$k`, 1 for the first argument.
  unsigned ArgumentIndex = 0;
  /// Positional: the `$` of `$k`.
  SourcePosition ArgumentPosition;
  /// The `#` of the directive.
  SourcePosition Directive;
};

/// The shape of a tuning parameter's range, as far as it can be seen without
/// analysing the expression.
enum class RangeKind {
  /// `{a, b, c}` or `set(a, b, c)`, `set<T>(...)`.
  Set,
  /// `interval<T>(lo, hi[, step[, generator]])` or `interval(...)`.
  Interval,
};

/// The `range` clause of a tuning parameter.
struct RangeSpec {
  /// Set or interval.
  RangeKind Kind = RangeKind::Set;
  /// The whole range expression (with its `atf::` prefix, if written).
  SourceExpr Expr;
  /// The `T` of `interval<T>` or `set<T>`; absent when not written.
  std::optional<SourceExpr> ElementType;
};

/// A tuning parameter (`#atf::tp`).
struct TuningParameter {
  /// The `name` clause.
  Identifier Name;
  /// The `type` clause; absent when the type is inferred from the range.
  std::optional<SourceExpr> Type;
  /// The `range` clause.
  RangeSpec Range;
  /// The `constraint` clause: a boolean expression, an alias such as
  /// `divides(N)`, or a lambda; absent when the parameter is unconstrained.
  std::optional<SourceExpr> Constraint;
  /// The `#` of the directive.
  SourcePosition Directive;
};

/// Which device backend the file's `ocl::`/`opencl::`/`cuda::` directives
/// select.
enum class DeviceBackend {
  /// No device directive: the generic script-based measurement.
  None,
  /// `#atf::ocl::` or `#atf::opencl::`.
  OpenCL,
  /// `#atf::cuda::`.
  CUDA,
};

/// What kind of kernel argument an `input` directive makes.
enum class KernelInputKind {
  /// `scalar<T>(value)`, or `scalar<T>()` for a random value.
  Scalar,
  /// `buffer<T>(size)`: a buffer of random contents.
  Buffer,
  /// `local<T>(count)`: an OpenCL `__local T*` of count elements, sized
  /// per configuration (it may name tuning parameters).
  Local,
};

/// A buffer input's `fill` clause.
struct InputFill {
  /// `fill 1.5`, `fill index`, `fill random(LO, HI)`.
  enum class Kind { Constant, Index, Random };
  Kind How = Kind::Constant;
  /// Constant: the number; Random: LO and HI; number literals as written.
  std::string Low, High;
  /// Where the clause's argument begins.
  SourcePosition Begin;
};

/// One `#atf::ocl::input` / `#atf::cuda::input`: the next kernel argument.
struct KernelInput {
  /// Scalar, buffer or local.
  KernelInputKind Kind = KernelInputKind::Scalar;
  /// The whole expression, e.g. `buffer<float>(N)`.
  SourceExpr Expr;
  /// The `T` of `scalar<T>` / `buffer<T>` / `local<T>`; absent when not
  /// written.
  std::optional<SourceExpr> ElementType;
  /// A buffer's `data "FILE"` clause: its contents from a .npy or raw file,
  /// relative to the annotated file; `$k` is the tuner's k-th argument.
  std::optional<StringArgument> Data;
  /// A buffer's `fill` clause.
  std::optional<InputFill> Fill;
};

/// The device directives of the file.
struct DeviceSpec {
  /// The backend they select; None when there are none.
  DeviceBackend Backend = DeviceBackend::None;
  /// OpenCL `device_info vendor`: a substring of the platform vendor.
  std::optional<StringArgument> Vendor;
  /// OpenCL `device_info type`: "CPU", "GPU", "ACCELERATOR", ...
  std::optional<StringArgument> Type;
  /// OpenCL `device_info id`: index among the devices that match vendor and
  /// type.
  std::optional<SourceExpr> Index;
  /// OpenCL platform index (`device_info platform_id` or `platform_id`).
  std::optional<SourceExpr> PlatformId;
  /// Device index (`device_info device_id` or `device_id`; CUDA: the
  /// device ordinal).
  std::optional<SourceExpr> DeviceId;
  /// The first directive that selects the device (device_info,
  /// platform_id, device_id), where a device not found is reported.
  std::optional<SourcePosition> Selection;
  /// The kernel to tune (`kernel_name`).
  std::optional<Identifier> KernelName;
  /// The kernel's arguments, in order (`input`).
  std::vector<KernelInput> Inputs;
  /// OpenCL NDRange sizes, one expression per dimension (1 to 3); empty when
  /// not given.
  std::vector<SourceExpr> GlobalSize;
  std::vector<SourceExpr> LocalSize;
  /// CUDA launch dimensions, one expression per dimension (1 to 3); empty
  /// when not given.
  std::vector<SourceExpr> GridDim;
  std::vector<SourceExpr> BlockDim;
  /// CUDA `shared_memory`: the launch's dynamic shared memory in bytes, an
  /// expression of inputs and parameters; absent: none.
  std::optional<SourceExpr> SharedMemory;
};

/// What the results of a configuration are compared with.
enum class CheckKind {
  /// `gold "FILE"`: a file with the expected buffer contents.
  GoldFile,
  /// `reference {...}`: the outputs of a reference configuration.
  ReferenceConfiguration,
  /// `script "COMMAND"`: a command that reads the checked buffers
  /// (buffer_K.npy) and exits with 0 when they are right.
  Script,
};

/// One `NAME = VALUE` of a reference configuration.
struct ReferenceValue {
  /// The tuning parameter.
  Identifier Parameter;
  /// Its value in the reference configuration.
  SourceExpr Value;
};

/// The result check (`#atf::check`, also spelled `#atf::ocl::check` or
/// `#atf::cuda::check`):
///
///   #atf::check gold "expected.bin" [tolerance A] [relative R] [buffers N, ...]
///   #atf::check reference {.WPT = 1, .LS = 1} [tolerance A] [relative R] [buffers ...]
///
/// After each configuration runs, the checked buffers are compared element by
/// element with a gold file (the expected contents of the checked buffers,
/// one after the other, in their element type's binary form) or with what a
/// reference configuration computed on the same inputs. A reference lists
/// parameters as in a C++20 designated initializer (the `.` is optional);
/// parameters it leaves out take the first value of their range. Elements
/// match when |actual - expected| <= A + R * |expected| (numpy.allclose;
/// both default to 0: equal); A and R are expressions of inputs. `buffers`
/// names the checked buffers by the number of their `input` directive
/// (1 = first); by default every buffer input is checked. A configuration
/// whose results do not match is invalid, never best.
struct ResultCheck {
  /// Gold file or reference configuration.
  CheckKind Kind = CheckKind::GoldFile;
  /// GoldFile: the file's path.
  StringArgument GoldFile;
  /// Script: the command.
  StringArgument Script;
  /// Script: whether the command stays alive for the whole run (`server`,
  /// answering a line per configuration) instead of running once for each
  /// (`script`).
  bool Server = false;
  /// ReferenceConfiguration: the parameters it sets, in the order written.
  std::vector<ReferenceValue> Reference;
  /// The `tolerance` clause; absent for an exact comparison.
  std::optional<SourceExpr> Tolerance;
  /// The `relative` clause (a factor of |expected|); absent for none.
  std::optional<SourceExpr> Relative;
  /// The `buffers` clause: 1-based numbers of `input` directives; empty for
  /// every buffer input.
  std::vector<unsigned> Buffers;
  /// The `#` of the directive.
  SourcePosition Directive;
};

/// The objective that makes a CUDA kernel's measurement report its energy
/// (joules per launch, NVML) beside or instead of its time.
inline constexpr std::string_view kEnergyObjective = "energy";

/// `objective "gflops" max`: one named cost and its direction.
struct ObjectiveSpec {
  StringArgument Name;
  /// Whether larger is better (`max`); `min` and no word minimise.
  bool Maximise = false;
  /// The `#` of the directive.
  SourcePosition Directive;
  /// `= EXPR`: a derived objective, computed from the measured time (the
  /// first measured cost, named `time` in EXPR), the inputs and the
  /// parameters, as Kernel Tuner's `metrics`; absent: measured.
  std::optional<SourceExpr> Derived;
};

/// Everything the directives of one file declare. Every optional is absent
/// when its directive is not in the file.
struct TuningSpec {
  /// The inputs (`var`), in file order.
  std::vector<InputVariable> Inputs;
  /// The tuning parameters (`tp`), in file order; the constraints decide
  /// the order in which they are generated, not the file.
  std::vector<TuningParameter> Parameters;
  /// `search_technique`: e.g. `auc_bandit`, `round_robin(torczon, random)`.
  std::optional<SourceExpr> SearchTechnique;
  /// `abort_condition`: e.g. `evaluations(100) || duration<minutes>(10)`.
  std::optional<SourceExpr> AbortCondition;
  /// `seed`: the seed of the search's random numbers.
  std::optional<SourceExpr> Seed;
  /// `compile_script`: the command that builds a configuration.
  std::optional<StringArgument> CompileScript;
  /// `run_script`: the command that runs a configuration.
  std::optional<StringArgument> RunScript;
  /// `cost_file`: the file the run writes its cost(s) to.
  std::optional<StringArgument> CostFile;
  /// `objective "name" min|max`: the costs' names and directions, most
  /// significant first (the order written); empty for one anonymous
  /// minimised cost per number the run reports.
  std::vector<ObjectiveSpec> Objectives;
  /// `depends "path" ...`: files the measurements depend on besides the
  /// source, its includes and the scripts (their contents join the results
  /// key), in file order.
  std::vector<StringArgument> Depends;
  /// `timeout`: the longest a configuration may take, e.g.
  /// `duration<seconds>(30)`.
  std::optional<SourceExpr> Timeout;
  /// `warmups`: unmeasured runs of each configuration before measuring.
  std::optional<SourceExpr> Warmups;
  /// `repetitions`: measured runs of each configuration.
  std::optional<SourceExpr> Repetitions;
  /// `repetitions N statistic WORD`: how their costs become the cost,
  /// "median", "mean" or "min"; absent: the median.
  std::optional<Identifier> RepetitionStatistic;
  /// The result check.
  std::optional<ResultCheck> Check;
  /// The device directives.
  DeviceSpec Device;

  /// The input called Name, or null.
  const InputVariable *findInput(std::string_view Name) const {
    for (const InputVariable &Input : Inputs)
      if (Input.Name.Name == Name)
        return &Input;
    return nullptr;
  }

  /// The tuning parameter called Name, or null.
  const TuningParameter *findParameter(std::string_view Name) const {
    for (const TuningParameter &Parameter : Parameters)
      if (Parameter.Name.Name == Name)
        return &Parameter;
    return nullptr;
  }
};

} // namespace atfc

#endif // ATFC_LANGUAGE_TUNINGSPEC_H
