//===- KernelTunerCacheTest.cpp - Kernel Tuner's and T4's own files -------===//
//
// Files as Kernel Tuner 0.4 to 1.5, KTT and T4 users have them, written
// here: caches Kernel Tuner left open (it appends entry by entry), Python's
// NaN and Infinity, Kernel Tuner 1.x's objective lists and "__error__"
// entries, parameter values of every JSON type, T4 measurements in other
// time units, KTT's T4 files with numbers as text; and a generator that
// malforms every part of a Kernel Tuner cache and a T4 file in turn, each
// variant (and every truncation, and every reordering of its parts) read
// entry by entry as it is parsed and as one document, with one outcome.
//
//===----------------------------------------------------------------------===//
#include "Results/KernelTunerCache.h"
#include "RecordedDataFiles.h"
#include "Results/RecordedData.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace atfc;
using namespace atfc::test;

namespace {

namespace fs = std::filesystem;

/// Kernel Tuner 1.5's header as it writes it (json.dumps(indent="") less
/// the closing "}\n}"): its objective a list, no direction.
std::string header(const std::string &Objective = R"(["time"])") {
  return "{\n\"device_name\": \"GPU\",\n\"kernel_name\": \"k\",\n\"problem_size\": 100,\n"
         "\"tune_params_keys\": [\n\"A\",\n\"B\"\n],\n\"tune_params\": {\n\"A\": [\n1,\n2\n],\n"
         "\"B\": [\n1,\n2\n]\n},\n\"objective\": " +
         Objective + ",\n\"cache\": {";
}

/// One entry as Kernel Tuner appends it: a newline, the entry, a comma.
std::string entry(int A, int B, const std::string &Fields) {
  const std::string Key = std::to_string(A) + "," + std::to_string(B);
  return "\n\"" + Key + "\": {\"A\": " + std::to_string(A) + ", \"B\": " + std::to_string(B) +
         ", " + Fields + ", \"timestamp\": \"2026-01-01 00:00:00+00:00\"},";
}

Expected<RecordedData> readText(const std::string &Text, bool Gzip = false) {
  const ScopedTempDirectory Scratch("atfc-kt-cache");
  const fs::path Path = Scratch.path() / "cache.json";
  if (Gzip)
    writeGzip(Path, Text);
  else
    writePlain(Path, Text);
  return readRecordedData(Path.string());
}

const EvaluationRecord &at(const RecordedData &D, int A, int B) {
  const EvaluationRecord *E = entryWith(D, {Value(std::int64_t(A)), Value(std::int64_t(B))});
  EXPECT_NE(E, nullptr) << A << "," << B;
  static const EvaluationRecord None;
  return E ? *E : None;
}

/// What parsing Text gives, as text: the error, or the document without
/// its cache's entries and the cache's table.
std::string outcome(const Expected<recorded::ParsedJson> &P) {
  if (!P)
    return "error: " + P.error().message();
  recorded::Json Root = P->Root;
  if (Root.is_object() && Root.contains("cache") && Root["cache"].is_object() && P->Cache)
    Root["cache"] = recorded::Json::object();
  return Root.dump() + "\n" + (P->Cache ? tableText(*P->Cache) : "no cache");
}

/// Expects the cache Text read entry by entry to be what the whole
/// document gives; Case names it.
void expectStreamedAsWhole(const std::string &Text, const std::string &Case) {
  EXPECT_EQ(outcome(recorded::parseRecordedJson(Text)),
            outcome(recorded::parseRecordedJsonWhole(Text)))
      << Case << ":\n"
      << Text;
}

/// Every part of the document Valid removed or replaced by a value of each
/// JSON kind, one at a time (as expectEveryMalformedPartRefusedOrConsistent).
std::vector<std::string> everyMalformedPart(const std::string &Valid) {
  using Json = recorded::Json;
  const Json Original = Json::parse(Valid);
  const std::vector<Json> Replacements = {Json(),         Json(true),      Json(-1),
                                          Json(1e308),    Json("x"),       Json::array(),
                                          Json::object(), Json::array({1})};
  std::vector<std::string> Texts;
  const Json Flat = Original.flatten();
  for (const auto &[Pointer, Leaf] : Flat.items())
    for (Json::json_pointer P(Pointer); !P.empty(); P = P.parent_pointer())
      for (std::size_t Variant = 0; Variant <= Replacements.size(); ++Variant) {
        Json Changed = Original;
        if (Variant < Replacements.size()) {
          Changed[P] = Replacements[Variant];
        } else if (Json &Parent = Changed[P.parent_pointer()]; Parent.is_object()) {
          Parent.erase(P.back());
        } else {
          Parent.erase(static_cast<std::size_t>(std::stoul(P.back())));
        }
        Texts.push_back(Changed.dump());
      }
  return Texts;
}

} // namespace

