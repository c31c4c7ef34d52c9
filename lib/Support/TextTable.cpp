//===- Support/TextTable.cpp - Aligned columns for a terminal -------------===//
#include "Support/TextTable.h"

#include <algorithm>
#include <ostream>

namespace atfc {

void TextTable::write(std::ostream &OS, std::string_view Indent) const {
  std::vector<std::size_t> Width(Header.size(), 0);
  auto Measure = [&](const std::vector<std::string> &Row) {
    Width.resize(std::max(Width.size(), Row.size()), 0);
    for (std::size_t C = 0; C < Row.size(); ++C)
      Width[C] = std::max(Width[C], Row[C].size());
  };
  Measure(Header);
  for (const auto &Row : Rows)
    Measure(Row);
  auto WriteRow = [&](const std::vector<std::string> &Row) {
    std::string Line(Indent);
    for (std::size_t C = 0; C < Row.size(); ++C) {
      if (C != 0)
        Line += "  ";
      const std::string Pad(Width[C] - Row[C].size(), ' ');
      const bool Right = C < RightAligned.size() && RightAligned[C];
      Line += Right ? Pad + Row[C] : Row[C] + Pad;
    }
    Line.erase(Line.find_last_not_of(' ') + 1);
    OS << Line << '\n';
  };
  if (!Header.empty())
    WriteRow(Header);
  for (const auto &Row : Rows)
    WriteRow(Row);
}

} // namespace atfc
