# Types whose values the tuner cannot hold: its values are 64-bit integers,
# doubles, bools and strings kept in std::vectors. atfc check accepted
# these and the tuner did not compile (a static assertion of std::vector, no
# std::string of an __int128, a duplicate 'const'); now each is refused at
# the type.
# RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=error:
#atf::tp name A type "const int" range {1, 2}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the const type 'const int': write 'int'
#atf::tp name B type "volatile int" range {1, 2}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the volatile type 'volatile int': write 'int'
#atf::tp name C type "half" range {1, 2}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the type 'atf::half': its values are integers of at most 64 bits, float, double, long double, bool or std::string
#atf::tp name D type "__int128" range {1, 2}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the type '__int128' of 128 bits: its integers have at most 64
#atf::tp name E type "unsigned __int128" range {1, 2}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the type 'unsigned __int128' of 128 bits
#atf::tp name F range {static_cast<__int128>(1)}
# CHECK: value-types.sh:[[@LINE-1]]:23: error: a tuning parameter cannot have the type '__int128' of 128 bits
#atf::var<const int> N = 2
# CHECK: value-types.sh:[[@LINE-1]]:11: error: an input is constant already, and the tuner declares it 'const': leave out the 'const' of its type
#atf::var<int const>::P $1
# CHECK: value-types.sh:[[@LINE-1]]:11: error: an input is constant already
#atf::var<__int128> M = 2
# CHECK: value-types.sh:[[@LINE-1]]:11: error: an input cannot have the type '__int128' of 128 bits: its integers have at most 64
#atf::var<half>::H $2
# CHECK: value-types.sh:[[@LINE-1]]:11: error: an input cannot have the type 'atf::half'
#atf::var<const char *> S = "s"
# CHECK: value-types.sh:[[@LINE-1]]:11: error: an input is constant already, and the tuner declares it 'const': leave out the 'const' of its type
# Types the tuner holds pass: a volatile input (the tuner copies its value),
# a parameter of pointers to const characters, the character and
# floating-point types.
#atf::var<volatile int> V = 2
#atf::tp name G type "const char*" range {"a", "b"}
#atf::tp name H2 type "char *const" range {"a"}
# CHECK: value-types.sh:[[@LINE-1]]:24: error: a tuning parameter cannot have the const type
#atf::tp name I type "long double" range {N, M, V, P, H}
#atf::tp name J type "wchar_t" range {1, 2}
#atf::tp name K type "signed char" range {1, 2}
#atf::tp name L type "char16_t" range {1, 2}