// Kernel Tuner writes its header, then each entry with a trailing comma,
// and closes the file only when tuning ends; it reads an open file itself.
TEST(KernelTunerCacheTest, ACacheLeftOpenReadsAsKernelTunerReadsIt) {
  const std::string Entries =
      entry(1, 1, R"("time": 2.5, "times": [2.5, 2.5], "compile_time": 400.0)") +
      entry(1, 2, R"("time": 1.5, "times": [1.5])") + entry(2, 1, R"("time": 3.0)");
  for (const std::string &Tail : {std::string(), std::string("\n"), std::string(" \r\n\t")})
    for (bool Gzip : {false, true}) {
      SCOPED_TRACE(Tail.size());
      Expected<RecordedData> R = readText(header() + Entries + Tail, Gzip);
      ASSERT_TRUE(R) << R.error().message();
      ASSERT_EQ(R->Entries.size(), 3u);
      EXPECT_EQ(at(*R, 1, 2).Result.Costs, std::vector<double>{1.5});
      EXPECT_EQ(R->Entries[2].Evaluation, 3);
    }
  // Closed by Kernel Tuner (the last comma replaced by "}\n}"): the same.
  std::string Closed = header() + Entries;
  Closed.back() = '}';
  Expected<RecordedData> R = readText(Closed + "\n}");
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->Entries.size(), 3u);
  // Only the header: a cache of no configuration yet.
  Expected<RecordedData> Empty = readText(header());
  ASSERT_TRUE(Empty) << Empty.error().message();
  EXPECT_TRUE(Empty->Entries.empty());
  // An entry cut off in the middle is not completed: an error at its place.
  Expected<RecordedData> Cut = readText(header() + Entries + "\n\"2,2\": {\"A\": 2, \"B\"");
  ASSERT_FALSE(Cut);
  EXPECT_NE(Cut.error().message().find("not valid JSON"), std::string::npos);
  EXPECT_NE(Cut.error().message().find(" line "), std::string::npos) << Cut.error().message();
}

// Python's json writes NaN, Infinity and -Infinity (a GFLOP/s of a time
// of 0, an energy not measured); Kernel Tuner reads them back. A
// non-finite objective is a failed configuration, elsewhere it is unused.
TEST(KernelTunerCacheTest, PythonsNonFiniteNumbersAreRead) {
  const std::string Text =
      header(R"(["time"])") + entry(1, 1, R"("time": 2.0, "GFLOP/s": Infinity, "power": NaN)") +
      entry(1, 2, R"("time": NaN, "GFLOP/s": NaN)") + entry(2, 1, R"("time": Infinity)") +
      entry(2, 2, R"("time": 1.0, "energy": -Infinity, "note": "NaN Infinity")");
  Expected<RecordedData> R = readText(Text);
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_EQ(R->Entries.size(), 4u);
  EXPECT_EQ(at(*R, 1, 1).Result.Costs, std::vector<double>{2.0});
  EXPECT_FALSE(at(*R, 1, 2).Result.Valid);
  EXPECT_EQ(at(*R, 1, 2).Result.Reason, "time is NaN");
  EXPECT_EQ(at(*R, 2, 1).Result.Reason, "time is Infinity");
  EXPECT_EQ(at(*R, 2, 2).Result.Costs, std::vector<double>{1.0});
  // Text that spells them stays text.
  Expected<RecordedData> S = readText(header() + entry(1, 1, R"("time": "NaN")"));
  ASSERT_TRUE(S) << S.error().message();
  EXPECT_FALSE(S->Entries[0].Result.Valid);
}

