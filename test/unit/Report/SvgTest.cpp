//===- test/unit/Report/SvgTest.cpp ---------------------------------------===//
#include "Report/Svg.h"

#include "Count.h"
#include "Support/DisplayWidth.h"

#include <gtest/gtest.h>

#include <random>

namespace atfc::report {
namespace {

using test::count;

TEST(Svg, EscapesMarkupAndControlCharacters) {
  EXPECT_EQ(escapeXml("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escapeXml(std::string("x\x01y", 3)), "x\xEF\xBF\xBDy");
  EXPECT_EQ(escapeXml("tab\tand\nline"), "tab\tand\nline");
  EXPECT_EQ(escapeXml("caf\xe9 \xe2\x82\xac"), "caf\xEF\xBF\xBD \xe2\x82\xac");
}

// Whatever the bytes, escaped text has no markup characters left, every
// '&' starts one of the entities written, and it is valid UTF-8 (a cost
// file's Latin-1 once made the page invalid).
TEST(Svg, EscapedRandomTextHasNoMarkup) {
  std::mt19937 Random(20);
  for (int Trial = 0; Trial < 500; ++Trial) {
    std::string Text(static_cast<std::size_t>(Random() % 40), ' ');
    for (char &C : Text)
      C = static_cast<char>(Random() % 256);
    const std::string E = escapeXml(Text);
    for (std::size_t At = 0, Length = 1; At < E.size(); At += Length)
      EXPECT_TRUE(validUtf8At(E, At, Length)) << "at " << At << " of " << E;
    for (char C : {'<', '>', '"', '\''})
      EXPECT_EQ(E.find(C), std::string::npos) << "in " << E;
    for (std::size_t At = E.find('&'); At != std::string::npos; At = E.find('&', At + 1)) {
      const std::string Rest = E.substr(At);
      EXPECT_TRUE(Rest.starts_with("&amp;") || Rest.starts_with("&lt;") ||
                  Rest.starts_with("&gt;") || Rest.starts_with("&quot;") ||
                  Rest.starts_with("&#39;"))
          << Rest;
    }
  }
}

TEST(Svg, CoordinatesRoundToTenths) {
  EXPECT_EQ(coordinate(12.0), "12");
  EXPECT_EQ(coordinate(12.34), "12.3");
  EXPECT_EQ(coordinate(12.36), "12.4");
  EXPECT_EQ(coordinate(-0.04), "0");
  EXPECT_EQ(coordinate(-3.5), "-3.5");
  EXPECT_EQ(coordinate(0.05), "0.1");
}

TEST(Svg, HumanNumbers) {
  EXPECT_EQ(humanNumber(0.000125), "0.000125");
  EXPECT_EQ(humanNumber(1500000), "1.5e+06");
  EXPECT_EQ(humanNumber(42), "42");
  EXPECT_EQ(humanNumber(1.0 / 3, 3), "0.333");
  EXPECT_EQ(humanNumber(1.0 / 0.0), "inf");
}

TEST(Svg, ElementsCarryEvaluationsClassesAndTitles) {
  SvgWriter Svg(100, 50, "a \"plot\"");
  Svg.circle(1, 2, 3, "pt", 7);
  Svg.circle(4, 5, 3, "pt", 8, "A=<1>");
  Svg.cross(10, 10, 2, "failed", 9);
  Svg.circle(0, 0, 1, "marker");
  const std::string Text = Svg.finish();
  EXPECT_TRUE(Text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 50\""));
  EXPECT_NE(Text.find("aria-label=\"a &quot;plot&quot;\""), std::string::npos);
  EXPECT_NE(Text.find("<circle cx=\"1\" cy=\"2\" r=\"3\" class=\"pt\" data-evaluation=\"7\"/>"),
            std::string::npos);
  EXPECT_NE(Text.find("data-evaluation=\"8\"><title>A=&lt;1&gt;</title></circle>"),
            std::string::npos);
  EXPECT_NE(Text.find("class=\"failed\" data-evaluation=\"9\""), std::string::npos);
  EXPECT_EQ(count(Text, "data-evaluation="), 3u);
  EXPECT_TRUE(Text.ends_with("</svg>"));
}

TEST(Svg, FinishClosesOpenGroupsAndSkipsEmptyLines) {
  SvgWriter Svg(10, 10, "g");
  Svg.openGroup("outer", {{"data-series", "a&b"}});
  Svg.openGroup("inner");
  Svg.polyline({}, "nothing");
  Svg.polyline({{0, 0}, {1.25, 2}}, "line", "#123456");
  Svg.text(5, 5, "x<y", "tick", "middle", -90);
  const std::string Text = Svg.finish();
  EXPECT_EQ(count(Text, "<g"), 2u);
  EXPECT_EQ(count(Text, "</g>"), 2u);
  EXPECT_EQ(count(Text, "<polyline"), 1u);
  EXPECT_NE(Text.find("data-series=\"a&amp;b\""), std::string::npos);
  EXPECT_NE(Text.find("points=\"0,0 1.3,2\""), std::string::npos);
  EXPECT_NE(Text.find("stroke=\"#123456\""), std::string::npos);
  EXPECT_NE(Text.find("text-anchor=\"middle\" transform=\"rotate(-90 5 5)\">x&lt;y</text>"),
            std::string::npos);
}

} // namespace
} // namespace atfc::report
