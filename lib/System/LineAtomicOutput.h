//===- System/LineAtomicOutput.h - Whole lines per write(2) ----*- C++ -*-===//
//
// A tuner on several ranks runs under mpirun, which forwards each rank's
// stdout and stderr through pipes it reads independently. std::cerr writes
// every `<<` at once, so a message built of several pieces reached the
// terminal cut by other output ("resuming run 1 (seed 7" + another line +
// ")"). A LineAtomicBuffer holds what is written until a line ends and
// writes whole lines in one write(2) each time the stream is flushed (every
// operation for std::cerr, which is unitbuf): a line from one process is
// never split by another's output. On a terminal nothing changes, so that
// progress lines ("\r...") show at once.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_LINEATOMICOUTPUT_H
#define ATFC_SYSTEM_LINEATOMICOUTPUT_H

#include <mutex>
#include <streambuf>
#include <string>

namespace atfc {

class LineAtomicBuffer final : public std::streambuf {
public:
  /// Writes to Fd, which it does not own.
  explicit LineAtomicBuffer(int Fd) : Fd(Fd) {}
  ~LineAtomicBuffer() override { writeAll(); }
  LineAtomicBuffer(const LineAtomicBuffer &) = delete;
  LineAtomicBuffer &operator=(const LineAtomicBuffer &) = delete;

  /// Writes everything held, a last line without its end too.
  void writeAll();

  /// Past this many bytes held the complete lines are written without a
  /// flush, and a line longer than this is written in pieces.
  static constexpr std::size_t kMostHeld = 64 * 1024;

protected:
  int_type overflow(int_type C) override;
  std::streamsize xsputn(const char *Text, std::streamsize Count) override;
  /// Writes the complete lines held.
  int sync() override;

private:
  /// Writes the first Count bytes held; false on a write error.
  bool writeHeld(std::size_t Count);
  /// Writes the complete lines held, or all of it past kMostHeld.
  bool writeLines();

  int Fd;
  // Diagnostics come from more than one thread (a signal's watcher).
  std::mutex Mutex;
  std::string Held;
};

/// Gives std::cout and std::cerr line-atomic buffers where they are not
/// terminals. What is held at exit is written then. Once per process.
void makeStandardOutputLineAtomic();

} // namespace atfc

#endif
