// A clause given twice is an error at the second one, naming the first.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
// CHECK: duplicate-clause.cl:[[@LINE+1]]:31: error: duplicate 'range' clause; the first one is at [[@LINE+1]]:19
#atf::tp name WPT range {1,2} range {3}
