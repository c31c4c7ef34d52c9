//===- TechniqueFactoryTest.cpp - Techniques by name ----------------------===//
#include "Search/TechniqueFactory.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace atfc;

namespace {

TEST(TechniqueFactoryTest, BuildsRegisteredTechniques) {
  for (std::string_view Text : {"exhaustive", "random", "round_robin(random, exhaustive)",
                                "atf::round_robin(atf::random)"}) {
    Expected<std::unique_ptr<SearchTechnique>> R = makeTechnique(Text);
    ASSERT_TRUE(R.ok()) << Text << ": " << R.error().message();
  }
  EXPECT_EQ((*makeTechnique("round_robin(random, exhaustive)"))->describe(),
            "round_robin(random, exhaustive)");
  EXPECT_EQ((*makeTechnique("random()"))->describe(), "random");
}

TEST(TechniqueFactoryTest, RegistryListsEveryTechnique) {
  const std::vector<std::string> Names = knownTechniques();
  for (std::string Name : {"exhaustive", "random", "round_robin"})
    EXPECT_NE(std::find(Names.begin(), Names.end(), Name), Names.end()) << Name;
  for (const TechniqueEntry &Entry : techniqueRegistry()) {
    EXPECT_FALSE(Entry.Summary.empty()) << Entry.Name;
    EXPECT_NE(Entry.Build, nullptr) << Entry.Name;
    EXPECT_LE(Entry.MinTechniques, Entry.MaxTechniques) << Entry.Name;
  }
  EXPECT_EQ(defaultTechniqueText(), "auc_bandit");
}

TEST(TechniqueFactoryTest, ErrorsNameTheProblemAndItsPlace) {
  struct BadCase {
    std::string_view Text;
    std::size_t Offset;
    std::string Message;
  };
  const BadCase Cases[] = {
      {"radnom", 0, "unknown search technique 'radnom'; did you mean 'random'?"},
      {"exhaustive(3)", 0, "exhaustive takes no numbers"},
      {"random(exhaustive)", 0, "random takes no techniques"},
      {"round_robin", 0,
       "round_robin needs at least 1 technique, e.g. round_robin(random, exhaustive)"},
      {"round_robin(random, exhaustiv)", 20,
       "unknown search technique 'exhaustiv'; did you mean 'exhaustive'?"},
      {"round_robin(1, random)", 0, "round_robin takes no numbers"},
      {"random(", 7, "expected a number or a search technique, found the end"},
  };
  for (const BadCase &Case : Cases) {
    Expected<std::unique_ptr<SearchTechnique>> R = makeTechnique(Case.Text);
    ASSERT_FALSE(R.ok()) << Case.Text;
    EXPECT_EQ(R.error().message(), Case.Message) << Case.Text;
    EXPECT_EQ(textOffset(R.error()), Case.Offset) << Case.Text;
  }
  Expected<std::unique_ptr<SearchTechnique>> Unknown = makeTechnique("quantum_annealing");
  ASSERT_FALSE(Unknown.ok());
  EXPECT_TRUE(Unknown.error().message().starts_with(
      "unknown search technique 'quantum_annealing'; known: exhaustive, random, round_robin"))
      << Unknown.error().message();
}

} // namespace
