# A script named relatively (the slides' "./run.sh") is the one next to the
# annotated file, whatever directory atfc runs in, while each configuration
# still runs in a work directory of its own (never the file's directory).
# RUN: rm -rf %t && mkdir -p %t/elsewhere && cp %s %t/rel.sh
# RUN: printf '#!/bin/sh\npwd >> "$ATF_FILE_DIR/dirs.txt"\n' > %t/run.sh && chmod +x %t/run.sh
# RUN: cd %t/elsewhere && %atfc tune ../rel.sh | FileCheck %s
# CHECK: done after 3 evaluations (3 valid)
# RUN: wc -l < %t/dirs.txt | FileCheck %s --check-prefix=LINES
# LINES: 3
# RUN: cd %t && not grep -x "$(pwd)" dirs.txt
#atf::tp name X range {1, 2, 3}
#atf::run_script "./run.sh"
