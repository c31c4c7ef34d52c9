//===- Frontend/SyntheticUnit.cpp - Writing the analysed unit -*- C++ -*-===//
//
// Writes the synthetic translation unit of a file (see SyntheticUnit.h): the
// standard headers the file's expressions need, the prelude, then one
// declaration per user expression, each expression copied behind `#line`
// directives so that it sits at its own line and column.
//
//===----------------------------------------------------------------------===//
#include "Frontend/SyntheticUnit.h"

#include "Frontend/ExpressionSize.h"

#include "Directives/DirectiveLexing.h"
#include "Support/CStringLiteral.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <utility>

namespace atfc {

using llvm::StringRef;

namespace synthetic {
std::string inputTypeAlias(std::size_t I) { return "atf_input_type_" + std::to_string(I); }
std::string inputValueVariable(std::size_t I) { return "atf_input_value_" + std::to_string(I); }
std::string rangeVariable(std::size_t I) { return "atf_range_" + std::to_string(I); }
std::string rangeValueAlias(std::size_t I) { return "atf_range_value_" + std::to_string(I); }
std::string rangeStatusVariable(std::size_t I) { return "atf_range_status_" + std::to_string(I); }
std::string setCulpritVariable(std::size_t I) { return "atf_range_culprit_" + std::to_string(I); }
std::string parameterTypeAlias(std::size_t I) { return "atf_type_" + std::to_string(I); }
std::string constraintFunction(std::size_t I) { return "atf_constraint_" + std::to_string(I); }
std::string sizeFunction(std::size_t I) { return "atf_size_" + std::to_string(I); }
std::string kernelInputFunction(std::size_t I) { return "atf_kernel_input_" + std::to_string(I); }
std::string plainFunction(std::size_t I) { return "atf_plain_" + std::to_string(I); }
std::string derivedFunction(std::size_t I) { return "atf_derived_" + std::to_string(I); }
} // namespace synthetic

std::vector<PlainArgument>
plainArguments(const TuningSpec &Spec,
               const std::function<std::string(std::size_t)> &ParameterType) {
  std::vector<PlainArgument> Arguments;
  auto Add = [&](const std::optional<SourceExpr> &X, const char *What, std::string Before,
                 std::string After = ")") {
    if (X && !X->Text.empty())
      Arguments.push_back({&*X, What, std::move(Before), std::move(After), {}});
  };
  Add(Spec.Seed, "seed", "static_cast<std::uint64_t>(");
  Add(Spec.Timeout, "timeout", "timeoutSeconds(");
  Add(Spec.Warmups, "warmups", "static_cast<unsigned>(");
  Add(Spec.Repetitions, "repetitions", "static_cast<unsigned>(");
  Add(Spec.Device.Index, "id", "static_cast<std::uint64_t>(");
  Add(Spec.Device.PlatformId, "platform_id", "static_cast<std::uint64_t>(");
  Add(Spec.Device.DeviceId, "device_id", "static_cast<std::uint64_t>(");
  if (!Spec.Check)
    return Arguments;
  Add(Spec.Check->Tolerance, "tolerance", "static_cast<double>(");
  Add(Spec.Check->Relative, "relative", "static_cast<double>(");
  for (const ReferenceValue &V : Spec.Check->Reference) {
    const TuningParameter *P = Spec.findParameter(V.Parameter.Name);
    const std::string Type =
        P ? ParameterType(static_cast<std::size_t>(P - Spec.Parameters.data())) : "long long";
    if (!V.Value.Text.empty())
      Arguments.push_back(
          {&V.Value, "reference", "static_cast<" + Type + ">(", ")", V.Parameter.Name});
  }
  return Arguments;
}

std::optional<UserCharacter> SyntheticUnit::userCharacterAt(unsigned Offset) const {
  auto After = std::upper_bound(Runs.begin(), Runs.end(), Offset,
                                [](unsigned O, const CopiedRun &R) { return O < R.UnitOffset; });
  if (After == Runs.begin())
    return std::nullopt;
  const CopiedRun &Run = *std::prev(After);
  if (Offset >= Run.UnitOffset + Run.Length)
    return std::nullopt;
  return UserCharacter{Run.Expression, Run.TextIndex + (Offset - Run.UnitOffset)};
}

std::optional<unsigned> SyntheticUnit::expressionAt(unsigned Offset) const {
  // Wrappers nest (a range's status covers its parameter's type alias): the
  // innermost one owns the byte.
  std::optional<unsigned> Found;
  for (unsigned I = 0; I < Expressions.size(); ++I) {
    const PlacedExpression &X = Expressions[I];
    if (Offset >= X.WrapperBegin && Offset < X.WrapperEnd &&
        (!Found || X.WrapperEnd - X.WrapperBegin <
                       Expressions[*Found].WrapperEnd - Expressions[*Found].WrapperBegin))
      Found = I;
  }
  return Found;
}

namespace {

/// The standard headers that a name in the file's expressions needs. The
/// prelude itself needs only <cstddef>, <cstdint> and <type_traits>; the
/// others are costly to parse, so they are included only when used. The
/// functions are Language.def's (ATF_LIBRARY_FUNCTION); these the rest.
struct HeaderNeed {
  const char *Header;
  std::initializer_list<const char *> Names;
};
const HeaderNeed OptionalHeaders[] = {
    {"string", {"string"}},
    {"cmath", {}},
    {"algorithm", {}},
    {"numeric", {}},
    {"bit", {}},
    {"limits", {"numeric_limits"}},
    {"array", {"array"}},
    {"vector", {"vector"}},
    {"utility", {"pair"}},
    {"tuple", {"tuple"}},
    {"complex", {"complex"}},
};

/// Adds the identifiers of Text to Names, and notes whether it holds a
/// string literal.
void collectWords(StringRef Text, llvm::StringSet<> &Names, bool &HasString) {
  for (std::size_t I = 0; I < Text.size();) {
    if (Text[I] == '"')
      HasString = true;
    if (lexing::isIdentifierStart(Text[I])) {
      std::size_t End = lexing::wordEnd(Text, I);
      Names.insert(Text.slice(I, End));
      I = End;
    } else if (lexing::isDigit(Text[I])) {
      I = lexing::skipNumber(Text, I);
    } else {
      ++I;
    }
  }
}

/// Writes the unit, keeping count of its lines for the `#line` directives
/// that return to it after a user expression.
class UnitWriter {
public:
  UnitWriter(SyntheticUnit &Unit) : Unit(Unit) {}

