//===- Report/Axis.h - Scales, ticks and axes -------------------*- C++ -*-===//
//
// A plot maps data to pixels through a scale per axis: linear, or
// logarithmic when the data span decades (costs of a tuning run often do:
// the worst configuration may be 100 times slower than the best). Ticks
// fall on "nice" numbers (1, 2, 5 times a power of ten; powers of ten, with
// 2 and 5 between them when a log axis spans few decades), and every axis
// is drawn with its title, so a reader (and the browser test) knows what
// is plotted.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_REPORT_AXIS_H
#define ATFC_REPORT_AXIS_H

#include "Report/Svg.h"

#include <string>
#include <string_view>
#include <vector>

namespace atfc::report {

/// A map from a data interval onto a pixel interval.
struct Scale {
  double DomainLo = 0, DomainHi = 1;
  double RangeLo = 0, RangeHi = 1;
  bool Log = false;

  /// The pixel of V (V clamped into the domain).
  double operator()(double V) const;
};

/// Whether values in [Lo, Hi] span a decade or more (Hi / Lo >= 10, Lo > 0)
/// to be plotted on a log axis.
bool spansDecades(double Lo, double Hi);

/// A scale over [Lo, Hi] (widened a little so that points do not sit on
/// the frame; widened to a non-empty interval when Lo == Hi) onto
/// [RangeLo, RangeHi]; Log needs Lo > 0.
Scale makeScale(double Lo, double Hi, double RangeLo, double RangeHi, bool Log);

/// About Target tick values inside the scale's domain.
std::vector<double> ticksOf(const Scale &S, int Target = 6);

/// The plotting area inside an svg.
struct Frame {
  double Left = 0, Top = 0, Width = 0, Height = 0;
  double right() const { return Left + Width; }
  double bottom() const { return Top + Height; }
};

/// Draws the frame, grid lines, tick labels and the axes' titles (class
/// "axis-label", the y title rotated).
void drawAxes(SvgWriter &Svg, const Frame &F, const Scale &X, const Scale &Y,
              std::string_view XTitle, std::string_view YTitle);

/// Draws a category x axis: Names centred at X(i) for i = 0, 1, ...; the y
/// axis as drawAxes does.
void drawCategoryAxes(SvgWriter &Svg, const Frame &F, const std::vector<std::string> &Names,
                      const Scale &X, const Scale &Y, std::string_view XTitle,
                      std::string_view YTitle);

} // namespace atfc::report

#endif
