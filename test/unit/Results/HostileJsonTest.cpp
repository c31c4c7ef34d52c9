//===- test/unit/Results/HostileJsonTest.cpp - JSON depth in every reader -===//
//
// A generator of nested JSON (arrays, objects, both; depths 1..140 and
// 1,000 and 100,000) placed where each reader of lib/Results meets JSON:
// a Kernel Tuner cache (a value, a field), a T4 file and KTT output (a
// configuration value), plain and gzip, and every JSON column of a results database
// (runs: arguments, parameters, parameter_kinds, objectives; evaluations:
// configuration, costs). Within the bound a reader may accept or refuse
// the shape; beyond it each returns an Error that names the bound, and none
// crashes (a stack overflow before).
//
//===----------------------------------------------------------------------===//
#include "RecordedDataFiles.h"
#include "Results/RecordedData.h"
#include "Results/ResultsExport.h"
#include "Results/ResultsRecorded.h"
#include "Support/BoundedJson.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <string>
#include <vector>

namespace atfc {
namespace {

namespace fs = std::filesystem;

std::string nested(unsigned Depth, int Shape) {
  std::string Open, Close;
  for (unsigned I = 0; I < Depth; ++I) {
    const bool Object = Shape == 1 || (Shape == 2 && I % 2 == 0);
    Open += Object ? "{\"k\":" : "[";
    Close.insert(0, Object ? "}" : "]");
  }
  return Open + "1" + Close;
}

/// The depths tried: every one near the bound, a few small, two huge.
std::vector<unsigned> depths() {
  std::vector<unsigned> D = {1, 2, 3, 10, 64, 1000, 100000};
  for (unsigned X = kMaxJsonDepth - 8; X <= kMaxJsonDepth + 8; ++X)
    D.push_back(X);
  return D;
}

/// Checks what a reader made of text nested Depth levels, the value's own
/// depth plus Around (the levels of the document around it).
template <class T>
void expectBounded(const Expected<T> &Read, unsigned Depth, unsigned Around,
                   const std::string &Where) {
  if (Depth + Around > kMaxJsonDepth) {
    ASSERT_FALSE(Read) << Where << " at depth " << Depth;
    EXPECT_NE(Read.error().message().find("JSON nested more than 128 levels deep"),
              std::string::npos)
        << Where << ": " << Read.error().message();
  }
}

class HostileJsonTest : public ::testing::Test {
protected:
  test::ScopedTempDirectory Scratch{"atfc-hostile-json"};
};

TEST_F(HostileJsonTest, RecordedDataFilesRefuseDeepNesting) {
  for (int Shape = 0; Shape < 3; ++Shape)
    for (unsigned Depth : depths()) {
      const std::string Deep = nested(Depth, Shape);
      // A value of a configuration (document, cache, entry: 3 levels) and a
      // field beside the cache (1 level).
      const std::string Cache = R"({"tune_params_keys": ["A"], "tune_params": {"A": [1]},
        "cache": {"1": {"A": )" +
                                Deep + R"(, "time": 1.0}}})";
      const std::string Field = R"({"tune_params_keys": ["A"], "tune_params": {"A": [1]},
        "extra": )" + Deep + R"(, "cache": {"1": {"A": 1, "time": 1.0}}})";
      const std::string T4 = R"({"schema_version": "1.0.0", "results": [{"configuration":
        {"x": )" + Deep + R"(}, "objectives": ["time"], "measurements":
        [{"name": "time", "value": 1.0, "unit": "ms"}]}]})";
      // A KTT parameter value (document, Results, result, Configuration,
      // pair: 5 levels).
      const std::string Ktt = R"({"Metadata": {"TimeUnit": "Microseconds"}, "Results": [
        {"Status": "Ok", "Configuration": [{"Name": "A", "Value": )" +
                              Deep + R"(}], "ComputationResults": [{"Duration": 1.0}]}]})";
      for (const auto &[Text, Around, What] :
           std::vector<std::tuple<std::string, unsigned, std::string>>{{Cache, 3, "cache value"},
                                                                       {Field, 1, "cache field"},
                                                                       {T4, 4, "T4 value"},
                                                                       {Ktt, 5, "KTT value"}}) {
        const fs::path Plain = Scratch.path() / "plain.json";
        const fs::path Gzip = Scratch.path() / "gzip.json.gz";
        test::writePlain(Plain, Text);
        test::writeGzip(Gzip, Text);
        for (const fs::path &File : {Plain, Gzip}) {
          Expected<RecordedData> Read = readRecordedData(File.string());
          expectBounded(Read, Depth, Around, What + " in " + File.filename().string());
          if (!Read) {
            EXPECT_EQ(Read.error().message().rfind(File.string() + ": ", 0), 0u)
                << Read.error().message();
          }
        }
      }
    }
}

