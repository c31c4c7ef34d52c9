//===- Results/KernelTunerCache.h - Kernel Tuner caches, streamed -*- C++ -*-===//
//
// Reads Kernel Tuner cache files (0.4 to 1.5; the format in
// Results/RecordedData.h) into a RecordedData table. Internal to
// lib/Results: readRecordedData() is the one entry point.
//
// A cache of 10^6 configurations is 600 MB of JSON, and its document in
// nlohmann's types several times that. parseRecordedJson() therefore reads
// a cache whose header comes before its "cache" object (as Kernel Tuner
// writes it) entry by entry: each entry is built as a small document,
// turned into its record at once and dropped, so that what is held is the
// text and the table. Anything else it parses into one document, as
// before: T4 files and KTT output (small), and a cache whose
// "tune_params_keys" or objective comes after its entries or that names
// an entry twice (the later one replaces the earlier, as a JSON object's
// key does). Both paths give the same table and the same errors
// (KernelTunerCacheTest.cpp compares them on every generated file).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_KERNELTUNERCACHE_H
#define ATFC_RESULTS_KERNELTUNERCACHE_H

#include "Results/RecordedData.h"
#include "Results/RecordedJson.h"

#include <optional>
#include <string_view>

namespace atfc::recorded {

/// The Kernel Tuner cache whose document is Root, as a table.
Expected<RecordedData> readKernelTunerCache(const Json &Root);

/// JSON text parsed: its document, and where it is a Kernel Tuner cache
/// read entry by entry, its table (the document's "cache" then empty).
struct ParsedJson {
  Json Root;
  std::optional<RecordedData> Cache;
};

/// Parses Text (JSON; Python's words already made text,
/// Results/PythonJson.h) within Support/BoundedJson.h's bounds, dropping
/// droppedKeys(); a Kernel Tuner cache whose header precedes its entries
/// is read as it is parsed. The error is the syntax error ("not valid
/// JSON: ...") or the cache's own (an entry's, naming it).
Expected<ParsedJson> parseRecordedJson(std::string_view Text);

/// The same with the cache read from one whole document, never entry by
/// entry (the reference the streamed reading is tested against).
Expected<ParsedJson> parseRecordedJsonWhole(std::string_view Text);

} // namespace atfc::recorded

#endif
