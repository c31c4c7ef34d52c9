# What the tuner pastes into its C++ is checked as the tuner compiles it:
# words after a count, a `;` after a range, a timeout the tuner cannot
# convert are errors at file:line:col, never a tuner that does not compile
# (test/generator/junk_after_arguments.py hunts the whole class).
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 4
# CHECK: junk-after-arguments.sh:[[@LINE+1]]:33: error: unexpected ';' before ')'
#atf::tp name X range {1, 2, 4} ; constraint X <= N
#atf::run_script "true"
# CHECK: junk-after-arguments.sh:[[@LINE+1]]:21: error: expected ')'
#atf::repetitions 3 foo
# CHECK: junk-after-arguments.sh:[[@LINE+1]]:37: error: invalid operands to binary expression ('duration<atf::seconds>' and 'int')
#atf::timeout duration<seconds>(30) + 1
