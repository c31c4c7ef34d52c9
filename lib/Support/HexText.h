//===- Support/HexText.h - Bytes as hexadecimal digits ----------*- C++ -*-===//
//
// Bytes written as two lowercase hexadecimal digits each: text that is not
// UTF-8 kept exactly in JSON, a byte escaped for a terminal, a random token.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SUPPORT_HEXTEXT_H
#define ATFC_SUPPORT_HEXTEXT_H

#include <string>
#include <string_view>

namespace atfc {

/// Bytes as two lowercase hexadecimal digits each, in order: "\x01\xab" is
/// "01ab".
std::string hexText(std::string_view Bytes);

} // namespace atfc

#endif // ATFC_SUPPORT_HEXTEXT_H
