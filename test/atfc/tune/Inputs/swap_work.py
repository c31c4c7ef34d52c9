# swap_work.py ATFC SCRATCH: hunts the class "atfc reaches a directory below
# its output directory again by its path" (issue 44). A second process
# swaps DIR/work for a link to a victim's directory while `atfc tune`
# measures: at several moments of a run (its first configuration's
# directory made, its third, a compile script's, a check that failed and
# kept its files), with scripts that compile ahead or not. The victim holds
# directories named as atfc numbers its own, each with files named as the
# ones atfc writes and removes there (the source, the cost file). After
# the run, the victim must be as it was: nothing removed, nothing written,
# nothing made. Prints one line per case and a summary; exits 1 when a
# case failed.
import os
import subprocess
import sys
import time

atfc, scratch = sys.argv[1:3]

SOURCE = """// Tuned slowly, so that the swap comes while it runs.
#atf::tp name X range{1, 2, 3, 4, 5, 6, 7, 8}
#atf::compile_script "%s"
#atf::run_script "sleep 0.2; echo $X > cost"
#atf::cost_file "cost"
int main() { return 0; }
"""


def plant_victim(victim):
    os.makedirs(victim)
    for n in range(40):
        d = os.path.join(victim, str(n))
        os.mkdir(d)
        for name in ["slow.cpp", "cost", "keep"]:
            with open(os.path.join(d, name), "w") as f:
                f.write("victim %d %s\n" % (n, name))


def snapshot(victim):
    found = {}
    for top, dirs, files in os.walk(victim):
        for name in dirs + files:
            path = os.path.join(top, name)
            found[os.path.relpath(path, victim)] = (
                open(path).read() if os.path.isfile(path) else "dir")
    return found


cases = failures = 0
moments = [("first directory", "0"), ("third directory", "2")]
compiles = [("no compile script", "true"), ("compiling ahead", "sleep 0.1")]
for compile_name, compile_script in compiles:
    for moment, wanted in moments:
        cases += 1
        base = os.path.join(scratch, "case%d" % cases)
        os.makedirs(os.path.join(base, "src"))
        source = os.path.join(base, "src", "slow.cpp")
        with open(source, "w") as f:
            f.write(SOURCE % compile_script)
        victim = os.path.join(base, "victim")
        plant_victim(victim)
        before = snapshot(victim)
        out = os.path.join(base, "out")
        tune = subprocess.Popen([atfc, "tune", source, "-o", out], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        work = os.path.join(out, "work")
        deadline = time.time() + 120
        swapped = False
        while time.time() < deadline and tune.poll() is None:
            if os.path.isdir(os.path.join(work, wanted)) and not os.path.islink(work):
                os.rename(work, os.path.join(out, "work.moved"))
                os.symlink(victim, work)
                swapped = True
                break
            time.sleep(0.005)
        text, _ = tune.communicate(timeout=300)
        after = snapshot(victim)
        problems = []
        if not swapped:
            problems.append("the run ended before the swap (%s)" % text.strip()[-200:])
        for name in sorted(set(before) | set(after)):
            if name not in after:
                problems.append("removed victim/" + name)
            elif name not in before:
                problems.append("made victim/" + name)
            elif before[name] != after[name]:
                problems.append("changed victim/" + name)
        verdict = "FAIL" if problems else "held"
        failures += bool(problems)
        print("%s %s, %s%s" % (verdict, compile_name, moment,
                               (": " + "; ".join(problems[:5])) if problems else ""))
print("%d of %d cases held" % (cases - failures, cases))
sys.exit(1 if failures else 0)
