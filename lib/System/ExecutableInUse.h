//===- System/ExecutableInUse.h - Tuners that are running --------*- C++ -*-===//
//
// The tuner cache of an output directory evicts its older tuners
// (Driver/TunerBuild.h) while another atfc process for the same file may be
// running one of them: a `atfc tune` of the file as it was before an edit,
// a tuner that `atfc build` built and the user runs by hand. Each running
// tuner therefore holds a shared flock(2) on its own executable for as long
// as it lives (markOwnExecutableInUse, at its start; the kernel drops it
// however the process ends), and eviction removes an executable only while
// it holds the exclusive lock, which it takes without waiting
// (removeUnlessInUse): a tuner in use stays. A tuner that an atfc process
// has found but not yet started is the one used last, which eviction keeps.
//
// Tested through TunerBuildTest.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SYSTEM_EXECUTABLEINUSE_H
#define ATFC_SYSTEM_EXECUTABLEINUSE_H

#include <string>

namespace atfc {

/// Takes the shared lock on this process's executable (/proc/self/exe),
/// held until the process ends. Where it cannot be taken, nothing is
/// marked: eviction then may remove the file, which a running process
/// keeps executing all the same.
void markOwnExecutableInUse();

/// Whether the regular file Name of the directory DirFd (no link followed)
/// is marked in use by a process (a shared lock is held on it).
bool executableInUse(int DirFd, const std::string &Name);

/// Removes the regular file Name of the directory DirFd (no link followed)
/// unless a process marks it in use; whether it was removed.
bool removeUnlessInUse(int DirFd, const std::string &Name);

} // namespace atfc

#endif
