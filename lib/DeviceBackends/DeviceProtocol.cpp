//===- DeviceBackends/DeviceProtocol.cpp - Tuner <-> device worker messages -----===//
//
// Encoding and decoding of the messages, and framing over a file
// descriptor.
//
//===----------------------------------------------------------------------===//
#include "DeviceBackends/DeviceProtocol.h"
#include "System/Process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace atfc {

void WireReader::raw(void *Into, std::uint64_t Size) {
  if (Failed || Size > Bytes.size() - Position) {
    Failed = true;
    std::memset(Into, 0, Size);
    return;
  }
  std::memcpy(Into, Bytes.data() + Position, Size);
  Position += Size;
}

std::string WireReader::str() {
  std::uint64_t Size = u64();
  if (Failed || Size > Bytes.size() - Position) {
    Failed = true;
    return {};
  }
  std::string S(reinterpret_cast<const char *>(Bytes.data() + Position), Size);
  Position += Size;
  return S;
}

std::vector<unsigned char> WireReader::blob() {
  std::uint64_t Size = u64();
  if (Failed || Size > Bytes.size() - Position) {
    Failed = true;
    return {};
  }
  std::vector<unsigned char> B(Bytes.begin() + Position, Bytes.begin() + Position + Size);
  Position += Size;
  return B;
}

namespace {

void encodeSizes(WireWriter &W, const std::vector<std::uint64_t> &Sizes) {
  W.u64(Sizes.size());
  for (std::uint64_t S : Sizes)
    W.u64(S);
}

std::vector<std::uint64_t> decodeSizes(WireReader &R) {
  std::uint64_t N = R.u64();
  std::vector<std::uint64_t> Sizes;
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I)
    Sizes.push_back(R.u64());
  return Sizes;
}

void encodeBlobs(WireWriter &W, const std::vector<std::vector<unsigned char>> &Blobs) {
  W.u64(Blobs.size());
  for (const auto &B : Blobs)
    W.blob(B);
}

std::vector<std::vector<unsigned char>> decodeBlobs(WireReader &R) {
  std::uint64_t N = R.u64();
  std::vector<std::vector<unsigned char>> Blobs;
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I)
    Blobs.push_back(R.blob());
  return Blobs;
}

void writeLocation(WireWriter &W, const SourceLocation &L) {
  W.str(L.File);
  W.u64(L.Line);
  W.u64(L.Column);
}

SourceLocation readLocation(WireReader &R) {
  SourceLocation L;
  L.File = R.str();
  L.Line = static_cast<unsigned>(R.u64());
  L.Column = static_cast<unsigned>(R.u64());
  return L;
}

} // namespace

void encode(WireWriter &W, const SetupMessage &M) {
  W.u8(static_cast<std::uint8_t>(DeviceRequest::Setup));
  if (const auto *CL = std::get_if<OpenCLDeviceSelection>(&M.Device)) {
    W.u8(0);
    W.u8(CL->PlatformId.has_value());
    W.u64(CL->PlatformId.value_or(0));
    W.u64(CL->DeviceId);
    W.str(CL->Vendor);
    W.str(CL->Type);
    W.u64(CL->Index);
    writeLocation(W, CL->Directive);
  } else {
    W.u8(1);
    W.u64(std::get<CudaDeviceSelection>(M.Device).Ordinal);
    writeLocation(W, std::get<CudaDeviceSelection>(M.Device).Directive);
  }
  const DeviceKernelSetup &S = M.Setup;
  W.str(S.Source);
  W.str(S.KernelName);
  W.str(S.FileName);
  W.u64(S.Arguments.size());
  for (const KernelArgument &A : S.Arguments) {
    W.u8(static_cast<std::uint8_t>(A.Kind));
    W.u8(static_cast<std::uint8_t>(A.Type));
    W.u8(A.Random);
    W.bytes(A.Value, sizeof A.Value);
    W.u64(A.Count);
    W.u8(static_cast<std::uint8_t>(A.Contents));
    W.str(A.FillLow);
    W.str(A.FillHigh);
    W.str(A.DataFile);
    W.str(A.DataDigest);
  }
  W.u64(S.Warmups);
  W.u64(S.Repetitions);
  W.u8(static_cast<std::uint8_t>(S.Statistic));
  W.u64(S.Costs.size());
  for (KernelCost C : S.Costs)
    W.u8(static_cast<std::uint8_t>(C));
  W.f64(S.TimeoutSeconds);
  W.u8(S.Check.has_value());
  if (S.Check) {
    W.u8(static_cast<std::uint8_t>(S.Check->Kind));
    W.str(S.Check->GoldFile);
    W.f64(S.Check->Tolerance);
    W.f64(S.Check->Relative);
    W.u64(S.Check->Buffers.size());
    for (unsigned B : S.Check->Buffers)
      W.u64(B);
  }
  W.u64(S.Seed);
  W.str(S.KernelCacheDirectory);
  W.str(S.DependenciesKey);
  encodeBlobs(W, M.Expected);
  W.u64(static_cast<std::uint64_t>(M.BuildOnlyComputeCapability));
}