  unsigned offset() const { return static_cast<unsigned>(Unit.Text.size()); }

  void write(StringRef S) {
    Unit.Text += S;
    Line += static_cast<unsigned>(S.count('\n'));
  }

  /// Copies expression ExprIndex (its Text, or Override of the same length)
  /// so that each character sits at its line and column of the user's file.
  void copy(unsigned ExprIndex, const SourceExpr &X, StringRef Override = {}) {
    StringRef Text = Override.empty() ? StringRef(X.Text) : Override;
    if (!Unit.Text.empty() && Unit.Text.back() != '\n')
      write("\n");
    for (std::size_t I = 0; I < Text.size();) {
      const SourcePosition Start = X.positionOf(I);
      std::size_t End = I + 1;
      while (End < Text.size() && X.positionOf(End).Line == Start.Line)
        ++End;
      lineDirective(std::max(Start.Line, 1u), Unit.FileName);
      write(std::string(Start.Column > 0 ? Start.Column - 1 : 0, ' '));
      Unit.Runs.push_back({offset(), static_cast<unsigned>(End - I), ExprIndex, I});
      write(Text.slice(I, End));
      write("\n");
      I = End;
    }
    // Back to the unit's own lines: the line after the directive is Line + 1.
    lineDirective(Line + 1, Unit.UnitName);
  }

  /// Copies Text[Begin, End) of expression ExprIndex where the unit stands,
  /// without moving it to its line and column: a diagnostic inside finds
  /// the user's character by its offset all the same (the runs), and
  /// padding each of thousands of pieces of a long line to its column
  /// would write the square of the line's length.
  void copyInline(unsigned ExprIndex, StringRef Text, std::size_t Begin, std::size_t End) {
    Unit.Runs.push_back({offset(), static_cast<unsigned>(End - Begin), ExprIndex, Begin});
    write(Text.slice(Begin, End));
  }

private:
  void lineDirective(unsigned Number, StringRef File) {
    // Escaped: a newline in a file's name would end the directive, and the
    // rest of the name would be a line of code (an `#error`, a `#include`).
    write("#line " + std::to_string(Number) + " " + cStringLiteral(File) + "\n");
  }

  SyntheticUnit &Unit;
  unsigned Line = 1;
};

/// Builds the unit of one spec.
class UnitBuilder {
public:
  UnitBuilder(const TuningSpec &Spec, SyntheticUnit &Unit) : Spec(Spec), Unit(Unit), Writer(Unit) {}

