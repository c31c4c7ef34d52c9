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

} // namespace atfc

#endif
