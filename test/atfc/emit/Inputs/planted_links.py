# planted_links.py ATFC SOURCE-ROOT SCRATCH: hunts the class "a command
# writes a file the user names (-o, --header, --report) through a symbolic
# link planted there" (issue 31: `atfc emit -o FILE` once wrote through a
# link at FILE into the link's target). For every such writer of atfc, a
# link to a canary file is planted at its target, and at the target's
# temporary name (TARGET.tmp), and the command runs: it must succeed or
# refuse, the canary stays untouched, and the target is no link any more
# (a new regular file replaces it). Then the sources are searched for every
# call that opens a file for writing (std::ofstream, fopen, raw_fd_ostream,
# open/openat with O_CREAT or O_WRONLY): each must be one of the writers
# known to create their files afresh (O_EXCL | O_NOFOLLOW, or a rename
# onto the name), so that a new writer is looked at here. A run's own
# files must go through the output directory it holds: its directory is
# swapped for a link mid-run by a second process, and the sources' writes
# by path are each a known one. Prints one line
# per failure and a summary; exits 1 when one failed.
import os
import re
import shutil
import subprocess
import sys

atfc, root, scratch = sys.argv[1:4]
failures = []
cases = 0


def run(*args):
    done = subprocess.run([atfc, *args], capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout + done.stderr


def planted(name, command, target):
    """Runs command (a list; TARGET where the target goes) with links
    planted at target and target.tmp."""
    global cases
    cases += 1
    base = os.path.join(scratch, name)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    canary = os.path.join(base, "canary")
    with open(canary, "w") as f:
        f.write("canary\n")
    path = os.path.join(base, target)
    os.symlink(canary, path)
    os.symlink(canary, path + ".tmp")
    status, said = run(*[path if a == "TARGET" else a for a in command])
    with open(canary) as f:
        kept = f.read() == "canary\n"
    if not kept:
        failures.append(f"{name}: wrote through the link into its target (exit {status}): {said}")
    elif status == 0 and (os.path.islink(path) or not os.path.isfile(path)):
        failures.append(f"{name}: succeeded, but {target} is not a new regular file")
    elif status != 0 and "link" not in said:
        failures.append(f"{name}: failed without naming the link (exit {status}): {said}")


# What the writers read: a results database and a wisdom file of a real run.
tuned = os.path.join(scratch, "tuned")
shutil.rmtree(tuned, ignore_errors=True)
os.makedirs(tuned)
source = os.path.join(tuned, "four.sh")
shutil.copy(os.path.join(root, "test", "atfc", "tune", "Inputs", "four.sh"), source)
status, said = run("tune", source, "-o", os.path.join(tuned, "out"))
if status != 0:
    sys.exit(f"the run that makes the inputs failed: {said}")
database = os.path.join(tuned, "out", "results.db")
wisdom = os.path.join(tuned, "out", "four_wisdom.json")
recorded = os.path.join(root, "test", "atfc", "replay", "Inputs", "tiny.json")
saxpy = os.path.join(root, "examples", "saxpy", "saxpy.cl")

planted("emit", ["emit", saxpy, "-o", "TARGET"], "tuner.cpp")
planted("report", ["report", database, "-o", "TARGET"], "report.html")
planted("report-recorded", ["report", recorded, "-o", "TARGET"], "tiny.html")
planted("wisdom-merge", ["wisdom", "merge", database, "--file", source, "-o", "TARGET"],
        "merged.json")
planted("wisdom-merge-header", ["wisdom", "merge", wisdom, "-o",
                                os.path.join(scratch, "merged.json"), "--header", "TARGET"],
        "four_select.h")
planted("wisdom-header", ["wisdom", "header", wisdom, "-o", "TARGET"], "four_select.h")
planted("replay-report", ["replay", recorded, "--technique", "exhaustive", "--evaluations", "5",
                          "--runs", "1", "--report", "TARGET"], "replay.html")

# A run's own files (best.json, best.h, report.html) go through the output
# directory it holds, never by its path again: a second process renames
# the directory mid-run and plants a link to a canary directory at its
# path; the run's files land in the directory it began with, and nothing
# in the canary.
def swapped_mid_run():
    global cases
    cases += 1
    base = os.path.join(scratch, "swapped")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(os.path.join(base, "canary"))
    slow = os.path.join(base, "slow.sh")
    with open(slow, "w") as f:
        f.write('#atf::tp name X range interval<int>(1, 4)\n'
                '#atf::run_script "sleep 0.5; echo $X > cost"\n#atf::cost_file "cost"\n')
    out = os.path.join(base, "out")
    tuner = subprocess.Popen([atfc, "tune", slow, "-o", out], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    import time
    deadline = time.time() + 300
    while not os.path.exists(os.path.join(out, "work")) and time.time() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    os.rename(out, out + ".moved")
    os.symlink(os.path.join(base, "canary"), out)
    said = tuner.communicate(timeout=600)[0]
    planted_files = os.listdir(os.path.join(base, "canary"))
    if planted_files:
        failures.append(f"swapped: wrote {planted_files} through the link planted mid-run: {said}")
    for name in ("best.json", "best.h", "report.html"):
        if not os.path.isfile(os.path.join(out + ".moved", name)):
            failures.append(f"swapped: {name} not written into the directory the run held "
                            f"(exit {tuner.returncode}): {said}")


swapped_mid_run()

# Files written by path (writeOutputFile: the directory opened again by
# its path): only those the user names (-o) and the tuner's digest in its
# cache; a run's own files go through the directory it holds.
BY_PATH = {
    "lib/Driver/TunerIntegrity.cpp",  # the tuner's digest beside it in the cache
    "lib/Driver/SelectionFiles.cpp",  # wisdom header/merge --header -o: the file the user names
    "lib/Report/RunReportData.cpp",   # atfc report -o: the file the user names
}
for top in ("lib", "runtime", "tools"):
    for directory, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            if not name.endswith(".cpp") or relative == "lib/System/OutputDirectory.cpp":
                continue
            text = open(path, encoding="utf-8", errors="replace").read()
            for match in re.finditer(r"\bwriteOutputFile\s*\(", text):
                if relative not in BY_PATH:
                    line = text.count("\n", 0, match.start()) + 1
                    failures.append(f"{relative}:{line}: writes an output file by its path "
                                    f"(write it through the held OutputDirectory, or list it)")

# Every call that opens a file for writing, and the writers known to be
# safe: a new one must join them after a look (and a case above if the
# user names its file).
KNOWN = {
    "lib/System/SafeFiles.cpp",        # writeFileReplacing: O_EXCL | O_NOFOLLOW, rename
    "lib/System/OutputDirectory.cpp",  # openat(O_NOFOLLOW) on the held directory
    "lib/Driver/TunerBuild.cpp",       # the build log: O_EXCL | O_NOFOLLOW in the directory
    "lib/KernelData/NumpyArray.cpp",  # outputs: O_EXCL | O_NOFOLLOW
    "lib/Backends/ProcessBackend.cpp",    # a configuration's files: O_NOFOLLOW in its own dir
    "lib/System/HeldDirectory.cpp",    # openat(O_EXCL | O_NOFOLLOW) on the held directory
    "lib/System/OutputLock.cpp",       # through OutputDirectory::openFile
    "tools/atfc-ranks/atfc-ranks.cpp",  # rank 0's status: the file atfc made, O_NOFOLLOW, no O_CREAT
}
WRITING = re.compile(r"std::ofstream|\bfopen\s*\(|raw_fd_ostream\s+\w+\s*\(\s*[A-Za-z_][\w.]*\s*,|"
                     r"\bopen(at)?\s*\([^;]*O_(CREAT|WRONLY|RDWR|TRUNC|APPEND)")
for top in ("lib", "runtime", "tools"):
    for directory, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if not name.endswith((".cpp", ".h")):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            text = open(path, encoding="utf-8", errors="replace").read()
            for match in WRITING.finditer(text):
                if relative in KNOWN:
                    continue
                line = text.count("\n", 0, match.start()) + 1
                failures.append(f"{relative}:{line}: opens a file for writing: "
                                f"'{match.group(0)}' (create it afresh, then list it here)")

for failure in failures:
    print(failure)
unknown = sum(1 for f in failures if f.startswith(("lib", "runtime", "tools")))
print(f"{cases - (len(failures) - unknown)} of {cases} writers refused or replaced the planted "
      f"link; {unknown} unknown writers in the sources")
sys.exit(1 if failures else 0)
