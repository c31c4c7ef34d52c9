//===- runtime/MeasuringRank.h - A rank that measures -----------*- C++ -*-===//
//
// The measuring tuner of a run over ranks: it says Hello once its measurer
// is open and its space generated, then measures what the searching tuner
// sends until its launcher closes the socket. Configurations that arrive
// together are prepared together (compile scripts run ahead).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_MEASURINGRANK_H
#define ATFC_RUNTIME_MEASURINGRANK_H

#include "runtime/ConfigurationMeasurer.h"
#include "runtime/RankProtocol.h"

#include <iosfwd>
#include <string>

namespace atfc {

/// The setup a measuring rank uses: the file's, measuring on the rank's
/// device (its node-local rank, or its entry of `--devices`).
TuningSetup setupOfRank(const TuningSetup &Setup, const RankRole &Role);

/// Why a measuring rank cannot open its measurer (Why), with what to do
/// when the rank measures on a device other than 0: a machine with fewer
/// devices than ranks (pocl's one CPU device) needs `--devices 0`.
std::string whyRankCannotMeasure(const TuningSetup &Setup, const RankRole &Role,
                                 const std::string &Why);

/// Tells the searching tuner that this rank cannot measure (Why).
void refuseToMeasure(const RankRole &Role, const std::string &Why);

/// Serves measurements until the launcher closes the socket; the exit
/// status (0, or 130 when interrupted).
int serveMeasurements(const RankRole &Role, ConfigurationMeasurer &Measurer);

} // namespace atfc

#endif
