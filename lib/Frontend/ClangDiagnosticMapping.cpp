//===- Frontend/ClangDiagnosticMapping.cpp - Clang's errors in the user's file ===//
#include "Frontend/ClangDiagnosticMapping.h"

#include "Directives/DirectiveLexing.h"

#include "Support/Diagnostic.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"

#include <algorithm>
#include <optional>

namespace atfc {

namespace {

using llvm::StringRef;

/// Whether Clang's lexer or parser (rather than Sema) reported ID.
bool isSyntaxDiagnostic(unsigned ID) {
  return ID >= clang::diag::DIAG_START_LEX && ID < clang::diag::DIAG_START_AST;
}

class Mapper {
public:
  Mapper(const SyntheticUnit &Unit, const TuningSpec &Spec, std::vector<bool> &ExpressionHasError)
      : Unit(Unit), Spec(Spec), ExpressionHasError(ExpressionHasError) {}

  void map(const std::vector<ClangMessage> &Diagnostics) {
    struct WrapperError {
      std::optional<unsigned> Expression;
      std::string Message;
    };
    std::vector<WrapperError> WrapperErrors;
    bool AnyUserError = false;
    for (std::size_t I = 0; I < Diagnostics.size(); ++I) {
      const ClangMessage &D = Diagnostics[I];
      if (D.Level < clang::DiagnosticsEngine::Error)
        continue;
      std::optional<UserCharacter> Char = D.Offset ? Unit.userCharacterAt(*D.Offset) : std::nullopt;
      if (Char) {
        AnyUserError = true;
        ExpressionHasError[Char->Expression] = true;
        error(placed(Char->Expression).Expr->positionOf(Char->TextIndex), reworded(D, *Char));
        continue;
      }
      if (std::optional<unsigned> Initialized =
              D.Offset ? initializedAt(*D.Offset) : std::nullopt) {
        // The user's value does not initialize the variable it is put in,
        // e.g. it does not convert to the input's type; unless the type
        // itself is wrong, which was reported already.
        ExpressionHasError[*Initialized] = true;
        if (!typeHasError(placed(*Initialized))) {
          AnyUserError = true;
          const ExpressionRole Role = placed(*Initialized).Role;
          const bool Checked = Role == ExpressionRole::Constraint || Role == ExpressionRole::Size ||
                               Role == ExpressionRole::KernelInput;
          error(placed(*Initialized).Expr->Begin,
                (Checked ? "expected an expression with a value; " : "") + D.Message);
        }
        continue;
      }
      // The synthetic code around an expression, the prelude or a header.
      const std::optional<unsigned> Owner = ownerOf(Diagnostics, I);
      if (Owner && isSyntaxDiagnostic(D.ID)) {
        // Typically "expected ')'": the expression ended too early.
        AnyUserError = true;
        ExpressionHasError[*Owner] = true;
        error(placed(*Owner).Expr->End, D.Message);
        continue;
      }
      WrapperErrors.push_back({Owner, D.Message});
    }
    for (const WrapperError &W : WrapperErrors) {
      if (W.Expression)
        ExpressionHasError[*W.Expression] = true;
      // With an error in the user's text, the others follow from it.
      if (!AnyUserError)
        error(W.Expression ? placed(*W.Expression).Expr->Begin : SourcePosition{1, 1},
              "internal error in atfc's analysis of this expression: " + W.Message);
    }
  }

  /// The expression that the error Diagnostics[I], outside the user's text,
  /// is about: the one whose wrapper holds it, or else the first that the
  /// notes after it (such as "in instantiation of ... requested here")
  /// point into.
  std::optional<unsigned> ownerOf(const std::vector<ClangMessage> &Diagnostics,
                                  std::size_t I) const {
    if (Diagnostics[I].Offset)
      if (std::optional<unsigned> Owner = Unit.expressionAt(*Diagnostics[I].Offset))
        return Owner;
    for (std::size_t J = I + 1;
         J < Diagnostics.size() && Diagnostics[J].Level == clang::DiagnosticsEngine::Note; ++J) {
      if (!Diagnostics[J].Offset)
        continue;
      if (std::optional<UserCharacter> Char = Unit.userCharacterAt(*Diagnostics[J].Offset))
        return Char->Expression;
      if (std::optional<unsigned> Owner = Unit.expressionAt(*Diagnostics[J].Offset))
        return Owner;
    }
    return std::nullopt;
  }

