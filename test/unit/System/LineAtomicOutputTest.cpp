//===- LineAtomicOutputTest.cpp - Whole lines per write(2) ----------------===//
//
// A message built of pieces reaches its descriptor as one write of whole
// lines, so output forwarded from several pipes (mpirun's) never cuts a
// line; also from several threads at once, and with lines that outgrow the
// buffer.
//
//===----------------------------------------------------------------------===//
#include "System/LineAtomicOutput.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fcntl.h>
#include <map>
#include <ostream>
#include <sstream>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace atfc;

namespace {

/// A pipe whose reading end does not block; each read returns at most
/// what one or more writes put there.
struct Pipe {
  int Fds[2] = {-1, -1};
  Pipe() {
    EXPECT_EQ(pipe(Fds), 0);
    fcntl(Fds[0], F_SETFL, O_NONBLOCK);
    // Room for the largest test without a reader.
    fcntl(Fds[1], F_SETPIPE_SZ, 1 << 20);
  }
  ~Pipe() {
    close(Fds[0]);
    close(Fds[1]);
  }
  /// Everything written so far, in the order written.
  std::string drain() const {
    std::string All;
    char Chunk[4096];
    ssize_t N;
    while ((N = read(Fds[0], Chunk, sizeof(Chunk))) > 0)
      All.append(Chunk, static_cast<std::size_t>(N));
    return All;
  }
};

/// A stream over Buffer that flushes after every operation, as std::cerr.
struct UnitBufferedStream : std::ostream {
  explicit UnitBufferedStream(std::streambuf *Buffer) : std::ostream(Buffer) {
    setf(std::ios::unitbuf);
  }
};

} // namespace

TEST(LineAtomicOutputTest, APieceOfALineWaitsForItsEnd) {
  Pipe P;
  LineAtomicBuffer Buffer(P.Fds[1]);
  UnitBufferedStream Err(&Buffer);
  Err << "file.sh: resuming run " << 1 << " (seed " << 7;
  EXPECT_EQ(P.drain(), "");
  Err << ")\nfile.sh: cost";
  EXPECT_EQ(P.drain(), "file.sh: resuming run 1 (seed 7)\n");
  Buffer.writeAll();
  EXPECT_EQ(P.drain(), "file.sh: cost");
}

TEST(LineAtomicOutputTest, TwoStreamsOnOnePipeNeverCutALine) {
  // stdout and stderr merged (2>&1), written in pieces by turns.
  Pipe P;
  LineAtomicBuffer OutBuffer(P.Fds[1]), ErrBuffer(P.Fds[1]);
  UnitBufferedStream Out(&OutBuffer), Err(&ErrBuffer);
  Err << "f: resuming run 1 (seed ";
  Out << "f: cost = what the script writes";
  Err << 7;
  Out << " (measured on 4 ranks)\n";
  Err << ")\n";
  EXPECT_EQ(P.drain(), "f: cost = what the script writes (measured on 4 ranks)\n"
                       "f: resuming run 1 (seed 7)\n");
}

TEST(LineAtomicOutputTest, AProgressLineEndsAtItsCarriageReturn) {
  Pipe P;
  LineAtomicBuffer Buffer(P.Fds[1]);
  UnitBufferedStream Err(&Buffer);
  Err << "\r3 of 10"
      << "\r4 of 10";
  EXPECT_EQ(P.drain(), "\r3 of 10\r");
}

TEST(LineAtomicOutputTest, ALineLongerThanTheBufferIsWrittenAnyway) {
  Pipe P;
  LineAtomicBuffer Buffer(P.Fds[1]);
  std::ostream Out(&Buffer); // no flush: only the size writes
  const std::string Long(LineAtomicBuffer::kMostHeld + 10, 'x');
  Out << Long;
  EXPECT_EQ(P.drain(), Long);
  Out << "a\nb";
  EXPECT_EQ(P.drain(), "");
  Out.flush();
  EXPECT_EQ(P.drain(), "a\n");
}

TEST(LineAtomicOutputTest, ThreadsLoseNoLine) {
  // Each thread writes its lines whole, one operation each, flushed at
  // once: every line arrives, none cut by another thread's.
  Pipe P;
  LineAtomicBuffer Buffer(P.Fds[1]);
  UnitBufferedStream Err(&Buffer);
  constexpr int Threads = 4, Lines = 500;
  std::vector<std::thread> Writers;
  for (int T = 0; T < Threads; ++T)
    Writers.emplace_back([&Err, T] {
      for (int L = 0; L < Lines; ++L)
        Err << "thread " + std::to_string(T) + " line " + std::to_string(L) + "\n";
    });
  for (std::thread &W : Writers)
    W.join();
  std::istringstream All(P.drain());
  std::map<int, int> NextLine;
  std::string Text;
  while (std::getline(All, Text)) {
    int T = -1, L = -1;
    ASSERT_EQ(std::sscanf(Text.c_str(), "thread %d line %d", &T, &L), 2) << Text;
    ASSERT_EQ(Text, "thread " + std::to_string(T) + " line " + std::to_string(L));
    EXPECT_EQ(L, NextLine[T]++) << "thread " << T << "'s lines in order";
  }
  for (int T = 0; T < Threads; ++T)
    EXPECT_EQ(NextLine[T], Lines) << "thread " << T;
}