  void build() {
    writeHeaders();
    Unit.PreludeEnd = Writer.offset();
    Unit.NumInputs = Spec.Inputs.size();
    Unit.NumParameters = Spec.Parameters.size();
    for (std::size_t I = 0; I < Spec.Inputs.size(); ++I)
      writeInput(I);
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I)
      writeRange(I);
    buildParameterList();
    for (std::size_t I = 0; I < Spec.Parameters.size(); ++I)
      if (Spec.Parameters[I].Constraint && !Spec.Parameters[I].Constraint->Text.empty())
        writeConstraint(I);
    writeSizes();
    for (std::size_t I = 0; I < Spec.Device.Inputs.size(); ++I)
      writeKernelInput(I);
    const std::vector<PlainArgument> Plain =
        plainArguments(Spec, [](std::size_t P) { return synthetic::parameterTypeAlias(P); });
    for (std::size_t I = 0; I < Plain.size(); ++I)
      writeConverted(ExpressionRole::PlainArgument, I, *Plain[I].Expr, synthetic::plainFunction(I),
                     InputParameters, Plain[I].Before, Plain[I].After);
    // The tuner names the first measured cost `time` beside the
    // parameters; where one of them has that name (an error, FileChecks)
    // it is the name's meaning here too.
    const bool TimeIsTaken = Spec.findParameter("time") || Spec.findInput("time");
    const std::string DerivedParameters =
        TimeIsTaken ? Parameters
                    : Parameters + (Parameters.empty() ? "" : ", ") + "const double time";
    for (std::size_t I = 0; I < Spec.Objectives.size(); ++I)
      if (const std::optional<SourceExpr> &X = Spec.Objectives[I].Derived; X && !X->Text.empty())
        writeConverted(ExpressionRole::DerivedObjective, I, *X, synthetic::derivedFunction(I),
                       DerivedParameters, "static_cast<double>(", ")");
  }

private:
  void writeHeaders() {
    llvm::StringSet<> Names;
    bool HasString = false;
    auto Collect = [&](const SourceExpr &X) { collectWords(X.Text, Names, HasString); };
    for (const InputVariable &Input : Spec.Inputs) {
      if (Input.Type)
        Collect(*Input.Type);
      Collect(Input.Value);
    }
    for (const TuningParameter &Parameter : Spec.Parameters) {
      if (Parameter.Type)
        Collect(*Parameter.Type);
      Collect(Parameter.Range.Expr);
      if (Parameter.Constraint)
        Collect(*Parameter.Constraint);
    }
    for (const auto *Sizes : {&Spec.Device.GlobalSize, &Spec.Device.LocalSize, &Spec.Device.GridDim,
                              &Spec.Device.BlockDim})
      for (const SourceExpr &X : *Sizes)
        Collect(X);
    if (Spec.Device.SharedMemory)
      Collect(*Spec.Device.SharedMemory);
    for (const KernelInput &Input : Spec.Device.Inputs)
      Collect(Input.Expr);
    for (const PlainArgument &Plain : plainArguments(Spec, synthetic::parameterTypeAlias))
      Collect(*Plain.Expr);
    for (const ObjectiveSpec &Objective : Spec.Objectives)
      if (Objective.Derived)
        Collect(*Objective.Derived);

    Writer.write("// atfc: the semantic analysis of a file's #atf:: directives\n");
    Writer.write("#include <cstddef>\n#include <cstdint>\n#include <type_traits>\n");
    for (const HeaderNeed &Need : OptionalHeaders) {
      bool Needed = HasString && StringRef(Need.Header) == "string";
      for (const char *Name : Need.Names)
        Needed |= Names.contains(Name);
#define ATF_LIBRARY_FUNCTION(HeaderName, Function)                                                 \
  Needed |= StringRef(Need.Header) == #HeaderName && Names.contains(#Function);
#include "Language/Language.def"
      if (Needed)
        Writer.write(std::string("#include <") + Need.Header + ">\n");
      if (Needed && StringRef(Need.Header) == "string")
        Writer.write("#define ATFC_PRELUDE_HAS_STRING 1\n");
    }
    Writer.write(syntheticPrelude());
  }

