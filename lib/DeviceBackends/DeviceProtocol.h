//===- DeviceBackends/DeviceProtocol.h - Tuner <-> device worker messages -*- C++ -*-===//
//
// The binary protocol between a DeviceBackend and its worker process. Every
// message is a frame: its payload size (8 bytes) and the payload, whose first
// byte says what it is. Both ends are the same program on the same machine, so
// numbers travel in native byte order.
//
//   tuner -> worker: Setup (device, kernel, arguments, expected outputs),
//                    Measure (definitions, launch sizes, reference or not),
//                    Prepare (as Measure: build and launch once, unmeasured,
//                    so that the implementation's cache holds the kernel;
//                    a CUDA builder only compiles),
//                    CrashForTesting.
//   worker -> tuner: SetupReply (limits and description, or an error),
//                    MeasureReply (the measurement, outputs of a reference,
//                    whether the worker ends because its device is broken;
//                    to Prepare: valid without a cost when it was built).
//
// The ranks' messages, which carry it, are tested through
// MeasuringRankTest.cpp and RankProtocolTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_DEVICEBACKENDS_DEVICEPROTOCOL_H
#define ATFC_DEVICEBACKENDS_DEVICEPROTOCOL_H

#include "DeviceBackends/DeviceBackend.h"

#include <cstdint>
#include <string>
#include <vector>

namespace atfc {

/// What a message from the tuner asks.
enum class DeviceRequest : std::uint8_t {
  Setup = 1,
  Measure = 2,
  CrashForTesting = 3,
  Prepare = 4
};

/// Appends values to a payload.
class WireWriter {
public:
  void u8(std::uint8_t V) { Bytes.push_back(V); }
  void u64(std::uint64_t V) { raw(&V, sizeof V); }
  void f64(double V) { raw(&V, sizeof V); }
  void bytes(const void *Data, std::uint64_t Size) {
    u64(Size);
    raw(Data, Size);
  }
  void str(const std::string &S) { bytes(S.data(), S.size()); }
  void blob(const std::vector<unsigned char> &B) { bytes(B.data(), B.size()); }
  std::vector<unsigned char> Bytes;

private:
  void raw(const void *Data, std::uint64_t Size) {
    auto *P = static_cast<const unsigned char *>(Data);
    Bytes.insert(Bytes.end(), P, P + Size);
  }
};

/// Reads values back from a payload; a read past the end sets Failed and
/// yields zeros.
class WireReader {
public:
  explicit WireReader(const std::vector<unsigned char> &B) : Bytes(B) {}
  std::uint8_t u8() {
    std::uint8_t V = 0;
    raw(&V, 1);
    return V;
  }
  std::uint64_t u64() {
    std::uint64_t V = 0;
    raw(&V, sizeof V);
    return V;
  }
  double f64() {
    double V = 0;
    raw(&V, sizeof V);
    return V;
  }
  std::string str();
  std::vector<unsigned char> blob();
  bool Failed = false;

private:
  void raw(void *Into, std::uint64_t Size);
  const std::vector<unsigned char> &Bytes;
  std::uint64_t Position = 0;
};

/// A device's limits, field by field in DeviceLimits' order: what the
/// device worker and an MPI rank send about their device.
void writeLimits(WireWriter &W, const DeviceLimits &Limits);
DeviceLimits readLimits(WireReader &R);

/// The Setup message's contents.
struct SetupMessage {
  DeviceSelection Device;
  DeviceKernelSetup Setup;
  /// Expected outputs of the checked buffers; empty until known.
  std::vector<std::vector<unsigned char>> Expected;
  /// Not 0: the worker is a CUDA builder. It compiles for this compute
  /// capability (major * 10 + minor) into the kernel cache; it opens no
  /// driver of its own and creates no context; a Prepare launches nothing.
  int BuildOnlyComputeCapability = 0;
};

/// The Measure message's contents.
struct MeasureMessage {
  /// Whether this is the reference configuration (its outputs come back).
  bool Reference = false;
  /// "NAME=VALUE" definitions.
  std::vector<std::string> Definitions;
  LaunchSizes Sizes;
  /// Sent as Prepare: build and warm the kernel ahead, measure nothing.
  bool Ahead = false;
};

/// The reply to Setup.
struct SetupReplyMessage {
  /// Why the device could not be opened; empty on success. Where, when the
  /// reason has a place in the file (the directive of a device not found).
  std::string Error;
  SourceLocation ErrorLocation;
  DeviceLimits Limits;
  std::string Description;
  /// The driver and compiler versions, for the record.
  std::string Toolchain;
  /// Whether the device computes on the host's cores (an OpenCL CPU
  /// device), where building ahead beside a kernel disturbs its timing.
  bool HostDevice = false;
  /// Whether a kernel one worker built is found built by another (the
  /// implementation's kernel cache): only then is building ahead of use.
  bool SharedBuildCache = false;
  /// The CUDA device's compute capability (major * 10 + minor), which its
  /// builders compile for; 0 for OpenCL.
  int ComputeCapability = 0;
};

/// The reply to Measure.
struct MeasureReplyMessage {
  Measurement Result;
  /// The worker ends after this reply: its device can no longer be used.
  bool WorkerEnds = false;
  /// A valid reference's checked outputs.
  std::vector<std::vector<unsigned char>> Outputs;
};

void encode(WireWriter &W, const SetupMessage &M);
bool decode(WireReader &R, SetupMessage &M);
void encode(WireWriter &W, const MeasureMessage &M);
bool decode(WireReader &R, MeasureMessage &M);
void encode(WireWriter &W, const SetupReplyMessage &M);
bool decode(WireReader &R, SetupReplyMessage &M);
void encode(WireWriter &W, const MeasureReplyMessage &M);
bool decode(WireReader &R, MeasureReplyMessage &M);

/// Writes one frame to Fd, blocking; false when the other end is gone.
/// Uses send(MSG_NOSIGNAL) on sockets so that a dead peer is an error, not
/// SIGPIPE; falls back to write() on pipes.
bool writeFrame(int Fd, const std::vector<unsigned char> &Payload);

/// Reads one frame from Fd, blocking; false at end of file or on an error.
bool readFrame(int Fd, std::vector<unsigned char> &Payload);

/// How a read with a time limit ended.
enum class FrameRead { Complete, Closed, TimedOut };

/// Reads one frame from Fd, waiting at most Seconds for all of it (0: no
/// limit).
FrameRead readFrameWithin(int Fd, std::vector<unsigned char> &Payload, double Seconds);

} // namespace atfc

#endif
