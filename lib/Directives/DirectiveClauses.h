//===- Directives/DirectiveClauses.h - One parse function per directive -*- C++ -*-===//
//
// Each directive's clauses into the TuningSpec (var, tp, search_technique,
// abort_condition, device_info, check, input, the launch sizes, depends,
// objective, repetitions), and the rules of a file as a whole: a directive
// given once, a name declared once and not reserved, one backend.
//
// Tested through ClauseParserTest.cpp and ClauseParserErrorTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DIRECTIVES_DIRECTIVECLAUSES_H
#define ATFC_DIRECTIVES_DIRECTIVECLAUSES_H

#include "Directives/ArgumentShapes.h"

#include "llvm/ADT/StringMap.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace atfc::clauses {

/// Parses the clauses of each directive.
class DirectiveClauses : public ArgumentShapes {
protected:
  /// Registers Key as given at P. When it was given before, returns where.
  std::optional<SourcePosition> firstOccurrence(StringRef Key, SourcePosition P) {
    auto [It, Inserted] = FirstSeen.try_emplace(Key, P);
    if (Inserted)
      return std::nullopt;
    return It->second;
  }
  /// Registers a directive that may appear once; false (and an error) when
  /// it appeared before.
  bool claimDirective(StringRef Key);
  /// Registers a name; false (and an error) when an input or parameter
  /// already has it.
  bool declareName(const Identifier &Name, bool IsParameter);
  /// Notes the backend a prefixed directive selects; false (and an error)
  /// when the file already uses the other one.
  bool selectBackend(unsigned Prefix);

  void parseVar(std::size_t I);
  void parseTuningParameter(std::size_t I);
  void parseSearchTechnique(std::size_t I, bool AsAbortCondition);
  void parseDeviceInfo(std::size_t I);
  void parseCheck(std::size_t I);
  void parseKernelInput(std::size_t I);
  /// `fill 0`, `fill 1.5`, `fill index`, `fill random(LO, HI)`.
  std::optional<InputFill> parseFill(const SourceExpr &X);
  void parseDepends(std::size_t I);
  void parseObjective(std::size_t I);
  void parseRepetitions(std::size_t I);
  void parseSize(std::size_t I, StringRef Key, std::vector<SourceExpr> &Slot);
  template <typename T>
  void storeOnce(StringRef Key, std::optional<T> Value, std::optional<T> &Slot) {
    if (Value && claimDirective(Key))
      Slot = std::move(Value);
  }

  /// Where each thing that may be given once was first given.
  llvm::StringMap<SourcePosition> FirstSeen;
  struct DeclaredName {
    SourcePosition Position;
    bool IsParameter;
  };
  llvm::StringMap<DeclaredName> Names;
  /// The first directive that selected Spec.Device.Backend.
  SourcePosition BackendPosition;
};

} // namespace atfc::clauses

#endif // ATFC_DIRECTIVES_DIRECTIVECLAUSES_H
