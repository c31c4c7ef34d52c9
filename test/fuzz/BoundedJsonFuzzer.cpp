//===- test/fuzz/BoundedJsonFuzzer.cpp - Fuzzing the JSON bound -----------===//
//
// A libFuzzer target for parseBoundedJson, through which every JSON atfc
// reads passes. The bracket scan must never let through a value nested
// deeper than the bound (whatever strings, escapes and malformed text hide
// brackets), and what it lets through must parse as nlohmann alone parses
// it and survive dumping and comparing (the recursive operations that
// overflowed the stack).
//
//===----------------------------------------------------------------------===//
#include "Support/BoundedJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

using namespace atfc;
using Json = nlohmann::ordered_json;

static void require(bool Condition) {
  if (!Condition)
    __builtin_trap();
}

/// The nesting depth of J (a scalar: 0), found without recursion.
static unsigned depthOf(const Json &J) {
  unsigned Deepest = 0;
  std::vector<std::pair<const Json *, unsigned>> Work = {{&J, 0}};
  while (!Work.empty()) {
    const auto [Node, Depth] = Work.back();
    Work.pop_back();
    if (!Node->is_structured())
      continue;
    Deepest = std::max(Deepest, Depth + 1);
    for (const Json &Child : *Node)
      Work.push_back({&Child, Depth + 1});
  }
  return Deepest;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  const std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  // A small bound, so that the fuzzer reaches beyond it with short inputs.
  constexpr unsigned MaxDepth = 4;
  const bool Within = static_cast<bool>(checkJsonBounds(Text, MaxDepth));
  // The text's nesting, as the parser meets it: a duplicate key's later
  // value replaces the earlier one in the document, so the document may be
  // shallower than the text it came from, and the bound is on the text.
  unsigned TextDepth = 0;
  const Json Unbounded = Json::parse(
      Text,
      [&](int Depth, nlohmann::detail::parse_event_t Event, Json &) {
        if (Event == nlohmann::detail::parse_event_t::object_start ||
            Event == nlohmann::detail::parse_event_t::array_start)
          TextDepth = std::max(TextDepth, static_cast<unsigned>(Depth) + 1);
        return true;
      },
      /*allow_exceptions=*/false);
  if (!Unbounded.is_discarded())
    require(Within == (TextDepth <= MaxDepth));
  Expected<Json> J = parseBoundedJson<Json>(Text);
  if (!J)
    return 0;
  require(depthOf(*J) <= kMaxJsonDepth);
  require(Json::parse(J->dump(-1, ' ', false, Json::error_handler_t::replace), nullptr, false)
              .is_discarded() == false);
  return 0;
}
