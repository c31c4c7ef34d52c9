// A C++ file tuned through scripts whose meaning depends on more than its own
// text: the header it includes and the script its run script names. Every
// measurement adds one to $COUNTER and a line to runs.log, which the run
// script writes and so does not depend on.
#include "cfg.h"
#atf::tp name X range {1, 2, 3}
#atf::search_technique exhaustive
#atf::run_script "echo run >> \"$ATF_FILE_DIR/runs.log\"; sh \"$ATF_FILE_DIR/run.sh\""
#atf::cost_file "cost"
int main() { return CFG_VALUE; }
