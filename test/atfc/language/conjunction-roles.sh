# The summary says what the engine does with each conjunct: on an interval
# of integers bounds cut the loop, the first divides (else multiple_of, else
# equal) drives it, and every other conjunct is a filter; on a set every
# conjunct is a filter. The tune count shows the space is what check says:
# X in {2, 4, 10, 20} and S in {1, 2, 4}.
# RUN: rm -rf %t && mkdir -p %t && cp %s %t/roles.sh
# RUN: %atfc check %t/roles.sh | FileCheck %s
# CHECK:      X : int in interval<int>(1, 100)
# CHECK:      loop   divides(60)
# CHECK-NEXT: filter divides(40)
# CHECK-NEXT: bound  greater_than_or_eq(2)
# CHECK-NEXT: filter multiple_of(2)
# CHECK:      S : int in {1, 2, 4}
# CHECK:      filter divides(8)
# CHECK:      M : int in interval<int>(1, 30)
# CHECK:      loop   multiple_of(7)
# CHECK-NEXT: filter equal(14)
# RUN: %atfc tune %t/roles.sh | FileCheck %s --check-prefix=TUNE
# TUNE: done after 12 evaluations (12 valid)
#atf::tp name X range interval<int>(1, 100) constraint divides(60) && divides(40) && X >= 2 && multiple_of(2)
#atf::tp name S range {1, 2, 4} constraint divides(8)
#atf::tp name M range interval<int>(1, 30) constraint multiple_of(7) && equal(14)
#atf::run_script "true"
#atf::search_technique exhaustive
