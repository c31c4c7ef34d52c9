// The ATF slides' "generates the cost function" example, as printed: clause
// lines not indented, a cost file, and the input N_1 the slide leaves out.
// The run script writes the cost; the abort condition is overridden to
// keep the test short.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/prog.cpp
// RUN: printf '#!/bin/sh\nc++ -o prog -x c++ "$ATF_SOURCE"\n' > %t/compile.sh
// RUN: printf '#!/bin/sh\n./prog && echo "$PM_SIZE_1" > cost.txt\n' > %t/run.sh
// RUN: chmod +x %t/compile.sh %t/run.sh
// RUN: %atfc check %t/prog.cpp | FileCheck %s
// CHECK: 4 tuning parameter(s) in 3 group(s)
// RUN: %atfc tune %t/prog.cpp --technique exhaustive --abort-condition "evaluations(3)" | FileCheck %s --check-prefix=TUNE
// TUNE: done after 3 evaluations (3 valid)
// TUNE: best cost {{.*}}PM_SIZE_1=1
#atf::var<int> N_1 = 3

#atf::tp name      NUM_WG_1
range          interval<int>( 1,N_1 )

#atf::tp name      NUM_WI_1
range          interval<int>( 1,N_1 )

#atf::tp name      LM_SIZE_1
range          interval<int>( 1,N_1 )
constraint     LM_SIZE_1 <= N_1

#atf::tp name      PM_SIZE_1
range          interval<int>( 1,N_1 )
constraint     PM_SIZE_1 <= LM_SIZE_1

#atf::run_script   "./run.sh"
#atf::compile_script "./compile.sh"
#atf::cost_file    "./cost.txt"

#atf::search_technique auc_bandit
#atf::search_technique duration<minutes>( 10 )

// program code
int main() { return NUM_WG_1 + NUM_WI_1 + LM_SIZE_1 + PM_SIZE_1 > 0 ? 0 : 1; }
