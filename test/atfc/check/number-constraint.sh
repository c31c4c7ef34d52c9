# A constraint that is a number, not a condition: `constraint 42` passed as
# "always true" (a mistyped equal(42) or divides(42), most likely), and
# `constraint X` kept X's non-zero values. Each is an error at the number.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#atf::tp name X range interval<int>(1, 100) constraint 42
# CHECK: number-constraint.sh:[[@LINE-1]]:56: error: the constraint of 'X' is not a condition: '42' is a constant of type 'int', true or false whatever 'X' is; did you mean equal(42) or divides(42)?
#atf::tp name Y range interval<int>(1, 100) constraint Y
# CHECK: number-constraint.sh:[[@LINE-1]]:56: error: the constraint of 'Y' is not a condition: 'Y' has type 'int', which C++ reads as 'Y != 0'; write the comparison you mean
#atf::tp name Z range interval<int>(1, 100) constraint Z > 2 && 2.5
# CHECK: number-constraint.sh:[[@LINE-1]]:65: error: the constraint of 'Z' is not a condition: '2.5' is a constant of type 'double'
# Conditions pass: a bool parameter, comparisons, `!`, a bool under `||`.
#atf::tp name B range {true, false} constraint B
#atf::tp name W range interval<int>(1, 100) constraint W > 2 && !(W & 1) && (W == 4 || B)
