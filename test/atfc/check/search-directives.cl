// RUN: not %atfc check %s 2>&1 | FileCheck %s
// The search technique and the abort condition are checked too, at the
// position of the mistake inside the directive.
#atf::tp name X range {1, 2, 4}
#atf::search_technique round_robin(torczon, simulated_anealing)
// CHECK: search-directives.cl:[[@LINE-1]]:45: error: unknown search technique 'simulated_anealing'; did you mean 'simulated_annealing'?
#atf::abort_condition evaluations(10) || duration<fortnights>(2)
// CHECK: search-directives.cl:[[@LINE-1]]:51: error: unknown duration unit 'fortnights'; expected seconds, minutes, hours or milliseconds
