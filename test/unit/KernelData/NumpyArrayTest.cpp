//===- NumpyArrayTest.cpp - .npy headers, data files and writing ----------===//
//
// Every element type written and read back; headers of versions 1.0, 2.0
// and 3.0; byte orders, Fortran order, dtypes and sizes that must be
// refused; raw files; and a hunt over truncations and byte flips of valid
// files, each of which must give a header or an Error, never a crash.
//
//===----------------------------------------------------------------------===//
#include "KernelData/NumpyArray.h"
#include "System/RegularFiles.h"

#include "../MessageOf.h"
#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>

namespace atfc {
namespace {

constexpr ElementType kEveryType[] = {ElementType::Int8,   ElementType::UInt8,  ElementType::Int16,
                                      ElementType::UInt16, ElementType::Int32,  ElementType::UInt32,
                                      ElementType::Int64,  ElementType::UInt64, ElementType::Half,
                                      ElementType::Float,  ElementType::Double};

/// A .npy file of the given version whose header dict is Dict, then Data.
std::string numpyFile(unsigned Major, const std::string &Dict, const std::string &Data = "") {
  std::string Bytes = "\x93NUMPY";
  Bytes += static_cast<char>(Major);
  Bytes += '\0';
  const std::size_t Length = Dict.size();
  Bytes += static_cast<char>(Length & 0xff);
  Bytes += static_cast<char>((Length >> 8) & 0xff);
  if (Major > 1) {
    Bytes += static_cast<char>((Length >> 16) & 0xff);
    Bytes += static_cast<char>(Length >> 24);
  }
  return Bytes + Dict + Data;
}

class NumpyFiles : public ::testing::Test {
protected:
  std::string write(const std::string &Name, const std::string &Bytes) {
    const std::string Path = (Dir.path() / Name).string();
    std::ofstream(Path, std::ios::binary) << Bytes;
    return Path;
  }
  test::ScopedTempDirectory Dir{"atfc-numpy"};
};

TEST(NumpyArray, EveryTypeRoundTrips) {
  for (ElementType Type : kEveryType) {
    std::vector<unsigned char> Data(5 * elementSize(Type));
    for (std::size_t I = 0; I < Data.size(); ++I)
      Data[I] = static_cast<unsigned char>(I * 7 + 1);
    const std::string Bytes = numpyFileBytes(Type, 5, Data.data());
    Expected<NumpyHeader> H = parseNumpyHeader(Bytes);
    ASSERT_TRUE(H) << messageOf(H);
    EXPECT_EQ(H->Descr, numpyDescrOf(Type));
    EXPECT_EQ(H->ItemSize, elementSize(Type));
    EXPECT_EQ(H->Count, 5u);
    EXPECT_EQ(H->DataOffset % 64, 0u) << "NumPy aligns the data to 64 bytes";
    EXPECT_EQ(Bytes.substr(H->DataOffset), std::string(Data.begin(), Data.end()));
  }
  EXPECT_EQ(numpyDescrOf(ElementType::Float), "<f4");
  EXPECT_EQ(numpyDescrOf(ElementType::UInt8), "|u1");
  EXPECT_EQ(numpyDescrOf(ElementType::Int64), "<i8");
  EXPECT_EQ(numpyDescrOf(ElementType::Half), "<f2");
}

TEST(NumpyArray, ReadsVersionsOneTwoAndThree) {
  for (unsigned Major : {1u, 2u, 3u}) {
    Expected<NumpyHeader> H = parseNumpyHeader(
        numpyFile(Major, "{\"descr\": \"<f8\", \"fortran_order\": False, \"shape\": (2, 3)}\n"));
    ASSERT_TRUE(H) << Major << ": " << messageOf(H);
    EXPECT_EQ(H->Count, 6u);
    EXPECT_EQ(H->Shape, (std::vector<std::uint64_t>{2, 3}));
    EXPECT_EQ(H->DataOffset, (Major == 1 ? 10u : 12u) + 58u);
    EXPECT_EQ(numpyTypeName(*H), "float64");
  }
  EXPECT_EQ(messageOf(parseNumpyHeader(numpyFile(4, "{}"))),
            "unsupported .npy version 4.0 (1.0, 2.0 and 3.0 are read)");
}

TEST(NumpyArray, ScalarsAndEmptyShapes) {
  Expected<NumpyHeader> Scalar =
      parseNumpyHeader(numpyFile(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (), }"));
  ASSERT_TRUE(Scalar);
  EXPECT_EQ(Scalar->Count, 1u);
  Expected<NumpyHeader> Empty =
      parseNumpyHeader(numpyFile(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (0,), }"));
  ASSERT_TRUE(Empty);
  EXPECT_EQ(Empty->Count, 0u);
}

TEST(NumpyArray, MalformedHeadersSayWhat) {
  auto Message = [](const std::string &Dict) {
    return messageOf(parseNumpyHeader(numpyFile(1, Dict)));
  };
  EXPECT_EQ(Message("{'descr': '<f4', 'shape': (3,)}"),
            "malformed .npy header: the header lacks 'fortran_order'");
  EXPECT_EQ(Message("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,)}"),
            "malformed .npy header: the array has a structured dtype; only plain numbers are "
            "kernel data");
  EXPECT_EQ(Message("{'descr': '<f4', 'fortran_order': false, 'shape': (3,)}"),
            "malformed .npy header: 'fortran_order' is neither True nor False");
  EXPECT_EQ(Message("{'descr': '<f4', 'fortran_order': False, 'shape': (-3,)}"),
            "malformed .npy header: a dimension of 'shape' is not a non-negative integer");
  EXPECT_EQ(Message("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, "
                    "99999999999)}"),
            "malformed .npy header: the shape's element count overflows");
  EXPECT_EQ(Message("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}"),
            "malformed .npy header: unexpected key 'x' in the header");
  EXPECT_EQ(messageOf(parseNumpyHeader("PK\3\4 a zip file")),
            "not a .npy file: it does not begin with NumPy's magic string \\x93NUMPY");
  std::string Huge = numpyFile(2, "{}");
  Huge[11] = '\x7f';
  EXPECT_EQ(messageOf(parseNumpyHeader(Huge)), "malformed .npy header: it claims 2130706434 bytes");
}

TEST(NumpyArray, TruncationsAndByteFlipsNeverCrash) {
  // Every prefix of valid files of each version, and every byte of their
  // headers flipped to a handful of values: each parses or is an Error.
  std::vector<std::string> Valid;
  for (unsigned Major : {1u, 2u, 3u})
    Valid.push_back(
        numpyFile(Major, "{'descr': '<u2', 'fortran_order': True, 'shape': (4, 1L), }  \n"));
  const float Data[3] = {1, 2, 3};
  Valid.push_back(
      numpyFileBytes(ElementType::Float, 3, reinterpret_cast<const unsigned char *>(Data)));
  unsigned Parsed = 0, Refused = 0;
  for (const std::string &File : Valid) {
    ASSERT_TRUE(parseNumpyHeader(File)) << messageOf(parseNumpyHeader(File));
    const std::uint64_t HeaderEnd = parseNumpyHeader(File)->DataOffset;
    for (std::size_t N = 0; N < HeaderEnd; ++N) {
      EXPECT_FALSE(parseNumpyHeader(std::string_view(File).substr(0, N))) << "prefix " << N;
      ++Refused;
    }
    for (std::size_t At = 0; At < HeaderEnd; ++At)
      for (unsigned char Flip : {0x01, 0x20, 0x80, 0xff, 0x7f}) {
        std::string Changed = File;
        Changed[At] = static_cast<char>(Changed[At] ^ Flip);
        Expected<NumpyHeader> H = parseNumpyHeader(Changed);
        if (H) {
          ++Parsed;
          EXPECT_LE(H->DataOffset, Changed.size());
        } else {
          ++Refused;
          EXPECT_NE(H.error().message(), "");
        }
      }
  }
  EXPECT_GT(Parsed, 0u) << "flips inside blanks or the shape still parse";
  EXPECT_GT(Refused, 0u);
}

TEST_F(NumpyFiles, DataFilesMustMatchTheArgument) {
  std::vector<float> Values(6, 1.5f);
  const auto *Data = reinterpret_cast<const unsigned char *>(Values.data());
  const std::string Good = write("x.npy", numpyFileBytes(ElementType::Float, 6, Data));
  Expected<std::vector<unsigned char>> Read = readDataFile(Good, "x.npy", ElementType::Float, 6);
  ASSERT_TRUE(Read) << messageOf(Read);
  EXPECT_EQ(*Read, std::vector<unsigned char>(Data, Data + 24));

  EXPECT_EQ(messageOf(inspectDataFile(Good, "x.npy", ElementType::Double, 6)),
            "'x.npy' holds float32 ('<f4'); the argument's double needs float64 ('<f8'): save "
            "it with numpy's astype('<f8')");
  EXPECT_EQ(messageOf(inspectDataFile(Good, "x.npy", ElementType::Int32, 6)),
            "'x.npy' holds float32 ('<f4'); the argument's int32_t needs int32 ('<i4'): save it "
            "with numpy's astype('<i4')");
  EXPECT_EQ(messageOf(inspectDataFile(Good, "x.npy", ElementType::Float, 8)),
            "'x.npy' holds 6 elements (shape (6,)); the argument has 8");

  const std::string Bytes = numpyFileBytes(ElementType::Float, 6, Data);
  const std::string Truncated = write("t.npy", Bytes.substr(0, Bytes.size() - 3));
  EXPECT_EQ(messageOf(inspectDataFile(Truncated, "t.npy", ElementType::Float, 6)),
            "'t.npy' is truncated: it has 149 bytes, its header promises 152");
  const std::string Longer = write("l.npy", Bytes + "xx");
  EXPECT_EQ(messageOf(inspectDataFile(Longer, "l.npy", ElementType::Float, 6)),
            "'l.npy' has 2 bytes after its array's data");
  const std::string Header = write("h.npy", Bytes.substr(0, 30));
  EXPECT_EQ(messageOf(inspectDataFile(Header, "h.npy", ElementType::Float, 6)),
            "'h.npy': malformed .npy file: it ends inside its header");

  const std::string Big =
      write("b.npy", numpyFile(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (6,), }",
                               std::string(24, '\0')));
  EXPECT_EQ(messageOf(inspectDataFile(Big, "b.npy", ElementType::Float, 6)),
            "'b.npy' is in the other byte order ('>f4'); save it with numpy's astype('<f4')");
  const std::string Fortran =
      write("f.npy", numpyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
                               std::string(24, '\0')));
  EXPECT_EQ(messageOf(inspectDataFile(Fortran, "f.npy", ElementType::Float, 6)),
            "'f.npy' is in Fortran order; save it in C order (numpy.ascontiguousarray)");
  // One byte has no order: '|u1', '<u1' and '>u1' are all uint8.
  for (const char *Descr : {"|u1", "<u1", ">u1", "=u1"}) {
    const std::string Bytes1 = numpyFile(
        1, std::string("{'descr': '") + Descr + "', 'fortran_order': False, 'shape': (4,), }",
        "abcd");
    EXPECT_TRUE(inspectDataFile(write("u.npy", Bytes1), "u.npy", ElementType::UInt8, 4)) << Descr;
  }
  const std::string Shaped =
      write("s.npy", numpyFile(3, "{'descr': '=i2', 'fortran_order': False, 'shape': (2, 2), }",
                               std::string(8, '\1')));
  EXPECT_TRUE(inspectDataFile(Shaped, "s.npy", ElementType::Int16, 4)) << "shapes are flattened";
}

TEST_F(NumpyFiles, RawFilesAreCheckedBySize) {
  const std::string Raw = write("x.bin", std::string(16, '\2'));
  Expected<std::vector<unsigned char>> Read = readDataFile(Raw, "x.bin", ElementType::Int32, 4);
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->size(), 16u);
  EXPECT_EQ(messageOf(inspectDataFile(Raw, "x.bin", ElementType::Int32, 5)),
            "'x.bin' has 16 bytes; the argument needs 20 (5 elements of int32_t, native binary; "
            "a file ending in .npy is read as NumPy's format)");
  EXPECT_EQ(messageOf(inspectDataFile((Dir.path() / "none.bin").string(), "none.bin",
                                      ElementType::Int32, 4)),
            "cannot read 'none.bin': No such file or directory");
  EXPECT_EQ(messageOf(inspectDataFile(Dir.path().string(), "dir.npy", ElementType::Int32, 4)),
            "cannot read 'dir.npy': it is a directory, not a regular file");
}

// A data file is read again by every worker the run starts (a restarted
// one too): read with the digest it had when the run began, a file changed
// since, in place or replaced, in its data or its header, same size or
// not, is refused by name; unchanged, it reads as without one.
TEST_F(NumpyFiles, ADataFileChangedSinceTheRunBeganIsRefused) {
  std::vector<float> Values = {1, 2, 3, 4, 5, 6};
  const auto *Data = reinterpret_cast<const unsigned char *>(Values.data());
  const std::string Bytes = numpyFileBytes(ElementType::Float, 6, Data);
  for (const char *Name : {"x.npy", "x.bin"}) {
    SCOPED_TRACE(Name);
    const bool Numpy = std::string(Name) == "x.npy";
    const std::string Original = Numpy ? Bytes : Bytes.substr(Bytes.size() - 24);
    const std::string Path = write(Name, Original);
    Expected<DataFileLayout> Layout = inspectDataFile(Path, Name, ElementType::Float, 6);
    ASSERT_TRUE(Layout) << messageOf(Layout);
    ASSERT_EQ(Layout->Digest, *hashRegularFile(Path)) << "the digest the results key has";
    Expected<std::vector<unsigned char>> Read =
        readDataFile(Path, Name, ElementType::Float, 6, Layout->Digest);
    ASSERT_TRUE(Read) << messageOf(Read);
    EXPECT_EQ(*Read, std::vector<unsigned char>(Data, Data + 24));
    // Every byte changed in turn, the file still valid or not.
    for (std::size_t At = 0; At < Original.size(); At += Numpy ? 7 : 1) {
      std::string Changed = Original;
      Changed[At] = static_cast<char>(Changed[At] ^ 0x01);
      write(Name, Changed);
      Expected<std::vector<unsigned char>> Again =
          readDataFile(Path, Name, ElementType::Float, 6, Layout->Digest);
      ASSERT_FALSE(Again) << "byte " << At << " changed, and the old digest read it";
      if (inspectDataFile(Path, Name, ElementType::Float, 6)) {
        EXPECT_EQ(messageOf(Again), "'" + std::string(Name) +
                                        "' changed since the run began: the results are keyed "
                                        "by its contents then; start the run again to measure "
                                        "the new data");
      }
    }
    // Replaced by another file of other contents; then the original back.
    std::filesystem::remove(Path);
    std::vector<float> Other = {6, 5, 4, 3, 2, 1};
    const std::string OtherBytes = numpyFileBytes(
        ElementType::Float, 6, reinterpret_cast<const unsigned char *>(Other.data()));
    write(Name, Numpy ? OtherBytes : OtherBytes.substr(OtherBytes.size() - 24));
    EXPECT_FALSE(readDataFile(Path, Name, ElementType::Float, 6, Layout->Digest));
    write(Name, Original);
    EXPECT_TRUE(readDataFile(Path, Name, ElementType::Float, 6, Layout->Digest));
  }
}

TEST_F(NumpyFiles, WhatIsNotARegularFileIsRefusedUnread) {
  // A FIFO with no writer would block an open or a read for ever, and
  // /dev/zero never ends: both are refused at once, by both readers.
  const std::string Fifo = (Dir.path() / "fifo.npy").string();
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  const std::vector<std::pair<std::string, std::string>> Cases = {
      {Fifo, "it is a FIFO, not a regular file"},
      {"/dev/zero", "it is a character device, not a regular file"}};
  for (const auto &[Path, Why] : Cases)
    for (ElementType Type : {ElementType::Int32, ElementType::Float}) {
      EXPECT_EQ(messageOf(inspectDataFile(Path, "x.npy", Type, 4)), "cannot read 'x.npy': " + Why);
      EXPECT_EQ(messageOf(readDataFile(Path, "x.bin", Type, 4)), "cannot read 'x.bin': " + Why);
    }
}

TEST_F(NumpyFiles, WritesWhatItReads) {
  const std::int64_t Values[3] = {-1, 0, 1LL << 40};
  const std::string Path = (Dir.path() / "w.npy").string();
  ASSERT_TRUE(
      writeNumpyFile(Path, ElementType::Int64, 3, reinterpret_cast<const unsigned char *>(Values)));
  Expected<std::vector<unsigned char>> Read = readDataFile(Path, "w.npy", ElementType::Int64, 3);
  ASSERT_TRUE(Read) << messageOf(Read);
  EXPECT_EQ(std::memcmp(Read->data(), Values, sizeof Values), 0);
  EXPECT_FALSE(writeNumpyFile((Dir.path() / "no/such/dir.npy").string(), ElementType::Int64, 3,
                              reinterpret_cast<const unsigned char *>(Values)));
}

} // namespace
} // namespace atfc

