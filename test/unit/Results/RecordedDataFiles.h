//===- RecordedDataFiles.h - Small recorded datasets for tests -*- C++ -*-===//
//
// A Kernel Tuner cache, a T4 results file and KTT output small enough to
// check by hand, a grid cache with one optimum, and writers for plain and
// gzip files: what the tests of recorded data, the replay backend and
// replay experiments read.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_BACKENDS_RECORDEDDATAFILES_H
#define ATFC_TEST_BACKENDS_RECORDEDDATAFILES_H

#include "../ScopedTempDirectory.h"
#include "Results/RecordedData.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace atfc::test {

inline void writePlain(const std::filesystem::path &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary);
  Out << Text;
}

inline void writeGzip(const std::filesystem::path &Path, const std::string &Text) {
  gzFile F = gzopen(Path.c_str(), "wb");
  ASSERT_NE(F, nullptr);
  ASSERT_EQ(gzwrite(F, Text.data(), static_cast<unsigned>(Text.size())),
            static_cast<int>(Text.size()));
  ASSERT_EQ(gzclose(F), Z_OK);
}

/// A Kernel Tuner cache: 2 x 3 values of which 5 are recorded, one failed
/// to compile and one failed at run time; a constant third parameter.
inline const char *const kKernelTunerCache = R"({
"device_name": "Test GPU",
"kernel_name": "kern",
"tune_params_keys": ["BS", "WPT", "PREC"],
"tune_params": {"BS": [16, 32], "WPT": [1, 2, 4], "PREC": [32]},
"objective": "time",
"cache": {
"32,1,32": {"BS": 32, "WPT": 1, "PREC": 32, "time": 3.5, "times": [3.4, 3.6]},
"16,1,32": {"BS": 16, "WPT": 1, "PREC": 32, "time": 4.0, "times": [4.0]},
"16,4,32": {"BS": 16, "WPT": 4, "PREC": 32, "time": "CompilationFailedConfig"},
"32,4,32": {"BS": 32, "WPT": 4, "PREC": 32, "time": 1.25},
"16,2,32": {"BS": 16, "WPT": 2, "PREC": 32, "time": "RuntimeFailedConfig"}
}
})";

/// A T4 results file: parameters in the configuration's key order (not
/// alphabetical), one result invalid, one a repetition of another.
inline const char *const kT4Results = R"({
"schema_version": "1.0.0",
"results": [
 {"configuration": {"y": 2, "x": 0.5, "name": "b"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 7.0, "unit": "ms"}], "objectives": ["time"],
  "times": {"runtimes": [7.0, 7.1]}},
 {"configuration": {"y": 1, "x": 1.5, "name": "a"}, "invalidity": "compile",
  "measurements": [], "objectives": ["time"]},
 {"configuration": {"y": 1, "x": 0.5, "name": "a"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 2.0, "unit": "ms"}], "objectives": ["time"]},
 {"configuration": {"y": 1, "x": 0.5, "name": "a"}, "invalidity": "correct",
  "measurements": [{"name": "time", "value": 9.0, "unit": "ms"}], "objectives": ["time"]}
]
})";

/// KTT 2.x output: times in microseconds; one configuration failed, one
/// with two kernel launches and an extra duration, one a repetition.
inline const char *const kKttOutput = R"({
"Metadata": {"ComputeApi": "CUDA", "Device": "Test GPU", "KttVersion": "2.1.0",
             "TimeUnit": "Microseconds"},
"Results": [
 {"KernelName": "conv", "Status": "Ok", "ExtraDuration": 0.0,
  "Configuration": [{"Name": "BS", "Value": 32, "ValueType": "UnsignedInt"},
                    {"Name": "MODE", "Value": "fast", "ValueType": "String"}],
  "ComputationResults": [{"KernelFunction": "conv", "Duration": 1500.0,
                          "GlobalSize": {"X": 1, "Y": 1, "Z": 1}}]},
 {"KernelName": "conv", "Status": "ComputationFailed", "ExtraDuration": 0.0,
  "Configuration": [{"Name": "BS", "Value": 64, "ValueType": "UnsignedInt"},
                    {"Name": "MODE", "Value": "fast", "ValueType": "String"}],
  "ComputationResults": []},
 {"KernelName": "conv", "Status": "Ok", "ExtraDuration": 250.0,
  "Configuration": [{"Name": "MODE", "Value": "slow", "ValueType": "String"},
                    {"Name": "BS", "Value": 32, "ValueType": "UnsignedInt"}],
  "ComputationResults": [{"Duration": 1000.0}, {"Duration": 750.0}]},
 {"KernelName": "conv", "Status": "Ok",
  "Configuration": [{"Name": "BS", "Value": 32, "ValueType": "UnsignedInt"},
                    {"Name": "MODE", "Value": "fast", "ValueType": "String"}],
  "ComputationResults": [{"Duration": 9000.0}]}
]
})";

/// The record of Data whose values are Values; none when it holds none.
inline const EvaluationRecord *entryWith(const RecordedData &Data,
                                         const std::vector<Value> &Values) {
  for (const EvaluationRecord &E : Data.Entries)
    if (std::equal(E.Configuration.begin(), E.Configuration.end(), Values.begin(), Values.end(),
                   [](const NamedValue &A, const Value &B) { return A.Val == B; }))
      return &E;
  return nullptr;
}

inline Value I(std::int64_t V) { return Value(V); }

inline RecordedData kernelTunerData() {
  const ScopedTempDirectory Scratch("atfc-replay-data");
  writePlain(Scratch.path() / "cache.json", kKernelTunerCache);
  Expected<RecordedData> R = readRecordedData((Scratch.path() / "cache.json").string());
  EXPECT_TRUE(R.ok()) << R.error().message();
  return *R;
}