TEST_F(HostileJsonTest, EveryJsonColumnOfAResultsDatabaseRefusesDeepNesting) {
  const std::string Path = (Scratch.path() / "results.db").string();
  {
    Expected<std::unique_ptr<ResultsDatabase>> Db = ResultsDatabase::open(Path);
    ASSERT_TRUE(Db) << Db.error().message();
    RunInfo Run;
    Run.Key = "k";
    Run.File = "f.cpp";
    Run.Parameters = {"A"};
    Run.ParameterKinds = {ValueKind::Int};
    Expected<std::int64_t> Id = (*Db)->beginRun(Run);
    ASSERT_TRUE(Id);
    EvaluationRecord E;
    E.ConfigIndex = "0";
    E.Configuration = {{"A", Value(std::int64_t(1))}};
    E.Result = Measurement::valid({1.0});
    ASSERT_TRUE((*Db)->addEvaluation(*Id, E));
  }
  struct Column {
    const char *Table, *Name;
  };
  for (const Column &C : {Column{"runs", "arguments"}, Column{"runs", "parameters"},
                          Column{"runs", "parameter_kinds"}, Column{"runs", "objectives"},
                          Column{"evaluations", "configuration"}, Column{"evaluations", "costs"}})
    for (unsigned Depth : {1u, 128u, 129u, 1000u, 100000u}) {
      const std::string Deep = nested(Depth, 2);
      sqlite3 *Raw = nullptr;
      ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
      // The column's own text, restored afterwards.
      const std::string Select = std::string("SELECT ") + C.Name + " FROM " + C.Table;
      sqlite3_stmt *S = nullptr;
      ASSERT_EQ(sqlite3_prepare_v2(Raw, Select.c_str(), -1, &S, nullptr), SQLITE_OK);
      ASSERT_EQ(sqlite3_step(S), SQLITE_ROW);
      const std::string Saved = reinterpret_cast<const char *>(sqlite3_column_text(S, 0));
      sqlite3_finalize(S);
      auto Set = [&](const std::string &Text) {
        const std::string Update = std::string("UPDATE ") + C.Table + " SET " + C.Name + " = ?";
        sqlite3_stmt *U = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(Raw, Update.c_str(), -1, &U, nullptr), SQLITE_OK);
        sqlite3_bind_text(U, 1, Text.data(), static_cast<int>(Text.size()), SQLITE_TRANSIENT);
        ASSERT_EQ(sqlite3_step(U), SQLITE_DONE);
        sqlite3_finalize(U);
      };
      Set(Deep);
      sqlite3_close(Raw);

      const std::string Where = std::string(C.Table) + "." + C.Name;
      Expected<RecordedData> Read = readResultsDatabase(Path);
      expectBounded(Read, Depth, 0, Where + " (recorded data)");
      Expected<std::unique_ptr<ResultsDatabase>> Db =
          ResultsDatabase::open(Path, ResultsDatabase::Mode::ReadOnly);
      ASSERT_TRUE(Db) << Db.error().message();
      Expected<std::vector<RunInfo>> Runs = (*Db)->runs();
      if (std::string(C.Table) == "runs")
        expectBounded(Runs, Depth, 0, Where + " (runs)");
      Expected<std::vector<EvaluationRecord>> Evaluations = (*Db)->evaluationsOfRun(1);
      expectBounded(Evaluations, Depth, 0, Where + " (evaluations)");
      Expected<nlohmann::ordered_json> Exported = resultsJson(**Db);
      expectBounded(Exported, Depth, 0, Where + " (export)");
      Db = Error("closed"); // before the column is restored

      ASSERT_EQ(sqlite3_open(Path.c_str(), &Raw), SQLITE_OK);
      Set(Saved);
      sqlite3_close(Raw);
    }
}

} // namespace
} // namespace atfc
