# An interval whose constant bounds hold no value is refused at its range,
# one whose constant step is not positive at its step; a one-value interval
# is fine.
# RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::tp name X range interval<int>(10, 1)
# CHECK: empty-interval.sh:[[@LINE-1]]:23: error: the interval of 'X' is empty
#atf::tp name Y range interval<int>(1, 10, 0)
# CHECK: empty-interval.sh:[[@LINE-1]]:44: error: the interval of 'Y' has a step that is not positive
#atf::tp name Z range interval<double>(0.5, 0.25)
# CHECK: empty-interval.sh:[[@LINE-1]]:23: error: the interval of 'Z' is empty
#atf::tp name ONE range interval<int>(1, 1)
# CHECK-NOT: 'ONE'
#atf::run_script "true"
