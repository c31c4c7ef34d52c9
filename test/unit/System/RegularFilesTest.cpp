//===- test/unit/System/RegularFilesTest.cpp - Files others name ----------===//
//
// Every kind of file a path can name that is not a regular file (a FIFO
// with no writer, a character device that never ends, a directory, a
// socket, a link to each) is refused at once by the whole read, the
// streamed hash and an open RegularFile, and a regular file over the limit
// is refused unread; each refusal's typed RegularFileProblem agrees with
// its message. A RegularFile reads parts at any offset.
//
//===----------------------------------------------------------------------===//
#include "System/RegularFiles.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace atfc;
namespace fs = std::filesystem;

TEST(RegularFilesTest, ReadsAndHashesRegularFiles) {
  const test::ScopedTempDirectory Scratch("atfc-regular-files");
  const fs::path Small = Scratch.path() / "small";
  std::ofstream(Small, std::ios::binary) << std::string("a\0b", 3);
  Expected<std::string> Bytes = readRegularFile(Small.string());
  ASSERT_TRUE(Bytes) << Bytes.error().message();
  EXPECT_EQ(*Bytes, std::string("a\0b", 3));
  Expected<std::string> Head = readRegularFileHead(Small.string(), 2);
  ASSERT_TRUE(Head);
  EXPECT_EQ(*Head, std::string("a\0", 2));
  Head = readRegularFileHead(Small.string(), 16);
  ASSERT_TRUE(Head);
  EXPECT_EQ(*Head, std::string("a\0b", 3));

  // Digests differ for every content tried, including ones that differ in
  // length only or in the last byte of a chunk, and are stable.
  std::set<std::string> Seen;
  for (const std::string &Content :
       {std::string(), std::string("a"), std::string("a\0", 2), std::string(65536, 'x'),
        std::string(65535, 'x') + "y", std::string(65537, 'x'), std::string(200000, '\0')}) {
    const fs::path File = Scratch.path() / "file";
    std::ofstream(File, std::ios::binary | std::ios::trunc) << Content;
    Expected<std::string> Digest = hashRegularFile(File.string());
    ASSERT_TRUE(Digest) << Digest.error().message();
    EXPECT_EQ(Digest->size(), 32u);
    EXPECT_TRUE(Seen.insert(*Digest).second) << "a digest repeats for " << Content.size();
    Expected<std::string> Again = hashRegularFile(File.string());
    ASSERT_TRUE(Again);
    EXPECT_EQ(*Again, *Digest);
  }
}

TEST(RegularFilesTest, RefusesWhatIsNotARegularFileAtOnce) {
  const test::ScopedTempDirectory Scratch("atfc-regular-files");
  const fs::path Fifo = Scratch.path() / "fifo";
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  const fs::path Socket = Scratch.path() / "socket";
  const int SocketFd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un Address{};
  Address.sun_family = AF_UNIX;
  std::snprintf(Address.sun_path, sizeof(Address.sun_path), "%s", Socket.c_str());
  ASSERT_EQ(bind(SocketFd, reinterpret_cast<sockaddr *>(&Address), sizeof(Address)), 0);
  fs::create_symlink(Fifo, Scratch.path() / "link-to-fifo");
  fs::create_symlink("/dev/zero", Scratch.path() / "link-to-zero");

  using enum RegularFileFailure;
  struct Case {
    std::string Path, Why;
    RegularFileFailure Kind;
  };
  const std::vector<Case> Cases = {
      {Fifo.string(), "it is a FIFO, not a regular file", NotRegular},
      {(Scratch.path() / "link-to-fifo").string(), "it is a FIFO, not a regular file", NotRegular},
      {"/dev/zero", "it is a character device, not a regular file", NotRegular},
      {(Scratch.path() / "link-to-zero").string(), "it is a character device, not a regular file",
       NotRegular},
      {"/dev/null", "it is a character device, not a regular file", NotRegular},
      {Scratch.path().string(), "it is a directory, not a regular file", NotRegular},
      {Socket.string(), "No such device or address", CannotRead},
      {(Scratch.path() / "missing").string(), "No such file or directory", DoesNotExist},
      {(Scratch.path() / "missing" / "below").string(), "No such file or directory", DoesNotExist}};
  for (const auto &[Path, Why, Kind] : Cases) {
    const auto Start = std::chrono::steady_clock::now();
    RegularFileProblem ReadProblem, OpenProblem;
    Expected<std::string> Bytes = readRegularFile(Path, kMaxReadFileBytes, &ReadProblem);
    Expected<std::string> Digest = hashRegularFile(Path);
    Expected<std::string> Head = readRegularFileHead(Path, 16);
    Expected<RegularFile> Opened = RegularFile::open(Path, "shown.npy", &OpenProblem);
    ASSERT_FALSE(Opened) << Path;
    EXPECT_EQ(Opened.error().message(), "cannot read 'shown.npy': " + Why);
    ASSERT_FALSE(Head) << Path;
    EXPECT_EQ(Head.error().message(), "cannot read '" + Path + "': " + Why);
    EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5)) << Path;
    ASSERT_FALSE(Bytes) << Path;
    ASSERT_FALSE(Digest) << Path;
    EXPECT_EQ(Bytes.error().message(), "cannot read '" + Path + "': " + Why);
    EXPECT_EQ(Digest.error().message(), "cannot read '" + Path + "': " + Why);
    // The typed problem agrees with the words, whichever call reports it.
    for (const RegularFileProblem &Problem : {ReadProblem, OpenProblem}) {
      EXPECT_EQ(Problem.Kind, Kind) << Path;
      EXPECT_EQ(Problem.Reason, Why) << Path;
    }
  }
  close(SocketFd);
}

