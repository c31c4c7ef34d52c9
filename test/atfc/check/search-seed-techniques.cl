// RUN: not %atfc check %s 2>&1 | FileCheck %s
// Issue 34's techniques are checked like the others: a number outside
// what nelder_mead admits, inside ATF's portfolio, at its position.
#atf::tp name X range {1, 2, 4}
#atf::search_technique atf_portfolio(0.05, 500, nelder_mead(0.2, 1, 1), window_search)
// CHECK: search-seed-techniques.cl:[[@LINE-1]]:49: error: nelder_mead: expansion must be > 1, not 1
