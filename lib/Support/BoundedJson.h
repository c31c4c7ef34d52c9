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
// The document is built by LinearJsonBuilder, not nlohmann's own DOM
// parser: ordered_json looks every new key up among the object's earlier
// keys, so a Kernel Tuner cache of 10^6 configurations (one object) took
// 10^12 comparisons and hours; here a large object's keys are indexed.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_BOUNDEDJSON_H
#define ATFC_SUPPORT_BOUNDEDJSON_H

#include "Support/Error.h"

#include <algorithm>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

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

/// A SAX handler of nlohmann's that builds the document as its DOM parser
/// does (a duplicate key's later value replaces the earlier one, in the
/// earlier one's place), in time linear in the text: an object's keys are
/// looked up in an index once it has more than a few. The values of the
/// keys in Dropped are skipped, at any depth (the bulk of some files,
/// never read).
template <typename JsonT> class LinearJsonBuilder {
public:
  using String = typename JsonT::string_t;

  explicit LinearJsonBuilder(std::vector<std::string> DroppedKeys)
      : Dropped(std::move(DroppedKeys)) {}

  bool null() { return put(JsonT(nullptr)); }
  bool boolean(bool B) { return put(JsonT(B)); }
  bool number_integer(typename JsonT::number_integer_t V) { return put(JsonT(V)); }
  bool number_unsigned(typename JsonT::number_unsigned_t V) { return put(JsonT(V)); }
  bool number_float(typename JsonT::number_float_t V, const String &) { return put(JsonT(V)); }
  bool string(String &S) { return put(JsonT(std::move(S))); }
  bool binary(typename JsonT::binary_t &B) { return put(JsonT::binary(std::move(B))); }
  bool start_object(std::size_t) { return open(JsonT::object()); }
  bool start_array(std::size_t) { return open(JsonT::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(String &K) {
    if (Skipping == 0) {
      Frames.back().Key = std::move(K);
      Frames.back().DropNext =
          std::find(Dropped.begin(), Dropped.end(), Frames.back().Key) != Dropped.end();
    }
    return true;
  }
  template <typename Exception>
  bool parse_error(std::size_t, const std::string &, const Exception &E) {
    Message = E.what();
    return false;
  }

  /// The document, once parsing succeeded.
  JsonT take() { return std::move(Root); }
  /// nlohmann's message for the syntax error, once parsing failed.
  const std::string &error() const { return Message; }

private:
  struct Frame {
    JsonT Value;
    String Key;
    bool DropNext = false;
    /// Key -> position, built once an object outgrows a linear look-up.
    std::unique_ptr<std::unordered_map<String, std::size_t>> Index;
  };
  static constexpr std::size_t kIndexedFrom = 16;

  /// Whether the value about to come is skipped (a dropped key's).
  bool skipsNext() {
    if (Skipping > 0)
      return true;
    if (Frames.empty() || !Frames.back().Value.is_object() || !Frames.back().DropNext)
      return false;
    Frames.back().DropNext = false;
    return true;
  }
  bool put(JsonT V) {
    if (skipsNext())
      return true;
    if (Frames.empty()) {
      Root = std::move(V);
      return true;
    }
    Frame &F = Frames.back();
    if (F.Value.is_array()) {
      F.Value.template get_ref<typename JsonT::array_t &>().push_back(std::move(V));
      return true;
    }
    auto &Object = F.Value.template get_ref<typename JsonT::object_t &>();
    // std::map (nlohmann::json) finds and inserts in log time.
    if constexpr (!requires { Object.emplace_back(F.Key, std::move(V)); }) {
      Object.insert_or_assign(F.Key, std::move(V));
      return true;
    } else {
      // ordered_json's object is a vector of pairs, looked up here, then
      // appended to without its own look-up.
      if (!F.Index && Object.size() < kIndexedFrom) {
        for (auto &[K, Existing] : Object)
          if (K == F.Key) {
            Existing = std::move(V);
            return true;
          }
      } else {
        if (!F.Index) {
          F.Index = std::make_unique<std::unordered_map<String, std::size_t>>();
          std::size_t At = 0;
          for (const auto &Element : Object)
            F.Index->emplace(Element.first, At++);
        }
        auto [It, New] = F.Index->emplace(F.Key, Object.size());
        if (!New) {
          (Object.begin() + static_cast<std::ptrdiff_t>(It->second))->second = std::move(V);
          return true;
        }
      }
      Object.emplace_back(F.Key, std::move(V));
      return true;
    }
  }
  bool open(JsonT Empty) {
    if (skipsNext()) {
      ++Skipping;
      return true;
    }
    Frames.push_back(Frame{std::move(Empty), String(), false, nullptr});
    return true;
  }
  bool close() {
    if (Skipping > 0) {
      --Skipping;
      return true;
    }
    JsonT Done = std::move(Frames.back().Value);
    Frames.pop_back();
    return put(std::move(Done));
  }

  std::vector<std::string> Dropped;
  std::vector<Frame> Frames;
  unsigned Skipping = 0;
  JsonT Root;
  std::string Message;
};

/// The JSON value Text holds, parsed by JsonT (nlohmann::json or
/// ordered_json) without the values of the keys DroppedKeys (at any
/// depth); the error when Text is beyond the bounds ("...") or not JSON
/// ("not valid JSON: ...").
template <typename JsonT>
Expected<JsonT> parseBoundedJson(std::string_view Text, std::vector<std::string> DroppedKeys = {}) {
  if (Expected<void> Bounds = checkJsonBounds(Text); !Bounds)
    return Bounds.takeError();
  LinearJsonBuilder<JsonT> Builder(std::move(DroppedKeys));
  // nlohmann reports malformed text to the handler, and may still throw
  // for input it cannot read at all (Support/Error.h).
  try {
    if (!JsonT::sax_parse(Text, &Builder))
      return Error("not valid JSON: " + Builder.error());
  } catch (const typename JsonT::exception &E) {
    return Error(std::string("not valid JSON: ") + E.what());
  }
  return Builder.take();
}

} // namespace atfc

#endif
