# hostile_outdir.py ATFC SOURCE SCRATCH: hunts the class "atfc opens a file
# in its output directory that is not its own" (issue 31). One real tune
# lists every name atfc creates there (the directory, recursively, and its
# record .atfc-created); then, for each name, in a fresh output directory:
#   link     a symbolic link to a canary file outside;
#   foreign  a file (a directory for one) owned by another uid (root only);
#   user     the user's own file, which atfc did not create;
# each planted in an empty directory (the user's or an attacker's) and, for
# link and foreign, in a copy of the tuned directory (after a run). Each
# case runs `atfc tune` (and, for the database's names, `atfc results`,
# `report` and `wisdom merge`) and must end with an error naming the file,
# the canary and the planted file untouched. Prints one line per case and
# a summary; exits 1 when a case failed.
import os
import shutil
import subprocess
import sys

atfc, source, scratch = sys.argv[1:4]
OTHER_UID = 12345
ROOT = os.geteuid() == 0
failures = []
cases = 0


# A tuner cache of the hunt's own (lit's runs have none): each case's
# tuner comes from it instead of a build, the cache's copy into the output
# directory meeting what is planted there as a build's would.
env = dict(os.environ, ATFC_TUNER_CACHE=os.path.join(scratch, "tuner-cache"))


def run(*args):
    done = subprocess.run([atfc, *args], capture_output=True, text=True, timeout=300, env=env)
    return done.returncode, done.stdout + done.stderr


# One source for every case: its tuner's name (a hash of the program, which
# names the file) is the same in each.
os.makedirs(os.path.join(scratch, "src"), exist_ok=True)
shutil.copy(source, os.path.join(scratch, "src"))
tuned_source = os.path.join(scratch, "src", os.path.basename(source))


def fresh(case):
    """A case's scratch, with its canary outside out/."""
    base = os.path.join(scratch, case)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    with open(os.path.join(base, "canary"), "w") as f:
        f.write("canary\n")
    return base


def contents(path):
    # A canary overwritten by SQLite holds binary bytes.
    with open(path, errors="replace") as f:
        return f.read()


# 1. What atfc creates: a real tune, listed.
reference = fresh("reference")
ref_out = os.path.join(reference, "out")
status, text = run("tune", tuned_source, "-o", ref_out)
if status != 0:
    sys.exit("the reference tune failed:\n" + text)
names = set()
for top, dirs, files in os.walk(ref_out):
    for name in dirs + files:
        names.add(os.path.relpath(os.path.join(top, name), ref_out))
record = os.path.join(ref_out, ".atfc-created")
if os.path.exists(record):
    names |= {n for n in contents(record).splitlines() if not n.startswith("#")}
directories = {n for n in names if os.path.isdir(os.path.join(ref_out, n))}
print("names:", " ".join(sorted(names)))


def plant(out, name, attack, canary):
    path = os.path.join(out, name)
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)
    if attack == "link":
        os.symlink(canary, path)
    elif name in directories:
        os.mkdir(path)
    else:
        with open(path, "w") as f:
            f.write(attack + "\n")
    if attack == "foreign":
        os.chown(path, OTHER_UID, OTHER_UID)


def listing(out):
    found = set()
    for top, dirs, files in os.walk(out):
        for entry in dirs + files:
            found.add(os.path.relpath(os.path.join(top, entry), out))
    return found


def commands(base, name):
    out = os.path.join(base, "out")
    yield "tune", ["tune", tuned_source, "-o", out]
    if name.startswith("results.db"):
        db = os.path.join(out, "results.db")
        yield "results", ["results", db]
        yield "report", ["report", db, "-o", os.path.join(base, "report.html")]
        yield "wisdom", ["wisdom", "merge", db, "-o", os.path.join(base, "wisdom.json")]


def check(case, name, attack, tuned):
    global cases
    base = fresh(case)
    out = os.path.join(base, "out")
    canary = os.path.join(base, "canary")
    if tuned:
        shutil.copytree(ref_out, out, symlinks=True)
    else:
        os.mkdir(out, 0o700)
    # A name inside a planted directory has its directory made first.
    parent = os.path.dirname(name)
    if parent:
        os.makedirs(os.path.join(out, parent), exist_ok=True)
    plant(out, name, attack, canary)
    planted = os.path.join(out, name)
    before = None if attack == "link" or name in directories else contents(planted)
    for command, args in commands(base, name):
        cases += 1
        entries = listing(out)
        status, text = run(*args)
        problems = []
        # Refused before anything is written: an empty directory holds only
        # what was planted (a refused run once left its tuner, lock, record
        # and work/ there). The tuner's files, named by its program's hash,
        # are refused when it is built, after the lock is taken.
        if not tuned and not name.startswith("tuner-") and listing(out) != entries:
            problems.append("written into: " + " ".join(sorted(listing(out) - entries)))
        # A tune refuses every case; a reader refuses a link (it may read
        # another user's database, and fails where there is none).
        refuses = command == "tune" or (attack == "link" and tuned)
        if refuses and status == 0:
            problems.append("exit 0")
        if refuses and planted not in text:
            problems.append("the message does not name " + planted)
        if contents(canary) != "canary\n" or os.path.islink(canary):
            problems.append("the canary changed")
        if attack == "link" and not os.path.islink(planted):
            problems.append("the link was replaced")
        if before is not None and (not os.path.isfile(planted) or os.path.islink(planted) or
                                   contents(planted) != before):
            problems.append("the planted file changed")
        label = f"{name} {attack} {'tuned' if tuned else 'empty'} {command}"
        if problems:
            failures.append(label)
            print(f"FAIL {label}: {'; '.join(problems)}\n{text}")
        else:
            said = next((line for line in text.splitlines() if "error:" in line), "")
            print(f"held {label} (exit {status}) {said.replace(base, 'CASE')}")


for index, name in enumerate(sorted(names)):
    for attack in ["link", "foreign", "user"]:
        if attack == "foreign" and not ROOT:
            continue
        for tuned in [False, True]:
            # A user's file under a name atfc created is atfc's to replace.
            if attack == "user" and tuned:
                continue
            check(f"case{index}-{attack}-{int(tuned)}", name, attack, tuned)
# The output directory itself another user's: nothing in it is run.
if ROOT:
    base = fresh("theirs")
    out = os.path.join(base, "out")
    os.mkdir(out, 0o755)
    os.chown(out, OTHER_UID, OTHER_UID)
    cases += 1
    status, text = run("tune", tuned_source, "-o", out)
    if status != 0 and f"'{out}' belongs to another user (uid {OTHER_UID})" in text \
            and os.listdir(out) == []:
        print("held the output directory of another user")
    else:
        failures.append("theirs")
        print(f"FAIL the output directory of another user:\n{text}")
else:
    print("held nothing of another user: not root (chown needs root)")
print(f"{cases - len(failures)} of {cases} cases held")
sys.exit(1 if failures else 0)
