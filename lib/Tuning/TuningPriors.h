//===- Tuning/TuningPriors.h - A tuning run's warm start -------*- C++ -*-===//
//
// The configurations a tuning run measures first when it is given earlier
// data (`atfc tune --prior`, and the sets already tuned by `--inputs`):
// each prior is read (a run of an atfc results database, a Kernel Tuner
// cache or a T4 file) and matched to the space (WarmStart.h); the priors'
// best configurations are then taken in turn, the best of the first prior,
// the best of the second, ..., then the second best of each, up to
// kWarmStartConfigurations in all. Costs of different priors are never
// compared: they may be of another size or device.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TUNINGPRIORS_H
#define ATFC_TUNING_TUNINGPRIORS_H

#include "Invocation/TunerCommandLine.h"
#include "Replay/WarmStart.h"
#include "Support/Diagnostic.h"

#include <vector>

namespace atfc {

/// The configurations to measure first, best first in turn over Priors, at
/// most Count, and the costs of the first prior that has any (for a model); an
/// error naming the prior that cannot be read or does not fit the space. A
/// prior that lacks some of the space's parameters gets a note on Diags.
Expected<PriorStart> priorConfigurations(const ChainOfTrees &Space,
                                         const std::vector<PriorData> &Priors,
                                         DiagnosticSink &Diags,
                                         std::size_t Count = kWarmStartConfigurations);

} // namespace atfc

#endif
