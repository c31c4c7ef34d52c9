//===- runtime/TuningOutputs.h - What a run leaves behind -------*- C++ -*-===//
//
// The artefacts of a tuning run, written into its output directory:
//  - best.json: the best configuration, its cost and the run's metadata;
//  - best.h: one #define per parameter, for build scripts;
//  - FILE.tuned.EXT: the annotated source with each `tp` directive replaced
//    by the #define of its best value and the other directives blanked
//    (C-family files): the source-to-source result.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_TUNINGOUTPUTS_H
#define ATFC_RUNTIME_TUNINGOUTPUTS_H

#include "Backends/Measurement.h"
#include "Support/Cost.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace atfc {

/// The best configuration of a run and what to say about it.
struct BestConfiguration {
  ParameterValues Values;
  Cost Costs;
  /// Its index in the space, exact, as decimal text.
  std::string Index;
};

/// The output file names for the annotated file FileName: "best.json",
/// "best.h", and "NAME.tuned.EXT" ("gemm.cl" -> "gemm.tuned.cl").
std::string tunedSourceName(const std::string &FileName);

/// The text of best.h: an include guard and one #define per parameter.
/// CostText, when given, names the costs in a comment ("time=0.5 (min)").
std::string bestHeader(const ParameterValues &Values, const std::string &FileName,
                       const std::string &CostText = {});

} // namespace atfc

#endif
