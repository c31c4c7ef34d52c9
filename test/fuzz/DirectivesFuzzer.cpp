//===- test/fuzz/DirectivesFuzzer.cpp - Fuzzing the scanner and parser ----===//
//
// A libFuzzer target for the first two stages of the frontend, which read
// arbitrary user text: the directive scanner (both languages) and the
// clause parser. Besides not crashing (ASan and UBSan are on), it checks
// invariants that must hold for any input: blanking keeps the number of
// lines, every directive and diagnostic points inside the file.
//
//===----------------------------------------------------------------------===//
#include "Directives/ClauseParser.h"
#include "Directives/DirectiveScanner.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>

using namespace atfc;

static void require(bool Condition) {
  if (!Condition)
    __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  const llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  const auto Lines = static_cast<unsigned>(Source.count('\n')) + 1;
  for (SourceLanguage Language : {SourceLanguage::CFamily, SourceLanguage::Other}) {
    DirectiveScan Scan = scanDirectives("fuzz.cl", Source, Language);
    for (const Directive &D : Scan.Directives) {
      require(D.FirstLine >= 1 && D.FirstLine <= D.LastLine && D.LastLine <= Lines);
      require(D.TextPositions.size() == D.Text.size());
    }
    for (const Diagnostic &D : Scan.Diagnostics)
      require(D.Location.Line >= 1 && D.Location.Line <= Lines);
    require(llvm::StringRef(blankDirectives(Source, Scan.Directives)).count('\n') ==
            Source.count('\n'));
    if (Scan.hasErrors())
      continue;
    ClauseParse Parse = parseClauses(Scan);
    for (const Diagnostic &D : Parse.Diagnostics)
      require(D.Location.Line >= 1 && D.Location.Line <= Lines);
  }
  return 0;
}
