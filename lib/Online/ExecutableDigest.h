//===- Online/ExecutableDigest.h - What a C++ program's code is -*- C++ -*-===//
//
// A program that tunes through <atf.hpp> with results(DIR) keeps its costs
// under a key that names the program. Its code joins the key as the digest
// of its executable, so that a rebuilt program is measured anew instead of
// answered from the costs its old code measured.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_ONLINE_EXECUTABLEDIGEST_H
#define ATFC_ONLINE_EXECUTABLEDIGEST_H

#include <string>

namespace atfc::online {

/// A digest of this process's executable, read once (a program rebuilt
/// while it runs still runs its old code); empty when it cannot be read.
const std::string &executableDigest();

} // namespace atfc::online

#endif