namespace atfc {
namespace {

// Issue 44: buffer<float>(2^62) passed its size check, as Count * 4
// wrapped to 0 bytes, with an empty raw file or a header-only .npy. The
// hunter: counts around every power of two up to 2^64 for every element
// size, against an empty file, a header-only .npy of that shape, and a
// small one; none is taken unless its bytes are really there.
TEST_F(NumpyFiles, CountsWhoseBytesOverflowAreNeverTaken) {
  const std::string Empty = write("empty.bin", "");
  for (ElementType Type :
       {ElementType::UInt8, ElementType::Half, ElementType::Float, ElementType::Double}) {
    const std::uint64_t Size = elementSize(Type);
    for (unsigned Power = 1; Power <= 64; ++Power)
      for (std::int64_t Step : {-1, 0, 1}) {
        const std::uint64_t Count =
            (Power == 64 ? 0 : (std::uint64_t(1) << Power)) + static_cast<std::uint64_t>(Step);
        if (Count == 0)
          continue;
        EXPECT_FALSE(inspectDataFile(Empty, "empty.bin", Type, Count)) << Count;
        // A header that claims Count elements, and no data after it.
        std::string Dict = "{'descr': '" + numpyDescrOf(Type) +
                           "', 'fortran_order': False, 'shape': (" + std::to_string(Count) +
                           ",), }";
        while ((10 + Dict.size() + 1) % 64 != 0)
          Dict += ' ';
        Dict += '\n';
        const std::string Npy = std::string("\x93NUMPY\x01\x00", 8) +
                                static_cast<char>(Dict.size() & 0xff) +
                                static_cast<char>(Dict.size() >> 8) + Dict;
        const std::string Path = write("h.npy", Npy);
        Expected<DataFileLayout> Layout = inspectDataFile(Path, "h.npy", Type, Count);
        EXPECT_FALSE(Layout) << elementTypeName(Type) << " x " << Count;
        if (Count > UINT64_MAX / Size) {
          EXPECT_NE(messageOf(Layout).find("overflow"), std::string::npos) << messageOf(Layout);
        }
      }
  }
}

} // namespace
} // namespace atfc
