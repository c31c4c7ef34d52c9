#!/usr/bin/env python3
"""Hunts the class "atfc check passes what the tuner cannot build" (issue 30).

For every directive argument of Language.def that the tuner pastes into its
C++ (expressions, sizes, kernel inputs, counts, tolerances, reference values)
or that atfc parses itself (search technique, abort condition, names), it
appends junk words (`foo`, `)`, `;`, `, 1`, `}`) right after the argument
and asserts that `atfc check` refuses the file with an error at that
directive's line, never passes it on to a tuner that does not compile.

Each base file marks the end of each argument with `@`; every variant
replaces one `@` with junk and drops the others. Where the junk is valid
language (`, 1` after a size adds a dimension, after `buffers` a buffer),
the variant is left out with the reason.

Usage: junk_after_arguments.py ATFC WORKDIR
"""
import os
import re
import subprocess
import sys

JUNK = ["foo", ")", ";", ", 1", "}"]
# Inside quotes also what would close atfc's code around the expression and
# run statements of the file's in the tuner, and an escaped line break
# before a preprocessor directive.
QUOTED_JUNK = JUNK + [")); __builtin_abort(); ((1", "\\n#define Z 1\\n"]

SCRIPT_BASE = """\
#atf::var<int> N = 4@
#atf::var::M $1@
#atf::tp name X type int@ range {1, 2, 4}@ constraint X <= N@
#atf::tp name Y range interval<int>(1, M)@
#atf::search_technique exhaustive@
#atf::abort_condition evaluations(10)@
#atf::seed 1@
#atf::timeout duration<seconds>(30)@
#atf::warmups 0@
#atf::repetitions 1@ statistic mean@
#atf::objective "time"
#atf::objective "rate" max = X / time@
#atf::run_script "true"
"""

# The same arguments quoted, the junk inside the quotes: a quoted argument
# is the expression its escapes decode to (`\\n` a line break).
SCRIPT_QUOTED_BASE = """\
#atf::var<int> N = 4
#atf::tp name X type int range "{1, 2, 4}@" constraint "X <= N@"
#atf::tp name Y range "interval<int>(1, N)@"
#atf::seed "1@"
#atf::warmups "0@"
#atf::repetitions "1@"
#atf::objective "time"
#atf::objective "rate" max = "X / time@"
#atf::run_script "true"
"""

OPENCL_BASE = """\
#atf::var<int> N = 4
#atf::tp name LS range {1, 2} constraint divides(N)
#atf::ocl::platform_id 0@
#atf::ocl::device_id 0@
#atf::ocl::kernel_name k@
#atf::ocl::warmups 1@
#atf::ocl::repetitions 3@
#atf::ocl::input scalar<int>(N)@
#atf::ocl::input buffer<float>(N)@
#atf::ocl::global_size N@
#atf::ocl::local_size LS@
#atf::ocl::check reference {.LS = 1}@ tolerance 1e-5@ relative 1e-5 * N@ buffers 2@
__kernel void k(int n, __global float *x) {}
"""

OPENCL_DEVICE_INFO_BASE = """\
#atf::tp name LS range {1, 2}
#atf::ocl::device_info type "CPU"@ id 0@ platform_id 0@ device_id 0@
#atf::ocl::input buffer<float>(4)
#atf::ocl::global_size 4
#atf::ocl::local_size LS
#atf::ocl::check gold "gold.bin"@ tolerance 0.5@
__kernel void k(__global float *x) {}
"""

CUDA_BASE = """\
#atf::var<int> N = 4
#atf::tp name BS range {1, 2}
#atf::cuda::device_id 0@
#atf::cuda::input scalar<int>(N)@
#atf::cuda::input buffer<float>(N)@
#atf::cuda::grid_dim N / BS@
#atf::cuda::block_dim BS@
#atf::cuda::check reference {.BS = 1}@ relative 1e-6@
extern "C" __global__ void k(int n, float *x) {}
"""

BASES = [("script.sh", SCRIPT_BASE), ("quoted.sh", SCRIPT_QUOTED_BASE), ("opencl.cl", OPENCL_BASE),
         ("device-info.cl", OPENCL_DEVICE_INFO_BASE), ("cuda.cu", CUDA_BASE)]


def valid_language(line, junk):
    """Why appending junk to this argument is still valid, or None."""
    if junk == ", 1" and re.search(r"(global_size|local_size|grid_dim|block_dim|buffers)", line):
        return "another dimension or buffer"
    return None


def main():
    atfc, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "gold.bin"), "wb") as gold:
        gold.write(b"\0" * 16)
    failures, tried = [], 0
    for name, base in BASES:
        plain = base.replace("@", "")
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(plain)
        done = subprocess.run([atfc, "check", path], capture_output=True, text=True)
        if done.returncode != 0:
            failures.append(f"the base {name} does not pass atfc check:\n{done.stderr}")
            continue
        for at in [m.start() for m in re.finditer("@", base)]:
            line_number = base.count("\n", 0, at) + 1
            line = plain.splitlines()[line_number - 1]
            for junk in QUOTED_JUNK if name.startswith("quoted") else JUNK:
                if valid_language(line, junk):
                    continue
                text = (base[:at] + " " + junk + base[at + 1:]).replace("@", "")
                variant = os.path.join(work, f"junk-{tried}-{name}")
                tried += 1
                with open(variant, "w") as f:
                    f.write(text)
                done = subprocess.run([atfc, "check", variant], capture_output=True, text=True)
                shown = text.splitlines()[line_number - 1]
                where = f"{os.path.basename(variant)}:{line_number}:"
                if done.returncode == 0:
                    failures.append(f"atfc check passes `{shown}` ({variant})")
                elif not any(l.startswith(variant + f":{line_number}:") and ": error:" in l
                             for l in done.stderr.splitlines()):
                    failures.append(f"atfc check refuses `{shown}` without an error at "
                                    f"{where}\n{done.stderr}")
    for failure in failures:
        print("FAIL: " + failure)
    print(f"{tried} variants, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
