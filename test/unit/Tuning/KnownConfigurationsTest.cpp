//===- KnownConfigurationsTest.cpp - Stored results in this space ---------===//
//
// ConfigurationFinder matches stored configurations by their values: in the
// space that recorded them, and in a sub-space (as `atfc tune --fix` makes)
// whose indices differ, where a stored index is only a hint that must agree
// with the values.
//
//===----------------------------------------------------------------------===//
#include "Tuning/KnownConfigurations.h"

#include "Replay/RecordedSpace.h"

#include <gtest/gtest.h>

using namespace atfc;

namespace {

/// a in {1, 2, 4}, b in {8, 16}: the combinations Keep admits.
RecordedSpace spaceOf(bool (*Keep)(int, int)) {
  RecordedData D;
  D.Parameters = {"a", "b"};
  D.Objectives = {"time"};
  for (int A : {1, 2, 4})
    for (int B : {8, 16})
      if (Keep(A, B)) {
        EvaluationRecord E;
        E.Configuration = {{"a", std::int64_t(A)}, {"b", std::int64_t(B)}};
        E.Result = Measurement::valid({1.0});
        D.Entries.push_back(E);
      }
  return buildRecordedSpace(D).take();
}

} // namespace

TEST(KnownConfigurations, EveryConfigurationIsFoundByItsIndexAndValues) {
  const RecordedSpace Whole = spaceOf([](int, int) { return true; });
  ConfigurationFinder Finder(Whole.Space);
  for (BigCount I = 0; I < Whole.Space.size(); ++I) {
    const Configuration C = Whole.Space.at(I);
    const ParameterValues Values = namedValuesOf(Whole.Space, C);
    EXPECT_EQ(Finder.find(I.get_str(), Values), C);
    // A wrong or unreadable index still finds it by its values.
    EXPECT_EQ(Finder.find("0", Values), C);
    EXPECT_EQ(Finder.find("not a number", Values), C);
  }
}

TEST(KnownConfigurations, ASubSpaceFindsItsOwnAndNoOther) {
  const RecordedSpace Whole = spaceOf([](int, int) { return true; });
  const RecordedSpace Fixed = spaceOf([](int A, int) { return A == 2; });
  ASSERT_EQ(Fixed.Space.size(), 2);
  ConfigurationFinder Finder(Fixed.Space);
  std::size_t Found = 0;
  for (BigCount I = 0; I < Whole.Space.size(); ++I) {
    const ParameterValues Values = namedValuesOf(Whole.Space, Whole.Space.at(I));
    // The whole space's index, as a run without --fix stored it.
    std::optional<Configuration> C = Finder.find(I.get_str(), Values);
    const bool InSubSpace = std::get<std::int64_t>(Values[0].Val) == 2;
    ASSERT_EQ(C.has_value(), InSubSpace) << valuesKey(Values);
    if (C) {
      EXPECT_EQ(valuesKey(namedValuesOf(Fixed.Space, *C)), valuesKey(Values));
      ++Found;
    }
  }
  EXPECT_EQ(Found, 2u);
}

TEST(KnownConfigurations, ValuesOfAnotherSpaceAreNotFound) {
  const RecordedSpace Whole = spaceOf([](int, int) { return true; });
  ConfigurationFinder Finder(Whole.Space);
  EXPECT_FALSE(Finder.find("0", {{"a", Value(std::int64_t(3))}, {"b", Value(std::int64_t(8))}}));
  EXPECT_FALSE(Finder.find("0", {{"a", Value(std::int64_t(1))}}));
  EXPECT_FALSE(Finder.find("0", {{"a", Value(std::int64_t(1))}, {"c", Value(std::int64_t(8))}}));
}
