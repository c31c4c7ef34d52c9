// Several errors are reported in one run, in file order.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: several-errors.cl:[[@LINE+1]]:67: error: use of undeclared identifier 'P'
#atf::tp name WPT range interval<size_t>(1, N) constraint divides(P)
// CHECK: several-errors.cl:[[@LINE+1]]:66: error: use of undeclared identifier 'R'
#atf::tp name LS range interval<size_t>(1, N) constraint divides(R)
