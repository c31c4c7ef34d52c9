//===- Tuning/SpaceReport.cpp - What a tuner says about its space --------===//
#include "Tuning/SpaceReport.h"
#include "Results/ValueJson.h"

#include "Support/TextTable.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <vector>

namespace atfc {

std::string withThousandsSeparators(const BigCount &N) {
  const std::string Digits = N.get_str();
  const std::size_t Sign = !Digits.empty() && Digits[0] == '-' ? 1 : 0;
  std::string Grouped = Digits.substr(0, Sign);
  for (std::size_t I = Sign; I < Digits.size(); ++I) {
    if (I != Sign && (Digits.size() - I) % 3 == 0)
      Grouped += ',';
    Grouped += Digits[I];
  }
  return Grouped;
}

namespace {

BigCount big(std::uint64_t N) { return BigCount(static_cast<unsigned long>(N)); }

std::string grouped(std::uint64_t N) { return withThousandsSeparators(big(N)); }

/// log10 of a positive N, also beyond the range of double.
double log10Of(const BigCount &N) {
  long Exponent = 0;
  const double Mantissa = mpz_get_d_2exp(&Exponent, N.get_mpz_t());
  return std::log10(Mantissa) + static_cast<double>(Exponent) * std::log10(2.0);
}

/// Part / Whole as a percentage with three significant digits.
std::string percentage(const BigCount &Part, const BigCount &Whole) {
  const double Log = log10Of(Part) - log10Of(Whole) + 2;
  const double Exponent = std::floor(Log);
  if (Exponent >= -3)
    return fmt::format("{:.3g} %", std::pow(10.0, Log));
  double Mantissa = std::pow(10.0, Log - Exponent);
  int Shown = static_cast<int>(Exponent);
  if (Mantissa >= 9.995) { // would print as 10.00
    Mantissa /= 10;
    Shown += 1;
  }
  return fmt::format("{:.2f}e{} %", Mantissa, Shown);
}

/// The median of Times (not empty): the middle one, or for an even count
/// the mean of the middle two.
double median(std::span<const double> Times) {
  std::vector<double> Sorted(Times.begin(), Times.end());
  std::sort(Sorted.begin(), Sorted.end());
  const std::size_t N = Sorted.size();
  return N % 2 ? Sorted[N / 2] : (Sorted[N / 2 - 1] + Sorted[N / 2]) / 2;
}

std::string seconds(double S) {
  return S < 1 ? fmt::format("{:.3g} ms", S * 1e3) : fmt::format("{:.2f} s", S);
}

std::string bytes(std::size_t B) {
  if (B < 1024)
    return fmt::format("{} B", B);
  if (B < (std::size_t(1) << 20))
    return fmt::format("{:.1f} KiB", static_cast<double>(B) / 1024);
  if (B < (std::size_t(1) << 30))
    return fmt::format("{:.1f} MiB", static_cast<double>(B) / (1 << 20));
  return fmt::format("{:.2f} GiB", static_cast<double>(B) / (1 << 30));
}

/// The constraints' effect on the unconstrained size, in words.
std::string shareKept(const ChainOfTrees &Space, const BigCount &Unconstrained) {
  if (Unconstrained == 0)
    return "(a parameter's range is empty)";
  if (Space.size() == 0)
    return "(the constraints keep none of it)";
  if (Space.size() == Unconstrained)
    return "(the constraints keep all of it)";
  return "(the constraints keep " + percentage(Space.size(), Unconstrained) + ")";
}

/// The type of the parameter at chain level Level: as declared, else the
/// kind of its values.
std::string typeAt(const ChainOfTrees &Space, std::size_t Level,
                   std::span<const std::string> TypeNames) {
  if (Level < TypeNames.size() && !TypeNames[Level].empty())
    return TypeNames[Level];
  return kindName(Space.parameter(Level).Kind);
}

std::string groupParameters(const GroupTree &G) {
  std::string Names;
  for (std::size_t L = 0; L < G.numLevels(); ++L)
    Names += (L == 0 ? "" : ", ") + G.parameter(L).Name;
  return Names;
}

} // namespace

std::string configurationText(const ChainOfTrees &Space, const Configuration &C) {
  std::vector<std::string> Names;
  for (std::size_t L = 0; L < Space.numLevels(); ++L)
    Names.push_back(Space.parameter(L).Name);
  return configurationText(Names, Space.values(C));
}

nlohmann::ordered_json configurationJson(const ChainOfTrees &Space, const Configuration &C) {
  const std::vector<Value> Values = Space.values(C);
  nlohmann::ordered_json Object = nlohmann::ordered_json::object();
  for (std::size_t L = 0; L < Values.size(); ++L)
    Object[Space.parameter(L).Name] = valueJson(Values[L]);
  return Object;
}

void writeSpaceReport(std::ostream &OS, const ChainOfTrees &Space, std::string_view FileName,
                      std::span<const double> Repeated, std::span<const std::string> TypeNames) {
  const BigCount Unconstrained = Space.unconstrainedSize();
  OS << FileName << ": search space\n";
  std::vector<std::vector<std::string>> Summary = {
      {"configurations", withThousandsSeparators(Space.size())},
      {"unconstrained",
       withThousandsSeparators(Unconstrained) + ' ' + shareKept(Space, Unconstrained)},
      {"generated in", seconds(Space.generationSeconds())}};
  if (!Repeated.empty()) {
    const auto [Min, Max] = std::minmax_element(Repeated.begin(), Repeated.end());
    Summary.push_back({"repeated", fmt::format("median {} of {} more generations ({} to {})",
                                               seconds(median(Repeated)), Repeated.size(),
                                               seconds(*Min), seconds(*Max))});
  }
  Summary.push_back(
      {"store", bytes(Space.memoryBytes()) + " for " + grouped(Space.numNodes()) + " tree nodes"});
  TextTable{{}, {}, std::move(Summary)}.write(OS, "  ");
  if (Space.numGroups() == 0)
    OS << "  the file declares no tuning parameters\n";

  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const GroupTree &Tree = Space.group(G);
    OS << fmt::format("\ngroup {} of {} ({}): {} configurations, {} tree nodes, generated in {}\n",
                      G + 1, Space.numGroups(), groupParameters(Tree), grouped(Tree.numLeaves()),
                      grouped(Tree.numNodes()), seconds(Tree.generationSeconds()));
    TextTable Levels{{"parameter", "type", "range", "scans", "accepted", "dead ends", "rejected"},
                     {false, false, true, true, true, true, true},
                     {}};
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      const ParameterInfo &P = Tree.parameter(L);
      const LevelStats &S = Tree.stats(L);
      Levels.Rows.push_back({P.Name, typeAt(Space, Space.firstLevelOf(G) + L, TypeNames),
                             grouped(P.RangeSize), grouped(S.ParentVisits), grouped(S.Accepted),
                             grouped(S.DeadEnds),
                             withThousandsSeparators(Space.rejectedAt(Space.firstLevelOf(G) + L))});
    }
    Levels.write(OS, "  ");
    if (Tree.numLeaves() == 0)
      OS << "  no configuration of this group satisfies its constraints, so the space is empty\n";
  }
  if (Space.numGroups() != 0)
    OS << "\nscans: the range is scanned once per node of the level above; accepted: values\n"
          "that passed the parameter's constraint; dead ends: accepted values with no valid\n"
          "configuration below them; rejected: scans * range - accepted.\n";
}

