// Constraints that need each other's values form a cycle: an error that
// names every parameter in it, at the first one's directive.
// RUN: not %atfc check %s 2>&1 | FileCheck %s
// CHECK: cycle.cl:[[@LINE+1]]:1: error: cyclic constraints between parameters A, B and C
#atf::tp name A range {1, 2} constraint divides(C)
#atf::tp name B range {1, 2} constraint divides(A)
#atf::tp name C range {1, 2} constraint divides(B)
#atf::tp name D range {1, 2}