/// A Kernel Tuner cache over a 2-D grid of 12 x 10 values with one optimum
/// (cost 1 at X = 7, Y = 3), a few failed configurations, and holes.
inline std::string gridCache() {
  std::string Text = R"({"tune_params_keys": ["X", "Y"], "kernel_name": "grid", "cache": {)";
  bool First = true;
  for (int X = 0; X < 12; ++X)
    for (int Y = 0; Y < 10; ++Y) {
      if ((X * 7 + Y * 3) % 11 == 0)
        continue; // not recorded
      std::string Time = (X + Y) % 9 == 0
                             ? "\"RuntimeFailedConfig\""
                             : std::to_string(1 + (X - 7) * (X - 7) + (Y - 3) * (Y - 3));
      Text += (First ? "" : ",\n") + std::string("\"") + std::to_string(X) + "," +
              std::to_string(Y) + "\": {\"X\": " + std::to_string(X) +
              ", \"Y\": " + std::to_string(Y) + ", \"time\": " + Time + "}";
      First = false;
    }
  return Text + "}}";
}

/// Everything a reader puts into Data, as text: two tables are the same
/// table when their texts are equal.
inline std::string tableText(const RecordedData &Data) {
  std::string Text = Data.Description + "\n";
  for (const std::string &P : Data.Parameters)
    Text += P + ",";
  Text += "\n";
  for (std::size_t O = 0; O < Data.Objectives.size(); ++O)
    Text += Data.Objectives[O] + "/" +
            std::to_string(O < Data.Directions.size() ? static_cast<int>(Data.Directions[O]) : -1) +
            ",";
  Text += "\n";
  for (const EvaluationRecord &E : Data.Entries) {
    Text += std::to_string(E.Evaluation) + ":";
    for (const auto &[Name, V] : E.Configuration)
      Text += " " + Name + "=" + std::to_string(V.index()) + ":" + toString(V);
    Text += E.Result.Valid ? " valid" : " invalid";
    char Number[64];
    for (double C : E.Result.Costs) {
      std::snprintf(Number, sizeof Number, " %.17g", C);
      Text += Number;
    }
    std::snprintf(Number, sizeof Number, " %.17g/%.17g", E.Result.CompileSeconds,
                  E.Result.RunSeconds);
    Text += Number;
    Text += " [" + E.Result.Reason + "]\n";
  }
  return Text;
}

/// Every part of the JSON file Valid, removed or replaced by a value of
/// each JSON kind, one at a time: the reader accepts a consistent table
/// (a value per parameter, a cost exactly where valid, finite and not
/// negative, each configuration once) or refuses with a message of its own
/// that names the file, never nlohmann's "unexpected JSON structure" (a
/// type error that escaped a check) and never a crash. At least
/// MinRefused and MinAccepted of the variants are each.
inline void expectEveryMalformedPartRefusedOrConsistent(const std::string &Valid,
                                                        std::size_t MinRefused,
                                                        std::size_t MinAccepted) {
  using Json = nlohmann::ordered_json;
  const Json Original = Json::parse(Valid);
  const std::vector<Json> Replacements = {Json(),         Json(true),      Json(-1),
                                          Json(1e308),    Json("x"),       Json::array(),
                                          Json::object(), Json::array({1})};
  std::vector<Json::json_pointer> Parts;
  const Json Flat = Original.flatten();
  for (const auto &[Pointer, Leaf] : Flat.items()) {
    // Every leaf and every container above it.
    for (Json::json_pointer P(Pointer); !P.empty(); P = P.parent_pointer())
      if (std::find(Parts.begin(), Parts.end(), P) == Parts.end())
        Parts.push_back(P);
  }
  const ScopedTempDirectory Scratch("atfc-generated-data");
  const std::filesystem::path Path = Scratch.path() / "data.json";
  std::size_t Refused = 0, Accepted = 0;
  for (const Json::json_pointer &P : Parts)
    for (std::size_t Variant = 0; Variant <= Replacements.size(); ++Variant) {
      Json Changed = Original;
      if (Variant == Replacements.size()) {
        Json &Parent = Changed[P.parent_pointer()];
        if (Parent.is_object())
          Parent.erase(P.back());
        else
          Parent.erase(static_cast<std::size_t>(std::stoul(P.back())));
      } else {
        Changed[P] = Replacements[Variant];
      }
      writePlain(Path, Changed.dump());
      const std::string Case = P.to_string() + " variant " + std::to_string(Variant);
      Expected<RecordedData> R = readRecordedData(Path.string());
      if (!R) {
        ++Refused;
        EXPECT_EQ(R.error().message().find("unexpected JSON structure"), std::string::npos)
            << Case << ": " << R.error().message();
        EXPECT_EQ(R.error().message().rfind(Path.string() + ": ", 0), 0u) << Case;
        continue;
      }
      ++Accepted;
      std::set<std::vector<std::string>> Keys;
      for (const EvaluationRecord &E : R->Entries) {
        ASSERT_EQ(E.Configuration.size(), R->Parameters.size()) << Case;
        EXPECT_EQ(E.Result.Valid, !E.Result.Costs.empty()) << Case;
        for (double C : E.Result.Costs)
          EXPECT_TRUE(std::isfinite(C) && C >= 0) << Case << ": cost " << C;
        std::vector<std::string> Key;
        for (const auto &[Name, V] : E.Configuration)
          Key.push_back(toString(V));
        EXPECT_TRUE(Keys.insert(Key).second) << Case << ": a configuration twice";
      }
    }
  // Both happen: the generator reaches the checks and the harmless parts.
  EXPECT_GE(Refused, MinRefused);
  EXPECT_GE(Accepted, MinAccepted);
}

} // namespace atfc::test

#endif