void writeConfigurationList(std::ostream &OS, const ChainOfTrees &Space, std::uint64_t Count) {
  if (Count == 0)
    return;
  if (Space.empty()) {
    OS << "no configurations to list: the space is empty\n";
    return;
  }
  const BigCount Listed = std::min(big(Count), Space.size());
  if (Listed == Space.size())
    OS << "all " << withThousandsSeparators(Listed) << " configurations:\n";
  else
    OS << "the first " << withThousandsSeparators(Listed) << " of "
       << withThousandsSeparators(Space.size()) << " configurations:\n";
  for (BigCount I = 0; I < Listed; ++I)
    OS << configurationText(Space, Space.at(I)) << '\n';
}

nlohmann::ordered_json spaceReportJson(const ChainOfTrees &Space, std::string_view FileName,
                                       std::uint64_t List, std::span<const double> Repeated,
                                       std::span<const std::string> TypeNames) {
  nlohmann::ordered_json Report;
  Report["file"] = std::string(FileName);
  Report["configurations"] = Space.size().get_str();
  Report["unconstrained"] = Space.unconstrainedSize().get_str();
  Report["generation_seconds"] = Space.generationSeconds();
  if (!Repeated.empty()) {
    Report["repeated_generation_seconds"] = std::vector<double>(Repeated.begin(), Repeated.end());
    Report["repeated_generation_median_seconds"] = median(Repeated);
  }
  Report["memory_bytes"] = Space.memoryBytes();
  Report["nodes"] = Space.numNodes();
  nlohmann::ordered_json Groups = nlohmann::ordered_json::array();
  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const GroupTree &Tree = Space.group(G);
    nlohmann::ordered_json Group;
    Group["parameters"] = nlohmann::ordered_json::array();
    nlohmann::ordered_json Levels = nlohmann::ordered_json::array();
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      const ParameterInfo &P = Tree.parameter(L);
      const LevelStats &S = Tree.stats(L);
      Group["parameters"].push_back(P.Name);
      nlohmann::ordered_json Level;
      Level["parameter"] = P.Name;
      Level["type"] = typeAt(Space, Space.firstLevelOf(G) + L, TypeNames);
      Level["range_size"] = P.RangeSize;
      Level["scans"] = S.ParentVisits;
      Level["accepted"] = S.Accepted;
      Level["dead_ends"] = S.DeadEnds;
      Level["nodes"] = Tree.numNodes(L);
      Level["rejected"] = Space.rejectedAt(Space.firstLevelOf(G) + L).get_str();
      Levels.push_back(std::move(Level));
    }
    Group["leaves"] = std::to_string(Tree.numLeaves());
    Group["nodes"] = Tree.numNodes();
    Group["seconds"] = Tree.generationSeconds();
    Group["levels"] = std::move(Levels);
    Groups.push_back(std::move(Group));
  }
  Report["groups"] = std::move(Groups);
  if (List > 0) {
    nlohmann::ordered_json Listed = nlohmann::ordered_json::array();
    const BigCount End = std::min(big(List), Space.size());
    for (BigCount I = 0; I < End; ++I)
      Listed.push_back(configurationJson(Space, Space.at(I)));
    Report["configurations_listed"] = std::move(Listed);
  }
  return Report;
}

