# A constant input whose value its declared type cannot hold: the tuner
# converted it silently (300 into a char was 44, -1 into an unsigned
# 4294967295, while check's summary printed 300 and -1). atfc check refuses
# each at the value, in the words it uses for a set's values.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#atf::var<int> I = 1.5
# CHECK: input-value-types.sh:[[@LINE-1]]:20: error: the value of input 'I' has a fraction, and its type 'int' holds integers
#atf::var<char> H = 300
# CHECK: input-value-types.sh:[[@LINE-1]]:21: error: the value of input 'H' is no value of its type 'char', which holds -128 to 127
#atf::var<unsigned> U = -1
# CHECK: input-value-types.sh:[[@LINE-1]]:25: error: the value of input 'U' is no value of its type 'unsigned int', which holds 0 to 4294967295
#atf::var<uint8_t> B = (200 + 56)
# CHECK: input-value-types.sh:[[@LINE-1]]:24: error: the value of input 'B' is no value of its type 'uint8_t', which holds 0 to 255
#atf::var<bool> T = 2
# CHECK: input-value-types.sh:[[@LINE-1]]:21: error: the value of input 'T' is no value of its type 'bool', which holds false and true (0 and 1)
#atf::var<float> F = 1e300
# CHECK: input-value-types.sh:[[@LINE-1]]:22: error: the value of input 'F' is no finite value of its type 'float'
# Values the type holds as they are pass: 2.0 as an int, 0.1 rounded to a
# float, a letter as a char, an untyped input, the extremes of a type.
#atf::var<int> I2 = 2.0
#atf::var<float> F2 = 0.1
#atf::var<char> C = 'a'
#atf::var<int8_t> L = -128
#atf::var<uint64_t> X = 18446744073709551615u
#atf::var D = -1
#atf::tp name Y range {I, H, U, B, T, F, I2, F2, C, L, X, D}
