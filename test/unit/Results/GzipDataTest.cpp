//===- test/unit/Results/GzipDataTest.cpp - Bounded gzip decompression ----===//
//
// Bombs made here with zlib (deflate of zeros, ratio about 1000), of sizes
// around the limit: within it they inflate exactly, beyond it they are an
// error that names the limit; corrupt and truncated data are errors too.
//
//===----------------------------------------------------------------------===//
#include "Results/GzipData.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

using namespace atfc;

namespace {

/// Size zero bytes (then Tail), gzip-compressed in one member, made in
/// pieces so that the bomb itself is never held uncompressed.
std::string gzipBomb(std::size_t Size, const std::string &Tail = "") {
  z_stream S{};
  EXPECT_EQ(deflateInit2(&S, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), Z_OK);
  std::string Zeros(1 << 16, '\0'), Out;
  char Buffer[1 << 16];
  auto Deflate = [&](const char *Data, std::size_t N, int Flush) {
    S.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(Data));
    S.avail_in = static_cast<uInt>(N);
    do {
      S.next_out = reinterpret_cast<Bytef *>(Buffer);
      S.avail_out = sizeof Buffer;
      deflate(&S, Flush);
      Out.append(Buffer, sizeof Buffer - S.avail_out);
    } while (S.avail_out == 0);
  };
  for (std::size_t Done = 0; Done < Size; Done += Zeros.size())
    Deflate(Zeros.data(), std::min(Zeros.size(), Size - Done), Z_NO_FLUSH);
  Deflate(Tail.data(), Tail.size(), Z_FINISH);
  deflateEnd(&S);
  return Out;
}

} // namespace

TEST(GzipDataTest, InflatesWithinTheLimitExactly) {
  const std::string Small = gzipBomb(3, "{}");
  ASSERT_TRUE(isGzip(Small));
  EXPECT_FALSE(isGzip("{}"));
  Expected<std::string> Out = inflateGzip(Small);
  ASSERT_TRUE(Out) << Out.error().message();
  EXPECT_EQ(*Out, std::string(3, '\0') + "{}");
  // Two members continue one stream.
  Out = inflateGzip(Small + gzipBomb(0, "x"));
  ASSERT_TRUE(Out) << Out.error().message();
  EXPECT_EQ(*Out, std::string(3, '\0') + "{}x");
}

TEST(GzipDataTest, BombsBeyondTheLimitAreErrors) {
  // Sizes around a limit of 1 MiB, at and off the inflater's 64 KiB chunks.
  const std::uint64_t Limit = 1 << 20;
  for (std::size_t Size :
       {Limit - 1, std::size_t(Limit), Limit + 1, Limit + 65536, 10 * Limit, 100 * Limit}) {
    const std::string Bomb = gzipBomb(Size);
    EXPECT_LT(Bomb.size() * 500, std::max<std::size_t>(Size, 1 << 16)) << "not a bomb";
    Expected<std::string> Out = inflateGzip(Bomb, Limit);
    if (Size <= Limit) {
      ASSERT_TRUE(Out) << Size << ": " << Out.error().message();
      EXPECT_EQ(Out->size(), Size);
    } else {
      ASSERT_FALSE(Out) << Size;
      EXPECT_EQ(Out.error().message(),
                "gzip data that inflates to more than 1048576 bytes, the most atfc inflates");
    }
  }
}

TEST(GzipDataTest, CorruptAndTruncatedDataAreErrors) {
  const std::string Good = gzipBomb(100000, "end");
  Expected<std::string> Out = inflateGzip(Good.substr(0, Good.size() / 2));
  ASSERT_FALSE(Out);
  EXPECT_EQ(Out.error().message(), "corrupt gzip data (truncated)");
  std::string Bad = Good;
  Bad[12] = static_cast<char>(Bad[12] ^ 0x55);
  Bad[13] = static_cast<char>(Bad[13] ^ 0x55);
  Out = inflateGzip(Bad);
  ASSERT_FALSE(Out);
  EXPECT_EQ(Out.error().message().rfind("corrupt gzip data (", 0), 0u) << Out.error().message();
}
