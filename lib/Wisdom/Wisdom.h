//===- Wisdom/Wisdom.h - Best configurations per device and input -*- C++ -*-===//
//
// Wisdom is what a program needs to pick its configuration at run time: for
// every device and every set of the file's positional inputs that was tuned,
// the best configuration found. It is collected from results databases
// (the latest run per device and argument set; its best over everything
// known under the run's key), merged across databases of several devices,
// written as JSON (`<stem>_wisdom.json`) and as a C/C++ header
// (SelectionHeader.h), which both follow the selection rule of selectEntry:
//
//  1. devices: the entries of the device named exactly (its name or the
//     whole recorded description), else those of the same vendor family,
//     else all of them (device NULL or empty: all of them);
//  2. inputs: among those, the entry nearest to the given inputs: fewest
//     string inputs that differ first, then the smallest product over the
//     numeric inputs (bool as 0/1) of max(a', b') / min(a', b') with
//     x' = 1 + |x| (a' * b' when the signs differ): the distance in
//     log(1 + |x|), summed over the inputs; ties go to the entry first in
//     the wisdom.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_WISDOM_WISDOM_H
#define ATFC_WISDOM_WISDOM_H

#include "SearchSpace/Value.h"
#include "Support/Cost.h"
#include "Support/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// The format version of wisdom files ("atfc_wisdom": 1).
inline constexpr int kWisdomVersion = 1;

/// A positional input of the tuned file: `#atf::var<Type>::Name $Argument`.
struct WisdomInput {
  std::string Name;
  /// Its C++ type as declared ("size_t", "std::int64_t", "std::string").
  std::string Type;
  /// k of `$k`.
  unsigned Argument = 1;
  bool operator==(const WisdomInput &) const = default;
};

/// A tuning parameter: its name and the kind of its values.
struct WisdomParameter {
  std::string Name;
  ValueKind Kind = ValueKind::Int;
  bool operator==(const WisdomParameter &) const = default;
};

/// One conjunct of a tuning parameter's constraint, as the analysis lowered
/// it (Frontend/ConstraintLowering.h), for the selection header to check
/// at a program's own inputs (SelectionConstraints.h).
struct WisdomConjunct {
  /// A relation alias of the directive language ("divides", "multiple_of",
  /// "less_than", ..., "unequal": the parameter stands in it to
  /// Expression); "condition" (Expression is a boolean expression in which
  /// the parameter's name is the candidate); "callable" or "object" (a
  /// lambda; aliases under || or !): C++ the header does not check.
  std::string Shape;
  /// The operand of the alias, or the whole condition, as written.
  std::string Expression;
  /// Whether Expression names a device limit (known only to the tuner).
  bool NamesDeviceLimit = false;
  bool operator==(const WisdomConjunct &) const = default;
};

/// The constraint of one tuning parameter: its C++ type (as analysed,
/// "size_t") and its conjuncts, left to right (none: unconstrained).
struct WisdomConstraint {
  std::string Parameter;
  std::string Type;
  std::vector<WisdomConjunct> Conjuncts;
  bool operator==(const WisdomConstraint &) const = default;
};

/// The best configuration of one device and argument set.
struct WisdomEntry {
  /// The device as the run recorded it ("PoCL: cpu-haswell (OpenCL 3.0
  /// PoCL ...)"); empty for runs measured by scripts.
  std::string Device;
  /// The program's arguments the run had ($1, $2, ...).
  std::vector<std::string> Arguments;
  /// One value per parameter of the wisdom, in its order.
  std::vector<Value> Values;
  /// The configuration's cost(s).
  std::vector<double> Costs;
  /// Where it came from: the results database and run.
  std::string Source;
  std::int64_t Run = 0;
};

