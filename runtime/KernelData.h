//===- runtime/KernelData.h - A kernel's data files and fills ----*- C++ -*-===//
//
// What the tuner checks about a kernel's data before anything is measured,
// and how that data joins the results key: each `data` file's path is made
// absolute (relative to the annotated file), each data file and each fill is
// checked against its argument (an Error at the clause's place in the file),
// and the contents of the data files and of a gold file are hashed, in
// chunks, into a key, so that changed data is measured anew.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_RUNTIME_KERNELDATA_H
#define ATFC_RUNTIME_KERNELDATA_H

#include "KernelData/KernelArgument.h"
#include "KernelData/ResultCheck.h"
#include "Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace atfc {

/// Path made absolute: a relative one is relative to the directory of the
/// annotated file FileName.
std::string pathBesideFile(const std::string &Path, const std::string &FileName);

/// Arguments with each data file's path absolute and the digest of the
/// contents checked (DataDigest, which every worker verifies when it reads
/// the file, a restarted one too), after checking every fill and data file
/// against its argument; or the first problem, as an Error at
/// its clause in FileName ("x.cl:4:40: error: 'x.npy' holds float64 ...").
Expected<std::vector<KernelArgument>>
preparedKernelArguments(const std::vector<KernelArgument> &Arguments, const std::string &FileName);

/// A key of the contents of every data file of Arguments and of Check's gold
/// file (paths relative to FileName's directory); empty when there are none.
Expected<std::string> kernelDataKey(const std::vector<KernelArgument> &Arguments,
                                    const std::optional<CheckSetup> &Check,
                                    const std::string &FileName);

} // namespace atfc

#endif
