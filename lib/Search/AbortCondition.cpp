//===- Search/AbortCondition.cpp - When a tuning run stops ----------------===//
#include "Search/AbortCondition.h"

#include "Search/ExpressionLexer.h"
#include "Support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace atfc {

/// Binding strength in describe(), to parenthesize only where needed.
enum class Precedence { Or, And, Unary };

class AbortCondition::Node {
public:
  virtual ~Node() = default;
  virtual bool reached(const SearchStatus &Status) const = 0;
  virtual double progress(const SearchStatus &Status) const = 0;
  virtual std::string describe() const = 0;
  virtual Precedence precedence() const { return Precedence::Unary; }
  virtual std::optional<std::uint64_t> evaluationBudget() const { return std::nullopt; }
};

namespace {

using Node = AbortCondition::Node;

double ratio(double Done, double Target) {
  if (Target <= 0)
    return 1.0;
  return std::clamp(Done / Target, 0.0, 1.0);
}

std::string describeDuration(double Seconds) {
  // The largest unit that states the duration exactly.
  if (Seconds > 0 && std::fmod(Seconds, 3600) == 0)
    return "duration<hours>(" + shortestText(Seconds / 3600) + ")";
  if (Seconds > 0 && std::fmod(Seconds, 60) == 0)
    return "duration<minutes>(" + shortestText(Seconds / 60) + ")";
  if (Seconds > 0 && Seconds < 1)
    return "duration<milliseconds>(" + shortestText(Seconds * 1000) + ")";
  return "duration<seconds>(" + shortestText(Seconds) + ")";
}

class EvaluationCount final : public Node {
public:
  EvaluationCount(std::uint64_t N, bool ValidOnly) : N(N), ValidOnly(ValidOnly) {}
  bool reached(const SearchStatus &S) const override { return count(S) >= N; }
  double progress(const SearchStatus &S) const override {
    return ratio(static_cast<double>(count(S)), static_cast<double>(N));
  }
  std::string describe() const override {
    return (ValidOnly ? "valid_evaluations(" : "evaluations(") + std::to_string(N) + ")";
  }
  // Failed configurations do not count towards valid_evaluations(n).
  std::optional<std::uint64_t> evaluationBudget() const override {
    return ValidOnly ? std::nullopt : std::optional<std::uint64_t>(N);
  }

private:
  std::uint64_t count(const SearchStatus &S) const {
    return ValidOnly ? S.ValidEvaluations : S.Evaluations;
  }
  std::uint64_t N;
  bool ValidOnly;
};

class SpaceFraction final : public Node {
public:
  explicit SpaceFraction(double F) : F(F) {}
  bool reached(const SearchStatus &S) const override {
    return static_cast<double>(S.Evaluations) >= F * S.SpaceSize;
  }
  double progress(const SearchStatus &S) const override {
    return ratio(static_cast<double>(S.Evaluations), F * S.SpaceSize);
  }
  std::string describe() const override { return "fraction(" + shortestText(F) + ")"; }

private:
  double F;
};

class Duration final : public Node {
public:
  explicit Duration(double Seconds) : Seconds(Seconds) {}
  bool reached(const SearchStatus &S) const override { return S.ElapsedSeconds >= Seconds; }
  double progress(const SearchStatus &S) const override { return ratio(S.ElapsedSeconds, Seconds); }
  std::string describe() const override { return describeDuration(Seconds); }

private:
  double Seconds;
};

class CostReached final : public Node {
public:
  CostReached(Cost Target, Cost Written) : Target(std::move(Target)), Written(std::move(Written)) {
    if (this->Written.empty())
      this->Written = this->Target;
  }
  bool reached(const SearchStatus &S) const override {
    if (!S.Best)
      return false;
    // Lexicographic <= over the components both have.
    const std::size_t N = std::min(Target.size(), S.Best->size());
    return !std::lexicographical_compare(Target.begin(), Target.begin() + N, S.Best->begin(),
                                         S.Best->begin() + N);
  }
  double progress(const SearchStatus &S) const override { return reached(S) ? 1.0 : 0.0; }
  std::string describe() const override {
    std::string Text = "cost(";
    for (std::size_t I = 0; I < Written.size(); ++I)
      Text += (I ? ", " : "") + shortestText(Written[I]);
    return Text + ")";
  }

private:
  Cost Target;
  Cost Written;
};

class Speedup final : public Node {
public:
  Speedup(double S, std::uint64_t N, double Seconds, bool OverEvaluations)
      : S(S), N(N), Seconds(Seconds), OverEvaluations(OverEvaluations) {}

