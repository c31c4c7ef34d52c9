//===- Tuning/LoopSetup.h - What the loop needs of a file -------*- C++ -*-===//
//
// What the tuning loop needs to know besides its space and its options:
// the search technique and abort condition (as the text the user wrote:
// the session parses them, so that atfc tune can override them with the
// same words), the seed, the objectives, and how the best configuration is
// written out (the parameters' #define lines, and whether the file is
// C-family). A generated tuner fills these through its TuningSetup
// (runtime/TuningSetup.h), which adds how one configuration is measured; a
// program that tunes in-process fills them itself.
//
// Tested through TuningSessionTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_LOOPSETUP_H
#define ATFC_TUNING_LOOPSETUP_H

#include "Search/AbortCondition.h"
#include "Search/SearchTechnique.h"
#include "SearchSpace/Configuration.h"
#include "Support/Cost.h"
#include "Support/Error.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// A directive's text and where it is, for messages about it.
struct DirectiveText {
  /// The text as written; empty when the file has no such directive.
  std::string Text;
  /// The 1-based line and column of its first character.
  unsigned Line = 0;
  unsigned Column = 0;
};

/// What the directives say about searching and writing the best out.
struct LoopSetup {
  /// `search_technique`; empty: the default technique.
  DirectiveText Technique;
  /// `abort_condition`; empty: the whole space once.
  DirectiveText AbortCondition;
  /// A program's own technique (the online interfaces), made afresh for
  /// each run instead of parsing Technique, which then names it.
  std::function<std::unique_ptr<SearchTechnique>()> MakeTechnique;
  /// An abort condition built by a program (the online interfaces), used
  /// instead of parsing AbortCondition.
  std::optional<atfc::AbortCondition> Abort;
  /// `seed`, when given.
  std::optional<std::uint64_t> Seed;
  /// The 1-based line of each parameter's `tp` directive, in generation
  /// (chain level) order: where ATF_SOURCE and the tuned source define it.
  std::vector<unsigned> DefineLines;
  /// Each parameter's constraint as written, in the same order (Text empty
  /// for one without); empty when not known (the online interfaces). An
  /// empty space's error names the one that rejected everything.
  std::vector<DirectiveText> Constraints;
  /// Each parameter's type as the file declares it ("long", "size_t"), in
  /// the same order; empty when not known (the online interfaces), where
  /// reports show the kind of its values ("int") instead.
  std::vector<std::string> TypeNames;
  /// Whether the file is C-family (its tuned copies get #define lines).
  bool CFamily = true;
  /// The tuner's inputs and their values (scripts see them as variables).
  std::vector<NamedValue> Inputs;

  /// `objective` directives: the costs' names and directions, most
  /// significant first; empty: anonymous minimised costs ("cost", or
  /// "cost1", "cost2", ... for several).
  ObjectiveList Objectives;
  /// The indices in Objectives of derived objectives (`objective "gflops"
  /// max = EXPR`), which no measurer measures; and Derive, which makes all
  /// costs, in Objectives' order, of a configuration's values (chain level
  /// order) and its measured costs. Not set: every objective is measured.
  std::vector<std::size_t> DerivedObjectives;
  std::function<std::vector<double>(std::span<const Value>, const std::vector<double> &)> Derive;

  /// What else the results depend on, read once the run's database is
  /// open (a kernel's data and gold files: changed data is measured anew);
  /// joins the results key when it is not empty. None: nothing else.
  std::function<Expected<std::string>()> DataKey;
};

} // namespace atfc

#endif
