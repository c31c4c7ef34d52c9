//===- Results/RunObjectives.h - A run's named, directed costs ---*- C++ -*-===//
//
// What a run's costs are: the file's `objective` directives (names and
// directions, most significant first), or anonymous minimised costs
// ("cost", "cost1", ...) when it declares none. The tuning loop checks every
// measurement against them (as many numbers as objectives; a maximised one
// positive) before the search sees it, and every output names them.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RUNOBJECTIVES_H
#define ATFC_RESULTS_RUNOBJECTIVES_H

#include "Backends/Measurement.h"
#include "Support/Cost.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace atfc {

/// Makes a valid M invalid (bad cost, with the reason) when its costs do not
/// fit Declared: another number of costs than objectives declared, or a
/// maximised objective that is not positive. Anonymous costs fit where no
/// Count is given, else where they are Count (a run's first valid result's:
/// costs of different lengths cannot be compared).
void checkCostFitsObjectives(Measurement &M, const ObjectiveList &Declared,
                             std::optional<std::size_t> Count = std::nullopt);

/// C with each component named: "0.25" for one anonymous cost (its name is
/// "cost"), else "time=0.25 (min), gflops=512 (max)". Full precision.
std::string formatNamedCost(const Cost &C, const ObjectiveList &Declared);

/// The name of cost I of Count: its objective's name in Declared, or the
/// anonymous one ("cost", "cost1", ...) when Declared does not name it.
std::string costName(const ObjectiveList &Declared, std::size_t I, std::size_t Count);

/// [{"name": "time", "direction": "min"}, ...] for Count costs.
nlohmann::ordered_json objectivesJson(const ObjectiveList &Declared, std::size_t Count);

/// The objectives a JSON value of objectivesJson() or of an older atfc (an
/// array of names, all minimised) describes; empty for anything else.
ObjectiveList objectivesFromJson(const nlohmann::ordered_json &J);

} // namespace atfc

#endif
