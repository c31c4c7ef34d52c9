# Found by the directive generator: an unindented clause line whose
# argument begins with an operator (`constraint !(...)`) did not continue
# its directive, so the parameter lacked its range. Code after a directive
# (`range = 2;`) stays code.
# RUN: rm -rf %t && mkdir -p %t && cp %s %t/ops.sh
# RUN: %atfc check %t/ops.sh | FileCheck %s
# CHECK: P3 : int in {1, 2, 4, 8}
# CHECK-NEXT: constraint names nothing
# CHECK-NEXT: filter predicate(!(predicate([&](auto v){ return v > 0; })) || P3 == 8)
# CHECK: P4 : int in {1, 2}
# CHECK-NEXT: constraint names nothing
# CHECK-NEXT: filter predicate(-P4 < 0)
# RUN: %atfc tune %t/ops.sh | FileCheck %s --check-prefix=TUNE
# TUNE: done after 2 evaluations (2 valid)
#atf::tp name P3
constraint !(predicate([](auto v){ return v > 0; })) || P3 == 8
range {1, 2, 4, 8}
#atf::tp name P4
range {1, 2}
constraint -P4 < 0
#atf::run_script "true"
