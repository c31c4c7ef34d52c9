# A constant of a set or an interval bound that the parameter's type cannot
# hold as it is: the tuner's compiler refused some (1.5 or 256 in a set,
# with its own output) and silently changed others (the bound 260 of a
# uint8_t interval made it empty). atfc check refuses each at the value.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --strict-whitespace
#atf::tp name A type int range {1.5, 2}
# CHECK: range-value-types.sh:[[@LINE-1]]:33: error: this value of the range of 'A' has a fraction, and its type 'int' holds integers
# CHECK-NEXT: {{^}}#atf::tp name A type int range {1.5, 2}
# CHECK-NEXT: {{^}}                                ^
#atf::tp name B type uint8_t range {1, 256}
# CHECK: range-value-types.sh:[[@LINE-1]]:40: error: this value of the range of 'B' is no value of its type 'uint8_t', which holds 0 to 255
#atf::tp name C type unsigned range {2, -1}
# CHECK: range-value-types.sh:[[@LINE-1]]:41: error: this value of the range of 'C' is no value of its type 'unsigned int', which holds 0 to 4294967295
#atf::tp name D type bool range {true, 2}
# CHECK: range-value-types.sh:[[@LINE-1]]:40: error: this value of the range of 'D' is no value of its type 'bool', which holds false and true (0 and 1)
#atf::tp name E type float range {0.5, 1e300}
# CHECK: range-value-types.sh:[[@LINE-1]]:40: error: this value of the range of 'E' is no finite value of its type 'float'
#atf::tp name F type float range {16777217}
# CHECK: range-value-types.sh:[[@LINE-1]]:35: error: this value of the range of 'F' is an integer that its type 'float' cannot hold exactly
#atf::tp name G type uint8_t range interval(250, 260)
# CHECK: range-value-types.sh:[[@LINE-1]]:50: error: the interval of 'G' cannot be built: its upper bound is no value of its type 'uint8_t', which holds 0 to 255
#atf::tp name H type uint8_t range interval<int>(250, 260)
# CHECK: range-value-types.sh:[[@LINE-1]]:55: error: the interval of 'H' cannot be built: its upper bound is no value of its type 'uint8_t', which holds 0 to 255
# Values the type holds as they are pass: 2.0 as an int, 0.1 rounded to a
# float, a char's letters, the extremes of a type.
#atf::tp name I type int range {1, 2.0}
#atf::tp name J type float range {0.1, 3}
#atf::tp name K type char range {'a', 98}
#atf::tp name L type int8_t range {-128, 127}
#atf::tp name M type bool range {0, 1, false}
#atf::tp name N type uint8_t range interval(0, 255)
#atf::tp name O type float range {0.5, 1.0 / 0.0, 0.0 / 0.0}
#atf::tp name Q range {2, 3.5, 1.0 / 0.0}
#atf::run_script "true"
#atf::cost_file "cost"
# CHECK-NOT: error