  /// Adds a placed expression and returns its index.
  unsigned place(ExpressionRole Role, std::size_t Owner, const SourceExpr &X,
                 std::string HolderName) {
    PlacedExpression Placed;
    Placed.Role = Role;
    Placed.Owner = Owner;
    Placed.Expr = &X;
    Placed.HolderName = std::move(HolderName);
    Unit.Expressions.push_back(std::move(Placed));
    return static_cast<unsigned>(Unit.Expressions.size() - 1);
  }

  /// Sets the wrapper of expressions [First, size) to [Begin, current).
  void closeWrappers(unsigned First, unsigned Begin) {
    for (unsigned I = First; I < Unit.Expressions.size(); ++I) {
      Unit.Expressions[I].WrapperBegin = Begin;
      Unit.Expressions[I].WrapperEnd = Writer.offset();
    }
  }

  void writeInput(std::size_t I) {
    const InputVariable &Input = Spec.Inputs[I];
    const std::string &Name = Input.Name.Name;
    const unsigned First = static_cast<unsigned>(Unit.Expressions.size());
    const unsigned Begin = Writer.offset();
    const bool HasType = Input.Type && !Input.Type->Text.empty();
    const std::string Value = synthetic::inputValueVariable(I);
    if (HasType) {
      Writer.write("extern const ");
      Writer.copy(place(ExpressionRole::InputType, I, *Input.Type, Name), *Input.Type);
      Writer.write(" " + Name + ";\n");
    }
    if (Input.Kind == InputKind::Constant) {
      // The value initializes a variable of its own, so that an error in it
      // leaves N declared with its type.
      const unsigned Declaration = Writer.offset();
      Writer.write("inline const " + (HasType ? Input.Type->Text : std::string("auto")) + " " +
                   Value + " = (");
      const unsigned Index = place(ExpressionRole::InputValue, I, Input.Value, Value);
      Unit.Expressions[Index].DeclarationBegin = Declaration;
      Writer.copy(Index, Input.Value);
      Writer.write(");\n");
    }
    if (!HasType)
      Writer.write("extern const " +
                   (Input.Kind == InputKind::Positional
                        ? UntypedPositionalInputType.str()
                        : "atf_detail::stored_t<decltype(" + Value + ")>") +
                   " " + Name + ";\n");
    Writer.write("using " + synthetic::inputTypeAlias(I) + " = std::remove_cv_t<decltype(" + Name +
                 ")>;\nusing type_of_" + Name + " = " + synthetic::inputTypeAlias(I) + ";\n");
    closeWrappers(First, Begin);
  }

  void writeRange(std::size_t I) {
    const TuningParameter &Parameter = Spec.Parameters[I];
    const std::string Range = synthetic::rangeVariable(I);
    const std::string Type = synthetic::parameterTypeAlias(I);
    const SourceExpr &X = Parameter.Range.Expr;

    const unsigned RangeBegin = Writer.offset();
    Writer.write("inline const auto " + Range + " = (");
    // `{a, b}` cannot be the operand of decltype; `atf::set(a, b)` means the
    // same and keeps every character in its column.
    std::string Override;
    if (Parameter.Range.Kind == RangeKind::Set && !X.Text.empty() && X.Text[0] == '{') {
      const std::size_t Close = lexing::findClosingBracket(X.Text, 0);
      if (Close != lexing::NoIndex) {
        Override = X.Text;
        Override[0] = '(';
        Override[Close] = ')';
        Writer.write("atf::set");
      }
    }
    const unsigned RangeIndex = place(ExpressionRole::Range, I, X, Range);
    Unit.Expressions[RangeIndex].DeclarationBegin = RangeBegin;
    std::optional<SetValueList> Values;
    if (Parameter.Range.Kind == RangeKind::Set)
      Values = setValueList(Override.empty() ? StringRef(X.Text) : StringRef(Override));
    if (Values && Values->Chunkable && Values->Values.size() > kSetChunkValues)
      writeChunkedSet(RangeIndex, Override.empty() ? StringRef(X.Text) : StringRef(Override),
                      *Values);
    else
      Writer.copy(RangeIndex, X, Override);
    Writer.write(");\n");
    Writer.write("inline const int " + Range + "_instantiation = atf_detail::traits_of<decltype(" +
                 Range + ")>::instantiate();\n");
    Writer.write("using " + synthetic::rangeValueAlias(I) +
                 " = atf_detail::value_type_t<decltype(" + Range + ")>;\n");

    const unsigned First = static_cast<unsigned>(Unit.Expressions.size());
    const unsigned Begin = Writer.offset();
    const bool HasType = Parameter.Type && !Parameter.Type->Text.empty();
    Writer.write("using " + Type + " = ");
    if (HasType)
      Writer.copy(place(ExpressionRole::ParameterType, I, *Parameter.Type, Type), *Parameter.Type);
    else
      Writer.write(synthetic::rangeValueAlias(I));
    Writer.write(";\nusing type_of_" + Parameter.Name.Name + " = " + Type + ";\n");
    closeWrappers(First, Begin);

    // The status belongs to the range: the range's wrapper runs on to cover
    // it (and the type alias, whose own wrapper is the innermost one).
    Writer.write("constexpr int " + synthetic::rangeStatusVariable(I) +
                 " = atf_detail::range_status<" + (HasType ? Type : "atf_detail::deduce") +
                 ", decltype(" + Range + ")>();\n");
    Writer.write("constexpr int " + synthetic::setCulpritVariable(I) +
                 " = atf_detail::range_culprit<" + (HasType ? Type : "atf_detail::deduce") +
                 ", decltype(" + Range + ")>();\n");
    Unit.Expressions[RangeIndex].WrapperBegin = RangeBegin;
    Unit.Expressions[RangeIndex].WrapperEnd = Writer.offset();
  }

