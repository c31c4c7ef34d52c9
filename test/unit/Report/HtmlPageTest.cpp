//===- test/unit/Report/HtmlPageTest.cpp ----------------------------------===//
#include "Report/HtmlPage.h"

#include "Count.h"

#include <gtest/gtest.h>

namespace atfc::report {
namespace {

using test::count;

TEST(HtmlPage, TablesEscapeAndCarrySortValues) {
  Table T;
  T.Header = {"name", "<cost>"};
  T.Rows = {{textCell("a&b"), numberCell(0.000125)}, {textCell("log"), textCell("x")}};
  T.Rows[1][0].Pre = true;
  T.Sortable = true;
  T.Id = "top";
  const std::string Html = tableHtml(T);
  EXPECT_NE(Html.find("<table id=\"top\" class=\"sortable\">"), std::string::npos);
  EXPECT_NE(Html.find("<th>&lt;cost&gt;</th>"), std::string::npos);
  EXPECT_NE(Html.find("<td>a&amp;b</td>"), std::string::npos);
  EXPECT_NE(Html.find("<td class=\"num\" data-sort=\"0.000125\">0.000125</td>"), std::string::npos);
  EXPECT_NE(Html.find("<td><pre>log</pre></td>"), std::string::npos);
  EXPECT_EQ(count(Html, "<tr>"), 3u);
}

TEST(HtmlPage, FactsAreADefinitionList) {
  const std::string Html = factsHtml({{"device", "pocl <cpu>"}});
  EXPECT_EQ(Html, "<dl class=\"facts\"><dt>device</dt><dd>pocl &lt;cpu&gt;</dd></dl>");
}

// The page stands alone: no external stylesheet, script, image or font,
// nothing fetched over a network.
TEST(HtmlPage, SelfContained) {
  HtmlPage Page("t</title><script>alert(1)</script>");
  Page.section("one", "First", "<p>body</p>");
  Page.section("two", "Second", "<p>more</p>");
  const std::string Html = Page.finish();
  EXPECT_TRUE(Html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(count(Html, "<script>"), 1u) << "only the page's own sorting script";
  EXPECT_EQ(Html.find("<link"), std::string::npos);
  EXPECT_EQ(Html.find("src="), std::string::npos);
  EXPECT_EQ(Html.find("url("), std::string::npos);
  EXPECT_EQ(Html.find("http"), std::string::npos);
  EXPECT_EQ(Html.find("http-equiv"), std::string::npos) << "no refresh for a finished run";
  EXPECT_NE(Html.find("<a href=\"#one\">First</a><a href=\"#two\">Second</a>"), std::string::npos);
  EXPECT_NE(Html.find("<section id=\"two\"><h2>Second</h2><p>more</p></section>"),
            std::string::npos);
}

// A bug the browser test found: the column to sort by was counted over
// every sortable table of the page, not within the clicked one's.
TEST(HtmlPage, SortingTakesTheColumnOfTheClickedHeading) {
  const std::string Html = HtmlPage("t").finish();
  EXPECT_NE(Html.find("col = th.cellIndex"), std::string::npos);
}

TEST(HtmlPage, ARunningRunRefreshes) {
  EXPECT_NE(HtmlPage("t", 5).finish().find("<meta http-equiv=\"refresh\" content=\"5\">"),
            std::string::npos);
}

} // namespace
} // namespace atfc::report
