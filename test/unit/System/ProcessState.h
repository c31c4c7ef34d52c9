//===- ProcessState.h - Whether a test's process still runs -----*- C++ -*-===//
//
// The process tests ask whether a child, a grandchild or an orphan was
// really ended: /proc says, a zombie counting as ended.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TEST_UNIT_SYSTEM_PROCESSSTATE_H
#define ATFC_TEST_UNIT_SYSTEM_PROCESSSTATE_H

#include <chrono>
#include <fstream>
#include <string>
#include <sys/types.h>
#include <thread>

namespace atfc {

/// Whether Pid is a process that still runs: not gone and not a zombie
/// waiting for a parent (init, for an orphan) to reap it. Signals take a
/// moment to land, so a running process gets up to two seconds to end.
inline bool stillRuns(pid_t Pid) {
  for (int Try = 0; Try < 200; ++Try) {
    std::ifstream Stat("/proc/" + std::to_string(Pid) + "/stat");
    std::string Line;
    if (!std::getline(Stat, Line))
      return false;
    const std::size_t Paren = Line.rfind(')');
    const char State = Paren + 2 < Line.size() ? Line[Paren + 2] : '?';
    if (State == 'Z' || State == 'X')
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

} // namespace atfc

#endif
