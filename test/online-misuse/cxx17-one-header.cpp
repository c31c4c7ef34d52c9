// One of <atf.hpp>'s headers alone, compiled as C++17.
#include <atf/search.hpp>
int main() { return atf::evaluations(3).describe().empty(); }
