//===- Report/Axis.cpp - Scales, ticks and axes ---------------------------===//
#include "Report/Axis.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace atfc::report {

double Scale::operator()(double V) const {
  double Lo = DomainLo, Hi = DomainHi;
  if (Log) {
    V = std::log10(std::max(V, DomainLo));
    Lo = std::log10(Lo);
    Hi = std::log10(Hi);
  }
  V = std::clamp(V, Lo, Hi);
  const double T = Hi > Lo ? (V - Lo) / (Hi - Lo) : 0.5;
  return RangeLo + T * (RangeHi - RangeLo);
}

bool spansDecades(double Lo, double Hi) { return Lo > 0 && std::isfinite(Hi) && Hi / Lo >= 10; }

Scale makeScale(double Lo, double Hi, double RangeLo, double RangeHi, bool Log) {
  if (!std::isfinite(Lo) || !std::isfinite(Hi)) {
    Lo = 0;
    Hi = 1;
  }
  if (Lo > Hi)
    std::swap(Lo, Hi);
  Scale S;
  S.RangeLo = RangeLo;
  S.RangeHi = RangeHi;
  // The padding stops at the largest and the smallest positive double:
  // 1e300 padded by its 12 decades was infinity, and its ticks never ended.
  constexpr double Largest = std::numeric_limits<double>::max();
  constexpr double Smallest = std::numeric_limits<double>::min();
  S.Log = Log && Lo > 0;
  if (S.Log) {
    if (Hi == Lo) {
      Lo /= 2;
      Hi = std::min(Hi * 2, Largest);
    }
    const double Pad = std::pow(10, 0.04 * (std::log10(Hi) - std::log10(Lo)));
    S.DomainLo = std::max(Lo / Pad, std::min(Lo, Smallest));
    S.DomainHi = std::min(Hi * Pad, Largest);
    return S;
  }
  if (Hi == Lo) {
    const double D = Lo == 0 ? 1 : std::abs(Lo) * 0.1;
    Lo = std::max(Lo - D, -Largest);
    Hi = std::min(Hi + D, Largest);
  }
  const double Pad = Hi * 0.04 - Lo * 0.04; // (Hi - Lo may overflow)
  // Non-negative data keep a domain that starts at 0 when it is near it.
  S.DomainLo = Lo >= 0 && Lo - Pad < 0 ? 0 : std::max(Lo - Pad, -Largest);
  S.DomainHi = std::min(Hi + Pad, Largest);
  return S;
}

namespace {

/// 1, 2 or 5 times a power of ten, near Raw.
double niceStep(double Raw) {
  const double Power = std::pow(10, std::floor(std::log10(Raw)));
  const double F = Raw / Power;
  return (F < 1.5 ? 1 : F < 3.5 ? 2 : F < 7.5 ? 5 : 10) * Power;
}

} // namespace

