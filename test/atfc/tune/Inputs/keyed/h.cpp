// A C++ file tuned through scripts whose meaning depends on more than its own
// text: the header it includes, the script its run script names and a data
// file it declares with #atf::depends. Every measurement adds one to
// $COUNTER.
#include "cfg.h"
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::depends "data.txt"
#atf::run_script "sh \"$ATF_FILE_DIR/run.sh\""
#atf::cost_file "cost"
int main() { return CFG_VALUE; }