bool decode(WireReader &R, SetupMessage &M) {
  if (R.u8() == 0) {
    OpenCLDeviceSelection CL;
    bool HasPlatform = R.u8();
    std::uint64_t Platform = R.u64();
    if (HasPlatform)
      CL.PlatformId = static_cast<unsigned>(Platform);
    CL.DeviceId = static_cast<unsigned>(R.u64());
    CL.Vendor = R.str();
    CL.Type = R.str();
    CL.Index = static_cast<unsigned>(R.u64());
    CL.Directive = readLocation(R);
    M.Device = CL;
  } else {
    CudaDeviceSelection Cuda{static_cast<unsigned>(R.u64())};
    Cuda.Directive = readLocation(R);
    M.Device = Cuda;
  }
  DeviceKernelSetup &S = M.Setup;
  S.Source = R.str();
  S.KernelName = R.str();
  S.FileName = R.str();
  std::uint64_t N = R.u64();
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I) {
    KernelArgument A;
    A.Kind = static_cast<KernelArgument::ArgumentKind>(R.u8());
    A.Type = static_cast<ElementType>(R.u8());
    A.Random = R.u8();
    std::vector<unsigned char> Value = R.blob();
    if (Value.size() == sizeof A.Value)
      std::memcpy(A.Value, Value.data(), sizeof A.Value);
    A.Count = R.u64();
    A.Contents = static_cast<BufferContents>(R.u8());
    A.FillLow = R.str();
    A.FillHigh = R.str();
    A.DataFile = R.str();
    A.DataDigest = R.str();
    S.Arguments.push_back(A);
  }
  S.Warmups = static_cast<unsigned>(R.u64());
  S.Repetitions = static_cast<unsigned>(R.u64());
  S.Statistic = static_cast<RepetitionStatistic>(R.u8());
  S.Costs.clear();
  const std::uint64_t NC = R.u64();
  for (std::uint64_t I = 0; I < NC && !R.Failed; ++I)
    S.Costs.push_back(static_cast<KernelCost>(R.u8()));
  S.TimeoutSeconds = R.f64();
  if (R.u8()) {
    CheckSetup C;
    C.Kind = static_cast<CheckAgainst>(R.u8());
    C.GoldFile = R.str();
    C.Tolerance = R.f64();
    C.Relative = R.f64();
    std::uint64_t NB = R.u64();
    for (std::uint64_t I = 0; I < NB && !R.Failed; ++I)
      C.Buffers.push_back(static_cast<unsigned>(R.u64()));
    S.Check = C;
  }
  S.Seed = R.u64();
  S.KernelCacheDirectory = R.str();
  S.DependenciesKey = R.str();
  M.Expected = decodeBlobs(R);
  M.BuildOnlyComputeCapability = static_cast<int>(R.u64());
  return !R.Failed;
}

void encode(WireWriter &W, const MeasureMessage &M) {
  W.u8(static_cast<std::uint8_t>(M.Ahead ? DeviceRequest::Prepare : DeviceRequest::Measure));
  W.u8(M.Reference);
  W.u64(M.Definitions.size());
  for (const std::string &D : M.Definitions)
    W.str(D);
  encodeSizes(W, M.Sizes.Global);
  encodeSizes(W, M.Sizes.Local);
  encodeSizes(W, M.Sizes.LocalCounts);
  W.u64(static_cast<std::uint64_t>(M.Sizes.SharedMemoryBytes));
}

bool decode(WireReader &R, MeasureMessage &M) {
  M.Reference = R.u8();
  std::uint64_t N = R.u64();
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I)
    M.Definitions.push_back(R.str());
  M.Sizes.Global = decodeSizes(R);
  M.Sizes.Local = decodeSizes(R);
  M.Sizes.LocalCounts = decodeSizes(R);
  M.Sizes.SharedMemoryBytes = static_cast<std::int64_t>(R.u64());
  return !R.Failed;
}

void writeLimits(WireWriter &W, const DeviceLimits &Limits) {
  for (std::uint64_t S : Limits.MaxWorkItemSizes)
    W.u64(S);
  W.u64(Limits.MaxWorkGroupSize);
  W.u64(Limits.LocalMemorySize);
  for (std::uint64_t S : Limits.MaxGridSize)
    W.u64(S);
}

DeviceLimits readLimits(WireReader &R) {
  DeviceLimits Limits;
  for (std::uint64_t &S : Limits.MaxWorkItemSizes)
    S = R.u64();
  Limits.MaxWorkGroupSize = R.u64();
  Limits.LocalMemorySize = R.u64();
  for (std::uint64_t &S : Limits.MaxGridSize)
    S = R.u64();
  return Limits;
}

