//===- System/SlowStepNotice.h - A word while a long step runs -*- C++ -*-===//
//
// Generating a large space or compiling the tuner of hundreds of parameters
// can take minutes; a user at a terminal should not wonder whether anything
// happens. While a SlowStepNotice exists and its step has run longer than a
// second, a line on the terminal says what runs and for how long, rewritten
// each second and cleared at the end. Silent when standard error is not a
// terminal (logs get no clock ticks), and for steps under a second.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_SLOWSTEPNOTICE_H
#define ATFC_SYSTEM_SLOWSTEPNOTICE_H

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

namespace atfc {

class SlowStepNotice {
public:
  /// Step is what runs, e.g. "file.cl: generating the search space".
  explicit SlowStepNotice(std::string Step) : Step(std::move(Step)) {
    if (isatty(STDERR_FILENO))
      Ticker = std::thread([this] { tick(); });
  }
  ~SlowStepNotice() {
    {
      std::lock_guard Lock(Mutex);
      Done = true;
    }
    Wake.notify_all();
    if (Ticker.joinable())
      Ticker.join();
  }
  SlowStepNotice(const SlowStepNotice &) = delete;
  SlowStepNotice &operator=(const SlowStepNotice &) = delete;

private:
  void tick() {
    std::unique_lock Lock(Mutex);
    bool Drawn = false;
    for (int Seconds = 1; !Wake.wait_for(Lock, std::chrono::seconds(1), [this] { return Done; });
         ++Seconds) {
      write("\r" + Step + " ... " + std::to_string(Seconds) + " s");
      Drawn = true;
    }
    if (Drawn)
      write("\r" + std::string(Step.size() + 16, ' ') + "\r");
  }
  static void write(const std::string &Text) {
    [[maybe_unused]] ssize_t Written = ::write(STDERR_FILENO, Text.data(), Text.size());
  }

  std::string Step;
  std::mutex Mutex;
  std::condition_variable Wake;
  bool Done = false;
  std::thread Ticker;
};

} // namespace atfc

#endif
