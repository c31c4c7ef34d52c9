//===- tools/atfc/OptionSpelling.h - Unknown options, did you mean -*- C++ -*-===//
//
// A mistyped option must never become an argument of the tuned program or
// be dropped: every word before `--` that looks like an option must be one
// of the subcommand's, else atfc names it and the closest option it has.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TOOLS_ATFC_OPTIONSPELLING_H
#define ATFC_TOOLS_ATFC_OPTIONSPELLING_H

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace atfc {

/// The option among Known closest to Word (by edit distance), when it is
/// close enough to be a likely typo.
std::optional<std::string> closestOption(const std::string &Word,
                                         const std::vector<std::string> &Known);

/// The message for the first word of Args before `--` that looks like an
/// option (a '-' not followed by a digit or '.') and is none of Known
/// (`--name=value` counts as `--name`); nullopt when there is none.
std::optional<std::string> unknownOptionMessage(std::span<const std::string> Args,
                                                const std::vector<std::string> &Known);

} // namespace atfc

#endif
