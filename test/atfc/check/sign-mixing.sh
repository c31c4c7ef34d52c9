# A bound compares integers as numbers (std::cmp_less), a filter is the
# user's C++: `B > OFF || B == 100` kept no value where `A > OFF` kept all,
# because C++ made OFF = -1 the largest unsigned. A filter's comparison of a
# signed value known to be negative with an unsigned one is an error at the
# operator; one that may be negative is a warning; each says how to compare
# numbers.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#atf::var<int> OFF = -1
#atf::var<int>::M $1
#atf::tp name A range interval<unsigned>(0, 10) constraint A > OFF
#atf::tp name B range interval<unsigned>(0, 10) constraint B > OFF || B == 100
# CHECK: sign-mixing.sh:[[@LINE-1]]:62: error: '>' compares the signed 'int' with the unsigned 'unsigned int' as C++ does, where -1 is the largest 'unsigned int'; a filter is C++, while a bound compares numbers: write std::cmp_greater(B, OFF) to compare numbers, or convert one side
#atf::tp name C range interval<unsigned>(0, 10) constraint !(C <= -1)
# CHECK: sign-mixing.sh:[[@LINE-1]]:64: error: '<=' compares {{.*}} write std::cmp_less_equal(C, -1)
#atf::tp name D range interval<unsigned>(0, 10) constraint [](unsigned v){ return v > -1; }
# CHECK: sign-mixing.sh:[[@LINE-1]]:85: error: '>' compares {{.*}} std::cmp_greater(v, -1)
#atf::tp name E range interval<int>(-5, 10) constraint E < 5u || E == 100
# CHECK: sign-mixing.sh:[[@LINE-1]]:58: warning: '<' compares the signed 'int' with the unsigned 'unsigned int'
#atf::tp name F range interval<size_t>(1, 10) constraint F > 2 || F < M
# CHECK: sign-mixing.sh:[[@LINE-1]]:69: warning: '<' compares the signed 'int' with the unsigned 'unsigned long' {{.*}} std::cmp_less(F, M)
#atf::tp name G range interval<size_t>(1, 10) constraint G == 1 || [](size_t v){ return v * OFF > 2; }
# CHECK: sign-mixing.sh:[[@LINE-1]]:91: error: '*' converts the signed 'int' into the unsigned 'unsigned long', where -1 is the largest 'unsigned long'; convert one side so that both have the type you mean
# Numbers compared as numbers, non-negative constants, bounds and aliases,
# and arithmetic with a variable pass.
#atf::tp name H range interval<size_t>(1, 10) constraint H > 8 || std::cmp_less(H, OFF + 3)
#atf::tp name I range interval<size_t>(1, 10) constraint I > 8 || I < 3 || I * M % 2 == 0
#atf::tp name J range interval<size_t>(1, 10) constraint less_than(OFF + 5) && J >= M && divides(12)
