//===- Backends/ProcessMeasurer.h - Scripts behind the loop -----*- C++ -*-===//
//
// The process backend as a ConfigurationMeasurer: configurations are
// measured by compile and run scripts (ProcessBackend.h), and measured ahead
// in batches: the compile scripts of the next configurations run while one
// is measured.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_BACKENDS_PROCESSMEASURER_H
#define ATFC_BACKENDS_PROCESSMEASURER_H

#include "Backends/ConfigurationMeasurer.h"
#include "Backends/ProcessBackend.h"

#include <memory>

namespace atfc {

/// A measurer that runs Options' scripts.
std::unique_ptr<ConfigurationMeasurer> makeProcessMeasurer(ProcessBackendOptions Options);

} // namespace atfc

#endif
