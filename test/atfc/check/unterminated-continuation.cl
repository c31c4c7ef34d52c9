// A file that ends inside a continued directive is an error at the '\'.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
// CHECK: unterminated-continuation.cl:[[@LINE+2]]:48: error: unterminated continuation
#atf::var<size_t>::N $1
#atf::tp name WPT range interval<size_t>(1, N) \