//===- WriteAllTest.cpp - Every byte to a file descriptor -----------------===//
//
// Through a pipe that a slow reader drains, so that every write is short,
// while a timer interrupts the writer a thousand times a second with a
// handler installed without SA_RESTART (each EINTR and each short write is
// a chance to lose bytes): every byte arrives, in order. A full device and
// a closed descriptor are errors with their reason.
//
//===----------------------------------------------------------------------===//
#include "System/WriteAll.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <string>
#include <sys/time.h>
#include <thread>
#include <unistd.h>

using namespace atfc;

namespace {

volatile std::sig_atomic_t Interruptions = 0;
void countInterruption(int) { Interruptions = Interruptions + 1; }

} // namespace

TEST(WriteAllTest, EveryByteArrivesThroughShortAndInterruptedWrites) {
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  std::string Sent(4 << 20, '\0');
  for (std::size_t I = 0; I < Sent.size(); ++I)
    Sent[I] = static_cast<char>((I * 131) ^ (I >> 12));
  std::string Received;
  std::thread Reader([&] {
    // The timer's signals go to the writer.
    sigset_t Alarm;
    sigemptyset(&Alarm);
    sigaddset(&Alarm, SIGALRM);
    pthread_sigmask(SIG_BLOCK, &Alarm, nullptr);
    char Buffer[5000];
    for (ssize_t N; (N = read(Pipe[0], Buffer, sizeof Buffer)) != 0;) {
      if (N > 0)
        Received.append(Buffer, static_cast<std::size_t>(N));
      else if (errno != EINTR)
        break;
      if (Received.size() % 7 == 0)
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  });
  struct sigaction Action {
  }, Previous{};
  Action.sa_handler = countInterruption;
  sigemptyset(&Action.sa_mask);
  Action.sa_flags = 0; // no SA_RESTART: a blocked write returns EINTR or short
  ASSERT_EQ(sigaction(SIGALRM, &Action, &Previous), 0);
  const itimerval Every{{0, 1000}, {0, 1000}};
  ASSERT_EQ(setitimer(ITIMER_REAL, &Every, nullptr), 0);
  Interruptions = 0;
  Expected<void> Written = writeAll(Pipe[1], Sent);
  const itimerval Off{};
  setitimer(ITIMER_REAL, &Off, nullptr);
  sigaction(SIGALRM, &Previous, nullptr);
  close(Pipe[1]);
  Reader.join();
  close(Pipe[0]);
  ASSERT_TRUE(Written) << Written.error().message();
  EXPECT_EQ(Received.size(), Sent.size());
  EXPECT_TRUE(Received == Sent) << "bytes were lost or reordered";
  EXPECT_GT(Interruptions, 0) << "the timer never interrupted the writes";
}

TEST(WriteAllTest, AFailedWriteIsAnErrorWithItsReason) {
  const int Full = open("/dev/full", O_WRONLY | O_CLOEXEC);
  if (Full >= 0) {
    Expected<void> Written = writeAll(Full, "x");
    ASSERT_FALSE(Written);
    EXPECT_EQ(Written.error().message(), std::strerror(ENOSPC));
    close(Full);
  }
  int Pipe[2];
  ASSERT_EQ(pipe(Pipe), 0);
  close(Pipe[0]);
  close(Pipe[1]);
  Expected<void> Written = writeAll(Pipe[1], "x");
  ASSERT_FALSE(Written);
  EXPECT_EQ(Written.error().message(), std::strerror(EBADF));
  EXPECT_TRUE(writeAll(Pipe[1], "")) << "nothing to write is no write";
}
