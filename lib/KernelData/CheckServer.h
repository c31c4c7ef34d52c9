//===- KernelData/CheckServer.h - A check script that stays alive -*- C++ -*-===//
//
// `#atf::check server "python3 $ATF_FILE_DIR/verify.py"`: the long-lived
// form of a check script. A process per configuration costs a Python start
// (0.19 s) each time, which Kernel Tuner's in-process `verify` does not pay;
// a check server is started once per run and asked once per configuration:
// one line of JSON on its stdin naming the request's number, the
// configuration's directory, the absolute paths of its buffer_K.npy files
// and its values, one line on its stdout back, `N right` or `N wrong
// REASON` (N: the request's number, so that a late line of an earlier
// request is never taken for this one's answer). Its death, a timeout or any other
// answer is a failed check (never a wrong result), with its stderr's last
// line (a traceback's) as the reason; the next configuration starts it
// afresh. The process itself is a System/LineServer.h.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_KERNELDATA_CHECKSERVER_H
#define ATFC_KERNELDATA_CHECKSERVER_H

#include "KernelData/ResultCheck.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace atfc {

class LineServer;
class StopSignal;

/// Text as a JSON string literal: quoted, with `"`, `\` and control
/// characters escaped (bytes above 0x7f pass as they are).
std::string jsonString(std::string_view Text);

/// The request line of one configuration: {"request": Number,
/// "directory": D, "buffers":
/// {"K": "D/buffer_K.npy", ...}, "values": {"NAME": VALUE, ...}}, where
/// Values pairs each name with its value as JSON text (a number, true,
/// false or a string literal).
std::string checkRequest(unsigned long Number, const std::string &Directory,
                         const std::vector<unsigned> &Checked,
                         const std::vector<std::pair<std::string, std::string>> &Values);

/// A check server for one run; not thread-safe (one check at a time), but
/// the StopSignal given to check() may be raised from any thread.
class CheckServer {
public:
  /// Script is run by /bin/sh in Directory (held as DirectoryFd when not
  /// -1) with Environment, when the first check() needs it.
  CheckServer(std::string Script, std::string Directory, int DirectoryFd,
              std::vector<std::string> Environment);
  /// Ends the server (closes its stdin, then kills its group).
  ~CheckServer();
  CheckServer(const CheckServer &) = delete;
  CheckServer &operator=(const CheckServer &) = delete;

  /// Writes the checked buffers into Directory (DirectoryFd as for
  /// runCheckScript), asks the server about them (checkRequest) and says
  /// what its answer means, within TimeoutSeconds (0: none). A raised Stop
  /// kills the server: a failed check, "the check server was stopped".
  CheckScriptOutcome check(const std::vector<KernelArgument> &Arguments,
                           const std::vector<unsigned> &Checked,
                           const std::vector<std::vector<unsigned char>> &Outputs,
                           const std::string &Directory, int DirectoryFd,
                           const std::vector<std::pair<std::string, std::string>> &Values,
                           double TimeoutSeconds, const StopSignal *Stop);

  /// How many times the server was started.
  unsigned starts() const;

private:
  std::unique_ptr<LineServer> Server;
  /// The number of the next request (from 1), which its answer must name.
  unsigned long NextRequest = 1;
};

} // namespace atfc

#endif
