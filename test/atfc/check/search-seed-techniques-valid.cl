// RUN: %atfc check %s 2>&1 | FileCheck %s
// Issue 34's techniques by name, each with its numbers (docs/search.md).
#atf::tp name X range {1, 2, 4}
#atf::search_technique round_robin(atf_portfolio, nelder_mead(0.5, 1, 2, 0.5, 0.5, 0.004), orthogonal_search(8), window_search(10, 0.5))
// CHECK-NOT: error
// CHECK: 1 tuning parameter(s) in 1 group(s)
