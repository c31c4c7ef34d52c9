//===- Support/BoundedJson.cpp - The one way atfc parses JSON ------------===//
#include "Support/BoundedJson.h"

namespace atfc {

Expected<void> checkJsonBounds(std::string_view Text, unsigned MaxDepth, std::uint64_t MaxBytes) {
  if (Text.size() > MaxBytes)
    return Error("JSON text of " + std::to_string(Text.size()) + " bytes, more than the limit of " +
                 std::to_string(MaxBytes));
  // Brackets count only outside strings; a backslash in a string escapes
  // the next byte (a quote among them). Unbalanced text is the parser's.
  // nlohmann ends the input at a NUL outside a string: so does the scan
  // (found by bounded-json-fuzzer), so that both see the same text.
  unsigned Depth = 0;
  bool InString = false, Escaped = false;
  for (std::size_t At = 0; At < Text.size(); ++At) {
    const char C = Text[At];
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
    } else if (C == '\0') {
      break;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth)
        return Error("JSON nested more than " + std::to_string(MaxDepth) +
                     " levels deep (at byte " + std::to_string(At + 1) + ")");
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return success();
}

} // namespace atfc
