//===- Results/RecordedJson.h - Reading one format's JSON -------*- C++ -*-===//
//
// What the readers of recorded data (Kernel Tuner caches, T4 files, KTT
// output; Results/RecordedData.h) share: their JSON type (keys in the
// file's order), a JSON value as a parameter's Value, and the checks of a
// recorded cost and time. Internal to lib/Results.
//
// Tested through RecordedDataTest.cpp
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RECORDEDJSON_H
#define ATFC_RESULTS_RECORDEDJSON_H

#include "SearchSpace/Value.h"
#include "Support/Error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace atfc::recorded {

/// The JSON of recorded data: an object's keys in the file's order (the
/// parameters' order in T4 files).
using Json = nlohmann::ordered_json;

/// The keys whose values no reader uses, dropped while parsing: the
/// per-repetition run times, the bulk of Kernel Tuner caches and T4 files.
const std::vector<std::string> &droppedKeys();

/// A JSON value as a parameter's Value: numbers, booleans and text as
/// themselves; a list, an object or null (Kernel Tuner's parameters take
/// any Python value: tuples, None) as its JSON text.
Value toValue(const Json &J);

/// Object's text under Key; empty where it holds none or no text.
std::string textField(const Json &Object, const char *Key);

/// The error for a recorded cost that no measurement gives (negative,
/// infinite or NaN), which would otherwise become the optimum; none for
/// another. Where names the entry.
std::optional<Error> impossibleCost(double Cost, const std::string &Objective,
                                    const std::string &Where);

/// The value Object holds for parameter Name; an error naming Where and
/// the parameter where it holds none.
Expected<Value> parameterValue(const Json &Object, const std::string &Name,
                               const std::string &Where);

/// The non-negative finite number Object holds under Key, times Scale (to
/// seconds); 0 where it holds none (the record then has no time of that
/// kind).
double recordedSeconds(const Json &Object, const char *Key, double Scale);

} // namespace atfc::recorded

#endif
