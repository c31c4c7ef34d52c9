//===- Results/RunOutputNames.h - The names a run writes -------*- C++ -*-===//
//
// The files a tuning run writes into its output directory, named in one
// place: the run claims them before it measures, and `atfc tune` before it
// builds the tuner, so that a file of one of these names that atfc did not
// create refuses the directory before anything is written into it
// (System/OutputDirectory.h). A name the run wrote but had not claimed was
// refused only at the run's end, after every measurement.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RESULTS_RUNOUTPUTNAMES_H
#define ATFC_RESULTS_RUNOUTPUTNAMES_H

#include <string>
#include <vector>

namespace atfc {

/// "NAME.tuned.EXT" for the annotated file FileName ("gemm.cl" ->
/// "gemm.tuned.cl", "run" -> "run.tuned").
std::string tunedSourceName(const std::string &FileName);

/// "NAME.kernel.EXT" ("gemm.cl" -> "gemm.kernel.cl", "run" -> "run.kernel").
std::string kernelSourceName(const std::string &FileName);

/// Every file a run of FileName writes: results.db and the journals SQLite
/// makes beside it, best.json, best.h, report.html, the directory `work`
/// where scripts and kernels run and, for a C-family file (CFamily), its
/// tuned and kernel sources.
std::vector<std::string> runOutputNames(const std::string &FileName, bool CFamily);

} // namespace atfc

#endif
