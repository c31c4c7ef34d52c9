// Parameters and inputs become code (a #define in best.h and the tuned
// source, a variable of the tuner, a member of the selection header): a
// macro, a keyword, a reserved name or one of atfc's own names is refused
// at the name, saying why, before any compiler sees it.
// RUN: not %atfc check %s 2>&1 | FileCheck %s --implicit-check-not=tuner-
#atf::tp name __LINE__ range {1, 2}
// CHECK: generated-names.cpp:[[@LINE-1]]:15: error: '__LINE__' cannot be the name of a tuning parameter: names beginning with '_' and a capital letter or containing '__' are reserved to the compiler and its library (as __LINE__ is a predefined macro); choose another name
#atf::tp name errno range {1, 2}
// CHECK: [[@LINE-1]]:15: error: 'errno' cannot be the name of a tuning parameter: it is a macro of the compiler or of a standard C header, which would replace it; choose another name
#atf::var<int> EOF = 1
// CHECK: [[@LINE-1]]:16: error: 'EOF' cannot be the name of an input: it is a macro
#atf::tp name unix range {1}
// CHECK: [[@LINE-1]]:15: error: 'unix' cannot be the name of a tuning parameter: it is a macro
#atf::tp name atf_path_ range {1}
// CHECK: [[@LINE-1]]:15: error: 'atf_path_' cannot be the name of a tuning parameter: names beginning with 'atf_' or 'atfc_' (in any case) are atfc's own in the code it generates
#atf::tp name atfc_tier range {1}
// CHECK: [[@LINE-1]]:15: error: 'atfc_tier'
#atf::tp name _Tile range {1}
// CHECK: [[@LINE-1]]:15: error: '_Tile' cannot be the name of a tuning parameter: names beginning with '_' and a capital
#atf::tp name typeof range {1}
// CHECK: [[@LINE-1]]:15: error: 'typeof' is a keyword of C, C++ or OpenCL C and cannot name a tuning parameter
#atf::tp name stdin range {1}
// CHECK: [[@LINE-1]]:15: error: 'stdin'
#atf::tp name type_of_tile range {1}
// CHECK: [[@LINE-1]]:15: error: 'type_of_tile' cannot be the name of a tuning parameter: names beginning with 'type_of_' are the generated file's own
#atf::tp name tile_size range {1, 2}
// CHECK-NOT: tile_size
#atf::tp name TILE_SIZE range {1, 2}
// CHECK-NOT: TILE_SIZE
#atf::run_script "true"
int main() { return 0; }
