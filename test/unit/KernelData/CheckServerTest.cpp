//===- CheckServerTest.cpp - A check script that stays alive --------------===//
//
// Real Python servers, started once and asked per configuration: right and
// wrong answers read from the buffer files the request names, a server
// started once for many configurations, one that crashes on the second
// (a failed check with its traceback, started again for the third), one
// that hangs (timed out), answers that are neither right nor wrong.
//
//===----------------------------------------------------------------------===//
#include "KernelData/CheckServer.h"

#include "KernelData/NumpyArray.h"
#include "System/ChildProcess.h"
#include "System/Process.h"

#include "../ScopedTempDirectory.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace atfc {
namespace {

/// A float buffer (argument 2) of two elements, and the checked outputs.
struct Fixture {
  test::ScopedTempDirectory Dir{"atfc-check-server"};
  std::vector<KernelArgument> Arguments = {KernelArgument::scalar<int>(3),
                                           KernelArgument::buffer<float>(2)};
  int Configurations = 0;

  std::vector<std::vector<unsigned char>> outputs(float First) {
    const float Values[2] = {First, -2.0f};
    return {{reinterpret_cast<const unsigned char *>(Values),
             reinterpret_cast<const unsigned char *>(Values) + sizeof Values}};
  }
  /// A server that runs Python's Body for each request (as `request`, the
  /// parsed line; `n`, its number; `first`, the first element of buffer 2).
  CheckServer server(const std::string &Body) {
    const std::filesystem::path Script = Dir.path() / "server.py";
    std::ofstream(Script) << "import json, struct, sys\n"
                             "print('started', file=sys.stderr, flush=True)\n"
                             "for line in sys.stdin:\n"
                             "    request = json.loads(line)\n"
                             "    n = request['request']\n"
                             "    data = open(request['buffers']['2'], 'rb').read()\n"
                             "    first = struct.unpack('<f', data[-8:-4])[0]\n"
                          << Body << "    sys.stdout.flush()\n";
    return CheckServer("python3 '" + Script.string() + "'", Dir.path().string(), -1,
                       environmentWith({{"PYTHONUNBUFFERED", "1"}}));
  }
  CheckScriptOutcome check(CheckServer &Server, float First, double Timeout = 30) {
    const std::filesystem::path Own = Dir.path() / std::to_string(++Configurations);
    std::filesystem::create_directory(Own);
    return Server.check(Arguments, {1}, outputs(First), Own.string(), -1,
                        {{"WG", "4"}, {"NAME", jsonString("a \"b\"")}}, Timeout, nullptr);
  }
};

TEST(CheckServerTest, WritesTheRequestAsOneLineOfJson) {
  EXPECT_EQ(checkRequest(7, "/w/3", {1, 5}, {{"WG", "4"}, {"S", jsonString("x\"\\\n\x01")}}),
            "{\"request\": 7, \"directory\": \"/w/3\", \"buffers\": {\"2\": \"/w/3/buffer_2.npy\", "
            "\"6\": "
            "\"/w/3/buffer_6.npy\"}, \"values\": {\"WG\": 4, \"S\": \"x\\\"\\\\\\n\\u0001\"}}");
}

// Started once for every configuration: right and wrong from the files
// the request names, the reason after "wrong", the values as JSON.
TEST(CheckServerTest, IsStartedOnceAndAnswersEachConfiguration) {
  Fixture F;
  CheckServer Server = F.server("    assert request['values'] == {'WG': 4, 'NAME': 'a \"b\"'}\n"
                                "    print(n, 'right' if first == 1.5 else 'wrong first is %g' % "
                                "first)\n");
  for (int I = 0; I < 10; ++I) {
    const CheckScriptOutcome Right = F.check(Server, 1.5f);
    EXPECT_EQ(Right.Verdict, CheckVerdict::Right) << Right.Reason << Right.Output;
    const CheckScriptOutcome Wrong = F.check(Server, 2.5f);
    EXPECT_EQ(Wrong.Verdict, CheckVerdict::Wrong);
    EXPECT_EQ(Wrong.Reason, "first is 2.5");
  }
  EXPECT_EQ(Server.starts(), 1u);
  // The files are in each configuration's directory, readable as written.
  Expected<std::vector<unsigned char>> Back =
      readDataFile((F.Dir.path() / "2" / "buffer_2.npy").string(), "b", ElementType::Float, 2);
  ASSERT_TRUE(Back);
  EXPECT_EQ(*Back, F.outputs(2.5f)[0]);
}

// A crash on the second configuration is a failed check with the
// traceback's last line, never a wrong result; the third starts it again.
TEST(CheckServerTest, CrashIsAFailedCheckAndTheServerStartsAgain) {
  Fixture F;
  CheckServer Server = F.server("    if first == 2.5: raise ValueError('cannot read %g' % first)\n"
                                "    print(n, 'right')\n");
  EXPECT_EQ(F.check(Server, 1.5f).Verdict, CheckVerdict::Right);
  const CheckScriptOutcome Crashed = F.check(Server, 2.5f);
  EXPECT_EQ(Crashed.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Crashed.Reason, "ValueError: cannot read 2.5");
  EXPECT_NE(Crashed.Output.find("Traceback (most recent call last):"), std::string::npos);
  EXPECT_EQ(F.check(Server, 1.5f).Verdict, CheckVerdict::Right);
  EXPECT_EQ(Server.starts(), 2u);
  // A server that exits without a traceback says how, with its last line.
  CheckServer Exits = F.server("    sys.exit('no more')\n");
  EXPECT_EQ(F.check(Exits, 1.5f).Reason,
            "the check server exited with status 1 before it answered: no more");
}

// A hanging server is killed at the timeout: a failed check.
TEST(CheckServerTest, HangIsTimedOut) {
  Fixture F;
  CheckServer Server = F.server("    import time; time.sleep(100)\n");
  const auto Start = std::chrono::steady_clock::now();
  const CheckScriptOutcome Hung = F.check(Server, 1.5f, 1.5);
  EXPECT_EQ(Hung.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Hung.Reason, "the check server timed out: started");
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(10));
}

