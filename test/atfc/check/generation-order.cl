// A constraint may name a parameter declared later: the generation order
// puts that parameter first. Bare comparisons are lowered to loops.
// RUN: %atfc check %s | FileCheck %s
// CHECK: group 1: TILE BLOCK
// CHECK: BLOCK : int in interval<int>(1, 64)
// CHECK-NEXT: constraint names TILE
// CHECK-NEXT: bound  less_than_or_eq(TILE)
// CHECK-NEXT: filter predicate(BLOCK % 2 == 0 || BLOCK == 1)
#atf::tp name BLOCK range interval<int>(1, 64) constraint BLOCK <= TILE && (BLOCK % 2 == 0 || BLOCK == 1)
#atf::tp name TILE range {8, 16, 32}
