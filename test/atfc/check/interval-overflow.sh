# An interval of constants that the tuner could not build is refused by
# atfc check, as atfc space would refuse it: a bound or a step that is no
# value of the interval's type at that bound or step, and pow2 past the
# type, or more values than a range holds, at the interval.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --strict-whitespace
#atf::tp name A range interval<int>(0, 40, 1, pow2)
# CHECK: interval-overflow.sh:[[@LINE-1]]:23: error: the interval of 'A' cannot be built: pow2: exponent out of range (2^i must be a value of the interval's type, i >= 0)
# CHECK-NEXT: {{^}}#atf::tp name A range interval<int>(0, 40, 1, pow2)
# CHECK-NEXT: {{^}}                      ^
#atf::tp name B range interval<std::int8_t>(0, 200)
# CHECK: interval-overflow.sh:[[@LINE-1]]:48: error: the interval of 'B' cannot be built: its upper bound is no value of its type 'std::int8_t', which holds -128 to 127
# CHECK-NEXT: {{^}}#atf::tp name B range interval<std::int8_t>(0, 200)
# CHECK-NEXT: {{^}}                                               ^
#atf::tp name C range interval<unsigned>(-1, 5)
# CHECK: interval-overflow.sh:[[@LINE-1]]:42: error: the interval of 'C' cannot be built: its lower bound is no value of its type 'unsigned int', which holds 0 to 4294967295
#atf::tp name D range interval<short>(0, 10, 1 << 20)
# CHECK: interval-overflow.sh:[[@LINE-1]]:46: error: the interval of 'D' cannot be built: its step is no value of its type 'short', which holds -32768 to 32767
#atf::tp name E range interval<float>(0, 1e39)
# CHECK: interval-overflow.sh:[[@LINE-1]]:42: error: the interval of 'E' cannot be built: its upper bound is no finite value of its type 'float'
#atf::tp name F range interval<long>(-9223372036854775807 - 1, 9223372036854775807)
# CHECK: interval-overflow.sh:[[@LINE-1]]:23: error: the interval of 'F' cannot be built: interval: 2^64 values are more than a range can hold
#atf::tp name G range interval<double>(-1e300, 1e300, 1e-300)
# CHECK: interval-overflow.sh:[[@LINE-1]]:23: error: the interval of 'G' cannot be built: interval: more values than a range can hold (2^64 - 1)
# The largest that fit are fine.
#atf::tp name H range interval<int>(0, 30, 1, pow2)
#atf::tp name I range interval<std::uint64_t>(1, 63, 1, pow2)
#atf::tp name J range interval<std::int8_t>(-128, 127)
# CHECK-NOT: error
#atf::run_script "true"
