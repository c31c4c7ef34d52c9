//===- Ranks/MeasuringRank.h - A rank that measures -----------*- C++ -*-===//
//
// The measuring tuner of a run over ranks: it says Hello once its measurer
// is open and its space generated, then measures what the searching tuner
// sends until its launcher closes the socket. Configurations that arrive
// together are prepared together (compile scripts run ahead).
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RANKS_MEASURINGRANK_H
#define ATFC_RANKS_MEASURINGRANK_H

#include "Backends/ConfigurationMeasurer.h"
#include "Ranks/RankProtocol.h"

#include <iosfwd>
#include <string>

namespace atfc {

/// Tells the searching tuner that this rank cannot measure (Why).
void refuseToMeasure(const RankRole &Role, const std::string &Why);

/// Serves measurements until the launcher closes the socket; the exit
/// status (0, or 130 when interrupted).
int serveMeasurements(const RankRole &Role, ConfigurationMeasurer &Measurer);

} // namespace atfc

#endif
