//===- Report/HtmlPage.h - One self-contained HTML page ---------*- C++ -*-===//
//
// A report is one HTML file that opens anywhere without a network: its CSS
// and plots are inline, and the only script (inline too) sorts tables when
// a column heading is clicked. Sections are added in order; tables are
// HTML tables whose numeric cells carry their exact value for sorting.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_HTMLPAGE_H
#define ATFC_REPORT_HTMLPAGE_H

#include <string>
#include <utility>
#include <vector>

namespace atfc::report {

/// One cell: its text, and its numeric value for sorting when it has one.
struct Cell {
  std::string Text;
  /// Whether Number is the cell's value (numeric cells sort numerically and
  /// are right-aligned).
  bool Numeric = false;
  double Number = 0;
  /// Shown preformatted (a log tail).
  bool Pre = false;
};

Cell textCell(std::string Text);
Cell numberCell(double V, std::string Text);
Cell numberCell(double V);

struct Table {
  std::vector<std::string> Header;
  std::vector<std::vector<Cell>> Rows;
  /// Headings sort the table when clicked.
  bool Sortable = false;
  /// The table's id attribute, for tests and links; may be empty.
  std::string Id;
};

/// The HTML of a table.
std::string tableHtml(const Table &T);

/// A definition list of facts: (name, value) pairs.
std::string factsHtml(const std::vector<std::pair<std::string, std::string>> &Facts);

/// The mark in the head of every page atfc writes, by which `atfc report`
/// knows a file it may replace without being told to.
inline constexpr const char *kGeneratorMeta = "<meta name=\"generator\" content=\"atfc\">";

class HtmlPage {
public:
  /// A page titled Title; RefreshSeconds > 0 makes a browser reload it that
  /// often (a report of a run still going on).
  explicit HtmlPage(std::string Title, int RefreshSeconds = 0);

  /// A section with a heading (id for links) and its HTML body.
  void section(const std::string &Id, const std::string &Heading, const std::string &Body);

  /// The page's text.
  std::string finish() const;

private:
  std::string Title;
  int RefreshSeconds = 0;
  std::string Body;
  std::vector<std::pair<std::string, std::string>> Contents;
};

} // namespace atfc::report

#endif