TEST(RegularFilesTest, AnOpenFileReadsPartsAtAnyOffset) {
  const test::ScopedTempDirectory Scratch("atfc-regular-files");
  const fs::path File = Scratch.path() / "parts";
  std::ofstream(File, std::ios::binary) << "0123456789";
  Expected<RegularFile> Opened = RegularFile::open(File.string(), "parts.bin");
  ASSERT_TRUE(Opened) << Opened.error().message();
  RegularFile Parts = Opened.take();
  EXPECT_EQ(Parts.size(), 10u);
  char Buffer[8] = {};
  Expected<std::size_t> Read = Parts.readAt(6, Buffer, 3);
  ASSERT_TRUE(Read);
  EXPECT_EQ(std::string(Buffer, *Read), "678");
  // Before the start again, then past the end: fewer bytes, then none.
  Read = Parts.readAt(0, Buffer, 2);
  ASSERT_TRUE(Read);
  EXPECT_EQ(std::string(Buffer, *Read), "01");
  Read = Parts.readAt(7, Buffer, 8);
  ASSERT_TRUE(Read);
  EXPECT_EQ(std::string(Buffer, *Read), "789");
  Read = Parts.readAt(100, Buffer, 8);
  ASSERT_TRUE(Read);
  EXPECT_EQ(*Read, 0u);
  // A moved file reads on; the size is the one at the open.
  std::ofstream(File, std::ios::binary | std::ios::app) << "abc";
  RegularFile Moved = std::move(Parts);
  EXPECT_EQ(Moved.size(), 10u);
  Read = Moved.readAt(9, Buffer, 8);
  ASSERT_TRUE(Read);
  EXPECT_EQ(std::string(Buffer, *Read), "9abc");
}

TEST(RegularFilesTest, RefusesFilesOverTheLimitUnread) {
  const test::ScopedTempDirectory Scratch("atfc-regular-files");
  const fs::path File = Scratch.path() / "big";
  std::ofstream(File, std::ios::binary) << std::string(1001, 'x');
  RegularFileProblem Problem;
  Expected<std::string> Bytes = readRegularFile(File.string(), 1000, &Problem);
  ASSERT_FALSE(Bytes);
  EXPECT_EQ(Bytes.error().message(), "cannot read '" + File.string() +
                                         "': it holds 1001 bytes, more than the limit of 1000");
  EXPECT_EQ(Problem.Kind, RegularFileFailure::TooLarge);
  EXPECT_EQ(Problem.Size, 1001u);
  EXPECT_EQ(Problem.Reason, "it holds 1001 bytes, more than the limit of 1000");
  Bytes = readRegularFile(File.string(), 1001);
  ASSERT_TRUE(Bytes) << Bytes.error().message();
  EXPECT_EQ(Bytes->size(), 1001u);
  // A sparse file of 2^40 bytes (nothing allocated) is refused by its size,
  // not read; hashing it would take long, so it is only read here.
  const fs::path Sparse = Scratch.path() / "sparse";
  std::ofstream(Sparse).close();
  fs::resize_file(Sparse, std::uintmax_t(1) << 40);
  Bytes = readRegularFile(Sparse.string());
  ASSERT_FALSE(Bytes);
  EXPECT_NE(Bytes.error().message().find("more than the limit of 1073741824"), std::string::npos);
}
