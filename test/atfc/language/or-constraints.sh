# Aliases, lambdas and conditions combine freely with &&, || and ! (DSL.md);
# check accepts them and the tuner compiles and enumerates exactly the values
# that satisfy them: X 7, Y 3, Z 2, W 4, V 1 values, 168 configurations.
# RUN: rm -rf %t && mkdir -p %t && cp %s %t/or.sh
# RUN: %atfc check %t/or.sh | FileCheck %s --check-prefix=CHECK
# RUN: %atfc tune %t/or.sh | FileCheck %s --check-prefix=TUNE
# CHECK: filter predicate(divides(12) || X == 5)
# CHECK: filter predicate(multiple_of(4) || [&](auto v){ return v == 1; })
# TUNE: done after 168 evaluations (168 valid)
#atf::tp name X range interval<int>(1, 20) constraint divides(12) || X == 5
#atf::tp name Y range interval<int>(1, 8) constraint multiple_of(4) || [](auto v){ return v == 1; }
#atf::tp name Z range interval<int>(1, 4) constraint [](auto v){ return v == 2; } || [](int v){ return v == 3; }
#atf::tp name W range interval<int>(1, 10) constraint (divides(8) && W > 1) || equal(7)
#atf::tp name V range interval<int>(1, 6) constraint !divides(6) && !(V == 5)
#atf::run_script "true"
#atf::search_technique exhaustive
