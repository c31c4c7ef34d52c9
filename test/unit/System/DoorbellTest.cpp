//===- DoorbellTest.cpp - Waking a process that waits in poll() -----------===//
//
// A ring makes the receiver's descriptor readable, across processes, until
// drained; rings to a doorbell that is not there (another token, another
// index) say so; a name is bound once; a full queue still counts as rung.
//
//===----------------------------------------------------------------------===//
#include "System/Doorbell.h"

#include <gtest/gtest.h>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace atfc;

namespace {

bool readable(const Doorbell &D, int TimeoutMs) {
  pollfd P = {D.fd(), POLLIN, 0};
  return ::poll(&P, 1, TimeoutMs) == 1 && (P.revents & POLLIN);
}

std::string token() {
  Expected<std::string> T = newDoorbellToken();
  EXPECT_TRUE(T) << (T ? "" : T.error().message());
  return T ? *T : "";
}

TEST(DoorbellTest, TokensAreRandomHexadecimal) {
  const std::string A = token(), B = token();
  EXPECT_EQ(A.size(), 32u);
  EXPECT_EQ(A.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(A, B);
}

TEST(DoorbellTest, RingWakesUntilDrained) {
  const std::string T = token();
  Expected<Doorbell> Zero = Doorbell::open(T, 0), One = Doorbell::open(T, 1);
  ASSERT_TRUE(Zero && One);
  EXPECT_FALSE(readable(*One, 0));
  EXPECT_TRUE(Zero->ring(1));
  EXPECT_TRUE(Zero->ring(1));
  EXPECT_TRUE(readable(*One, 0));
  EXPECT_FALSE(readable(*Zero, 0));
  EXPECT_EQ(One->drain(), 2u);
  EXPECT_FALSE(readable(*One, 0));
  EXPECT_EQ(One->drain(), 0u);
}

TEST(DoorbellTest, RingsOnlyItsOwnJob) {
  const std::string T = token(), Other = token();
  Expected<Doorbell> Mine = Doorbell::open(T, 0), Theirs = Doorbell::open(Other, 1);
  ASSERT_TRUE(Mine && Theirs);
  EXPECT_FALSE(Mine->ring(1)); // no doorbell 1 of this job
  EXPECT_FALSE(Mine->ring(7));
  EXPECT_FALSE(readable(*Theirs, 0));
}

TEST(DoorbellTest, ANameIsBoundOnce) {
  const std::string T = token();
  Expected<Doorbell> First = Doorbell::open(T, 3);
  ASSERT_TRUE(First);
  Expected<Doorbell> Second = Doorbell::open(T, 3);
  ASSERT_FALSE(Second);
  EXPECT_NE(Second.error().message().find("doorbell 3"), std::string::npos);
  // Its name is free again once it is closed.
  { Doorbell Gone = First.take(); }
  EXPECT_TRUE(Doorbell::open(T, 3));
}

TEST(DoorbellTest, AFullQueueStillCountsAsRung) {
  const std::string T = token();
  Expected<Doorbell> Zero = Doorbell::open(T, 0), One = Doorbell::open(T, 1);
  ASSERT_TRUE(Zero && One);
  for (int I = 0; I < 5000; ++I)
    ASSERT_TRUE(Zero->ring(1)) << "ring " << I;
  EXPECT_TRUE(readable(*One, 0));
  EXPECT_GT(One->drain(), 0u);
  EXPECT_FALSE(readable(*One, 0));
}

TEST(DoorbellTest, WakesAnotherProcess) {
  const std::string T = token();
  Expected<Doorbell> Waiting = Doorbell::open(T, 0);
  ASSERT_TRUE(Waiting);
  const pid_t Child = fork();
  ASSERT_GE(Child, 0);
  if (Child == 0) {
    Expected<Doorbell> Ringing = Doorbell::open(T, 1);
    _exit(Ringing && Ringing->ring(0) ? 0 : 1);
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Child, &Status, 0), Child);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  EXPECT_TRUE(readable(*Waiting, 10000));
  EXPECT_EQ(Waiting->drain(), 1u);
}

} // namespace