  bool reached(const SearchStatus &Status) const override {
    const std::vector<Improvement> &History = Status.Improvements;
    if (History.empty() || !Status.Best)
      return false;
    // The best cost at the start of the window: the last improvement at or
    // before it. The window must start at or after the first valid one.
    std::vector<Improvement>::const_iterator AtStart;
    if (OverEvaluations) {
      if (Status.Evaluations < N || Status.Evaluations - N < History.front().Evaluation)
        return false;
      const std::uint64_t Start = Status.Evaluations - N;
      AtStart =
          std::upper_bound(History.begin(), History.end(), Start,
                           [](std::uint64_t E, const Improvement &I) { return E < I.Evaluation; });
    } else {
      const double Start = Status.ElapsedSeconds - Seconds;
      if (Start < History.front().Seconds)
        return false;
      AtStart = std::upper_bound(History.begin(), History.end(), Start,
                                 [](double T, const Improvement &I) { return T < I.Seconds; });
    }
    const Cost &Before = std::prev(AtStart)->BestCost;
    const Cost &Now = *Status.Best;
    Cost Target = Before;
    for (double &X : Target)
      X /= S;
    const bool Improved = betterCost(Now, Before) && !betterCost(Target, Now);
    return !Improved;
  }
  double progress(const SearchStatus &Status) const override { return reached(Status) ? 1.0 : 0.0; }
  std::string describe() const override {
    return "speedup(" + shortestText(S) + ", " +
           (OverEvaluations ? "evaluations(" + std::to_string(N) + ")"
                            : describeDuration(Seconds)) +
           ")";
  }

private:
  double S;
  std::uint64_t N;
  double Seconds;
  bool OverEvaluations;
};

std::string describeOperand(const Node &Operand, Precedence Context) {
  if (Operand.precedence() >= Context)
    return Operand.describe();
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "(" + std::string + ")".
  std::string Text = "(";
  Text += Operand.describe();
  Text += ')';
  return Text;
}

class Conjunction final : public Node {
public:
  Conjunction(std::shared_ptr<const Node> A, std::shared_ptr<const Node> B, bool IsAnd)
      : A(std::move(A)), B(std::move(B)), IsAnd(IsAnd) {}
  bool reached(const SearchStatus &S) const override {
    return IsAnd ? A->reached(S) && B->reached(S) : A->reached(S) || B->reached(S);
  }
  double progress(const SearchStatus &S) const override {
    return IsAnd ? std::min(A->progress(S), B->progress(S))
                 : std::max(A->progress(S), B->progress(S));
  }
  std::string describe() const override {
    return describeOperand(*A, precedence()) + (IsAnd ? " && " : " || ") +
           describeOperand(*B, precedence());
  }
  Precedence precedence() const override { return IsAnd ? Precedence::And : Precedence::Or; }
  std::optional<std::uint64_t> evaluationBudget() const override {
    const std::optional<std::uint64_t> X = A->evaluationBudget(), Y = B->evaluationBudget();
    if (IsAnd)
      return X && Y ? std::optional<std::uint64_t>(std::max(*X, *Y)) : std::nullopt;
    if (X && Y)
      return std::min(*X, *Y);
    return X ? X : Y;
  }

private:
  std::shared_ptr<const Node> A, B;
  bool IsAnd;
};

class Negation final : public Node {
public:
  explicit Negation(std::shared_ptr<const Node> A) : A(std::move(A)) {}
  bool reached(const SearchStatus &S) const override { return !A->reached(S); }
  double progress(const SearchStatus &S) const override { return reached(S) ? 1.0 : 0.0; }
  std::string describe() const override {
    std::string Text = "!";
    Text += describeOperand(*A, Precedence::Unary);
    return Text;
  }

private:
  std::shared_ptr<const Node> A;
};

} // namespace

AbortCondition AbortCondition::evaluations(std::uint64_t N) {
  return AbortCondition(std::make_shared<EvaluationCount>(N, false));
}
AbortCondition AbortCondition::validEvaluations(std::uint64_t N) {
  return AbortCondition(std::make_shared<EvaluationCount>(N, true));
}
AbortCondition AbortCondition::fraction(double F) {
  return AbortCondition(std::make_shared<SpaceFraction>(F));
}
namespace {
/// custom(): a program's own condition.
class Custom final : public Node {
public:
  Custom(std::function<bool(const SearchStatus &)> Reached, std::string Name)
      : Reached(std::move(Reached)), Name(std::move(Name)) {}
  bool reached(const SearchStatus &Status) const override { return Reached(Status); }
  double progress(const SearchStatus &Status) const override { return reached(Status) ? 1 : 0; }
  std::string describe() const override { return Name; }

private:
  std::function<bool(const SearchStatus &)> Reached;
  std::string Name;
};
} // namespace

AbortCondition AbortCondition::custom(std::function<bool(const SearchStatus &)> Reached,
                                      std::string Name) {
  return AbortCondition(std::make_shared<Custom>(std::move(Reached), std::move(Name)));
}

AbortCondition AbortCondition::duration(double Seconds) {
  return AbortCondition(std::make_shared<Duration>(Seconds));
}
AbortCondition AbortCondition::cost(Cost C, Cost Written) {
  return AbortCondition(std::make_shared<CostReached>(std::move(C), std::move(Written)));
}
AbortCondition AbortCondition::speedupOverEvaluations(double S, std::uint64_t N) {
  return AbortCondition(std::make_shared<Speedup>(S, N, 0.0, true));
}
AbortCondition AbortCondition::speedupOverDuration(double S, double Seconds) {
  return AbortCondition(std::make_shared<Speedup>(S, 0, Seconds, false));
}

AbortCondition operator&&(const AbortCondition &A, const AbortCondition &B) {
  return AbortCondition(std::make_shared<Conjunction>(A.Root, B.Root, true));
}
AbortCondition operator||(const AbortCondition &A, const AbortCondition &B) {
  return AbortCondition(std::make_shared<Conjunction>(A.Root, B.Root, false));
}
AbortCondition operator!(const AbortCondition &A) {
  return AbortCondition(std::make_shared<Negation>(A.Root));
}

bool AbortCondition::reached(const SearchStatus &Status) const { return Root->reached(Status); }
double AbortCondition::progress(const SearchStatus &Status) const { return Root->progress(Status); }
std::string AbortCondition::describe() const { return Root->describe(); }
std::optional<std::uint64_t> AbortCondition::evaluationBudget() const {
  return Root->evaluationBudget();
}

} // namespace atfc
