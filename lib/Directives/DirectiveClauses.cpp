//===- Directives/DirectiveClauses.cpp - One parse function per directive ---===//
#include "Directives/DirectiveClauses.h"

#include "Directives/DirectiveTable.h"

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
#include <tuple>
#include <utility>
#include <vector>

namespace atfc::clauses {

namespace {

/// The functions an abort condition is built from. A search_technique whose
/// expression starts with one is the slides' spelling of an abort condition.
bool isAbortConditionName(StringRef Word) {
  return Word == "evaluations" || Word == "valid_evaluations" || Word == "fraction" ||
         Word == "duration" || Word == "cost" || Word == "speedup";
}

/// The first word of an expression, past `!`, `(`, blanks and `atf::`.
StringRef leadingName(StringRef Text) {
  std::size_t I = 0;
  while (I < Text.size() && (isBlank(Text[I]) || Text[I] == '!' || Text[I] == '('))
    ++I;
  if (Text.substr(I).startswith("atf::"))
    I += 5;
  return Text.slice(I, wordEnd(Text, I));
}

} // namespace

bool DirectiveClauses::claimDirective(StringRef Key) {
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

bool DirectiveClauses::declareName(const Identifier &Name, bool IsParameter) {
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

bool DirectiveClauses::selectBackend(unsigned Prefix) {
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

void DirectiveClauses::parseVar(std::size_t I) {
  InputVariable Input;
  Input.Directive = D->Hash;
  I = skipBlanks(Text, I);
  if (I < Text.size() && Text[I] == '<') {
    std::size_t Close = findClosingAngle(Text, I);
    if (Close == NoIndex) {
      error(I, "unclosed '<' in the type of this input; add the matching '>'");
      return;
    }
    Input.Type = slice(mapped(*D), I + 1, Close);
    if (Input.Type->Text.empty()) {
      error(Close, "expected a type between '<' and '>'");
      return;
    }
    I = Close + 1;
  }
  bool Positional = Text.substr(I).startswith("::");
  I = Positional ? I + 2 : skipBlanks(Text, I);

  std::size_t NameEnd = wordEnd(Text, I);
  if (NameEnd == I || !isIdentifierStart(Text[I])) {
    error(I, Positional ? "expected the input's name after '::', as in var::N $1"
                        : "expected the input's name, as in var<int> N = 1024");
    return;
  }
  std::optional<Identifier> Name = identifierFrom(slice(mapped(*D), I, NameEnd), "an input");
  if (!Name)
    return;
  Input.Name = *Name;
  I = skipBlanks(Text, NameEnd);

  if (Positional) {
    Input.Kind = InputKind::Positional;
    if (I >= Text.size() || Text[I] != '$') {
      error(I, "expected the command-line argument of '" + Input.Name.Name +
                   "' after its name, as in var::" + Input.Name.Name + " $1");
      return;
    }
    std::optional<unsigned> Index = positionalArgument(I);
    if (!Index)
      return;
    Input.ArgumentIndex = *Index;
    Input.ArgumentPosition = pos(I);
    std::size_t After = skipBlanks(Text, wordEnd(Text, I + 1));
    if (After < Text.size()) {
      error(After, "unexpected text after the command-line argument of '" + Input.Name.Name + "'");
      return;
    }
  } else {
    Input.Kind = InputKind::Constant;
    if (I >= Text.size() || Text[I] != '=') {
      if (I < Text.size() && Text[I] == '$')
        error(I, "an input from the command line is written var::" + Input.Name.Name +
                     " $k or var<T>::" + Input.Name.Name + " $k");
      else
        error(I, "expected '=' and a value after '" + Input.Name.Name + "', as in var<int> " +
                     Input.Name.Name + " = 1024");
      return;
    }
    std::size_t ValueBegin = skipBlanks(Text, I + 1);
    ArgumentExtent Extent = scanArgument(ValueBegin, {}, /*DetectStrayWords=*/false);
    if (!Extent.Ok)
      return;
    if (Extent.End == ValueBegin) {
      error(ValueBegin, "expected a value after '='");
      return;
    }
    Input.Value = slice(mapped(*D), ValueBegin, Extent.End);
    if (!checkForeignSyntax(ValueBegin, Extent.End, "=", Input.Value))
      return;
  }
  if (declareName(Input.Name, /*IsParameter=*/false))
    Spec.Inputs.push_back(std::move(Input));
}

void DirectiveClauses::parseTuningParameter(std::size_t I) {
  std::vector<Clause> Clauses;
  bool ClausesOk = parseClauseList(I, TuningParameterClauses, Clauses);
  TuningParameter Parameter;
  Parameter.Directive = D->Hash;
  bool Ok = ClausesOk;
  bool HasName = false;
  bool HasRange = false;
  std::optional<Identifier> Name;
  for (const Clause &C : Clauses) {
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    HasName |= C.Keyword == "name";
    HasRange |= C.Keyword == "range";
    if (!X) {
      Ok = false;
      continue;
    }
    if (C.Keyword == "name") {
      Name = identifierFrom(*X, "a tuning parameter");
      Ok &= Name.has_value();
    } else if (C.Keyword == "type") {
      Parameter.Type = std::move(X);
    } else if (C.Keyword == "range") {
      std::optional<RangeSpec> Range = classifyRange(*X);
      Ok &= Range.has_value();
      if (Range)
        Parameter.Range = std::move(*Range);
    } else {
      captureByReference(*X);
      Parameter.Constraint = std::move(X);
    }
  }
  // A misspelt keyword or a broken argument often hides the missing clause;
  // do not pile a second error on the first.
  if (ClausesOk && !HasName)
    error(D->End, "'#atf::tp' needs a 'name' clause: the name of the tuning parameter");
  if (ClausesOk && !HasRange)
    error(D->End, (Name ? "tuning parameter '" + Name->Name + "'" : std::string("'#atf::tp'")) +
                      " needs a 'range' clause, as in range {1, 2, 4} or range "
                      "interval<int>(1, 10)");
  if (!Name)
    return;
  Parameter.Name = *Name;
  if (declareName(Parameter.Name, /*IsParameter=*/true) && Ok && HasName && HasRange)
    Spec.Parameters.push_back(std::move(Parameter));
}

void DirectiveClauses::parseSearchTechnique(std::size_t I, bool AsAbortCondition) {
  std::optional<SourceExpr> X = singleExpression(I);
  if (!X)
    return;
  if (AsAbortCondition || isAbortConditionName(leadingName(X->Text)))
    storeOnce<SourceExpr>("abort_condition", std::move(X), Spec.AbortCondition);
  else
    storeOnce<SourceExpr>("search_technique", std::move(X), Spec.SearchTechnique);
}

void DirectiveClauses::parseDeviceInfo(std::size_t I) {
  std::vector<Clause> Clauses;
  if (!parseClauseList(I, DeviceInfoClauses, Clauses))
    return;
  if (Clauses.empty()) {
    error(D->End, "'" + Spelling + "' needs at least one of " + listOf(DeviceInfoClauses));
    return;
  }
  if (!claimDirective("device_info"))
    return;
  DeviceSpec &Device = Spec.Device;
  if (!Device.Selection)
    Device.Selection = D->Hash;
  for (const Clause &C : Clauses) {
    // platform_id and device_id may also be given by directives of their own.
    if (std::optional<SourcePosition> First = firstOccurrence(C.Keyword, pos(C.KeywordIndex))) {
      error(C.KeywordIndex,
            "'" + C.Keyword.str() + "' is already given at " + formatPosition(*First));
      continue;
    }
    if (C.Keyword == "vendor" || C.Keyword == "type") {
      std::optional<StringArgument> S = stringArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      (C.Keyword == "vendor" ? Device.Vendor : Device.Type) = std::move(S);
      continue;
    }
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    if (C.Keyword == "id")
      Device.Index = std::move(X);
    else if (C.Keyword == "platform_id")
      Device.PlatformId = std::move(X);
    else
      Device.DeviceId = std::move(X);
  }
}

void DirectiveClauses::parseCheck(std::size_t I) {
  std::vector<Clause> Clauses;
  bool ClausesOk = parseClauseList(I, CheckClauses, Clauses);
  ResultCheck Check;
  Check.Directive = D->Hash;
  bool Ok = ClausesOk;
  const Clause *Against = nullptr;
  for (const Clause &C : Clauses) {
    bool Gold = C.Keyword == "gold";
    bool Script = C.Keyword == "script" || C.Keyword == "server";
    if (Gold || Script || C.Keyword == "reference") {
      if (Against) {
        error(C.KeywordIndex, (llvm::Twine("'") + C.Keyword + "' and '" + Against->Keyword +
                               "' exclude each other: check against a gold file, a "
                               "reference configuration, with a script or with a server")
                                  .str());
        Ok = false;
        continue;
      }
      Against = &C;
      Check.Kind = Gold     ? CheckKind::GoldFile
                   : Script ? CheckKind::Script
                            : CheckKind::ReferenceConfiguration;
      Check.Server = C.Keyword == "server";
    }
    if (Gold || Script) {
      std::optional<StringArgument> File = stringArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      Ok &= File.has_value();
      if (File)
        (Gold ? Check.GoldFile : Check.Script) = std::move(*File);
      continue;
    }
    std::optional<SourceExpr> X = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
    if (!X) {
      Ok = false;
      continue;
    }
    if (C.Keyword == "reference")
      Ok &= parseReference(*X, Check.Reference);
    else if (C.Keyword == "buffers")
      Ok &= parseBufferNumbers(*X, Check.Buffers);
    else if (C.Keyword == "relative")
      Check.Relative = std::move(X);
    else if (C.Keyword == "tolerance")
      Check.Tolerance = std::move(X);
  }
  if (ClausesOk && !Against) {
    error(D->End, "'" + Spelling +
                      "' needs what to compare with: gold \"FILE\", "
                      "reference {.PARAM = VALUE, ...}, script \"COMMAND\" or server \"COMMAND\"");
    Ok = false;
  }
  if (Ok && Check.Kind == CheckKind::Script && Check.Tolerance) {
    error(Check.Tolerance->Begin, std::string("a check ") + (Check.Server ? "server" : "script") +
                                      " decides itself what is close enough; "
                                      "'tolerance' applies to gold and reference checks");
    Ok = false;
  }
  if (Ok && claimDirective("check"))
    Spec.Check = std::move(Check);
}

/// `buffer<float>(N) data "x.npy"`, `buffer<int>(N) fill 0`: the kernel
/// argument's expression, then its clauses.
void DirectiveClauses::parseKernelInput(std::size_t I) {
  const std::size_t Begin = skipBlanks(Text, I);
  ArgumentExtent Extent = scanArgument(Begin, InputClauses, /*DetectStrayWords=*/true);
  if (!Extent.Ok)
    return;
  std::optional<SourceExpr> X = expressionArgument(Begin, Extent.End, Spelling);
  if (!X)
    return;
  std::optional<KernelInput> Input = classifyInput(*X);
  std::vector<Clause> Clauses;
  if (!parseClauseList(Extent.Next, InputClauses, Clauses) || !Input)
    return;
  for (const Clause &C : Clauses) {
    if (Input->Kind != KernelInputKind::Buffer) {
      error(C.KeywordIndex, "'" + C.Keyword.str() +
                                "' gives a buffer's contents; a scalar is "
                                "scalar<T>(value), or scalar<T>() for a "
                                "random value");
      return;
    }
    if (Clauses.size() > 1) {
      error(Clauses[1].KeywordIndex, "'data' and 'fill' exclude each other: a buffer's contents "
                                     "come from a file or from a fill");
      return;
    }
    if (C.Keyword == "data") {
      std::optional<StringArgument> Path = stringArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      if (!Path)
        return;
      if (Path->Value.empty()) {
        error(C.ArgBegin, "the data file's path is empty");
        return;
      }
      // `$k` is the tuner's k-th argument (per input set); anything else
      // after a `$` is a mistake.
      for (std::size_t At = Path->Value.find('$'); At != std::string::npos;
           At = Path->Value.find('$', At + 1)) {
        std::size_t End = At + 1;
        while (End < Path->Value.size() && isDigit(Path->Value[End]))
          ++End;
        if (End == At + 1 || Path->Value[At + 1] == '0') {
          error(C.ArgBegin, "'$' in a data path names a command-line argument: $1 for the "
                            "first, $2 for the second, ...");
          return;
        }
        // As for an input's `$K`: the tuner's argument numbers are unsigned.
        if (End - At - 1 > 10 ||
            std::stoull(Path->Value.substr(At + 1, End - At - 1)) > UINT32_MAX) {
          error(C.ArgBegin, "command-line argument number '" +
                                Path->Value.substr(At + 1, End - At - 1) +
                                "' in the data path is too large");
          return;
        }
      }
      Input->Data = std::move(*Path);
    } else {
      std::optional<SourceExpr> Fill = expressionArgument(C.ArgBegin, C.ArgEnd, C.Keyword);
      if (!Fill)
        return;
      std::optional<InputFill> Parsed = parseFill(*Fill);
      if (!Parsed)
        return;
      Input->Fill = std::move(*Parsed);
    }
  }
  Spec.Device.Inputs.push_back(std::move(*Input));
}

namespace {

/// Whether Text is a decimal number literal: an optional sign, digits with
/// an optional fraction, an optional exponent; no suffix.
bool isNumberLiteral(StringRef Text) {
  std::size_t I = 0;
  if (I < Text.size() && (Text[I] == '-' || Text[I] == '+'))
    ++I;
  std::size_t Digits = 0;
  for (; I < Text.size() && isDigit(Text[I]); ++I)
    ++Digits;
  if (I < Text.size() && Text[I] == '.')
    for (++I; I < Text.size() && isDigit(Text[I]); ++I)
      ++Digits;
  if (Digits == 0)
    return false;
  if (I < Text.size() && (Text[I] == 'e' || Text[I] == 'E')) {
    ++I;
    if (I < Text.size() && (Text[I] == '-' || Text[I] == '+'))
      ++I;
    if (I == Text.size() || !isDigit(Text[I]))
      return false;
    while (I < Text.size() && isDigit(Text[I]))
      ++I;
  }
  return I == Text.size();
}

} // namespace

std::optional<InputFill> DirectiveClauses::parseFill(const SourceExpr &X) {
  InputFill Fill;
  Fill.Begin = X.Begin;
  StringRef T = StringRef(X.Text).trim();
  const std::string Forms = "a fill is a number (fill 0, fill -1, fill 1.5), fill index, or "
                            "fill random(LO, HI)";
  if (T == "index") {
    Fill.How = InputFill::Kind::Index;
    return Fill;
  }
  if (T.startswith("random")) {
    StringRef Rest = T.drop_front(6).ltrim();
    if (!Rest.startswith("(") || !Rest.endswith(")") ||
        findClosingBracket(Rest, 0) + 1 != Rest.size()) {
      error(X.Begin, Forms + "; found '" + T.str() + "'");
      return std::nullopt;
    }
    auto [Low, High] = Rest.drop_front().drop_back().split(',');
    Low = Low.trim();
    High = High.trim();
    if (!isNumberLiteral(Low) || !isNumberLiteral(High)) {
      error(X.Begin,
            "random(LO, HI) takes two numbers, as in fill random(-1, 1); found '" + T.str() + "'");
      return std::nullopt;
    }
    Fill.How = InputFill::Kind::Random;
    Fill.Low = Low.str();
    Fill.High = High.str();
    return Fill;
  }
  if (!isNumberLiteral(T)) {
    error(X.Begin, Forms + "; found '" + T.str() + "'");
    return std::nullopt;
  }
  Fill.Low = T.str();
  return Fill;
}

void DirectiveClauses::parseSize(std::size_t I, StringRef Key, std::vector<SourceExpr> &Slot) {
  std::optional<SourceExpr> X = singleExpression(I);
  if (!X)
    return;
  std::optional<std::vector<SourceExpr>> Dims = splitDimensions(*X);
  if (Dims && claimDirective(Key))
    Slot = std::move(*Dims);
}

/// `repetitions N [statistic median|mean|min]`: the count, then how the
/// repetitions' costs become the cost. `statistic` is found as a word
/// outside brackets and literals, so that an expression may still use it
/// inside parentheses.
void DirectiveClauses::parseRepetitions(std::size_t I) {
  const std::size_t End = Text.size();
  std::size_t Keyword = NoIndex;
  for (std::size_t J = I; J < End && Keyword == NoIndex;) {
    if (opensLiteral(Text, J)) {
      const std::size_t Close = skipLiteral(Text, J);
      J = Close == NoIndex ? End : Close;
    } else if (Text[J] == '(' || Text[J] == '[' || Text[J] == '{') {
      const std::size_t Close = findClosingBracket(Text, J);
      J = Close == NoIndex ? End : Close + 1;
    } else if (lexing::isDigit(Text[J])) {
      J = lexing::skipNumber(Text, J);
    } else if (lexing::isIdentifierStart(Text[J])) {
      const std::size_t WordEnd = lexing::wordEnd(Text, J);
      if (Text.slice(J, WordEnd) == "statistic")
        Keyword = J;
      J = WordEnd;
    } else {
      ++J;
    }
  }
  if (Keyword == NoIndex)
    return storeOnce("repetitions", singleExpression(I), Spec.Repetitions);
  const std::size_t CountEnd = I + Text.slice(I, Keyword).rtrim().size();
  std::optional<SourceExpr> Count = expressionArgument(I, CountEnd, Spelling);
  const std::size_t W = skipBlanks(Text, Keyword + 9);
  const std::size_t WordEnd = W < End ? lexing::wordEnd(Text, W) : W;
  const StringRef Word = Text.slice(W, WordEnd);
  static const std::string_view Statistics[] = {"median", "mean", "min"};
  if (Word.empty()) {
    error(W, "expected how the repetitions' costs become the cost after 'statistic': median, "
             "mean or min");
    return;
  }
  if (std::find(std::begin(Statistics), std::end(Statistics), std::string_view(Word)) ==
      std::end(Statistics)) {
    std::string Message = "unknown statistic '" + Word.str() +
                          "'; the cost of the "
                          "repetitions is their median, mean or min";
    if (std::string_view Suggestion = closestSpelling(Word, Statistics); !Suggestion.empty())
      Message += "; did you mean '" + std::string(Suggestion) + "'?";
    error(W, std::move(Message));
    return;
  }
  if (const std::size_t After = skipBlanks(Text, WordEnd); After < End) {
    error(After, "unexpected text after the statistic '" + Word.str() + "'");
    return;
  }
  if (Count && claimDirective("repetitions")) {
    Spec.Repetitions = std::move(Count);
    Spec.RepetitionStatistic = Identifier{Word.str(), pos(W)};
  }
}

/// `depends "a" "b"`: one path per string (unlike a script, adjacent strings
/// do not join).
void DirectiveClauses::parseDepends(std::size_t I) {
  const std::size_t End = Text.size();
  if (I >= End) {
    error(I, "expected the path of a file after 'depends'");
    return;
  }
  while (I < End) {
    if (Text[I] != '"') {
      error(I, "expected a quoted path after 'depends'");
      return;
    }
    const std::size_t Close = skipLiteral(Text, I);
    if (Close == NoIndex) {
      error(I, "missing closing '\"' of the string that starts here");
      return;
    }
    std::optional<DecodedString> Path = decodeLiteral(I, Close - 1);
    if (!Path)
      return;
    if (Path->Value.empty()) {
      error(I, "empty path after 'depends'");
      return;
    }
    Spec.Depends.push_back(StringArgument{Path->Value, pos(I)});
    I = skipBlanks(Text, Close);
  }
}

/// `objective "gflops" max`: a quoted name (a letter, then letters, digits,
/// `_ . / -`: it names columns of results.db's exports), then `min` or
/// `max` (default `min`).
void DirectiveClauses::parseObjective(std::size_t I) {
  const std::size_t End = Text.size();
  if (I >= End || Text[I] != '"') {
    error(I, "expected the objective's name in quotes after 'objective', as in "
             "#atf::objective \"gflops\" max");
    return;
  }
  const std::size_t Close = skipLiteral(Text, I);
  if (Close == NoIndex) {
    error(I, "missing closing '\"' of the string that starts here");
    return;
  }
  std::optional<DecodedString> Name = decodeLiteral(I, Close - 1);
  if (!Name)
    return;
  const std::string &N = Name->Value;
  const bool Good =
      !N.empty() && lexing::isIdentifierStart(N[0]) && std::all_of(N.begin(), N.end(), [](char C) {
        return lexing::isIdentifierChar(C) || C == '.' || C == '/' || C == '-';
      });
  if (!Good) {
    error(I, "an objective's name starts with a letter and holds only letters, digits and "
             "'_', '.', '/', '-' (it names columns of the results), not \"" +
                 N + "\"");
    return;
  }
  for (const ObjectiveSpec &O : Spec.Objectives)
    if (O.Name.Value == N) {
      error(I,
            "the objective \"" + N + "\" is already declared at " + formatPosition(O.Name.Begin));
      return;
    }
  ObjectiveSpec O;
  O.Name = StringArgument{N, pos(I)};
  O.Directive = D->Hash;
  std::size_t W = skipBlanks(Text, Close);
  // `= EXPR` (after the direction, or alone): a derived objective.
  auto DerivedFrom = [&](std::size_t Equals) {
    std::optional<SourceExpr> X = expressionArgument(skipBlanks(Text, Equals + 1), End, "=");
    if (!X)
      return false;
    O.Derived = std::move(X);
    return true;
  };
  if (W < End && Text[W] == '=') {
    if (DerivedFrom(W))
      Spec.Objectives.push_back(std::move(O));
    return;
  }
  if (W < End) {
    std::size_t WordEnd = W;
    while (WordEnd < End && lexing::isIdentifierChar(Text[WordEnd]))
      ++WordEnd;
    const StringRef Word = Text.slice(W, WordEnd);
    if (Word != "min" && Word != "max") {
      std::string Message = "expected 'min' or 'max' after the objective's name";
      if (Word.startswith_insensitive("min"))
        Message += "; did you mean 'min'?";
      else if (Word.startswith_insensitive("max"))
        Message += "; did you mean 'max'?";
      error(W, std::move(Message));
      return;
    }
    O.Maximise = Word == "max";
    if (std::size_t After = skipBlanks(Text, WordEnd); After < End && Text[After] == '=') {
      if (!DerivedFrom(After))
        return;
    } else if (After < End) {
      error(After, "unexpected text after '" + Word.str() +
                       "'; write one objective per directive, most significant first");
      return;
    }
  }
  Spec.Objectives.push_back(std::move(O));
}

} // namespace atfc::clauses
