//===- Results/GzipData.cpp - Bounded gzip decompression -----------------===//
#include "Results/GzipData.h"

#include <zlib.h>

namespace atfc {

bool isGzip(std::string_view Bytes) {
  return Bytes.size() >= 2 && static_cast<unsigned char>(Bytes[0]) == 0x1f &&
         static_cast<unsigned char>(Bytes[1]) == 0x8b;
}

Expected<std::string> inflateGzip(std::string_view Compressed, std::uint64_t MaxBytes) {
  z_stream Stream{};
  // 16 + MAX_WBITS: expect a gzip header and trailer.
  if (inflateInit2(&Stream, 16 + MAX_WBITS) != Z_OK)
    return Error("cannot start zlib");
  struct Ender {
    z_stream &S;
    ~Ender() { inflateEnd(&S); }
  } End{Stream};
  std::string Out;
  // zlib's counts are 32 bits wide: the input goes in pieces.
  const auto *Next = reinterpret_cast<const Bytef *>(Compressed.data());
  std::size_t Left = Compressed.size();
  auto Feed = [&] {
    const std::size_t Piece = std::min<std::size_t>(Left, 1u << 30);
    Stream.next_in = const_cast<Bytef *>(Next);
    Stream.avail_in = static_cast<uInt>(Piece);
    Next += Piece;
    Left -= Piece;
  };
  Feed();
  int Status = Z_OK;
  char Buffer[1 << 16];
  while (Status != Z_STREAM_END) {
    if (Stream.avail_in == 0 && Left > 0)
      Feed();
    Stream.next_out = reinterpret_cast<Bytef *>(Buffer);
    Stream.avail_out = sizeof(Buffer);
    Status = inflate(&Stream, Z_NO_FLUSH);
    if (Status != Z_OK && Status != Z_STREAM_END)
      return Error(std::string("corrupt gzip data (") +
                   (Stream.msg ? Stream.msg : "truncated data") + ")");
    const std::size_t Produced = sizeof(Buffer) - Stream.avail_out;
    // Checked before the bytes are kept: memory never holds more.
    if (Out.size() + Produced > MaxBytes)
      return Error("gzip data that inflates to more than " + std::to_string(MaxBytes) +
                   " bytes, the most atfc inflates");
    Out.append(Buffer, Produced);
    // A concatenated gzip member continues the same stream.
    if (Status == Z_STREAM_END && (Stream.avail_in > 0 || Left > 0)) {
      inflateReset(&Stream);
      Status = Z_OK;
    }
    if (Status == Z_OK && Stream.avail_in == 0 && Left == 0 && Stream.avail_out != 0)
      return Error("corrupt gzip data (truncated)");
  }
  return Out;
}

} // namespace atfc
