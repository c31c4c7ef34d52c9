//===- runtime/TuningPriors.cpp - A tuning run's warm start ---------------===//
#include "runtime/TuningPriors.h"

#include "runtime/ResultsDatabase.h"

#include <set>

namespace atfc {

WarmStartOrError priorConfigurations(const ChainOfTrees &Space,
                                     const std::vector<PriorData> &Priors, std::size_t Count) {
  std::vector<std::vector<Configuration>> Each;
  for (const PriorData &Prior : Priors) {
    RecordedDataOrError Data =
        Prior.Run != 0 ? readResultsDatabase(Prior.Path, Prior.Run) : readRecordedData(Prior.Path);
    if (!Data.ok())
      return {{}, "cannot read the prior: " + Data.Error};
    WarmStartOrError Start = warmStartConfigurations(Space, Data.Data, Count);
    if (!Start.ok())
      return {{}, Prior.Path + ": " + Start.Error};
    Each.push_back(std::move(Start.Configurations));
  }
  WarmStartOrError R;
  std::set<Configuration> Taken;
  for (std::size_t Rank = 0; R.Configurations.size() < Count; ++Rank) {
    bool Any = false;
    for (const std::vector<Configuration> &Best : Each) {
      if (Rank >= Best.size() || R.Configurations.size() >= Count)
        continue;
      Any = true;
      if (Taken.insert(Best[Rank]).second)
        R.Configurations.push_back(Best[Rank]);
    }
    if (!Any)
      break;
  }
  return R;
}

} // namespace atfc
