# A constraint's literal that C cannot hold as written (no signed type
# holds a decimal beyond long long; a floating one beyond its type's range
# or rounding to 0 there) would make a selection header that does not
# compile: atfc check refuses it at the literal, as tune and wisdom header
# do; one with a 'u' suffix, or a lambda's (C++ the header does not hold),
# passes.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --strict-whitespace
#atf::var<size_t>::N $1
#atf::tp name A range {1, 2} constraint less_than(18446744073709551615)
# CHECK: unholdable-literals.sh:[[@LINE-1]]:51: error: the number '18446744073709551615' is held by no signed integer type (C reads it as unsigned; write it with a 'u' suffix): the selection header cannot hold it
#atf::tp name B range {1.0, 2.0} constraint B < 1e99999 && B < N
# CHECK: unholdable-literals.sh:[[@LINE-1]]:49: error: the number '1e99999' is beyond the range of double: the selection header cannot hold it
#atf::tp name C range {1.0, 2.0} constraint C > 1e-99999f
# CHECK: unholdable-literals.sh:[[@LINE-1]]:49: error: the number '1e-99999f' rounds to 0 as float: the selection header cannot hold it
#atf::tp name D range {1, 2} constraint less_than(18446744073709551615u)
#atf::tp name E range {1, 2} constraint [](int e) { return e < 3; }
#atf::search_technique exhaustive
#atf::run_script "true"
#atf::cost_file "cost"
# CHECK-NOT: error
