//===- Directives/ClauseParser.cpp - Parse directive clauses ----------------===//
//
// The entry of the clause parser: the shared helpers of SpecParser.h, the
// parser's bookkeeping (directives claimed once, names declared once, one
// backend), and the dispatch of each directive to its parse function
// (DirectiveClauses.cpp), whose errors point at the offending character of
// the user's file.
//
//===----------------------------------------------------------------------===//
#include "Directives/SpecParser.h"

#include "Support/GeneratedName.h"
#include "Support/Suggestions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace atfc::clauses {

SourcePosition after(SourcePosition P) { return {P.Line, P.Column + 1}; }

std::string formatPosition(SourcePosition P) {
  return std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

std::string listOf(ArrayRef<StringRef> Words) {
  std::string Out;
  for (std::size_t I = 0; I < Words.size(); ++I) {
    if (I > 0)
      Out += I + 1 == Words.size() ? " or " : ", ";
    Out += Words[I].str();
  }
  return Out;
}

MappedText mapped(const Directive &D) { return {D.Text, D.TextPositions, D.End}; }

MappedText mapped(const SourceExpr &X) { return {X.Text, X.Positions, X.End}; }

SourceExpr slice(const MappedText &M, std::size_t Begin, std::size_t End) {
  while (Begin < End && isBlank(M.Text[Begin]))
    ++Begin;
  while (End > Begin && isBlank(M.Text[End - 1]))
    --End;
  SourceExpr X;
  X.Text = M.Text.slice(Begin, End).str();
  X.Positions.assign(M.Positions.begin() + Begin, M.Positions.begin() + End);
  X.Begin = M.positionOf(Begin);
  if (End == Begin)
    X.End = X.Begin;
  else if (End >= M.Text.size())
    X.End = M.End;
  else
    X.End = after(M.Positions[End - 1]);
  return X;
}

std::optional<char> simpleEscape(char E) {
  static constexpr StringRef Letters = "ntrabfv\\'\"?";
  static constexpr StringRef Meanings = "\n\t\r\a\b\f\v\\'\"?";
  std::size_t I = Letters.find(E);
  if (I == NoIndex)
    return std::nullopt;
  return Meanings[I];
}

unsigned prefixMask(StringRef Prefix) {
  if (Prefix.empty())
    return Unprefixed;
  if (Prefix == "ocl" || Prefix == "opencl")
    return OpenCLPrefix;
  if (Prefix == "cuda")
    return CUDAPrefix;
  return 0;
}

void captureByReference(SourceExpr &X) {
  std::string &Text = X.Text;
  for (std::size_t I = 0; I < Text.size();) {
    if (lexing::opensLiteral(Text, I)) {
      I = lexing::skipLiteral(Text, I);
      if (I == NoIndex)
        return;
      continue;
    }
    if (Text[I] != '[') {
      ++I;
      continue;
    }
    // After an operand, `[` subscripts; elsewhere it introduces a lambda.
    std::size_t Before = I;
    while (Before > 0 && isBlank(Text[Before - 1]))
      --Before;
    const bool Subscript = Before > 0 && (isIdentifierChar(Text[Before - 1]) ||
                                          Text[Before - 1] == ')' || Text[Before - 1] == ']');
    const std::size_t Close = skipBlanks(Text, I + 1);
    if (Subscript || Close >= Text.size() || Text[Close] != ']') {
      ++I;
      continue;
    }
    Text.insert(Text.begin() + static_cast<std::ptrdiff_t>(I + 1), '&');
    if (X.Positions.size() + 1 == Text.size())
      X.Positions.insert(X.Positions.begin() + static_cast<std::ptrdiff_t>(I + 1),
                         X.positionOf(Close));
    I = Close + 2;
  }
}

std::string reservedNameReason(StringRef Name) {
#define ATF_RESERVED_NAME(Reserved, Why)                                                           \
  if (Name == #Reserved)                                                                           \
    return Why;
#define ATF_RESERVED_PREFIX(Prefix, Why)                                                           \
  if (Name.startswith(#Prefix))                                                                    \
    return Why;
#include "Language/Language.def"
  return "";
}

bool isAbortConditionName(StringRef Word) {
  return Word == "evaluations" || Word == "valid_evaluations" || Word == "fraction" ||
         Word == "duration" || Word == "cost" || Word == "speedup";
}

StringRef leadingName(StringRef Text) {
  std::size_t I = 0;
  while (I < Text.size() && (isBlank(Text[I]) || Text[I] == '!' || Text[I] == '('))
    ++I;
  if (Text.substr(I).startswith("atf::"))
    I += 5;
  return Text.slice(I, wordEnd(Text, I));
}

bool SpecParser::claimDirective(StringRef Key) {
  SourcePosition Here = pos(NameIndex);
  std::optional<SourcePosition> First = firstOccurrence(Key, Here);
  if (!First)
    return true;
  if (Key == "abort_condition")
    error(Here, "the abort condition is already given at " + formatPosition(*First) +
                    "; combine conditions with && or || in one directive");
  else
    error(Here, "'" + Spelling + "' may appear only once per file; the first one is at " +
                    formatPosition(*First));
  return false;
}

bool SpecParser::declareName(const Identifier &Name, bool IsParameter) {
  if (std::string Why = reservedNameReason(Name.Name); !Why.empty()) {
    error(Name.Position, "'" + Name.Name + "' cannot be the name of " +
                             (IsParameter ? "a tuning parameter" : "an input") +
                             ": the scripts see it as an environment variable, and " + Why +
                             "; choose another name");
    return false;
  }
  // The name becomes code: a `#define` in best.h and the tuned source, a
  // variable of the tuner, a member of the selection header; the analysis
  // unit names each one's type `type_of_NAME` (SyntheticUnit.cpp).
  if (std::string Why = generatedNameProblem(Name.Name, "type_of_"); !Why.empty()) {
    error(Name.Position, "'" + nameForMessage(Name.Name) + "' cannot be the name of " +
                             (IsParameter ? "a tuning parameter" : "an input") + ": " + Why +
                             "; choose another name");
    return false;
  }
  auto [It, Inserted] = Names.try_emplace(Name.Name, DeclaredName{Name.Position, IsParameter});
  if (Inserted)
    return true;
  const DeclaredName &First = It->second;
  std::string Where = formatPosition(First.Position);
  if (First.IsParameter == IsParameter)
    error(Name.Position, std::string(IsParameter ? "tuning parameter '" : "input '") + Name.Name +
                             "' is already declared at " + Where);
  else
    error(Name.Position, "'" + Name.Name + "' is already declared as " +
                             (First.IsParameter ? "a tuning parameter" : "an input") + " at " +
                             Where + "; " + (IsParameter ? "a tuning parameter" : "an input") +
                             " needs a name of its own");
  return false;
}

bool SpecParser::selectBackend(unsigned Prefix) {
  if (Prefix == Unprefixed)
    return true;
  DeviceBackend Wanted = Prefix == CUDAPrefix ? DeviceBackend::CUDA : DeviceBackend::OpenCL;
  if (Spec.Device.Backend == DeviceBackend::None) {
    Spec.Device.Backend = Wanted;
    BackendPosition = pos(NameIndex);
    return true;
  }
  if (Spec.Device.Backend == Wanted)
    return true;
  bool CUDA = Wanted == DeviceBackend::CUDA;
  error(NameIndex, std::string(CUDA ? "a CUDA" : "an OpenCL") +
                       " directive in a file whose device directives are " +
                       (CUDA ? "OpenCL" : "CUDA") + " (the first at " +
                       formatPosition(BackendPosition) + "); a file targets one backend");
  return false;
}

void SpecParser::parseDirective() {
  std::size_t I = skipBlanks(Text, 0);
  NameIndex = I;
  std::size_t End = isIdentifierStart(I < Text.size() ? Text[I] : '\0') ? wordEnd(Text, I) : I;
  if (End == I) {
    error(I, "expected a directive name after '#atf::', such as tp or var");
    return;
  }
  if (Text.slice(I, End) == "var") {
    Spelling = "#atf::var";
    parseVar(End);
    return;
  }
  while (Text.substr(End).startswith("::") && End + 2 < Text.size() &&
         isIdentifierStart(Text[End + 2]))
    End = wordEnd(Text, End + 2);
  StringRef Path = Text.slice(I, End);
  Spelling = "#atf::" + Path.str();
  auto [Prefix, Name] = Path.contains("::") ? Path.split("::") : std::make_pair(StringRef(), Path);
  unsigned Where = prefixMask(Prefix);
  const DirectiveInfo *Info = findDirective(Name);

  if (!Info || !Where || !(Info->Where & Where)) {
    std::string Message;
    if (Info && Where == Unprefixed) {
      Message = "'" + Spelling + "' needs a backend prefix: write ";
      if (Info->Where & OpenCLPrefix)
        Message += "#atf::ocl::" + Name.str() + " for OpenCL";
      if ((Info->Where & OpenCLPrefix) && (Info->Where & CUDAPrefix))
        Message += " or ";
      if (Info->Where & CUDAPrefix)
        Message += "#atf::cuda::" + Name.str() + " for CUDA";
    } else if (Info && Where && Info->Where == Unprefixed) {
      Message = "'" + Spelling + "' takes no backend prefix; write #atf::" + Name.str();
    } else if (Info && Where) {
      bool ForCUDA = Info->Where & CUDAPrefix;
      Message = "'" + Name.str() + (ForCUDA ? "' is a CUDA" : "' is an OpenCL") +
                " directive (#atf::" + (ForCUDA ? "cuda::" : "ocl::") + Name.str() +
                (ForCUDA ? "), not an OpenCL one" : "), not a CUDA one");
    } else {
      Message = "unknown directive '" + Spelling + "'";
      if (std::string_view Suggestion = closestSpelling(Path, allDirectiveSpellings());
          !Suggestion.empty())
        Message += "; did you mean '#atf::" + std::string(Suggestion) + "'?";
    }
    error(I, std::move(Message));
    return;
  }
  if (!selectBackend(Where))
    return;

  std::size_t Arg = skipBlanks(Text, End);
  switch (Info->Kind) {
  case DirectiveKind::Var: // Handled above: `var<T>` has no `::` path.
    return;
  case DirectiveKind::TuningParameter:
    return parseTuningParameter(Arg);
  case DirectiveKind::SearchTechnique:
    return parseSearchTechnique(Arg, /*AsAbortCondition=*/false);
  case DirectiveKind::AbortCondition:
    return parseSearchTechnique(Arg, /*AsAbortCondition=*/true);
  case DirectiveKind::Seed:
    return storeOnce("seed", singleExpression(Arg), Spec.Seed);
  case DirectiveKind::Timeout:
    return storeOnce("timeout", singleExpression(Arg), Spec.Timeout);
  case DirectiveKind::Warmups:
    return storeOnce("warmups", singleExpression(Arg), Spec.Warmups);
  case DirectiveKind::Repetitions:
    return parseRepetitions(Arg);
  case DirectiveKind::CompileScript:
    return storeOnce("compile_script", stringArgument(Arg, Text.size(), Spelling),
                     Spec.CompileScript);
  case DirectiveKind::RunScript:
    return storeOnce("run_script", stringArgument(Arg, Text.size(), Spelling), Spec.RunScript);
  case DirectiveKind::CostFile:
    return storeOnce("cost_file", stringArgument(Arg, Text.size(), Spelling), Spec.CostFile);
  case DirectiveKind::Depends:
    return parseDepends(Arg);
  case DirectiveKind::Objective:
    return parseObjective(Arg);
  case DirectiveKind::Check:
    return parseCheck(Arg);
  case DirectiveKind::DeviceInfo:
    return parseDeviceInfo(Arg);
  case DirectiveKind::PlatformId:
  case DirectiveKind::DeviceId: {
    std::optional<SourceExpr> X = singleExpression(Arg);
    if (!X)
      return;
    bool Platform = Info->Kind == DirectiveKind::PlatformId;
    StringRef Key = Platform ? "platform_id" : "device_id";
    if (std::optional<SourcePosition> First = firstOccurrence(Key, pos(NameIndex))) {
      error(NameIndex, "'" + Key.str() + "' is already given at " + formatPosition(*First));
      return;
    }
    (Platform ? Spec.Device.PlatformId : Spec.Device.DeviceId) = std::move(X);
    if (!Spec.Device.Selection)
      Spec.Device.Selection = D->Hash;
    return;
  }
  case DirectiveKind::KernelName: {
    std::optional<SourceExpr> X = singleExpression(Arg);
    if (!X)
      return;
    return storeOnce("kernel_name", identifierFrom(*X, "a kernel"), Spec.Device.KernelName);
  }
  case DirectiveKind::Input:
    return parseKernelInput(Arg);
  case DirectiveKind::GlobalSize:
    return parseSize(Arg, "global_size", Spec.Device.GlobalSize);
  case DirectiveKind::LocalSize:
    return parseSize(Arg, "local_size", Spec.Device.LocalSize);
  case DirectiveKind::GridDim:
    return parseSize(Arg, "grid_dim", Spec.Device.GridDim);
  case DirectiveKind::BlockDim:
    return parseSize(Arg, "block_dim", Spec.Device.BlockDim);
  case DirectiveKind::SharedMemory:
    return storeOnce("shared_memory", singleExpression(Arg), Spec.Device.SharedMemory);
  }
}

ClauseParse SpecParser::run(const DirectiveScan &Scan) {
  FileName = Scan.FileName;
  for (const Directive &Each : Scan.Directives) {
    D = &Each;
    Text = Each.Text;
    parseDirective();
  }
  sortByLocation(Result.Diagnostics);
  return std::move(Result);
}

} // namespace atfc::clauses

atfc::ClauseParse atfc::parseClauses(const DirectiveScan &Scan) {
  return clauses::SpecParser().run(Scan);
}
