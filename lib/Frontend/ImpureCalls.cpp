//===- Frontend/ImpureCalls.cpp - Calls that may have side effects --------===//
#include "Frontend/ImpureCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

#include "llvm/ADT/StringSet.h"

namespace atfc {

using namespace clang;

namespace {

/// Whether Function is in namespace Name (directly, or in one inside it).
bool inNamespace(const Decl *D, llvm::StringRef Name) {
  for (const DeclContext *Context = D->getDeclContext(); Context; Context = Context->getParent())
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(Context);
        Namespace && !Namespace->isAnonymousNamespace() && Namespace->getName() == Name &&
        Namespace->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  return false;
}

bool isLibraryFunction(const FunctionDecl *F) {
  static const llvm::StringSet<> Names = {
#define ATF_LIBRARY_FUNCTION(Header, Name) #Name,
#include "Language/Language.def"
  };
  const IdentifierInfo *Identifier = F->getIdentifier();
  if (!Identifier || !Names.contains(Identifier->getName()))
    return false;
  // std::sqrt, or the C library's ::sqrt that <cmath> brings in.
  return inNamespace(F, "std") || F->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool knownFreeOfSideEffects(const FunctionDecl *F) {
  if (F->isConstexpr())
    return true;
  // A compiler builtin that reads and writes nothing (__builtin_expect, in
  // __glibc_likely).
  if (const unsigned Builtin = F->getBuiltinID();
      Builtin != 0 && (F->getASTContext().BuiltinInfo.isConst(Builtin) ||
                       F->getASTContext().BuiltinInfo.isPure(Builtin)))
    return true;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(F); Method && Method->getParent()->isLambda())
    return true;
  // The language's names (CheckPrelude.h and what Language.def declares).
  if (inNamespace(F, "atf") || inNamespace(F, "atf_detail"))
    return true;
  if (const FunctionTemplateDecl *Template = F->getPrimaryTemplate())
    return knownFreeOfSideEffects(Template->getTemplatedDecl()) || isLibraryFunction(F);
  return isLibraryFunction(F);
}

class ImpureCallFinder : public RecursiveASTVisitor<ImpureCallFinder> {
public:
  explicit ImpureCallFinder(std::vector<ImpureCall> &Found) : Found(Found) {}

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    // A call in a generic lambda that depends on its parameter's type is
    // resolved only where the lambda is instantiated.
    if (!Callee &&
        (E->isTypeDependent() || E->isValueDependent() || E->getCallee()->isTypeDependent()))
      return true;
    if (!Callee) {
      // A call through a pointer or an object: a lambda's closure is the
      // one object an expression can make and call.
      const Expr *Called = E->getCallee()->IgnoreParenImpCasts();
      if (!Called->getType()->isRecordType() || !Called->getType()->getAsCXXRecordDecl() ||
          !Called->getType()->getAsCXXRecordDecl()->isLambda())
        Found.push_back({E->getBeginLoc(), "a function through a pointer"});
      return true;
    }
    if (E->getBeginLoc().isInvalid() || knownFreeOfSideEffects(Callee))
      return true;
    // The call's own name, not the start of an operand before it.
    SourceLocation Where = E->getBeginLoc();
    if (const auto *Operator = dyn_cast<CXXOperatorCallExpr>(E))
      Where = Operator->getOperatorLoc();
    else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
      Where = Member->getExprLoc();
    Found.push_back({Where, Callee->getQualifiedNameAsString()});
    return true;
  }

private:
  std::vector<ImpureCall> &Found;
};

} // namespace

std::vector<ImpureCall> impureCallsIn(const Expr *E) {
  std::vector<ImpureCall> Found;
  ImpureCallFinder(Found).TraverseStmt(const_cast<Expr *>(E));
  return Found;
}

std::string impureCallMessage(const std::string &Name) {
  return "'" + Name +
         "' may have side effects, and the tuner evaluates this expression as often as it "
         "needs; call only constexpr functions, lambdas and the standard library's math "
         "functions (std::min, std::max, std::sqrt, std::pow, std::gcd, ...: "
         "docs/directives.md)";
}

} // namespace atfc