// Kernel Tuner 1.x writes "objective" as a list and marks a failed
// configuration with "__error__" (no "time" then); 0.4.x wrote the error
// class in "time", and Kernel Tuner treats any field holding one as failed.
TEST(KernelTunerCacheTest, ObjectiveListsAndErrorFieldsOfKernelTuner1) {
  const std::string Fields =
      entry(1, 1, R"("time": 2.0, "GFLOP/s": 50.0)") +
      entry(1, 2, R"("time": 1.0, "GFLOP/s": 100.0)") +
      entry(2, 1, R"("__error__": "CompilationFailedConfig", "compile_time": 10.0)") +
      entry(2, 2, R"("time": "RuntimeFailedConfig", "GFLOP/s": 0.5)");
  Expected<RecordedData> Time = readText(header(R"(["time"])") + Fields);
  ASSERT_TRUE(Time) << Time.error().message();
  EXPECT_EQ(Time->Objectives, std::vector<std::string>{"time"});
  EXPECT_EQ(objectivesOf(*Time).front().Dir, Direction::Minimise);
  EXPECT_EQ(at(*Time, 2, 1).Result.Reason, "CompilationFailedConfig");
  EXPECT_EQ(at(*Time, 2, 2).Result.Reason, "RuntimeFailedConfig");

  // A rate is maximised: Kernel Tuner 1.5 writes no direction, and its
  // users tune GFLOP/s with objective_higher_is_better=True.
  Expected<RecordedData> Rate = readText(header(R"(["GFLOP/s"])") + Fields);
  ASSERT_TRUE(Rate) << Rate.error().message();
  EXPECT_EQ(Rate->Objectives, std::vector<std::string>{"GFLOP/s"});
  EXPECT_EQ(objectivesOf(*Rate).front().Dir, Direction::Maximise);
  EXPECT_EQ(at(*Rate, 1, 2).Result.Costs, std::vector<double>{100.0});
  EXPECT_EQ(at(*Rate, 2, 1).Result.Reason, "CompilationFailedConfig");
  EXPECT_FALSE(at(*Rate, 2, 2).Result.Valid) << "its time holds Kernel Tuner's error";
  // Where the cache says, the cache decides, as a list or one value.
  for (const char *Direction : {R"(false)", R"([false])"}) {
    Expected<RecordedData> Said = readText(
        header(R"(["GFLOP/s"], "objective_higher_is_better": )" + std::string(Direction)) + Fields);
    ASSERT_TRUE(Said) << Said.error().message();
    EXPECT_EQ(objectivesOf(*Said).front().Dir, Direction::Minimise) << Direction;
  }
  // Two objectives: both costs, in order.
  Expected<RecordedData> Two = readText(header(R"(["time", "GFLOP/s"])") + Fields);
  ASSERT_TRUE(Two) << Two.error().message();
  EXPECT_EQ(Two->Objectives, (std::vector<std::string>{"time", "GFLOP/s"}));
  EXPECT_EQ(at(*Two, 1, 1).Result.Costs, (std::vector<double>{2.0, 50.0}));
}

// Kernel Tuner's parameters take any Python value: text, reals, booleans,
// negative numbers, None, lists. Each is a value of the space; a list or
// None is its JSON text.
TEST(KernelTunerCacheTest, ParameterValuesOfEveryJsonType) {
  const std::string Text = R"({"tune_params_keys": ["S", "F", "B", "N", "L", "Z"], "cache": {
"a,0.5,True,-1,[1, 2],None": {"S": "a", "F": 0.5, "B": true, "N": -1, "L": [1, 2], "Z": null, "time": 1.0},
"b,1.5,False,2,[3, [4]],1": {"S": "b", "F": 1.5, "B": false, "N": 2, "L": [3, [4]], "Z": 1, "time": 2.0},
"b,1.5,False,2,{},1": {"S": "b", "F": 1.5, "B": false, "N": 2, "L": {"x": 1}, "Z": 1, "time": 3.0}}})";
  Expected<RecordedData> R = readText(Text);
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_EQ(R->Entries.size(), 3u);
  const ParameterValues &First = R->Entries[0].Configuration;
  EXPECT_EQ(First[0].Val, Value(std::string("a")));
  EXPECT_EQ(First[1].Val, Value(0.5));
  EXPECT_EQ(First[2].Val, Value(true));
  EXPECT_EQ(First[3].Val, Value(std::int64_t(-1)));
  EXPECT_EQ(First[4].Val, Value(std::string("[1,2]")));
  EXPECT_EQ(First[5].Val, Value(std::string("null")));
  EXPECT_EQ(R->Entries[1].Configuration[4].Val, Value(std::string("[3,[4]]")));
  EXPECT_EQ(R->Entries[1].Configuration[5].Val, Value(std::string("1")));
  EXPECT_EQ(R->Entries[2].Configuration[4].Val, Value(std::string("{\"x\":1}")));
}

