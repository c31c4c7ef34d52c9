//===- Support/CStringLiteral.h - Text as a C string literal ----*- C++ -*-===//
//
// The one escaper of text that atfc writes into generated C, C++, OpenCL C
// and CUDA: string values in best.h, the tuned source and the selection
// header, file names in `#line` directives and in the tuner. The literal
// reads back as the same bytes in every one of these languages and stays
// harmless wherever it lands, a comment included: it is one line (no
// newline, no carriage return, no backslash at its end), has no trigraph
// (`??/` would be a backslash to a C89 or C++03 compiler), no `*/` that
// ends a comment nor `/*` that -Wcomment warns about, and only printable
// ASCII (compilers warn about invalid UTF-8 and bidirectional characters).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_CSTRINGLITERAL_H
#define ATFC_SUPPORT_CSTRINGLITERAL_H

#include <string>
#include <string_view>

namespace atfc {

/// Text in double quotes: '"' and '\' after a backslash, newline as "\n",
/// a '?' after a '?' as "\?", a '/' after a '*', a '*' after a '/' and
/// every byte outside
/// printable ASCII as three octal digits (never merged with a following
/// digit, unlike "\x").
std::string cStringLiteral(std::string_view Text);

/// The same literal for people (a configuration in a listing or a report):
/// without the escapes of `/*`, `*/` and `??` that only a comment or an old
/// compiler needs, which would show `"/*"` as `"/\052"`.
std::string readableStringLiteral(std::string_view Text);

} // namespace atfc

#endif
