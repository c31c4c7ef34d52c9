//===- Ranks/RankedMeasurer.h - Measuring on every rank -------*- C++ -*-===//
//
// The searching tuner's measurer in a run over ranks, in either of the
// loop's two ways (docs/scale-out.md, "Dispatch"):
//
//  - batches: each batch the loop proposes goes out to the measuring ranks,
//    one configuration to each free rank (more when a rank compiles ahead),
//    and the results come back in the order the loop asks for them,
//    whichever rank finishes first. The batch size depends only on the
//    number of ranks, so that a seed and a number of ranks always give the
//    same proposals;
//  - asynchronous dispatch (start(), finished()): the loop keeps every
//    rank busy, and each result comes back as it arrives, so that a rank
//    that finishes gets its next configuration at once.
//
// A measuring tuner that ends while it measures (killed, crashed) costs only
// the configuration it was measuring: that one is invalid with the reason,
// the others it held (waiting, compiled ahead) go to a rank again, and its
// launcher starts it again. One that a signal stopped (its rank leaves,
// or the whole job stops) measured nothing: its configurations go to
// another rank. When no rank is left, the run ends as an interrupted one,
// every result kept, for --resume.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RANKS_RANKEDMEASURER_H
#define ATFC_RANKS_RANKEDMEASURER_H

#include "Backends/ConfigurationMeasurer.h"
#include "Ranks/RankProtocol.h"

#include <memory>
#include <string>

namespace atfc {

/// Waits until every rank of Role said it is ready, publishes the device's
/// limits from their Hello; the measurer, or the error (a rank cannot
/// measure, or the launcher is gone). During the run, a rank that is lost
/// is a warning to Diags, and the end of every rank an error (Diags must
/// outlive the measurer).
Expected<std::unique_ptr<ConfigurationMeasurer>> connectRanks(const RankRole &Role,
                                                              DiagnosticSink &Diags);

} // namespace atfc

#endif
