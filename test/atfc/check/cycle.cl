// Constraints that need each other's values form a cycle: an error at the
// name that closes it (the last one of the cycle in the file), naming every
// parameter in it, and a note at each other name of the cycle.
// RUN: not %atfc check %s 2>&1 | FileCheck %s --strict-whitespace
#atf::tp name A range {1, 2} constraint divides(C)
#atf::tp name B range {1, 2} constraint divides(A)
#atf::tp name C range {1, 2} constraint C != 2 && divides(B)
#atf::tp name D range {1, 2}
// CHECK: cycle.cl:[[@LINE-2]]:59: error: cyclic constraints between parameters A, B and C: the constraint of 'C' names 'B' here, which closes the cycle; each needs the value of another to be generated first; remove one of these names from its constraint
// CHECK-NEXT: {{^}}#atf::tp name C range {1, 2} constraint C != 2 && divides(B)
// CHECK-NEXT: {{^}}                                                          ^
// CHECK-NEXT: cycle.cl:[[@LINE-6]]:49: note: the constraint of 'B' names 'A' here
// CHECK: cycle.cl:[[@LINE-8]]:49: note: the constraint of 'A' names 'C' here
