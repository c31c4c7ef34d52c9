# A range is refused at the part at fault, not at its start: a set at the
# value of the wrong type (with a type, the first that does not convert to
# it; without one, the first with no common type with the first value), an
# interval at its step when the step is not positive.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --strict-whitespace
#atf::tp name A type "int" range {1, 2, "four", 8}
# CHECK: range-culprits.sh:[[@LINE-1]]:41: error: this value of the range of 'A' does not convert to its type 'int'
# CHECK-NEXT: {{^}}#atf::tp name A type "int" range {1, 2, "four", 8}
# CHECK-NEXT: {{^}}                                        ^
#atf::tp name B range {"x", "y", 3}
# CHECK: range-culprits.sh:[[@LINE-1]]:34: error: the values of the range of 'B' have no common type: this one has none with the first; write them as one type or give 'B' a type clause
# CHECK-NEXT: {{^}}#atf::tp name B range {"x", "y", 3}
# CHECK-NEXT: {{^}}                                 ^
#atf::tp name C range set<float>(0.5, 1.5, nullptr)
# CHECK: range-culprits.sh:[[@LINE-1]]:44: error: this value of the range of 'C' does not convert to 'float'
#atf::tp name S type "std::string" range {"a", nullptr, "c"}
# C++20 converts nullptr to std::string, which throws when the tuner runs;
# a null pointer is a value of a pointer type only.
# CHECK: range-culprits.sh:[[@LINE-3]]:48: error: this value of the range of 'S' does not convert to its type 'std::string'
#atf::tp name D range interval<int>(1, 64, 0)
# CHECK: range-culprits.sh:[[@LINE-1]]:44: error: the interval of 'D' has a step that is not positive
# CHECK-NEXT: {{^}}#atf::tp name D range interval<int>(1, 64, 0)
# CHECK-NEXT: {{^}}                                           ^
#atf::tp name E range interval<double>(0, 1, 1 - 1.5)
# CHECK: range-culprits.sh:[[@LINE-1]]:46: error: the interval of 'E' has a step that is not positive
#atf::run_script "true"