  /// Writes a large set as `set(chunk(a, ...), chunk(...))`, chunks of at
  /// most kSetChunkValues values or chunks (ExpressionSize.h): each value
  /// is still the user's characters, while the commas between chunks are
  /// left out.
  void writeChunkedSet(unsigned RangeIndex, StringRef Text, const SetValueList &List) {
    Writer.write("\n");
    Writer.copyInline(RangeIndex, Text, 0, List.Open + 1);
    writeChunks(RangeIndex, Text, List, 0, List.Values.size());
    Writer.copyInline(RangeIndex, Text, List.Close, Text.size());
  }
  void writeChunks(unsigned RangeIndex, StringRef Text, const SetValueList &List, std::size_t Begin,
                   std::size_t End) {
    if (End - Begin <= kSetChunkValues) {
      Writer.copyInline(RangeIndex, Text, List.Values[Begin].first, List.Values[End - 1].second);
      return;
    }
    // The fewest levels: chunks of the smallest power of the chunk size
    // that leaves at most kSetChunkValues of them.
    std::size_t Size = 1;
    while (Size * kSetChunkValues < End - Begin)
      Size *= kSetChunkValues;
    for (std::size_t Chunk = Begin; Chunk < End; Chunk += Size) {
      Writer.write(Chunk == Begin ? "atf_detail::chunk(" : ",\natf_detail::chunk(");
      writeChunks(RangeIndex, Text, List, Chunk, std::min(Chunk + Size, End));
      Writer.write(")");
    }
  }

  /// `inline void Function(ParameterList) { auto &&atf_value = Before X
  /// After; }`: an expression inside the conversion the tuner wraps it in.
  /// Plain arguments (plainArguments()) see the inputs alone, as in the
  /// tuner's main(); derived objectives the inputs, the parameters and
  /// `time`, as in its Derive function. Before ends its line, so that X
  /// keeps its columns; After starts the next.
  void writeConverted(ExpressionRole Role, std::size_t Owner, const SourceExpr &X,
                      const std::string &Function, const std::string &ParameterList,
                      const std::string &Before, const std::string &After) {
    const unsigned Begin = Writer.offset();
    Writer.write("inline void " + Function + "(" + ParameterList + ") {\n");
    const unsigned Declaration = Writer.offset();
    Writer.write("  auto &&" + synthetic::ValueVariable.str() + " = " + Before + "(");
    const unsigned Index = place(Role, Owner, X, Function);
    Unit.Expressions[Index].DeclarationBegin = Declaration;
    Writer.copy(Index, X);
    Writer.write(")" + After + ";\n  constexpr int " + synthetic::StatusVariable.str() +
                 " = 0;\n}\n");
    closeWrappers(Index, Begin);
  }

