// A range that is not a valid interval or set is an error at the range.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: bad-range.cl:[[@LINE+1]]:24: error: no matching function for call to 'interval'
#atf::tp name LS range interval<size_t>(1)
