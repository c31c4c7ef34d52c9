//===- Analysis/FixedValues.cpp - Parameters fixed to one value -----------===//
#include "Analysis/FixedValues.h"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <string_view>

namespace atfc {

namespace {

bool isIdentifier(const std::string &Name) {
  if (Name.empty() || std::isdigit(static_cast<unsigned char>(Name.front())))
    return false;
  for (char C : Name)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

} // namespace

Expected<std::vector<FixedValue>> parseFixedValues(std::span<const std::string> Arguments) {
  std::vector<FixedValue> Values;
  std::set<std::string> Seen;
  for (const std::string &Item : Arguments) {
    const std::size_t Equals = Item.find('=');
    if (Equals == std::string::npos)
      return Error(fmt::format("--fix '{}': expected NAME=VALUE", Item));
    FixedValue Fixed{Item.substr(0, Equals), Item.substr(Equals + 1)};
    if (!isIdentifier(Fixed.Name))
      return Error(fmt::format("--fix '{}': '{}' is not a parameter name", Item, Fixed.Name));
    if (Fixed.Text.empty())
      return Error(fmt::format("--fix '{}': the value is empty", Item));
    if (!Seen.insert(Fixed.Name).second)
      return Error(fmt::format("--fix '{}': '{}' is fixed twice", Item, Fixed.Name));
    Values.push_back(std::move(Fixed));
  }
  return Values;
}

std::string fixingDirectives(const PruningProposal &Proposal) {
  std::string Text;
  for (const PrunedParameter &P : Proposal.Fixed) {
    // A name read from a file is data: one that is not an identifier (a
    // crafted cache's "X range {1}\n#atf::run_script ...") never becomes
    // directive text.
    if (!isIdentifier(P.Name)) {
      Text += fmt::format("// atfc analyze ({}): a parameter whose name is not an identifier "
                          "({} bytes) is fixed; no directive is written for it\n",
                          pruningMethodName(Proposal.Method), P.Name.size());
      continue;
    }
    Text +=
        fmt::format("// atfc analyze ({}): {} fixed, replaces its tp directive\n"
                    "#atf::tp name {} range {{{}}}\n",
                    pruningMethodName(Proposal.Method), P.Name, P.Name, toSourceString(P.Fixed));
  }
  return Text;
}

std::string fixArguments(const PruningProposal &Proposal) {
  std::string Text;
  for (const PrunedParameter &P : Proposal.Fixed) {
    // No parameter of an atfc file has a name that is no identifier, and
    // such a name (a line break in it) must not leave the comment that
    // shows these arguments (fixingDirectives).
    if (!isIdentifier(P.Name))
      continue;
    if (!Text.empty())
      Text += ' ';
    // atfc tune reads VALUE as a C++ expression (it becomes `equal(VALUE)`),
    // so a string keeps its quotes; the whole word is quoted for a POSIX
    // shell when it is not plain.
    const std::string Word = P.Name + "=" + toSourceString(P.Fixed);
    bool Plain = true;
    for (char C : Word)
      if (!std::isalnum(static_cast<unsigned char>(C)) &&
          std::string_view("._-+=").find(C) == std::string_view::npos)
        Plain = false;
    if (Plain) {
      Text += "--fix " + Word;
      continue;
    }
    std::string Quoted = "'";
    for (char C : Word)
      Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
    Text += "--fix " + Quoted + "'";
  }
  return Text;
}

} // namespace atfc
