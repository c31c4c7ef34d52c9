//===- Report/Svg.h - A small SVG writer ------------------------*- C++ -*-===//
//
// The reports draw their plots as inline SVG text, written here: a few
// primitives (lines, rectangles, circles, paths, text, groups) with their
// coordinates rounded to 0.1 px, which keeps a plot of ten thousand points
// small. Styling is left to the page's CSS: elements carry classes, not
// colours, except where a series' colour is data (a technique's curve).
// A point that stands for an evaluation carries data-evaluation="N", so
// tests and users' scripts can find it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_SVG_H
#define ATFC_REPORT_SVG_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace atfc::report {

/// Text with &, <, >, " and ' escaped for XML and HTML (text and attribute
/// values), control characters and bytes of no UTF-8 sequence as U+FFFD:
/// a page stays valid UTF-8 whatever a cost file or a log held.
std::string escapeXml(std::string_view Text);

/// A coordinate rounded to 0.1, without a trailing ".0" ("12", "12.5").
std::string coordinate(double V);

/// A number for people, with up to Digits significant digits and no
/// trailing zeros: 0.000125, 1.5e+06, 42.
std::string humanNumber(double V, int Digits = 4);

/// Extra attributes of an element: name and (unescaped) value.
using Attributes = std::vector<std::pair<std::string, std::string>>;

/// Writes one <svg> element.
class SvgWriter {
public:
  /// Opens an svg of Width x Height px whose accessible name is Label.
  SvgWriter(double Width, double Height, std::string_view Label);

  void line(double X1, double Y1, double X2, double Y2, std::string_view Class);
  void rect(double X, double Y, double W, double H, std::string_view Class,
            const Attributes &Extra = {});
  /// A point; Evaluation adds data-evaluation, Title a tooltip.
  void circle(double X, double Y, double R, std::string_view Class,
              std::optional<std::int64_t> Evaluation = std::nullopt, std::string_view Title = {});
  /// A cross of half-size R (a failed evaluation).
  void cross(double X, double Y, double R, std::string_view Class,
             std::optional<std::int64_t> Evaluation = std::nullopt);
  /// A polyline through Points; Stroke sets its colour when not empty.
  void polyline(const std::vector<std::pair<double, double>> &Points, std::string_view Class,
                std::string_view Stroke = {});
  /// A closed polygon; Fill sets its colour when not empty.
  void polygon(const std::vector<std::pair<double, double>> &Points, std::string_view Class,
               std::string_view Fill = {});
  /// Text at (X, Y); Anchor is "start", "middle" or "end"; Rotate turns it
  /// about its anchor (degrees).
  void text(double X, double Y, std::string_view Text, std::string_view Class,
            std::string_view Anchor = "start", double Rotate = 0);
  void openGroup(std::string_view Class, const Attributes &Extra = {});
  void closeGroup();

  /// Closes the svg and returns its text.
  std::string finish();

private:
  std::string Out;
  int OpenGroups = 0;
};

} // namespace atfc::report

#endif
