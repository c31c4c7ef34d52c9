# A derived objective (`objective "NAME" max = EXPR`) is C++ of the
# measured `time`, the inputs and the parameters, converted to double:
# `atfc check` analyses it with the other expressions, so each error is at
# its own place in this file, not in the tuner's build.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#atf::var<long> N = 1000
#atf::tp name T range {1, 2}
#atf::tp name S range {"a", "b"}
#atf::run_script "true"
# These are well formed: the time, an input, a parameter, <cmath>.
#atf::objective "rate" max = 2.0 * N / time * T
#atf::objective "root" min = std::sqrt(time) + S.size()
# CHECK: derived-objective-errors.sh:[[@LINE+1]]:34: error: use of undeclared identifier 'tme'; did you mean 'time'?
#atf::objective "typo" max = T / tme
# CHECK: derived-objective-errors.sh:[[@LINE+1]]:30: error: {{.*}}'std::string'{{.*}}'double'
#atf::objective "text" max = std::string("fast")
