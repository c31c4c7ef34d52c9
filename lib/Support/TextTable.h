//===- Support/TextTable.h - Aligned columns for a terminal -----*- C++ -*-===//
//
// The one table writer of the tools and the tuner (`atfc results`, `atfc
// space`): cells two spaces apart, a column right-aligned where it holds
// numbers, no blanks at the end of a line.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_TEXTTABLE_H
#define ATFC_SUPPORT_TEXTTABLE_H

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

struct TextTable {
  /// The first line, aligned like the rows; none when empty.
  std::vector<std::string> Header;
  /// Per column; a column without an entry is left-aligned.
  std::vector<bool> RightAligned;
  /// Rows may have fewer cells than others.
  std::vector<std::vector<std::string>> Rows;

  /// Writes the header and rows, each line after Indent.
  void write(std::ostream &OS, std::string_view Indent) const;
};

} // namespace atfc

#endif
