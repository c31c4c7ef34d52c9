//===- CapturedOutputTest.cpp - What a child writes, its tail kept --------===//
//
// Real children write to the captured file as their stdout: a take gives
// what they wrote since the last one, the end of it when long, and a child
// that goes on writing after a take (its descriptor's offset past the
// emptied file's end) is read without the hole a plain file would leave.
//
//===----------------------------------------------------------------------===//
#include "System/CapturedOutput.h"
#include "System/Process.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <string>
#include <unistd.h>

using namespace atfc;

namespace {

/// Runs `sh -c Script` with its stdout and stderr in Output, to its end.
void runWriting(const CapturedOutput &Output, const std::string &Script) {
  ProcessSpec Spec;
  Spec.Program = "/bin/sh";
  Spec.Argv = {"sh", "-c", Script};
  Spec.OutputFd = Output.fd();
  Spec.ErrorFd = Output.fd();
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  EXPECT_EQ(Child.reap(), 0);
}

} // namespace

TEST(CapturedOutputTest, ATakeGivesWhatWasWrittenSinceTheLastOne) {
  CapturedOutput Output("captured-output-test");
  ASSERT_GE(Output.fd(), 0);
  EXPECT_EQ(Output.take(100).Text, "");
  runWriting(Output, "printf 'first\\n'; printf 'to stderr\\n' >&2");
  OutputTail Tail = Output.take(100);
  EXPECT_EQ(Tail.Text, "first\nto stderr\n");
  EXPECT_FALSE(Tail.Cut);
  EXPECT_EQ(Output.take(100).Text, "") << "a take empties the file";
  runWriting(Output, "printf second");
  EXPECT_EQ(Output.take(100).Text, "second");
}

TEST(CapturedOutputTest, OnlyTheEndOfALongOutputIsKept) {
  CapturedOutput Output("captured-output-test");
  runWriting(Output, "i=0; while [ $i -lt 1000 ]; do printf 'line %04d\\n' $i; i=$((i+1)); done");
  const OutputTail Tail = Output.take(20);
  EXPECT_EQ(Tail.Text, "line 0998\nline 0999\n");
  EXPECT_TRUE(Tail.Cut);
}

TEST(CapturedOutputTest, AWriterThatKeepsItsDescriptorWritesAtTheNewEnd) {
  // One child writes, is read, then writes again with the same open file
  // (its offset at the old end): without O_APPEND its second line would
  // follow a hole of zero bytes as long as the first output.
  CapturedOutput Output("captured-output-test");
  ProcessSpec Spec;
  Spec.Program = "/bin/sh";
  Spec.Argv = {"sh", "-c", "printf 'before take\\n'; read line; printf 'after take\\n'"};
  Spec.OutputFd = Output.fd();
  int Input[2];
  ASSERT_EQ(pipe2(Input, O_CLOEXEC), 0);
  Spec.ExtraFds = {{Input[0], 0}};
  Process Child;
  ASSERT_EQ(startProcess(Spec, Child), 0);
  close(Input[0]);
  std::string First;
  for (int I = 0; I < 500 && First.empty(); ++I) {
    First = Output.take(1000).Text;
    if (First.empty())
      usleep(10000);
  }
  EXPECT_EQ(First, "before take\n");
  ASSERT_EQ(write(Input[1], "go\n", 3), 3);
  close(Input[1]);
  EXPECT_EQ(Child.reap(), 0);
  EXPECT_EQ(Output.take(1000).Text, "after take\n");
}
