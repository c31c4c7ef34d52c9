# A file without a tuning parameter has nothing to tune: check refuses it,
# and so does tune, before building a tuner.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
# RUN: rm -rf %t && mkdir -p %t && cp %s %t/none.sh
# RUN: not %atfc tune %t/none.sh 2>&1 | FileCheck %s
# CHECK: {{.*}}.sh:[[@LINE+1]]:1: error: the file declares no tuning parameter
#atf::run_script "true"
