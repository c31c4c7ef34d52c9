//===- Results/PythonJson.cpp - JSON as Kernel Tuner writes it -----------===//
#include "Results/PythonJson.h"

#include <string_view>

namespace atfc {

// Only these words have letters outside strings that JSON lacks; the
// text is copied only where one occurs.
std::string withPythonNonFiniteAsText(std::string Text) {
  std::string Out;
  bool InString = false, Escaped = false, Changed = false;
  std::size_t Copied = 0;
  for (std::size_t At = 0; At < Text.size(); ++At) {
    const char C = Text[At];
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
      continue;
    }
    for (std::string_view Word : {"NaN", "Infinity", "-Infinity"})
      if (Text.compare(At, Word.size(), Word) == 0) {
        Out.append(Text, Copied, At - Copied);
        Out += '"';
        Out += Word;
        Out += '"';
        At += Word.size() - 1;
        Copied = At + 1;
        Changed = true;
        break;
      }
  }
  if (!Changed)
    return Text;
  Out.append(Text, Copied, std::string::npos);
  return Out;
}

bool isPythonNonFinite(const std::string &Text) {
  return Text == "NaN" || Text == "Infinity" || Text == "-Infinity";
}

// Kernel Tuner's own read_cache drops the last comma and appends "}\n}".
std::string closedKernelTunerCache(std::string Text) {
  std::size_t End = Text.find_last_not_of(" \t\r\n");
  if (End == std::string::npos || (Text[End] != ',' && Text[End] != '{') ||
      Text.find("\"tune_params_keys\"") == std::string::npos)
    return Text;
  Text.resize(Text[End] == ',' ? End : End + 1);
  Text += "}\n}"; // (in place: a cache may be hundreds of MB)
  return Text;
}

} // namespace atfc