EmptySpaceReason emptySpaceReason(const ChainOfTrees &Space,
                                  std::span<const DirectiveText> Constraints,
                                  std::span<const NamedValue> Inputs) {
  EmptySpaceReason Reason{"no configuration satisfies every constraint"};
  std::string Given;
  for (const NamedValue &Input : Inputs)
    Given += (Given.empty() ? "" : ", ") + Input.Name + " = " + toString(Input.Val);
  const std::string ForInputs = Given.empty() ? "" : " (inputs: " + Given + ")";
  for (std::size_t G = 0; G < Space.numGroups(); ++G) {
    const GroupTree &Tree = Space.group(G);
    if (Tree.numLeaves() != 0)
      continue;
    for (std::size_t L = 0; L < Tree.numLevels(); ++L) {
      if (Tree.stats(L).Accepted != 0)
        continue;
      const ParameterInfo &P = Tree.parameter(L);
      const std::size_t Level = Space.firstLevelOf(G) + L;
      std::string Values =
          P.RangeSize == 0 ? ""
                           : " (" + toString(P.ValueAt(0)) +
                                 (P.RangeSize > 1 ? " to " + toString(P.ValueAt(P.RangeSize - 1))
                                                  : std::string()) +
                                 ")";
      if (P.RangeSize == 0) {
        Reason.Message = "the range of " + P.Name + " is empty" + ForInputs;
      } else {
        Reason.Message = "no value of " + P.Name + Values + " satisfies its constraint";
        if (Level < Constraints.size() && !Constraints[Level].Text.empty()) {
          Reason.Message += " " + Constraints[Level].Text;
          Reason.Line = Constraints[Level].Line;
          Reason.Column = Constraints[Level].Column;
        }
        if (L > 0) {
          Reason.Message += ", whatever the values of ";
          for (std::size_t Before = 0; Before < L; ++Before)
            Reason.Message += (Before ? ", " : "") + Tree.parameter(Before).Name;
        }
        Reason.Message += ForInputs;
      }
      return Reason;
    }
  }
  Reason.Message += ForInputs;
  return Reason;
}

} // namespace atfc