// 1 and 1.0 are one value of a column mixing integers and reals: the
// second entry is a repetition, counted once (the first), as in T4 and
// KTT files.
TEST(KernelTunerCacheTest, AConfigurationTwiceCountsOnce) {
  Expected<RecordedData> R = readText(R"({"tune_params_keys": ["A"], "cache": {
"1": {"A": 1, "time": 2.0}, "1.0": {"A": 1.0, "time": 1.0}, "2.5": {"A": 2.5, "time": 3.0}}})");
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_EQ(R->Entries.size(), 2u);
  EXPECT_EQ(R->Entries[0].Result.Costs, std::vector<double>{2.0});
  EXPECT_NE(R->Description.find("1 repeated configuration ignored"), std::string::npos)
      << R->Description;
}

TEST(KernelTunerCacheTest, EveryMalformedPartGetsItsOwnError) {
  std::string Closed = header() + entry(1, 1, R"("time": 2.0, "compile_time": 1.0)") +
                       entry(1, 2, R"("__error__": "InvalidConfig")") +
                       entry(2, 1, R"("time": "RuntimeFailedConfig")");
  Closed.back() = '}';
  expectEveryMalformedPartRefusedOrConsistent(Closed + "}", 5, 50);
  expectEveryMalformedPartRefusedOrConsistent(kKernelTunerCache, 5, 50);
}

TEST(KernelTunerCacheTest, EveryMalformedT4PartGetsItsOwnError) {
  expectEveryMalformedPartRefusedOrConsistent(kT4Results, 5, 50);
}

// T4 measurements carry their unit: times are read as milliseconds, as
// Kernel Tuner caches and KTT output are; KTT's T4 files leave the unit
// empty and name it in "metadata": "timeunit", and write every value as
// text ("16", "0.500000").
TEST(KernelTunerCacheTest, T4UnitsAndKttsTextNumbers) {
  auto Result = [](const std::string &Config, const std::string &Value, const std::string &Unit) {
    return R"({"configuration": )" + Config +
           R"(, "invalidity": "correct", "objectives": ["time"], "measurements": [{"name": "time", "value": )" +
           Value + R"(, "unit": ")" + Unit + R"("}]})";
  };
  Expected<RecordedData> Mixed = readText(
      R"({"results": [)" + Result(R"({"A": 1})", "0.002", "s") + "," +
      Result(R"({"A": 2})", "3", "ms") + "," + Result(R"({"A": 3})", "1500", "us") + "," +
      Result(R"({"A": 4})", "2500000", "ns") + "," + Result(R"({"A": 5})", "4", "") + "]}");
  ASSERT_TRUE(Mixed) << Mixed.error().message();
  std::vector<double> Costs;
  for (const EvaluationRecord &E : Mixed->Entries)
    Costs.push_back(E.Result.Costs.at(0));
  EXPECT_EQ(Costs, (std::vector<double>{2, 3, 1.5, 2.5, 4}));

  Expected<RecordedData> Ktt =
      readText(R"({"schema_version": "1.0.0", "metadata": {"timeunit": "microseconds"},
                   "results": [)" +
               Result(R"({"BS": "16", "F": "0.500000", "M": "fast"})", "2000", "") + "," +
               Result(R"({"BS": "128", "F": "1.000000", "M": "slow"})", "500", "") + "]}");
  ASSERT_TRUE(Ktt) << Ktt.error().message();
  ASSERT_EQ(Ktt->Entries.size(), 2u);
  EXPECT_EQ(Ktt->Entries[0].Configuration[0].Val, Value(std::int64_t(16)));
  EXPECT_EQ(Ktt->Entries[1].Configuration[1].Val, Value(1.0));
  EXPECT_EQ(Ktt->Entries[1].Configuration[2].Val, Value(std::string("slow")));
  EXPECT_EQ(Ktt->Entries[0].Result.Costs, std::vector<double>{2.0});
  EXPECT_EQ(Ktt->Entries[1].Result.Costs, std::vector<double>{0.5});

  // Another objective's values must share one unit: no conversion is known.
  Expected<RecordedData> Rates = readText(
      R"({"results": [{"configuration": {"A": 1}, "objectives": ["speed"], "measurements": [{"name": "speed", "value": 2, "unit": "GB/s"}]},
                      {"configuration": {"A": 2}, "objectives": ["speed"], "measurements": [{"name": "speed", "value": 2000, "unit": "MB/s"}]}]})");
  ASSERT_FALSE(Rates);
  EXPECT_NE(Rates.error().message().find("result 1: its speed is in 'MB/s', result 0's in 'GB/s'"),
            std::string::npos)
      << Rates.error().message();
}

