//===- Search/HyperParameter.cpp - The numbers a technique takes ----------===//
#include "Search/HyperParameter.h"

#include "Support/NumberText.h"

#include <cmath>

namespace atfc {

bool admits(const HyperParameter &P, double X) {
  if (std::isnan(X) || (P.Whole && X != std::floor(X)))
    return false;
  const bool AboveLowest = P.LowestBound == Bound::Included ? X >= P.Lowest : X > P.Lowest;
  const bool BelowHighest = P.HighestBound == Bound::Included ? X <= P.Highest : X < P.Highest;
  return AboveLowest && BelowHighest;
}

std::string admittedText(const HyperParameter &P) {
  const std::string Low = shortestText(P.Lowest);
  const std::string Lower = (P.LowestBound == Bound::Included ? ">= " : "> ") + Low;
  if (P.Highest == kUnbounded)
    return P.Whole ? "a whole number " + Lower : Lower;
  const std::string Interval = (P.LowestBound == Bound::Included ? "[" : "(") + Low + ", " +
                               shortestText(P.Highest) +
                               (P.HighestBound == Bound::Included ? "]" : ")");
  return P.Whole ? "a whole number in " + Interval : Interval;
}

std::vector<double> defaultValues(std::span<const HyperParameter> Parameters) {
  std::vector<double> Values;
  for (const HyperParameter &P : Parameters)
    Values.push_back(P.Default);
  return Values;
}

Expected<std::vector<double>> hyperParameterValues(std::string_view Technique,
                                                   std::span<const HyperParameter> Parameters,
                                                   std::span<const double> Given) {
  if (Given.size() > Parameters.size())
    return Error(std::string(Technique) +
                 (Parameters.empty() ? " takes no numbers"
                                     : " takes at most " + std::to_string(Parameters.size()) +
                                           (Parameters.size() == 1 ? " number" : " numbers")));
  std::vector<double> Values = defaultValues(Parameters);
  for (std::size_t I = 0; I < Given.size(); ++I) {
    if (!admits(Parameters[I], Given[I]))
      return Error(
          std::string(Technique) + ": " + std::string(Parameters[I].Name) + " must " +
          (Parameters[I].Whole || Parameters[I].Highest == kUnbounded ? "be " : "lie in ") +
          admittedText(Parameters[I]) + ", not " + shortestText(Given[I]));
    Values[I] = Given[I];
  }
  return Values;
}

std::string signatureText(std::string_view Technique, std::span<const HyperParameter> Parameters,
                          bool Techniques) {
  std::string Text(Technique);
  if (Parameters.empty() && !Techniques)
    return Text;
  Text += '(';
  for (std::size_t I = 0; I < Parameters.size(); ++I)
    Text += (I ? ", " : "") + std::string(Parameters[I].Name) + " = " +
            shortestText(Parameters[I].Default);
  if (Techniques)
    Text += Parameters.empty() ? "t1, t2, ..." : ", t1, t2, ...";
  return Text + ')';
}

} // namespace atfc