  /// The expression whose holder variable's declaration, before the
  /// expression itself, holds unit byte Offset.
  std::optional<unsigned> initializedAt(unsigned Offset) const {
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I) {
      const PlacedExpression &X = placed(I);
      if (X.DeclarationBegin == PlacedExpression::NoOffset || Offset < X.DeclarationBegin)
        continue;
      auto FirstRun = std::find_if(Unit.Runs.begin(), Unit.Runs.end(),
                                   [&](const CopiedRun &R) { return R.Expression == I; });
      if (FirstRun != Unit.Runs.end() && Offset < FirstRun->UnitOffset)
        return I;
    }
    return std::nullopt;
  }

  /// Whether the type of X's input or parameter had an error.
  bool typeHasError(const PlacedExpression &X) const {
    const bool OfInput =
        X.Role == ExpressionRole::InputType || X.Role == ExpressionRole::InputValue;
    const ExpressionRole TypeRole =
        OfInput ? ExpressionRole::InputType : ExpressionRole::ParameterType;
    for (unsigned I = 0; I < Unit.Expressions.size(); ++I)
      if (placed(I).Role == TypeRole && placed(I).Owner == X.Owner && ExpressionHasError[I])
        return true;
    return false;
  }

  /// Clang's message for D, reworded where a name is undeclared only because
  /// a range or an input may not name it.
  std::string reworded(const ClangMessage &D, const UserCharacter &Char) const {
    if (D.ID != clang::diag::err_undeclared_var_use &&
        D.ID != clang::diag::err_undeclared_var_use_suggest)
      return D.Message;
    const PlacedExpression &X = placed(Char.Expression);
    const StringRef Text = X.Expr->Text;
    const StringRef Name = Text.slice(Char.TextIndex, lexing::wordEnd(Text, Char.TextIndex));
    if (X.Role == ExpressionRole::Range && Spec.findParameter(Name))
      return "the range of " + quoted(Spec.Parameters[X.Owner].Name.Name) +
             " names the tuning parameter " + quoted(Name) +
             "; a range may only name inputs (#atf::var): express how " +
             quoted(Spec.Parameters[X.Owner].Name.Name) + " depends on " + quoted(Name) +
             " in its constraint";
    if (X.Role == ExpressionRole::InputValue) {
      const std::string &Input = Spec.Inputs[X.Owner].Name.Name;
      if (Spec.findParameter(Name))
        return "input " + quoted(Input) + " names the tuning parameter " + quoted(Name) +
               "; an input may only name the inputs declared before it";
      if (const InputVariable *Later = Spec.findInput(Name); Later && Later > &Spec.Inputs[X.Owner])
        return "input " + quoted(Input) + " names input " + quoted(Name) +
               ", which is declared after it; declare " + quoted(Name) + " first";
    }
    return D.Message;
  }

  std::vector<Diagnostic> Errors;

private:
  void error(SourcePosition Where, std::string Message) {
    Errors.push_back(diagnosticAt(Severity::Error, {Unit.FileName, Where.Line, Where.Column},
                                  std::move(Message)));
  }
  const PlacedExpression &placed(unsigned Expression) const { return Unit.Expressions[Expression]; }

  const SyntheticUnit &Unit;
  const TuningSpec &Spec;
  std::vector<bool> &ExpressionHasError;
};

} // namespace

std::vector<Diagnostic> mapClangDiagnostics(const SyntheticUnit &Unit, const TuningSpec &Spec,
                                            const std::vector<ClangMessage> &Messages,
                                            std::vector<bool> &ExpressionHasError) {
  Mapper M(Unit, Spec, ExpressionHasError);
  M.map(Messages);
  return std::move(M.Errors);
}

} // namespace atfc
