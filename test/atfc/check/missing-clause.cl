// A tuning parameter without a range is an error at the directive's end.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: missing-clause.cl:[[@LINE+1]]:40: error: tuning parameter 'WPT' needs a 'range' clause
#atf::tp name WPT constraint divides(N)
