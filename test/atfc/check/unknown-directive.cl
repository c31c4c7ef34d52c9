// An unknown directive is an error with a suggestion, at the directive name.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
#atf::var<size_t>::N $1
// CHECK: unknown-directive.cl:[[@LINE+3]]:7: error: unknown directive '#atf::tpp'; did you mean '#atf::tp'?
// CHECK-NEXT: #atf::tpp name WPT range interval<size_t>(1, N)
// CHECK-NEXT: {{^      \^$}}
#atf::tpp name WPT range interval<size_t>(1, N)
