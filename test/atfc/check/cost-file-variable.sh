# A cost file is a path taken as written: `$ATF_WORK_DIR/cost` named a file
# called so, which no run wrote, and every configuration was invalid with
# "cost file ... was not written". Each spelling is an error at the path.
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %atfc check %s 2>&1 | FileCheck %s
# CHECK: cost-file-variable.sh:[[@LINE+1]]:17: error: cost file '$ATF_WORK_DIR/cost' is a path, taken as written: no variable or '~' is expanded in it; name the file relative to the configuration's directory, where the run script runs (e.g. "cost.txt"), or give an absolute path
#atf::cost_file "$ATF_WORK_DIR/cost"
#atf::tp name X range {1, 2, 4}
#atf::run_script "echo $X > cost"
# RUN: printf '%%s\n' '#atf::tp name X range {1}' '#atf::run_script "true"' \
# RUN:   '#atf::cost_file "${ATF_FILE_DIR}/c"' > %t/braces.sh
# RUN: not %atfc check %t/braces.sh 2>&1 | FileCheck %s --check-prefix=BRACES
# BRACES: braces.sh:3:17: error: cost file '${ATF_FILE_DIR}/c' is a path
# RUN: printf '%%s\n' '#atf::tp name X range {1}' '#atf::run_script "true"' \
# RUN:   '#atf::cost_file "~/cost"' > %t/home.sh
# RUN: not %atfc tune %t/home.sh -o %t/out 2>&1 | FileCheck %s --check-prefix=HOME
# HOME: home.sh:3:17: error: cost file '~/cost' is a path
# RUN: not test -e %t/out/results.db
