# An expression of a file is evaluated by the tuner as often as it needs,
# so a call there must be free of side effects: `std::rand()` made each
# generation a different space, `printf` printed per candidate. A call of
# anything but a constexpr function, a lambda, the language's names or the
# standard library's math functions is an error at the callee.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
# A --fix value is pasted into the tuner: the same holds for it.
# RUN: rm -rf %t && mkdir -p %t && cp %S/../tune/Inputs/four.sh %t/
# RUN: not %atfc tune %t/four.sh --fix 'X=std::rand() % 4' 2>&1 | FileCheck %s --check-prefix=FIX
# FIX: error: --fix X=std::rand() % 4: the value is one C++ value of X's type {{.*}}without a call of 'std::rand', which may have side effects
#atf::var<int>::N $1
#atf::tp name A range interval<int>(1, std::rand() % 4 + 1)
# CHECK: impure-calls.sh:[[@LINE-1]]:40: error: 'rand' may have side effects
#atf::tp name B range interval<int>(1, N) constraint printf("%d", B) > 0
# CHECK: impure-calls.sh:[[@LINE-1]]:54: error: 'printf' may have side effects
#atf::tp name C range interval<int>(1, N) constraint [](int c) { return std::system("true") == c; }
# CHECK: impure-calls.sh:[[@LINE-1]]:73: error: 'system' may have side effects
# What is free of side effects stays allowed.
#atf::tp name D range interval<int>(1, std::max(N, 2)) constraint std::gcd(D, N) == 1 && std::sqrt(D) < 100 && [](int d) { return std::min(d, N) > 0; }(D)
#atf::tp name E range set(1, 2, std::numeric_limits<int>::max()) constraint E != std::abs(-3) && std::bit_width(static_cast<unsigned>(E)) < 40
#atf::run_script "true"
