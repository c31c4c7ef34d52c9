//===- Driver/TunerProcess.h - Running a tuner and its signals --*- C++ -*-===//
#ifndef ATFC_DRIVER_TUNERPROCESS_H
#define ATFC_DRIVER_TUNERPROCESS_H

#include "Support/Diagnostic.h"

#include <string>
#include <vector>

namespace atfc {

/// Runs Binary with Args (argv[0] included) on atfc's own terminal and
/// returns its exit status (1 when it cannot start, 128 + the signal when
/// one killed it). While it runs, SIGINT, SIGTERM and SIGHUP are the
/// tuner's to handle: atfc passes on those sent to it alone and waits for
/// the tuner to save its results. If the tuner dies by a signal, what it
/// left running is killed and its configurations' directories under
/// WorkDirectory (if given) are removed (TunerProcess.cpp). Why it could
/// not start, or which signal killed it, goes to Diags.
int runTunerProcess(const std::string &Binary, const std::vector<std::string> &Args,
                    DiagnosticSink &Diags, const std::string &WorkDirectory = {});

/// Seconds an MPI job gets, after the first signal atfc passes on, before
/// atfc kills it.
constexpr unsigned kJobKillGraceSeconds = 10;

/// Runs an MPI job's launcher, Args (argv[0], mpiexec, found on PATH), as
/// runTunerProcess runs a tuner, with stdin from /dev/null, and makes sure
/// a signal ends the job: kJobKillGraceSeconds after the first signal atfc
/// passes on (mpiexec once ignored SIGTERM for ten minutes while starting
/// 100,000 ranks), mpiexec's group and every process it left (each rank
/// leads a group of its own) are killed. Returns mpiexec's exit status, or
/// 128 + the signal once one was passed on. Settings (NAME, VALUE) join its
/// environment; atfc's own stays as it is, for threads that read it.
int runJobLauncher(const std::vector<std::string> &Args,
                   std::vector<std::pair<std::string, std::string>> Settings,
                   DiagnosticSink &Diags);

} // namespace atfc

#endif
