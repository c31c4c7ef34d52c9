// A name that is neither an input nor a parameter is reported where it is.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: undefined-name.cl:[[@LINE+1]]:67: error: use of undeclared identifier 'Q'
#atf::tp name WPT range interval<size_t>(1, N) constraint divides(Q)