void encode(WireWriter &W, const SetupReplyMessage &M) {
  W.str(M.Error);
  writeLocation(W, M.ErrorLocation);
  writeLimits(W, M.Limits);
  W.str(M.Description);
  W.str(M.Toolchain);
  W.u8(M.HostDevice);
  W.u8(M.SharedBuildCache);
  W.u64(static_cast<std::uint64_t>(M.ComputeCapability));
}

bool decode(WireReader &R, SetupReplyMessage &M) {
  M.Error = R.str();
  M.ErrorLocation = readLocation(R);
  M.Limits = readLimits(R);
  M.Description = R.str();
  M.Toolchain = R.str();
  M.HostDevice = R.u8() != 0;
  M.SharedBuildCache = R.u8() != 0;
  M.ComputeCapability = static_cast<int>(R.u64());
  return !R.Failed;
}

void encode(WireWriter &W, const MeasureReplyMessage &M) {
  const Measurement &Result = M.Result;
  W.u8(Result.Valid);
  W.u64(Result.Costs.size());
  for (double C : Result.Costs)
    W.f64(C);
  W.u8(static_cast<std::uint8_t>(Result.Failure));
  W.str(Result.Reason);
  W.str(Result.Log);
  W.f64(Result.CompileSeconds);
  W.f64(Result.RunSeconds);
  W.u8(M.WorkerEnds);
  encodeBlobs(W, M.Outputs);
}

bool decode(WireReader &R, MeasureReplyMessage &M) {
  Measurement &Result = M.Result;
  Result.Valid = R.u8();
  std::uint64_t N = R.u64();
  for (std::uint64_t I = 0; I < N && !R.Failed; ++I)
    Result.Costs.push_back(R.f64());
  Result.Failure = static_cast<FailureKind>(R.u8());
  Result.Reason = R.str();
  Result.Log = R.str();
  Result.CompileSeconds = R.f64();
  Result.RunSeconds = R.f64();
  M.WorkerEnds = R.u8();
  M.Outputs = decodeBlobs(R);
  return !R.Failed;
}

namespace {

bool writeAll(int Fd, const unsigned char *Data, std::size_t Size) {
  while (Size > 0) {
    ssize_t Done = send(Fd, Data, Size, MSG_NOSIGNAL);
    if (Done < 0 && errno == ENOTSOCK)
      Done = write(Fd, Data, Size);
    if (Done < 0 && errno == EINTR)
      continue;
    if (Done <= 0)
      return false;
    Data += Done;
    Size -= static_cast<std::size_t>(Done);
  }
  return true;
}

bool readAll(int Fd, unsigned char *Data, std::size_t Size) {
  while (Size > 0) {
    ssize_t Done = read(Fd, Data, Size);
    if (Done < 0 && errno == EINTR)
      continue;
    if (Done <= 0)
      return false;
    Data += Done;
    Size -= static_cast<std::size_t>(Done);
  }
  return true;
}

/// Like readAll, but gives up at Deadline.
FrameRead readAllBefore(int Fd, unsigned char *Data, std::size_t Size,
                        std::optional<std::chrono::steady_clock::time_point> Deadline) {
  while (Size > 0) {
    int Wait = -1;
    if (Deadline) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      *Deadline - std::chrono::steady_clock::now())
                      .count();
      if (Left <= 0)
        return FrameRead::TimedOut;
      Wait = static_cast<int>(std::min<long long>(Left + 1, 1 << 30));
    }
    pollfd P{Fd, POLLIN, 0};
    int Ready = poll(&P, 1, Wait);
    if (Ready < 0 && errno == EINTR)
      continue;
    if (Ready < 0)
      return FrameRead::Closed;
    if (Ready == 0)
      continue;
    ssize_t Done = read(Fd, Data, Size);
    if (Done < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (Done <= 0)
      return FrameRead::Closed;
    Data += Done;
    Size -= static_cast<std::size_t>(Done);
  }
  return FrameRead::Complete;
}

} // namespace

FrameRead readFrameWithin(int Fd, std::vector<unsigned char> &Payload, double Seconds) {
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  if (Seconds > 0)
    Deadline = deadlineAfter(Seconds);
  std::uint64_t Size = 0;
  FrameRead Read =
      readAllBefore(Fd, reinterpret_cast<unsigned char *>(&Size), sizeof Size, Deadline);
  if (Read != FrameRead::Complete)
    return Read;
  Payload.resize(Size);
  return readAllBefore(Fd, Payload.data(), Size, Deadline);
}

bool writeFrame(int Fd, const std::vector<unsigned char> &Payload) {
  std::uint64_t Size = Payload.size();
  return writeAll(Fd, reinterpret_cast<const unsigned char *>(&Size), sizeof Size) &&
         writeAll(Fd, Payload.data(), Payload.size());
}

bool readFrame(int Fd, std::vector<unsigned char> &Payload) {
  std::uint64_t Size = 0;
  if (!readAll(Fd, reinterpret_cast<unsigned char *>(&Size), sizeof Size))
    return false;
  Payload.resize(Size);
  return readAll(Fd, Payload.data(), Size);
}

} // namespace atfc
