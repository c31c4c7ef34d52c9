# Parameters and inputs become environment variables of the scripts: names
# that already mean something there are refused, saying why.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name PATH range {1, 2}
# CHECK: reserved-names.sh:[[@LINE-1]]:15: error: 'PATH' cannot be the name of a tuning parameter: the scripts see it as an environment variable, and the shell would no longer find commands; choose another name
#atf::tp name LD_PRELOAD range {1, 2}
# CHECK: [[@LINE-1]]:15: error: 'LD_PRELOAD' cannot be the name of a tuning parameter: {{.*}}the dynamic linker reads LD_* variables
#atf::var<int> ATF_SOURCE = 1
# CHECK: [[@LINE-1]]:16: error: 'ATF_SOURCE' cannot be the name of an input: {{.*}}atfc passes ATF_SOURCE
#atf::tp name IFS range {1, 2}
# CHECK: [[@LINE-1]]:15: error: 'IFS'
#atf::tp name HOME range {1}
# CHECK: [[@LINE-1]]:15: error: 'HOME'
#atf::tp name SHELL range {1}
# CHECK: [[@LINE-1]]:15: error: 'SHELL'
#atf::tp name PATH_LENGTH range {1, 2}
# CHECK-NOT: PATH_LENGTH
#atf::run_script "true"
