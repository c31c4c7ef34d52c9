//===- Results/ValueJson.h - Values, configurations and costs as JSON -*- C++ -*-===//
//
// The one JSON form of what atfc records: typed parameter values (NaN and
// infinities as the strings "nan", "inf", "-inf", which JSON lacks),
// configurations, costs and lists, and the way back. results.db, best.json
// and the space report all write it.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_VALUEJSON_H
#define ATFC_RESULTS_VALUEJSON_H

#include "Backends/Measurement.h"
#include "SearchSpace/Value.h"
#include "Support/Error.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// A run's parameter kinds by parameter name.
using ParameterKinds = std::map<std::string, ValueKind, std::less<>>;

/// Whether Text is well-formed UTF-8, the only text a JSON string holds.
bool isUtf8(std::string_view Text);

/// Text as JSON, exactly: a JSON string when it is UTF-8, else the object
/// {"bytes": "HEX"} of its bytes in lowercase hex (docs/results.md), so
/// that a value or argument of any bytes is read back as it was (it was
/// U+FFFD, a value never measured, measured anew on every run).
nlohmann::ordered_json exactStringJson(const std::string &Text);

/// The text exactStringJson() made J from; nullopt for other JSON.
std::optional<std::string> exactString(const nlohmann::ordered_json &J);

/// V as JSON: its own JSON type; a NaN or infinite double as "nan", "inf"
/// or "-inf"; a string as exactStringJson() gives it.
nlohmann::ordered_json valueJson(const Value &V);

/// J as compact text. Bytes that are not UTF-8 (a truncated output tail, an
/// odd argument) become U+FFFD instead of failing the whole record.
std::string jsonText(const nlohmann::ordered_json &J);

/// X as JSON, null when it is not finite (a cost).
nlohmann::ordered_json doubleJson(double X);

/// The number J holds; NaN when it holds none.
double jsonDouble(const nlohmann::ordered_json &J);

/// The kind kindName() calls Name ("int", ...); nullopt for another word.
std::optional<ValueKind> valueKindNamed(std::string_view Name);

/// The value J as kind Kind; nullopt when J does not hold one.
std::optional<Value> jsonValue(const nlohmann::ordered_json &J, std::optional<ValueKind> Kind);

/// Strings as an array, each as exactStringJson() gives it.
nlohmann::ordered_json stringsJson(const std::vector<std::string> &Strings);

/// The parameters' kinds as an array of their names.
nlohmann::ordered_json kindsJson(const std::vector<ValueKind> &Kinds);

/// A configuration as an object of parameter names to values.
nlohmann::ordered_json configurationJson(const std::vector<NamedValue> &Configuration);

/// Costs as an array; a cost that is not finite is null.
nlohmann::ordered_json costsJson(const std::vector<double> &Costs);

/// The JSON Text holds; the error when it is not JSON or is nested too
/// deep or too large (Support/BoundedJson.h).
Expected<nlohmann::ordered_json> parseJson(std::string_view Text);

/// The array J's elements as text (strings, and exactStringJson()'s
/// objects, as they are).
std::vector<std::string> jsonStrings(const nlohmann::ordered_json &J);

} // namespace atfc

#endif
