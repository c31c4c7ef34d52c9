//===- Frontend/ConstraintLowering.h - Constraint ASTs to aliases -*- C++ -*-===//
//
// Lowers the AST of a constraint into the conjuncts that the search-space
// engine turns into loops. The constraint is split at its top-level `&&`
// (built-in, or the prelude's operator combining aliases and lambdas), and
// each conjunct is classified:
//
//   divides(E), atf::multiple_of(E), ... unequal(E)   that alias, with E
//   X <= E, X < E, X >= E, X > E, X == E, X != E      the matching alias
//   E >= X, E > X, ... (mirrored)                     X <= E, X < E, ...
//   E % X == 0                                        divides(E)
//   X % E == 0                                        multiple_of(E)
//   anything else (||, !, lambdas, calls, ...)        a predicate
//
// where X is exactly the constrained parameter (the candidate) and E does
// not name it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_FRONTEND_CONSTRAINTLOWERING_H
#define ATFC_FRONTEND_CONSTRAINTLOWERING_H

#include "Frontend/SpecAnalysis.h"
#include "Frontend/UnitASTReader.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace atfc {

/// The alias a call calls, when it is one of the directive language's
/// constraint aliases (with or without `atf::`) with one argument.
std::optional<ConjunctShape> aliasOf(const clang::CallExpr *Call);

/// Whether Record is one of the prelude's constraint objects: what an
/// alias, or aliases and lambdas combined with &&, || and !, evaluate to.
bool isConstraintObject(const clang::CXXRecordDecl *Record);

/// Whether the unit's bytes [Begin, End) name the candidate.
using NamesCandidateFn = llvm::function_ref<bool(unsigned Begin, unsigned End)>;

/// The conjuncts of Constraint, the value of the constraint of the
/// parameter whose function parameter is Candidate, left to right.
/// NamesCandidate tells whether a part of the unit names the candidate.
std::vector<UnitConjunct> lowerConstraint(const clang::Expr *Constraint,
                                          const clang::ParmVarDecl *Candidate,
                                          const UnitOffsets &Offsets,
                                          NamesCandidateFn NamesCandidate);

} // namespace atfc

#endif // ATFC_FRONTEND_CONSTRAINTLOWERING_H
