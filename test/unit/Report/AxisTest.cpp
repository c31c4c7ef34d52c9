//===- test/unit/Report/AxisTest.cpp --------------------------------------===//
#include "Report/Axis.h"

#include "Count.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace atfc::report {
namespace {

TEST(Axis, LinearScaleMapsItsDomainOntoItsRange) {
  Scale S{0, 10, 100, 200, false};
  EXPECT_DOUBLE_EQ(S(0), 100);
  EXPECT_DOUBLE_EQ(S(5), 150);
  EXPECT_DOUBLE_EQ(S(10), 200);
  EXPECT_DOUBLE_EQ(S(20), 200) << "clamped";
  Scale Down{0, 10, 300, 100, false}; // A y axis: up is smaller.
  EXPECT_DOUBLE_EQ(Down(10), 100);
}

TEST(Axis, LogScaleSpacesDecadesEvenly) {
  Scale S{1, 1000, 0, 300, true};
  EXPECT_NEAR(S(10), 100, 1e-9);
  EXPECT_NEAR(S(100), 200, 1e-9);
  EXPECT_NEAR(S(0), 0, 1e-9) << "values at or below zero sit at the bottom";
}

TEST(Axis, SpansDecades) {
  EXPECT_TRUE(spansDecades(1e-5, 2e-4));
  EXPECT_FALSE(spansDecades(5.6, 40));
  EXPECT_FALSE(spansDecades(0, 100)) << "a log axis needs positive values";
  EXPECT_FALSE(spansDecades(1, 1.0 / 0.0));
}

TEST(Axis, MakeScaleWidensAndHandlesEmptyIntervals) {
  const Scale S = makeScale(2, 10, 0, 100, false);
  EXPECT_LT(S.DomainLo, 2);
  EXPECT_GT(S.DomainHi, 10);
  const Scale Point = makeScale(5, 5, 0, 100, false);
  EXPECT_LT(Point.DomainLo, 5);
  EXPECT_GT(Point.DomainHi, 5);
  EXPECT_FALSE(makeScale(0, 10, 0, 1, true).Log) << "no log axis through zero";
  const Scale Log = makeScale(1e-3, 1, 0, 1, true);
  EXPECT_TRUE(Log.Log);
  EXPECT_LT(Log.DomainLo, 1e-3);
}

// Over random intervals, linear ticks are round (1, 2 or 5 times a power of
// ten apart), ascending, inside the domain, and neither too few nor too many.
TEST(Axis, LinearTicksAreRoundAndInside) {
  std::mt19937 Random(3);
  std::uniform_real_distribution<double> Exponent(-6, 6), Unit(0, 1);
  for (int Trial = 0; Trial < 1000; ++Trial) {
    // Widths from 1e-6 to 1e6, offset by up to a thousand widths (beyond
    // that, doubles cannot hold distinct round ticks).
    const double Width = std::pow(10, Exponent(Random));
    const double Lo = (Unit(Random) - 0.5) * Width * std::pow(10, Exponent(Random) / 2);
    const double Hi = Lo + Width;
    const Scale S = makeScale(Lo, Hi, 0, 600, false);
    const std::vector<double> Ticks = ticksOf(S, 6);
    ASSERT_GE(Ticks.size(), 2u) << Lo << " " << Hi;
    EXPECT_LE(Ticks.size(), 13u);
    const double Step = Ticks[1] - Ticks[0];
    const double Mantissa = Step / std::pow(10, std::floor(std::log10(Step) + 1e-9));
    EXPECT_TRUE(std::abs(Mantissa - 1) < 1e-5 || std::abs(Mantissa - 2) < 1e-5 ||
                std::abs(Mantissa - 5) < 1e-5 || std::abs(Mantissa - 10) < 1e-4)
        << Step;
    for (std::size_t I = 0; I < Ticks.size(); ++I) {
      EXPECT_GE(Ticks[I], S.DomainLo - Step * 1e-5);
      EXPECT_LE(Ticks[I], S.DomainHi + Step * 1e-5);
      if (I > 0) {
        EXPECT_NEAR(Ticks[I] - Ticks[I - 1], Step, Step * 1e-5);
      }
    }
  }
}

// Found by the directive generator: a tuner's live report ran out of memory
// drawing an axis over [1e17, 1e17 + 16] (the step count never grew past
// 2^53). Any finite domain, whatever its offset, gets few ticks inside it.
TEST(Axis, EveryFiniteDomainGetsFewTicksInside) {
  std::mt19937 Random(5);
  std::uniform_real_distribution<double> Exponent(-300, 300), Unit(0, 1);
  for (int Trial = 0; Trial < 2000; ++Trial) {
    const double Lo = (Unit(Random) - 0.5) * std::pow(10, Exponent(Random));
    const double Hi = Lo + std::abs(Lo) * std::pow(10, -20 * Unit(Random)) * Unit(Random);
    for (const bool Log : {false, true}) {
      const Scale S = makeScale(Lo, Hi, 0, 600, Log);
      const std::vector<double> Ticks = ticksOf(S, 6);
      ASSERT_LE(Ticks.size(), 40u) << Lo << " " << Hi;
      for (double T : Ticks) {
        EXPECT_GE(T, S.DomainLo) << Lo << " " << Hi;
        EXPECT_LE(T, S.DomainHi) << Lo << " " << Hi;
      }
    }
  }
  const Scale Narrow = makeScale(1e17, 1e17 + 16, 0, 600, false);
  EXPECT_EQ(ticksOf(Narrow, 6).size(), 1u);
}

// Found by a tester: two objectives, one of them 1e300, aborted the
// tuner's report with bad_alloc (the log axis's padding took its domain to
// infinity, and its ticks never ended). Any two finite ends, of any
// magnitudes and signs, give a finite domain that holds them, with few
// ticks inside it.
TEST(Axis, EndsOfAnyMagnitudeGiveAFiniteDomainAndFewTicks) {
  constexpr double Max = std::numeric_limits<double>::max();
  const double Extremes[] = {0,     1e-320, 1e-300, 1e-12,   1,  2,      1e12,
                             1e300, 1e307,  Max,    -1e-300, -1, -1e300, -Max};
  std::mt19937 Random(11);
  std::uniform_real_distribution<double> Exponent(-320, 308), Unit(-1, 1);
  std::vector<double> Ends(std::begin(Extremes), std::end(Extremes));
  for (int I = 0; I < 200; ++I)
    Ends.push_back(Unit(Random) * std::pow(10, Exponent(Random)));
  for (double Lo : Ends)
    for (double Hi :
         {Ends[3], Ends[7], Ends[9], Ends[13], Ends[(&Lo - Ends.data() + 5) % Ends.size()]})
      for (const bool Log : {false, true}) {
        const Scale S = makeScale(Lo, Hi, 0, 600, Log);
        ASSERT_TRUE(std::isfinite(S.DomainLo) && std::isfinite(S.DomainHi)) << Lo << " " << Hi;
        EXPECT_LE(S.DomainLo, std::min(Lo, Hi)) << Lo << " " << Hi << " " << Log;
        EXPECT_GE(S.DomainHi, std::max(Lo, Hi)) << Lo << " " << Hi << " " << Log;
        const std::vector<double> Ticks = ticksOf(S, 6);
        ASSERT_LE(Ticks.size(), 40u) << Lo << " " << Hi << " " << Log;
        for (double T : Ticks) {
          EXPECT_TRUE(std::isfinite(T));
          EXPECT_GE(T, S.DomainLo) << Lo << " " << Hi;
          EXPECT_LE(T, S.DomainHi) << Lo << " " << Hi;
        }
      }
}

TEST(Axis, LogTicksArePowersOfTenOverManyDecades) {
  const Scale S = makeScale(1e-6, 1e2, 0, 600, true);
  const std::vector<double> Ticks = ticksOf(S, 6);
  ASSERT_GE(Ticks.size(), 3u);
  for (double T : Ticks) {
    const double E = std::log10(T);
    EXPECT_NEAR(E, std::round(E), 1e-9) << T;
  }
  const std::vector<double> Few = ticksOf(makeScale(1, 30, 0, 600, true), 6);
  EXPECT_NE(std::find(Few.begin(), Few.end(), 2.0), Few.end()) << "1, 2, 5 in few decades";
}

TEST(Axis, AxesAreLabelled) {
  SvgWriter Svg(400, 300, "t");
  const Frame F{60, 20, 320, 240};
  drawAxes(Svg, F, makeScale(0, 100, F.Left, F.right(), false),
           makeScale(1, 1000, F.bottom(), F.Top, true), "evaluation", "time (log scale)");
  const std::string Text = Svg.finish();
  EXPECT_EQ(test::count(Text, "class=\"axis-label\""), 2u);
  EXPECT_NE(Text.find(">evaluation</text>"), std::string::npos);
  EXPECT_NE(Text.find(">time (log scale)</text>"), std::string::npos);
  EXPECT_NE(Text.find(">100</text>"), std::string::npos) << "tick labels";
}

TEST(Axis, CategoryAxesLabelEveryCategoryThatFits) {
  SvgWriter Svg(400, 300, "t");
  const Frame F{60, 20, 320, 240};
  Scale X{-0.5, 2.5, F.Left, F.right(), false};
  drawCategoryAxes(Svg, F, {"-O1", "-O2", "a-very-long-name-indeed"}, X,
                   makeScale(0, 1, F.bottom(), F.Top, false), "OPT", "time");
  const std::string Text = Svg.finish();
  EXPECT_NE(Text.find(">-O1</text>"), std::string::npos);
  EXPECT_NE(Text.find(">-O2</text>"), std::string::npos);
  EXPECT_NE(Text.find(">a-very-long\u2026</text>"), std::string::npos) << "long names shortened";
}

} // namespace
} // namespace atfc::report
