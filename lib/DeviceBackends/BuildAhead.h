//===- DeviceBackends/BuildAhead.h - Building kernels ahead -----*- C++ -*-===//
//
// Compile-ahead for the device backends. On a GPU a configuration's build
// takes 0.2 to 2 s while its kernel runs for milliseconds, so while the
// measuring worker measures one configuration, worker processes of their
// own build the next ones: the program built, and launched once, as
// implementations that compile for the local size at the first launch
// (pocl) do so then. The implementation's kernel cache, which processes
// share (pocl's POCL_CACHE_DIR), then hands the measuring worker the built
// kernel, so that it only launches. CUDA's builders only run NVRTC into
// atfc's own cache (KernelImageCache.h), never touching the GPU.
//
// The pool keeps the wish list of the configurations measured next, in
// order; the first one is the measuring worker's own to build, the others go
// to idle builders in order. So one builder and the measuring worker build
// alternately, and with N builders up to N configurations are built beside
// the one measured. A configuration built ahead but never measured (the
// abort condition was reached, the list changed) is discarded: its result
// is read and dropped, or its builder killed with the pool.
//
// Tested through BuildAheadTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_BUILDAHEAD_H
#define ATFC_DEVICEBACKENDS_BUILDAHEAD_H

#include "DeviceBackends/DeviceProtocol.h"
#include "DeviceBackends/WorkerProcess.h"

#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// What building ahead did for the configuration about to be measured.
struct AheadOutcome {
  /// A builder built it (and launched it once): the measuring worker finds
  /// it in the implementation's cache.
  bool Built = false;
  /// Its build failed: the configuration's measurement (BuildFailed, with
  /// the build log), which the measuring worker need not repeat.
  std::optional<Measurement> Failure;
  /// interrupt() stopped the wait for its builder.
  bool Interrupted = false;
};

/// Worker processes that build configurations ahead. Not thread-safe but
/// for interrupt().
class BuildAheadPool {
public:
  /// Up to Builders workers started with Command and Setup as the
  /// measuring worker is, each waited for at most TimeoutSeconds per
  /// configuration (0: no limit). Workers start at the first prepare().
  BuildAheadPool(std::vector<std::string> Command, SetupMessage Setup, unsigned Builders,
                 double TimeoutSeconds);
  /// Kills the builders: what they were building is discarded.
  ~BuildAheadPool();
  BuildAheadPool(const BuildAheadPool &) = delete;
  BuildAheadPool &operator=(const BuildAheadPool &) = delete;

  /// The configurations measured next, in order, replacing the earlier
  /// list; the first is measured next (its Ahead flag is ignored).
  void prepare(std::vector<MeasureMessage> Upcoming);

  /// Called just before Next is measured: waits for its builder when one
  /// builds it, drops the wishes before it, and hands the idle builders
  /// the next ones.
  AheadOutcome take(const MeasureMessage &Next);

  /// Stops a wait in take() (thread-safe): the builder waited for is killed.
  void interrupt();

  /// The configurations take() found built ahead.
  unsigned builtAhead() const { return BuiltCount; }
  /// Configurations built ahead and then dropped unmeasured.
  unsigned discarded() const { return DiscardedCount; }
  /// The builders' process ids, -1 for one not running (for tests).
  std::vector<pid_t> builderProcesses() const;

private:
  enum class WishState { Queued, Building, Built, Failed, Lost };
  struct Wish {
    std::string Key;
    MeasureMessage Message;
    WishState State = WishState::Queued;
    Measurement Failure;
  };
  struct Builder {
    WorkerProcess Process;
    /// Its Setup reply is still to be read (it precedes every other).
    bool SettingUp = false;
    /// The wish it builds; empty when idle.
    std::string Building;
    /// It cannot open the device: never started again.
    bool Disabled = false;
  };

  Wish *find(const std::string &Key);
  /// Reads the replies of builders that finished, without waiting.
  void collectFinished();
  /// Reads Builder's next reply within Seconds (0: no limit); false when
  /// it ended, timed out or failed to set up (it is then ended).
  bool collect(Builder &B, double Seconds);
  /// Gives idle builders the queued wishes after the first, in order.
  void assign();
  void end(Builder &B);

  std::vector<std::string> Command;
  SetupMessage Setup;
  double TimeoutSeconds;
  std::vector<Builder> Builders;
  std::vector<Wish> Wishes;
  unsigned BuiltCount = 0;
  unsigned DiscardedCount = 0;
  /// Guards Waiting and Interrupted against interrupt() from another thread.
  std::mutex WaitMutex;
  pid_t Waiting = -1;
  bool Interrupted = false;
};

/// The wish key of a configuration: its definitions and launch sizes.
std::string aheadKey(const MeasureMessage &M);

} // namespace atfc

#endif