// An answer that is neither: a failed check naming it.
TEST(CheckServerTest, OtherAnswersAreFailedChecks) {
  Fixture F;
  CheckServer Server = F.server("    print(n, 'fine' if first == 1.5 else 'wrong')\n");
  const CheckScriptOutcome Other = F.check(Server, 1.5f);
  EXPECT_EQ(Other.Verdict, CheckVerdict::Failed);
  EXPECT_EQ(Other.Reason, "the check server answered '1 fine', not '1 right' or '1 wrong REASON'");
  const CheckScriptOutcome Bare = F.check(Server, 2.5f);
  EXPECT_EQ(Bare.Verdict, CheckVerdict::Wrong);
  EXPECT_EQ(Bare.Reason, "the check server answered wrong");
  EXPECT_EQ(Server.starts(), 1u);
  // An answer without the request's number, or with a later one, is
  // nobody's verdict.
  CheckServer Unnumbered =
      F.server("    print('right' if first == 1.5 else str(n + 1) + ' right')\n");
  EXPECT_EQ(F.check(Unnumbered, 1.5f).Reason,
            "the check server answered 'right', not '1 right' or '1 wrong REASON'");
  EXPECT_EQ(F.check(Unnumbered, 2.5f).Reason,
            "the check server answered '3 right', not '2 right' or '2 wrong REASON'");
  CheckServer Missing("no-such-interpreter-atfc v.py", F.Dir.path().string(), -1,
                      environmentWith({}));
  const CheckScriptOutcome NotFound = F.check(Missing, 1.5f);
  EXPECT_EQ(NotFound.Verdict, CheckVerdict::Failed);
  EXPECT_NE(NotFound.Reason.find("status 127 before it answered: "), std::string::npos)
      << NotFound.Reason;
}

// Hunt: one answer line of 10 MB was "wrote more than one line". It is
// one line, too long to be an answer: the reason says so.
TEST(CheckServerTest, TooLongALineIsSaidSo) {
  // Just past the limit (its newline may come in the same read) and far.
  for (const char *Length : {"70000", "10000000"}) {
    Fixture F;
    CheckServer Server = F.server(std::string("    print(n, 'wrong ' + 'x' * ") + Length + ")\n");
    const CheckScriptOutcome Long = F.check(Server, 1.5f);
    EXPECT_EQ(Long.Verdict, CheckVerdict::Failed) << Length;
    EXPECT_EQ(
        Long.Reason.rfind("the check server's answer is longer than 65536 bytes: '1 wrong xxx", 0),
        0u)
        << Long.Reason;
  }
}

// A server that writes one line too many for a request, but only after
// the next request arrived (so that no look before sending can see it):
// the late line names the earlier request, so it is never taken as the
// next configuration's answer; the server, out of step, is asked again
// afresh. Late line and answer together in one read, or apart.
TEST(CheckServerTest, LateLineOfAnEarlierRequestNeverJudgesTheNext) {
  for (const char *Between : {"", "    sys.stdout.flush(); import time; time.sleep(0.3)\n"}) {
    Fixture F;
    CheckServer Server = F.server(std::string("    late = globals().get('late')\n"
                                              "    if late: print(late)\n") +
                                  Between +
                                  "    print(n, 'right' if first == 1.5 else 'wrong garbage')\n"
                                  "    globals()['late'] = '%d right' % n\n");
    EXPECT_EQ(F.check(Server, 1.5f).Verdict, CheckVerdict::Right);
    const CheckScriptOutcome Second = F.check(Server, 2.5f);
    EXPECT_EQ(Second.Verdict, CheckVerdict::Wrong) << Second.Reason;
    EXPECT_EQ(Second.Reason, "garbage");
    // Killed either way (out of step, or two lines at once): the third
    // configuration is answered by a fresh server, again by its own line.
    const CheckScriptOutcome Third = F.check(Server, 1.5f);
    EXPECT_EQ(Third.Verdict, CheckVerdict::Right) << Third.Reason;
    EXPECT_GE(Server.starts(), 2u);
    const CheckScriptOutcome Fourth = F.check(Server, 2.5f);
    EXPECT_EQ(Fourth.Verdict, CheckVerdict::Wrong) << Fourth.Reason;
  }
}

} // namespace
} // namespace atfc
