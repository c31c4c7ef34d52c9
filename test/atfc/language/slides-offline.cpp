// The ATF slides' offline auto-tuning example, as printed (its clause lines
// indented; "NUM WI_1", a typesetting slip on that slide, is NUM_WI_1 as on
// the next), with the input N_1 the slide leaves out. Both of its
// search_technique lines are read: the second is the abort condition, which
// the tune below overrides to stay short; "./run.sh" and "./compile.sh" are
// the scripts next to this file.
// RUN: rm -rf %t && mkdir -p %t/elsewhere && cp %s %t/prog.cpp
// RUN: printf '#!/bin/sh\ntest -f "$ATF_SOURCE" && echo built > built.txt\n' > %t/compile.sh
// RUN: printf '#!/bin/sh\ntest -f built.txt\n' > %t/run.sh
// RUN: chmod +x %t/compile.sh %t/run.sh
// RUN: %atfc check %t/prog.cpp | FileCheck %s
// CHECK: 1 input(s), 4 tuning parameter(s) in 3 group(s)
// CHECK: bound  less_than_or_eq(N_1)
// CHECK: bound  less_than_or_eq(LM_SIZE_1)
// RUN: cd %t/elsewhere && %atfc tune ../prog.cpp --abort-condition "evaluations(4)" | FileCheck %s --check-prefix=TUNE
// TUNE: done after 4 evaluations (4 valid)
#atf::var<int> N_1 = 4

#atf::tp name      NUM_WG_1
           range     interval<int>( 1,N_1 )

#atf::tp name      NUM_WI_1
           range     interval<int>( 1,N_1 )

#atf::tp name      LM_SIZE_1
           range     interval<int>( 1,N_1 )
           constraint LM_SIZE_1 <= N_1

#atf::tp name      PM_SIZE_1
           range     interval<int>( 1,N_1 )
           constraint PM_SIZE_1 <= LM_SIZE_1

#atf::run_script   "./run.sh"
#atf::compile_script "./compile.sh"

#atf::search_technique auc_bandit
#atf::search_technique duration<minutes>( 10 )

// program code
int main() { return NUM_WG_1 + NUM_WI_1 + LM_SIZE_1 + PM_SIZE_1 > 0 ? 0 : 1; }
