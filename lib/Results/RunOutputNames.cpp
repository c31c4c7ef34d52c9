//===- Results/RunOutputNames.cpp - The names a run writes ---------------===//
#include "Results/RunOutputNames.h"

namespace atfc {

std::string tunedSourceName(const std::string &FileName) {
  std::string Base = FileName.substr(FileName.find_last_of('/') + 1);
  const std::size_t Dot = Base.find_last_of('.');
  if (Dot == std::string::npos || Dot == 0)
    return Base + ".tuned";
  return Base.substr(0, Dot) + ".tuned" + Base.substr(Dot);
}

std::string kernelSourceName(const std::string &FileName) {
  const std::string Tuned = tunedSourceName(FileName);
  const std::size_t At = Tuned.rfind(".tuned");
  return Tuned.substr(0, At) + ".kernel" + Tuned.substr(At + 6);
}

std::vector<std::string> runOutputNames(const std::string &FileName, bool CFamily) {
  std::vector<std::string> Names = {
      "results.db", "results.db-wal", "results.db-shm", "results.db-journal",
      "best.json",  "best.h",         "report.html",    "work"};
  if (CFamily) {
    Names.push_back(tunedSourceName(FileName));
    Names.push_back(kernelSourceName(FileName));
  }
  return Names;
}

} // namespace atfc
