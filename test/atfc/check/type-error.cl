// A type error inside a constraint is Clang's, at the user's column.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: type-error.cl:[[@LINE+1]]:69: error: invalid operands to binary expression
#atf::tp name WPT range interval<size_t>(1, N) constraint divides(N / "x")
