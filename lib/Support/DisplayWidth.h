//===- Support/DisplayWidth.h - Places a character takes -----*- C++ -*-===//
//
// How many places a terminal gives a character, so that a diagnostic's
// caret stands under its column in a line of CJK text or emoji: 2 for East
// Asian wide and fullwidth characters, 0 for combining marks, zero-width
// characters and variation selectors, else 1. A table of the main ranges
// (Unicode 15's East Asian Width W and F, and general category Mn/Me
// blocks), not the whole database: a rare character may be off by one.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_DISPLAYWIDTH_H
#define ATFC_SUPPORT_DISPLAYWIDTH_H

#include <cstddef>
#include <string>
#include <string_view>

namespace atfc {

/// The places code point C takes in a terminal: 0, 1 or 2.
int displayWidth(char32_t C);

/// The code point of the UTF-8 sequence at Text[At], and its length in
/// bytes (At < Text.size()); a byte that starts no valid sequence is one
/// character of its own (a terminal shows a replacement for it): U+FFFD,
/// length 1.
char32_t decodeUtf8(std::string_view Text, std::size_t At, std::size_t &Length);

/// Whether the bytes at Text[At] start a valid UTF-8 sequence (an ASCII
/// byte is one); Length is its length, 1 for a byte that starts none.
bool validUtf8At(std::string_view Text, std::size_t At, std::size_t &Length);

/// Text with each byte that is part of no valid UTF-8 sequence replaced by
/// U+FFFD: text of any bytes (a cost file, a script's output) made fit for
/// a page or a document that says it is UTF-8.
std::string validUtf8(std::string_view Text);

} // namespace atfc

#endif
