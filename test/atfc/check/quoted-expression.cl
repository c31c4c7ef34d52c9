// An error inside a quoted argument points into the quotes.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: quoted-expression.cl:[[@LINE+1]]:76: error: use of undeclared identifier 'nope'
#atf::tp name "WPT" range "interval<size_t>(1, N)" constraint "divides(N + nope)"