  /// The parameter list of the check functions. Types are spelled so that
  /// Clang's messages read well: the user's type clause, or `type_of_NAME`
  /// for an inferred type (printed as 'type_of_WPT' (aka 'unsigned long')).
  void buildParameterList() {
    auto Add = [&](const std::optional<SourceExpr> &Type, StringRef Inferred, StringRef Name) {
      Parameters += Parameters.empty() ? "const " : ", const ";
      Parameters += Type && !Type->Text.empty() ? StringRef(Type->Text) : Inferred;
      Parameters += " ";
      Parameters += Name;
    };
    for (const InputVariable &Input : Spec.Inputs)
      Add(Input.Type,
          Input.Kind == InputKind::Positional ? UntypedPositionalInputType.str()
                                              : "type_of_" + Input.Name.Name,
          Input.Name.Name);
    InputParameters = Parameters;
    for (const TuningParameter &Parameter : Spec.Parameters)
      Add(Parameter.Type, "type_of_" + Parameter.Name.Name, Parameter.Name.Name);
  }

  /// Writes `inline void Function(all inputs and parameters) { auto &&atf_value
  /// = X; constexpr int atf_status = Status; More }`, with Status and More
  /// written in terms of `decltype(atf_value)`.
  unsigned writeCheck(ExpressionRole Role, std::size_t Owner, const SourceExpr &X,
                      const std::string &Function, const std::string &Status,
                      const std::string &More = "") {
    const unsigned Begin = Writer.offset();
    Writer.write("inline void " + Function + "(" + Parameters + ") {\n");
    const unsigned Declaration = Writer.offset();
    Writer.write("  auto &&" + synthetic::ValueVariable.str() + " = (");
    const unsigned Index = place(Role, Owner, X, Function);
    Unit.Expressions[Index].DeclarationBegin = Declaration;
    Writer.copy(Index, X);
    Writer.write(");\n  constexpr int " + synthetic::StatusVariable.str() + " = " + Status + ";\n" +
                 More + "}\n");
    closeWrappers(Index, Begin);
    return Index;
  }

  void writeConstraint(std::size_t I) {
    const std::string Type = synthetic::parameterTypeAlias(I);
    writeCheck(ExpressionRole::Constraint, I, *Spec.Parameters[I].Constraint,
               synthetic::constraintFunction(I),
               "atf_detail::constraint_status<" + Type + ", decltype(atf_value)>()",
               "  atf_detail::instantiate<" + Type + ", decltype(atf_value)>();\n");
  }

  void writeSizes() {
    const std::pair<SizeKind, const std::vector<SourceExpr> *> Sizes[] = {
        {SizeKind::GlobalSize, &Spec.Device.GlobalSize},
        {SizeKind::LocalSize, &Spec.Device.LocalSize},
        {SizeKind::GridDim, &Spec.Device.GridDim},
        {SizeKind::BlockDim, &Spec.Device.BlockDim}};
    std::size_t Count = 0;
    for (const auto &[Kind, Dimensions] : Sizes)
      for (unsigned D = 0; D < Dimensions->size(); ++D) {
        const SourceExpr &X = (*Dimensions)[D];
        if (X.Text.empty())
          continue;
        const unsigned Index =
            writeCheck(ExpressionRole::Size, Count, X, synthetic::sizeFunction(Count),
                       "atf_detail::size_status<decltype(atf_value)>()");
        Unit.Expressions[Index].Size = Kind;
        Unit.Expressions[Index].Dimension = D;
        ++Count;
      }
    if (const std::optional<SourceExpr> &X = Spec.Device.SharedMemory; X && !X->Text.empty()) {
      const unsigned Index =
          writeCheck(ExpressionRole::Size, Count, *X, synthetic::sizeFunction(Count),
                     "atf_detail::size_status<decltype(atf_value)>()");
      Unit.Expressions[Index].Size = SizeKind::SharedMemory;
    }
  }

  void writeKernelInput(std::size_t I) {
    const SourceExpr &X = Spec.Device.Inputs[I].Expr;
    if (!X.Text.empty())
      writeCheck(ExpressionRole::KernelInput, I, X, synthetic::kernelInputFunction(I),
                 "atf_detail::kernel_input_status<decltype(atf_value)>()");
  }

  const TuningSpec &Spec;
  SyntheticUnit &Unit;
  UnitWriter Writer;
  /// The parameter list of the check functions.
  std::string Parameters;
  /// Its inputs alone: the plain arguments' functions.
  std::string InputParameters;
};

} // namespace

SyntheticUnit buildSyntheticUnit(const TuningSpec &Spec, StringRef FileName) {
  SyntheticUnit Unit;
  Unit.FileName = FileName.str();
  Unit.UnitName = "atfc-analysis.cpp";
  UnitBuilder(Spec, Unit).build();
  return Unit;
}

} // namespace atfc