// A cache is read entry by entry as it is parsed, not held as one document
// (a cache of 10^6 entries took 3.2 GB so, 2.1 GB now: docs/replay.md).
// Both readings give the same table and the same error for every cache
// the generators make, and for caches whose parts come in another order.
TEST(KernelTunerCacheTest, TheStreamedReadingIsTheWholeDocumentsReading) {
  std::string Closed = header() + entry(1, 1, R"("time": 2.0, "compile_time": 1.0)") +
                       entry(1, 2, R"("__error__": "InvalidConfig")") +
                       entry(2, 1, R"("time": "RuntimeFailedConfig", "times": [1, 2])");
  Closed.back() = '}';
  Closed += "}";
  // It is read entry by entry: the document keeps no entry.
  Expected<recorded::ParsedJson> Streamed = recorded::parseRecordedJson(Closed);
  ASSERT_TRUE(Streamed) << Streamed.error().message();
  EXPECT_TRUE(Streamed->Root["cache"].empty());
  ASSERT_TRUE(Streamed->Cache);
  EXPECT_EQ(Streamed->Cache->Entries.size(), 3u);

  std::size_t Cases = 0;
  for (const std::string &Valid : {Closed, std::string(kKernelTunerCache), gridCache()}) {
    for (const std::string &Text : everyMalformedPart(Valid))
      expectStreamedAsWhole(Text, "variant " + std::to_string(++Cases));
    // Cut off anywhere: the same syntax error.
    for (std::size_t Length = 0; Length < Valid.size(); Length += 7)
      expectStreamedAsWhole(Valid.substr(0, Length), "cut at " + std::to_string(Length));
  }
  EXPECT_GT(Cases, 300u);

  // Parts in another order, or twice: where an entry would be read by a
  // header that is not yet the whole one, the document is read whole.
  const std::string Entries =
      R"("cache": {"1": {"A": 1, "time": 2.0}, "2": {"A": 2, "time": 1.0}})";
  for (
      const std::string &Text : std::vector<std::string>{
          R"({"tune_params_keys": ["A"], )" + Entries + "}",
          "{" + Entries + R"(, "tune_params_keys": ["A"]})",
          R"({"tune_params_keys": ["A"], )" + Entries + R"(, "objective": "speed"})",
          R"({"tune_params_keys": ["A"], )" + Entries + R"(, "tune_params_keys": ["B"]})",
          R"({"tune_params_keys": ["A"], )" + Entries + R"(, "objective_higher_is_better": true})",
          R"({"tune_params_keys": ["A"], )" + Entries + ", " + Entries + "}",
          R"({"tune_params_keys": ["A"], "cache": {"1": {"A": 1, "time": 2.0}, "1": {"A": 3, "time": 1.0}}})",
          R"({"tune_params_keys": ["A"], "cache": {"1": {"A": -1, "time": -2.0}, "1": {"A": 3, "time": 1.0}}})",
          R"({"tune_params_keys": ["A"], "times": [1], "cache": {"1": 5}})",
          R"({"tune_params_keys": ["A"], "cache": {"1": {"A": 1, "time": -1}, "2": 3}})",
          R"({"tune_params_keys": "A", "cache": {"1": {"A": 1, "time": 1}}})",
          R"({"tune_params_keys": ["A"], "cache": {"1": {"A": 1, "time": 1}}, "cache": 4})",
          R"([{"tune_params_keys": ["A"]}])", R"("cache")", R"({"results": []})",
          R"({"tune_params_keys": ["A"], "cache": {"1": {"A": 1, "time": 1}} x)"})
    expectStreamedAsWhole(Text, "reordered");
}
