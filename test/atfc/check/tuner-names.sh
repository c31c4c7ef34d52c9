# Names the tuner's own C++ defines or includes (errno, EOF, its atf_path_
# lambdas' parameter) are not the file's: atfc check refuses them where
# they are written, so tune never meets them as a compiler error (issue 31).
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<int> N = 4
#atf::run_script "true"
# CHECK: tuner-names.sh:[[@LINE+1]]:41: error: use of undeclared identifier 'errno'
#atf::tp name A range {1, 2} constraint errno != A
# CHECK: tuner-names.sh:[[@LINE+1]]:46: error: use of undeclared identifier 'EOF'
#atf::tp name B range {1, 2} constraint B != EOF
# CHECK: tuner-names.sh:[[@LINE+1]]:41: error: use of undeclared identifier 'atf_path_'
#atf::tp name C range {1, 2} constraint atf_path_ == C
