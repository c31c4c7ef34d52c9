//===- Backends/CostFile.h - What a run script writes as its cost -*- C++ -*-===//
//
// A run script reports its cost(s) in a file: comma-separated finite
// numbers and nothing else. The file is outside data: it is read only if it
// is a regular file (a FIFO would block the tuner past any timeout, a
// device never end), whole, and at most 1 MiB; anything after the numbers
// is an error. test/fuzz/CostFileFuzzer.cpp fuzzes the parser.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_COSTFILE_H
#define ATFC_BACKENDS_COSTFILE_H

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace atfc {

/// Parses comma-separated finite numbers into Costs (appended); on failure
/// says why in Problem ("is empty", "holds ..., not comma-separated numbers").
bool parseCosts(std::string_view Text, std::vector<double> &Costs, std::string &Problem);

/// The whole of the cost file at Path into Text; on failure says why in
/// Problem ("was not written", "is not a regular file", ...).
bool readCostFile(const std::filesystem::path &Path, std::string &Text, std::string &Problem);

} // namespace atfc

#endif
