# The counts and ids of directives are whole numbers within the tuner's
# types: `warmups -1` passed check and became 4294967295 warm-ups, whose
# sum with the repetitions wrapped and crashed the tuner (signal 11);
# `seed -5` and `repetitions 0` were taken silently, and `timeout` of 0
# passed check and was refused by tune. A constant is refused here, one
# computed from an input by the tuner, in the same words, at the directive.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range {1, 2}
#atf::run_script "echo $X > c"
#atf::cost_file "c"
# CHECK: count-arguments.sh:[[@LINE+1]]:15: error: warmups must be a whole number from 0 to 4294967295, not -1
#atf::warmups -1
# CHECK: count-arguments.sh:[[@LINE+1]]:19: error: repetitions must be a whole number from 1 to 4294967295, not 0
#atf::repetitions 0
# CHECK: count-arguments.sh:[[@LINE+1]]:12: error: seed must be a whole number from 0 to 18446744073709551615, not -5
#atf::seed -5
# CHECK: count-arguments.sh:[[@LINE+1]]:15: error: the timeout must be a positive duration, not 'duration<seconds>(0)'
#atf::timeout duration<seconds>(0)

# A fraction, and the ids of a device.
# RUN: printf '%%s\n' '#atf::tp name X range {1}' '#atf::warmups 1.5' \
# RUN:   '#atf::ocl::device_info platform_id -1 device_id 0' '#atf::ocl::kernel_name k' \
# RUN:   '#atf::ocl::global_size 1' '#atf::ocl::local_size 1' > %t/ids.cl
# RUN: printf '%%s\n' '__kernel void k() {}' >> %t/ids.cl
# RUN: not %atfc check %t/ids.cl 2>&1 | FileCheck %s --check-prefix=IDS
# IDS: ids.cl:2:15: error: warmups must be a whole number from 0 to 4294967295, not 1.5
# IDS: ids.cl:3:36: error: platform_id must be a whole number from 0 to 4294967295, not -1

# From an input: the tuner refuses it before anything runs.
# RUN: printf '%%s\n' '#atf::var<int>::W $1' '#atf::tp name X range {1, 2}' \
# RUN:   '#atf::warmups W - 3' '#atf::run_script "echo $X >> runs"' > %t/input.sh
# RUN: %atfc check %t/input.sh
# RUN: not %atfc tune %t/input.sh -o %t/out -- 1 2>&1 | FileCheck %s --check-prefix=INPUT
# INPUT: input.sh:3:15: error: warmups must be a whole number from 0 to 4294967295, not -2
# RUN: not test -e %t/out/work/0/runs
# RUN: %atfc tune %t/input.sh -o %t/fine -- 4 | FileCheck %s --check-prefix=FINE
# FINE: done after 2 evaluations (2 valid)