/// Everything known about one file.
struct Wisdom {
  /// The tuned file as the runs named it.
  std::string File;
  /// Its positional inputs in declaration order.
  std::vector<WisdomInput> Inputs;
  std::vector<WisdomParameter> Parameters;
  /// The costs' names and directions, most significant first; empty for
  /// anonymous minimised costs. Entries are compared in these directions.
  ObjectiveList Objectives;
  std::vector<WisdomEntry> Entries;
  /// The file's constraints, one per tuning parameter in file order;
  /// nullopt when not known (a wisdom file written before they were
  /// recorded, a results database merged without the file).
  std::optional<std::vector<WisdomConstraint>> Constraints;
};

/// The C identifier for the header and its names made from a file name:
/// the name up to its first '.', every character but letters, digits and
/// '_' replaced by '_', and '_' put before a leading digit (CMake's
/// string(MAKE_C_IDENTIFIER) of NAME_WE); "kernel" when nothing is left.
/// "dir/gemm.cl" -> "gemm", "my-fft.cu" -> "my_fft".
std::string selectionStem(std::string_view FileName);

/// The include guard of a header atfc writes for the file whose selection
/// stem is Stem: "ATFC_<STEM>_<KIND>_H", with runs of '_' made one, so
/// that it is never a name reserved to the compiler ('__', '_' and a
/// capital) and two tuned files' headers can meet in one translation unit.
std::string headerGuard(std::string_view Stem, std::string_view Kind);

/// Whether Text is a C identifier.
bool isCIdentifier(std::string_view Text);

/// The device's name in a recorded description: "PLATFORM: NAME (VERSION)"
/// and "CUDA: NAME (sm_XY)" give NAME; an empty description (scripts)
/// gives "host".
std::string wisdomDeviceName(std::string_view Description);

/// The vendor family of a device name: the first of cpu, nvidia, amd,
/// intel, apple, arm, qualcomm whose words the name contains (case
/// ignored; "cpu", "pthread"; "nvidia", "geforce", "quadro", "tesla";
/// "amd", "radeon", "gfx"; "intel"; "apple"; "mali"; "adreno"), else ""
/// (no family).
std::string wisdomDeviceFamily(std::string_view Name);

/// The wisdom of the results database at Path for the file whose inputs
/// are Inputs: per device and argument set, the latest run (with the
/// parameters of the database's latest run) and its best valid result
/// under the run's key. File, when not empty, keeps only its runs.
Expected<Wisdom> wisdomOfDatabase(const std::string &Path, const std::vector<WisdomInput> &Inputs,
                                  std::string_view File = {});

/// Several wisdoms as one: they must agree on inputs and parameters, and
/// those that know the constraints on them; of entries for the same device
/// and arguments, the lower cost stays.
Expected<Wisdom> mergeWisdom(const std::vector<Wisdom> &Parts);

/// The wisdom as JSON (docs/per-input.md), and read back.
std::string wisdomJson(const Wisdom &W);
Expected<Wisdom> parseWisdom(std::string_view Text);

/// The value of input I of entry E as a number for the distance (bool 0/1);
/// nullopt for strings or when the argument is not a number.
std::optional<double> numericInput(const WisdomInput &Input, std::string_view Text);

/// How far tuned arguments are from given inputs: differing string inputs
/// first, then the product of the numeric inputs' factors (the rule above).
struct InputDistance {
  std::size_t Mismatches = 0;
  double Factor = 1;
  bool operator<(const InputDistance &O) const {
    return Mismatches != O.Mismatches ? Mismatches < O.Mismatches : Factor < O.Factor;
  }
};

/// The distance of the tuned Arguments ($1, $2, ...) from the given Inputs
/// (argument texts, one per input of W in declaration order).
InputDistance inputDistance(const std::vector<WisdomInput> &Declared,
                            const std::vector<std::string> &Inputs,
                            const std::vector<std::string> &Arguments);

/// The index of the entry the selection rule picks for the inputs (as
/// argument texts, one per input in declaration order) on Device (null or
/// empty: any); nullopt when the wisdom has no entry.
std::optional<std::size_t> selectEntry(const Wisdom &W, const std::vector<std::string> &Inputs,
                                       const char *Device);

} // namespace atfc

#endif
