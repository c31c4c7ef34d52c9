//===- Tuning/TuningOutputs.h - What a run leaves behind -------*- C++ -*-===//
//
// The artefacts of a tuning run, written into its output directory:
//  - best.json: the best configuration, its cost and the run's metadata;
//  - best.h: one #define per parameter, for build scripts;
//  - FILE.tuned.EXT: the annotated source with each `tp` directive replaced
//    by the #define of its best value and the other directives blanked
//    (C-family files): the source-to-source result;
//  - FILE.kernel.EXT: the source with every directive blanked and no value
//    defined (C-family files), as the device backends compile it with the
//    values as -D options: what a program that picks its configuration at
//    run time loads as it is.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_TUNING_TUNINGOUTPUTS_H
#define ATFC_TUNING_TUNINGOUTPUTS_H

#include "Backends/Measurement.h"
#include "Results/RunOutputNames.h"
#include "Support/Cost.h"
#include "Support/Error.h"
#include "System/OutputDirectory.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
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

/// best.h's include guard, one per file so that the best.h of several
/// files meet in one translation unit: ATFC_<STEM>_BEST_H, STEM the
/// upper-case selection stem (Wisdom.h) with runs of '_' made one
/// ("gemm.cl" -> ATFC_GEMM_BEST_H, "my--fft.cu" -> ATFC_MY_FFT_BEST_H).
std::string bestHeaderGuard(const std::string &FileName);

/// The text of best.h: its include guard and one #define per parameter.
/// CostText, when given, names the costs in a comment ("time=0.5 (min)").
/// An error when a name is not one to write into C (GeneratedName.h).
Expected<std::string> bestHeader(const ParameterValues &Values, const std::string &FileName,
                                 const std::string &CostText = {});

/// Everything the outputs of a run say.
struct TuningOutputFiles {
  /// The annotated file as the user named it.
  std::string FileName;
  /// Where the files go.
  std::string OutputDirectory;
  /// That directory, held since the run began: the files are written
  /// through its descriptor (openat), never by its path, so that a
  /// directory swapped in at the path mid-run gets nothing. Null: opened
  /// by its path once, here.
  atfc::OutputDirectory *Directory = nullptr;
  /// The file with its directives blanked, and the lines where the tuned
  /// source gets its #defines; no tuned source unless CFamily.
  std::string BlankedSource;
  std::vector<unsigned> DefineLines;
  bool CFamily = true;
  /// The best configuration known under the run's key.
  BestConfiguration Best;
  /// The run that measured Best.
  std::int64_t MeasuredByRun = 0;
  /// The file's objectives, which name Best's costs.
  ObjectiveList Objectives;
  /// The --fix values (NAME=VALUE); none for the whole space.
  std::vector<std::string> Fixed;
};

/// The files a run wrote, as the summary names them ("DIR/best.json",
/// "best.h", "k.tuned.c", "k.kernel.c"), and why best.h and the sources
/// were left out where they were: a program of the online interfaces names
/// its parameters freely, and a name that is no C identifier cannot be a
/// macro (best.json holds the best configuration all the same).
struct WrittenOutputs {
  std::vector<std::string> Files;
  std::string LeftOut;
};

/// Writes best.json (Run its "run": what the run was, its id, technique,
/// seed, ...), best.h and (C-family files) the tuned and the kernel source,
/// each replaced whole, or says why one cannot be written. JSON only by
/// reference here: a header that includes nlohmann/json.hpp costs every
/// file that includes it, a generated tuner among them, a second of
/// template instantiation (its _json literal's parser).
Expected<WrittenOutputs> writeTuningOutputs(const TuningOutputFiles &Outputs,
                                            const nlohmann::ordered_json &Run);

} // namespace atfc

#endif
