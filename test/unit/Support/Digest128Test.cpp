//===- Digest128Test.cpp - Two FNV-1a lanes, 32 hex digits ----------------===//
//
// The digits are pinned: result keys and file digests are stored in
// results.db, so the same bytes must give the same digits in every
// version. The values come from an independent Python model of the
// algorithm; a digest tells apart contents that differ in one bit.
//
//===----------------------------------------------------------------------===//
#include "Support/Digest128.h"

#include <gtest/gtest.h>

#include <set>

using namespace atfc;

TEST(Digest128Test, DigitsArePinned) {
  EXPECT_EQ(Digest128().hex(), "f52a15e9a9b5e89b046f7d15e686fe8c");
  Digest128 File;
  File.add(std::string_view("a\0b", 3));
  EXPECT_EQ(File.hex(3), "19f2b603a4139fe1585058d46a9c4ca6");
}

TEST(Digest128Test, AddingInPiecesIsAddingAtOnce) {
  Digest128 Whole, Pieces;
  Whole.add("abcdef");
  Pieces.add("ab");
  Pieces.add("");
  Pieces.add("cdef");
  EXPECT_EQ(Whole.hex(), Pieces.hex());
  EXPECT_NE(Whole.hex(), Whole.hex(6)) << "the salt changes the digits";
}

TEST(Digest128Test, EveryOneBitChangeGivesOtherDigits) {
  const std::string Base(64, '\x5a');
  std::set<std::string> Seen;
  Digest128 Original;
  Original.add(Base);
  Seen.insert(Original.hex());
  for (std::size_t Byte = 0; Byte < Base.size(); ++Byte)
    for (int Bit = 0; Bit < 8; ++Bit) {
      std::string Changed = Base;
      Changed[Byte] = static_cast<char>(Changed[Byte] ^ (1 << Bit));
      Digest128 D;
      D.add(Changed);
      EXPECT_TRUE(Seen.insert(D.hex()).second) << "byte " << Byte << ", bit " << Bit;
    }
}
