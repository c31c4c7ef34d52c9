//===- Support/BoundedJson.h - The one way atfc parses JSON -----*- C++ -*-===//
//
// JSON reaches atfc from files others wrote (wisdom files, Kernel Tuner
// caches, T4 files, results databases' columns, an invocation value). A
// value nested 100,000 levels deep parses, but copying, comparing, dumping
// or destroying it recurses once per level and overflows the stack. Every
// reader therefore parses through parseBoundedJson(), which refuses text
// nested deeper than kMaxJsonDepth or larger than kMaxJsonBytes before the
// parser sees it (a scan of the brackets outside strings), and turns
// nlohmann's parse exception into an Error. Templated on the JSON type so
// that this library needs no JSON library of its own.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_BOUNDEDJSON_H
#define ATFC_SUPPORT_BOUNDEDJSON_H

#include "Support/Error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace atfc {

/// The deepest nesting of arrays and objects atfc reads: what it writes
/// nests at most four deep.
inline constexpr unsigned kMaxJsonDepth = 128;

/// The largest JSON text atfc reads (1 GiB).
inline constexpr std::uint64_t kMaxJsonBytes = std::uint64_t(1) << 30;

/// Why Text is beyond the bounds ("JSON nested more than 128 levels deep
/// (at byte 129)", "JSON text of N bytes, more than the limit of M"), or
/// nothing. Text that is not JSON passes: the parser says what is wrong.
Expected<void> checkJsonBounds(std::string_view Text, unsigned MaxDepth = kMaxJsonDepth,
                               std::uint64_t MaxBytes = kMaxJsonBytes);

/// The JSON value Text holds, parsed by JsonT (nlohmann::json or
/// ordered_json) with its parser callback Callback; the error when Text is
/// beyond the bounds ("...") or not JSON ("not valid JSON: ...").
template <typename JsonT>
Expected<JsonT> parseBoundedJson(std::string_view Text,
                                 typename JsonT::parser_callback_t Callback = nullptr) {
  if (Expected<void> Bounds = checkJsonBounds(Text); !Bounds)
    return Bounds.takeError();
  // nlohmann reports malformed text only by exception (Support/Error.h).
  try {
    return JsonT::parse(Text, std::move(Callback));
  } catch (const typename JsonT::exception &E) {
    return Error(std::string("not valid JSON: ") + E.what());
  }
}

} // namespace atfc

#endif