std::vector<double> ticksOf(const Scale &S, int Target) {
  std::vector<double> Ticks;
  if (S.Log) {
    const double LoExp = std::floor(std::log10(S.DomainLo));
    const double HiExp = std::ceil(std::log10(S.DomainHi));
    const double Decades = std::log10(S.DomainHi / S.DomainLo);
    // Few decades: 1, 2, 5 per decade; many: every k-th power of ten.
    const int Every = std::max(1, static_cast<int>(std::ceil((HiExp - LoExp) / Target)));
    for (double E = LoExp; E <= HiExp; E += 1) {
      const double P = std::pow(10, E);
      const double Mantissas[] = {1, 2, 5};
      for (double M : Mantissas) {
        if (M != 1 && Decades > 2.5)
          continue;
        if (M == 1 && static_cast<long long>(E - LoExp) % Every != 0)
          continue;
        const double V = M * P;
        if (V >= S.DomainLo && V <= S.DomainHi)
          Ticks.push_back(V);
      }
    }
    return Ticks;
  }
  // A domain too narrow for its magnitude (1e17 to 1e17 + 16) has no
  // round numbers inside that a double tells apart: its middle is the tick.
  // (Counting steps there never ended: K + 1 == K beyond 2^53.) One too
  // wide for a double's width (-1e308 to 1e308) has its ends and 0.
  const double Width = S.DomainHi - S.DomainLo;
  const double Magnitude = std::max(std::abs(S.DomainLo), std::abs(S.DomainHi));
  if (!std::isfinite(Width))
    return {S.DomainLo, 0, S.DomainHi};
  if (!(Width > Magnitude * 1e-9))
    return {S.DomainLo / 2 + S.DomainHi / 2};
  const double Step = niceStep(Width / std::max(1, Target));
  // Multiples of the step, not a running sum, so that no error accumulates.
  const double First = std::ceil(S.DomainLo / Step - 1e-9);
  const double Last = std::floor(S.DomainHi / Step + 1e-9);
  for (long long I = 0; First + static_cast<double>(I) <= Last; ++I) {
    const double K = First + static_cast<double>(I);
    Ticks.push_back(K == 0 ? 0 : K * Step);
  }
  return Ticks;
}

namespace {

/// Ticks are round numbers: up to six digits before switching to
/// exponents, so that 20000 reads as such and 1e-05 stays short.
std::string tickLabel(double V) { return humanNumber(V, std::abs(V) >= 1 ? 6 : 3); }

void drawYAxis(SvgWriter &Svg, const Frame &F, const Scale &Y, std::string_view YTitle) {
  for (double T : ticksOf(Y, std::max(2, static_cast<int>(F.Height / 50)))) {
    const double Py = Y(T);
    Svg.line(F.Left, Py, F.right(), Py, "grid");
    Svg.text(F.Left - 6, Py + 4, tickLabel(T), "tick", "end");
  }
  Svg.text(16, F.Top + F.Height / 2, YTitle, "axis-label", "middle", -90);
}

} // namespace

void drawAxes(SvgWriter &Svg, const Frame &F, const Scale &X, const Scale &Y,
              std::string_view XTitle, std::string_view YTitle) {
  Svg.openGroup("axes");
  Svg.rect(F.Left, F.Top, F.Width, F.Height, "frame");
  for (double T : ticksOf(X, std::max(2, static_cast<int>(F.Width / 90)))) {
    const double Px = X(T);
    Svg.line(Px, F.Top, Px, F.bottom(), "grid");
    Svg.text(Px, F.bottom() + 16, tickLabel(T), "tick", "middle");
  }
  drawYAxis(Svg, F, Y, YTitle);
  Svg.text(F.Left + F.Width / 2, F.bottom() + 36, XTitle, "axis-label", "middle");
  Svg.closeGroup();
}

void drawCategoryAxes(SvgWriter &Svg, const Frame &F, const std::vector<std::string> &Names,
                      const Scale &X, const Scale &Y, std::string_view XTitle,
                      std::string_view YTitle) {
  Svg.openGroup("axes");
  Svg.rect(F.Left, F.Top, F.Width, F.Height, "frame");
  // Label at most about one category per 40 px, so that labels never overlap.
  const std::size_t Every =
      std::max<std::size_t>(1, Names.size() * 40 / std::max(40.0, F.Width) + 1);
  for (std::size_t I = 0; I < Names.size(); ++I) {
    if (I % Every != 0)
      continue;
    std::string Label = Names[I].size() > 12 ? Names[I].substr(0, 11) + "\u2026" : Names[I];
    Svg.text(X(static_cast<double>(I)), F.bottom() + 16, Label, "tick", "middle");
  }
  drawYAxis(Svg, F, Y, YTitle);
  Svg.text(F.Left + F.Width / 2, F.bottom() + 36, XTitle, "axis-label", "middle");
  Svg.closeGroup();
}

} // namespace atfc::report
