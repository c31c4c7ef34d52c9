//===- ProcessBackendBench.cpp - Tuner overhead of the process backend ----===//
//
// Measures what the process backend costs per configuration beyond the
// scripts themselves: directory, source, environment, spawn bookkeeping,
// cost reading, clean-up. A script's own time is its child's lifetime from
// just before the spawn to its exit (the fork/exec of /bin/sh included);
// overhead = measure()'s wall time minus the scripts' times. "tuner CPU" is
// the measuring thread's CPU time per measure() (the parent's share of
// posix_spawn included), which a busy machine does not inflate with waiting;
// the last row gives that share alone. Prints a table.
//
//   process-backend-bench [configurations=500]
//
//===----------------------------------------------------------------------===//
#include "Backends/ProcessBackend.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <vector>

extern char **environ;

using namespace atfc;

namespace {

struct Row {
  const char *Name;
  ProcessBackendOptions Options;
};

/// A 200-line C source with 8 parameter directives blanked at its top.
std::string blankedSource(std::vector<unsigned> &DefineLines) {
  std::string Source;
  for (unsigned Line = 1; Line <= 200; ++Line) {
    if (Line >= 3 && Line < 11) {
      DefineLines.push_back(Line);
      Source += "\n";
    } else {
      Source += "float f";
      Source += std::to_string(Line);
      Source += "(float x) { return x * WPT + LS; }\n";
    }
  }
  return Source;
}

ParameterValues configuration(unsigned I) {
  ParameterValues Values;
  for (unsigned P = 0; P < 8; ++P) {
    std::string Name = "P"; // GCC 12 warns falsely about "P" + std::string
    Name += std::to_string(P);
    Values.push_back({Name, Value(std::int64_t(I * 8 + P))});
  }
  return Values;
}

/// CPU seconds the calling thread has used: the tuner's own work, blind to
/// the scripts (other processes) and to waiting for the CPU.
double threadCpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + static_cast<double>(T.tv_nsec) * 1e-9;
}

/// The calling thread's CPU milliseconds for a bare posix_spawn of
/// `/bin/sh -c true` and its waitpid: the part of "tuner CPU" that any
/// way of starting a script costs.
std::vector<double> bareSpawnCpu(unsigned Count) {
  std::vector<double> Times;
  for (unsigned I = 0; I < Count; ++I) {
    char Shell[] = "sh", Option[] = "-c", Script[] = "true";
    char *Arguments[] = {Shell, Option, Script, nullptr};
    double Start = threadCpuSeconds();
    pid_t Pid;
    if (posix_spawn(&Pid, "/bin/sh", nullptr, nullptr, Arguments, environ) == 0) {
      int Status;
      waitpid(Pid, &Status, 0);
    }
    Times.push_back((threadCpuSeconds() - Start) * 1e3);
  }
  return Times;
}

double percentile(std::vector<double> Sorted, double Fraction) {
  std::sort(Sorted.begin(), Sorted.end());
  return Sorted[static_cast<std::size_t>(Fraction * static_cast<double>(Sorted.size() - 1))];
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned Count = Argc > 1 ? static_cast<unsigned>(std::atoi(Argv[1])) : 500;
  if (Count < 2) {
    std::fprintf(stderr, "usage: process-backend-bench [configurations >= 2]\n");
    return 2;
  }
  std::vector<unsigned> DefineLines;
  std::string Source = blankedSource(DefineLines);
  auto base = [&] {
    ProcessBackendOptions Options;
    Options.RunScript = "true";
    Options.SourceName = "kernel.c";
    Options.BlankedSource = Source;
    Options.DefineLines = DefineLines;
    Options.FileDirectory = "/tmp";
    return Options;
  };
  std::vector<Row> Rows;
  Rows.push_back({"run `true`", base()});
  {
    ProcessBackendOptions Options = base();
    Options.CostFile = "cost.txt";
    Options.RunScript = "echo 1.5,2 > cost.txt";
    Rows.push_back({"run writes cost file", Options});
  }
  {
    ProcessBackendOptions Options = base();
    Options.CompileScript = "true";
    Options.CompileAhead = 0;
    Rows.push_back({"compile `true` + run `true`", Options});
  }

  std::printf("process backend: tuner overhead per configuration (%u configurations, 200-line "
              "source, 8 parameters)\n\n",
              Count);
  std::printf("%-30s %14s %14s %14s %14s %14s\n", "scripts", "overhead p50", "overhead p90",
              "overhead max", "tuner CPU p50", "script p50");
  for (Row &R : Rows) {
    ProcessBackend Backend(R.Options);
    std::vector<double> Overheads, ScriptTimes, CpuTimes;
    for (unsigned I = 0; I < Count; ++I) {
      ParameterValues Values = configuration(I);
      double CpuStart = threadCpuSeconds();
      auto Start = std::chrono::steady_clock::now();
      Measurement M = Backend.measure(Values);
      double Total =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
      CpuTimes.push_back((threadCpuSeconds() - CpuStart) * 1e3);
      if (!M.Valid) {
        std::fprintf(stderr, "%s: configuration %u is invalid: %s\n%s", R.Name, I, M.Reason.c_str(),
                     M.Log.c_str());
        return 1;
      }
      Overheads.push_back((Total - M.CompileSeconds - M.RunSeconds) * 1e3);
      ScriptTimes.push_back((M.CompileSeconds + M.RunSeconds) * 1e3);
    }
    std::printf("%-30s %11.3f ms %11.3f ms %11.3f ms %11.3f ms %11.3f ms\n", R.Name,
                percentile(Overheads, 0.5), percentile(Overheads, 0.9), percentile(Overheads, 1.0),
                percentile(CpuTimes, 0.5), percentile(ScriptTimes, 0.5));
  }
  std::vector<double> Bare = bareSpawnCpu(Count);
  std::printf("%-30s %14s %14s %14s %11.3f ms\n", "(bare posix_spawn + waitpid)", "", "", "",
              percentile(Bare, 0.5));
  return 0;
}
