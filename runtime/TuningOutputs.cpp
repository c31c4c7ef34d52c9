//===- runtime/TuningOutputs.cpp - What a run leaves behind ---------------===//
#include "runtime/TuningOutputs.h"

#include "Backends/SourceSubstitution.h"
#include "System/SafeFiles.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace atfc {

std::string tunedSourceName(const std::string &FileName) {
  std::string Base = FileName.substr(FileName.find_last_of('/') + 1);
  const std::size_t Dot = Base.find_last_of('.');
  if (Dot == std::string::npos || Dot == 0)
    return Base + ".tuned";
  return Base.substr(0, Dot) + ".tuned" + Base.substr(Dot);
}

std::string bestHeader(const ParameterValues &Values, const std::string &FileName,
                       const std::string &CostText) {
  std::string Text = "// The best configuration atfc found for " + FileName + ".\n";
  if (!CostText.empty())
    Text += "// Its cost: " + CostText + ".\n";
  Text += "// Written by atfc tune; do not edit.\n#ifndef ATFC_BEST_H\n#define ATFC_BEST_H\n";
  // The values as ATF_SOURCE and the tuned source define them.
  for (const NamedValue &V : Values)
    Text += "#define " + V.Name + " " + preprocessorValue(V.Val) + "\n";
  return Text + "#endif\n";
}

} // namespace atfc
