//===- Search/Techniques/AtfPortfolio.h - ATF's own AUC bandit portfolio --*- C++ -*-===//
//
// atf_portfolio(c, window, t1, t2, ...): the AUC bandit as ATF ships it.
// ATF gives this portfolio no name of its own: its C++ `atf::auc_bandit`
// takes its techniques as arguments (c 0.05, window 500 by default), and
// the ATF TACO paper (section 3) describes it as combining differential
// evolution, Nelder-Mead and Torczon hill climbers. atfc's `auc_bandit`
// has other, cross-validated defaults (docs/search.md), so ATF's choice
// gets this name: `atf_portfolio` is `auc_bandit(0.05, 500,
// differential_evolution, nelder_mead, torczon)`, built by the same class
// (AucBandit), and describes itself as that.
//
//===----------------------------------------------------------------------===//
#ifndef ATFC_SEARCH_TECHNIQUES_ATFPORTFOLIO_H
#define ATFC_SEARCH_TECHNIQUES_ATFPORTFOLIO_H

#include "Search/Techniques/AucBandit.h"

#include <array>
#include <string_view>

namespace atfc {

struct AtfPortfolio {
  /// ATF's defaults (atf::auc_bandit, pyATF's AUCBandit).
  static constexpr double kDefaultC = 0.05;
  static constexpr std::size_t kDefaultWindow = 500;
  /// The arms when none are named.
  static constexpr std::string_view kDefaultArms = "differential_evolution, nelder_mead, torczon";
  /// The numbers it takes, in order: AucBandit's, with ATF's defaults.
  static constexpr std::array<HyperParameter, 2> kParameters = {{
      {"c", kDefaultC, 0, Bound::Included, kUnbounded, Bound::Excluded, false,
       "weight of exploration against the arms' credit"},
      countParameter("window", kDefaultWindow, 1, "how many recent uses the credit counts"),
  }};
};

} // namespace atfc

#endif
