#!/usr/bin/env python3
"""Random VALID #atf:: directive files, fed to `atfc check` and to the tuner.

The promise under test: a file that `atfc check` accepts tunes, and a file
it refuses gets a diagnostic at file:line:col. Every file written here is
valid by construction, but for the types and constants of TYPES that the
tuner cannot hold, which check must refuse (parameters of every value type,
sets and intervals with steps and generators, every constraint form combined with &&, || and !,
inputs that ranges and constraints name, device limits however spelled and
in lambdas with and without captures, positional inputs, every measuring
kind, named objectives in either direction), so a failure is one of:

  refused   check refuses the file (with or without a diagnostic)
  silent    check exits non-zero with no file:line:col diagnostic
  build     check accepts it and its tuner does not compile
  tune      check accepts it and the tuner refuses it at run time
  accepted  check accepts a file made wrong on purpose: a type the tuner
            cannot hold (TYPES), or a constant input its type cannot hold

Each failing file is copied to OUT/failures/. Exit status 1 when any
failure was found. Usage:

  directive_files.py --atfc build/tools/atfc/atfc --seconds 40 --out DIR
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time

# Device limits (Language.def) and the ways a file may spell them; the
# tuner reads each from the run's limits (CodeGen/TunerEmitter.cpp).
LIMITS = {"opencl": ["max_wi_size_0", "max_wi_size_1", "max_wi_size_2", "max_wg_size",
                     "local_mem_size"],
          "cuda": ["max_block_dim_x", "max_grid_dim_y", "max_threads_per_block",
                   "shared_mem_per_block", "max_wg_size", "max_wi_size_2"]}
QUALIFIERS = {"opencl": ["atf::ocl::", "ocl::", "opencl::", "atf::opencl::", ":: atf :: ocl :: "],
              "cuda": ["atf::cuda::", "cuda::", "::atf::cuda::", "cuda :: "]}

# Type spellings for `type` clauses and `var<T>`, among them types the
# tuner cannot hold (const or volatile parameters, a const input, 128-bit
# integers, half): check must refuse those at the type, and a file with
# any other type must tune. The arithmetic ones with the values they hold
# (None: not checked), so that a constant input outside its type is known
# to be wrong.
TYPES = {"int": (-2**31, 2**31 - 1), "const int": None, "volatile int": None, "int const": None,
         "long": (-2**63, 2**63 - 1), "unsigned long long": (0, 2**64 - 1),
         "signed char": (-128, 127), "unsigned char": (0, 255), "char": (-128, 127),
         "short": (-2**15, 2**15 - 1), "wchar_t": (-2**31, 2**31 - 1), "char16_t": (0, 2**16 - 1),
         "char32_t": (0, 2**32 - 1), "bool": (0, 1), "float": None, "double": None,
         "long double": None, "half": None, "__int128": None, "unsigned __int128": None,
         "std::int64_t": (-2**63, 2**63 - 1), "std::uint8_t": (0, 255), "size_t": (0, 2**64 - 1),
         "const size_t": None}
# Types that no tuning parameter may have; those that no input may have.
BAD_PARAMETER_TYPES = {"const int", "volatile int", "int const", "half", "__int128",
                       "unsigned __int128", "const size_t"}
BAD_INPUT_TYPES = BAD_PARAMETER_TYPES - {"volatile int"}
CONSTANTS = ["1", "2", "2.5", "-1", "300", "70000", "1e10", "4294967296"]

TECHNIQUES = ["exhaustive", "random", "random_search", "auc_bandit", "simulated_annealing",
              "differential_evolution", "particle_swarm", "pattern_search", "torczon",
              "round_robin(torczon, random)", "shrinking_sample(3, 1)"]


class FileWriter:
    """One random valid file."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.inputs = []      # (name, is_integer)
        self.ints = []        # integer parameters declared so far
        self.args = []        # positional arguments for tune
        self.kind = rng.choice(["process", "process", "opencl", "cuda"])
        # Whether check must refuse the file (at file:line:col), and
        # whether it may.
        self.must_refuse = False
        self.may_refuse = False

    def pick(self, *choices):
        return self.rng.choice(choices)

    def limit(self):
        """A device limit of the file's backend, in one of its spellings."""
        return self.rng.choice(QUALIFIERS[self.kind]) + self.rng.choice(LIMITS[self.kind])

    def has_limits(self):
        return self.kind in LIMITS

    # Expressions -----------------------------------------------------------
    def operand(self, own):
        """An integer expression of inputs and earlier parameters (never own)."""
        r = self.rng
        parts = [str(r.choice([1, 2, 3, 4, 6, 8, 12, 16, 24]))]
        parts += [n for n, integer in self.inputs if integer]
        parts += [p for p in self.ints if p != own]
        if self.has_limits() and r.random() < 0.3:
            parts.append(self.limit())
        e = r.choice(parts)
        if r.random() < 0.3:
            e = "%s * %s" % (e, r.choice(parts))
        if r.random() < 0.2:
            e = "(%s + %d)" % (e, r.randint(0, 3))
        return e

    def atom(self, own):
        r = self.rng
        e = self.operand(own)
        k = r.randrange(12)
        if k == 0:
            return "%s(%s)" % (r.choice(["divides", "multiple_of", "less_than", "less_than_or_eq",
                                          "greater_than", "greater_than_or_eq", "equal",
                                          "equals", "unequal"]), e)
        if k == 1:
            return "atf::%s(%s)" % (r.choice(["divides", "multiple_of", "less_than_or_eq"]), e)
        if k == 2:
            return "[](auto v){ return v %% %d == 0; }" % r.choice([1, 2, 3])
        if k == 3:
            return "[](int v){ return v <= %s + 64; }" % e
        if k == 4:
            return "[&](const auto &v) -> bool { return v != %s; }" % e
        if k == 5:
            return "%s %s %s" % (own, r.choice(["<", "<=", ">", ">=", "==", "!="]), e)
        if k == 6:
            return "%s %s %s" % (e, r.choice(["<", "<=", ">", ">=", "=="]), own)
        if k == 7:
            return "(%s) %% %s == 0" % (e, own)
        if k == 8:
            return "%s %% (%s) == 0" % (own, e)
        if k == 9 and self.has_limits() and r.random() < 0.5:
            # Lambdas without a capture default capture the run's limits.
            return r.choice(["predicate([](auto v){ return v <= %s; })" % self.limit(),
                             "[N](auto v){ return v <= N * %s; }" % self.limit(),
                             "[](auto v){ using namespace atf::%s; return v <= %s; }(%s)"
                             % ("ocl" if self.kind == "opencl" else "cuda",
                                r.choice(LIMITS[self.kind]), own)])
        if k == 9:
            return "predicate([](auto v){ return v > 0; })"
        if k == 10:
            return "%s <= std::max<long>(%s, 1)" % (own, e)
        return "divides(%s)" % e

    def constraint(self, own, depth=0):
        r = self.rng
        if depth >= 2 or r.random() < 0.4:
            a = self.atom(own)
            if r.random() < 0.15:
                a = "!(%s)" % a
            return a
        op = r.choice(["&&", "&&", "||"])
        left = self.constraint(own, depth + 1)
        right = self.constraint(own, depth + 1)
        if r.random() < 0.5:
            return "(%s) %s (%s)" % (left, op, right)
        if op == "||":
            return "%s || %s" % (left, right)
        return "%s && %s" % (left, right)

    # Directives -------------------------------------------------------------
    def clause_block(self, clauses):
        """A tp directive in one of the styles the papers print."""
        style = self.rng.randrange(4)
        if style == 0:
            self.lines.append("#atf::tp " + " ".join("%s %s" % c for c in clauses))
        elif style == 1:
            self.lines.append("#atf::tp %s %s" % clauses[0])
            self.lines += ["    %s %s" % c for c in clauses[1:]]
        elif style == 2:
            self.lines.append("#atf::tp %s %s" % clauses[0])
            self.lines += ["%s %s" % c for c in clauses[1:]]
        else:
            self.lines.append("#atf::tp %s %s \\" % clauses[0])
            for i, c in enumerate(clauses[1:]):
                end = " \\" if i + 2 < len(clauses) else ""
                self.lines.append("  %s %s%s" % (c[0], c[1], end))

    def inputs_block(self):
        r = self.rng
        self.lines.append("#atf::var<int> N = %d" % r.choice([16, 24, 32, 48, 64]))
        self.inputs.append(("N", True))
        if r.random() < 0.5:
            self.lines.append("#atf::var<size_t>::M $1")
            self.inputs.append(("M", True))
            self.args.append(str(r.choice([8, 12, 16])))
        if r.random() < 0.3:
            self.lines.append("#atf::var<int> HALF = N / 2")
            self.inputs.append(("HALF", True))
        if r.random() < 0.3:
            # A constant input of any type, with a value it may not hold.
            t, v = r.choice(sorted(TYPES)), r.choice(CONSTANTS)
            self.lines.append("#atf::var<%s> Q = %s" % (t, v))
            self.inputs.append(("Q", False))
            holds = TYPES[t]
            number = float(v)
            if t in BAD_INPUT_TYPES:
                self.must_refuse = True
            elif holds and (number != int(number) or not holds[0] <= number <= holds[1]):
                self.must_refuse = True
            self.may_refuse |= t in BAD_PARAMETER_TYPES  # a parameter of range {Q}
            self.lines.append("#atf::tp name PQ range {Q}")

    def parameter(self, i):
        r = self.rng
        name = "P%d" % i
        kind = r.randrange(10)
        clauses = [("name", name if r.random() < 0.7 else '"%s"' % name)]
        constraint = None
        integer = True
        if kind <= 3:
            hi = r.choice(["N", "16", "M" if ("M", True) in self.inputs else "12"])
            lo = r.choice(["1", "2"])
            step = r.choice(["", "", ", 2"])
            t = r.choice(["int", "size_t", "long"])
            clauses.append(("range", "interval<%s>(%s, %s%s)" % (t, lo, hi, step)))
            constraint = self.constraint(name)
        elif kind == 4:
            clauses.append(("range", "interval<int>(0, 4, 1, pow2)"))
            constraint = self.constraint(name)
        elif kind == 5 and self.has_limits():
            clauses.append(("range", "interval<int>(1, 5, 1, [](auto i){ return %s > 0 ? 3 * i "
                                     ": 0; })" % self.limit()))
            constraint = self.constraint(name)
        elif kind == 5:
            clauses.append(("range", "interval<int>(1, 5, 1, [](auto i){ return 3 * i; })"))
            constraint = self.constraint(name)
        elif kind == 6:
            clauses.append(("range", r.choice(["{1, 2, 4, 8}", "set(1, 3, 5, 7)", "{2, 4}"])))
            if r.random() < 0.5:
                clauses.append(("type", "int"))
            elif r.random() < 0.3:
                # Any type: 1 to 8 fit all that hold numbers but bool.
                t = r.choice(sorted(TYPES))
                clauses.append(("type", '"%s"' % t))
                self.must_refuse |= t in BAD_PARAMETER_TYPES
                self.may_refuse |= t == "bool"
            constraint = self.constraint(name)
        elif kind == 7:
            integer = False
            clauses.append(("range", '{"-O1", "-O2", "-O3"}'))
            constraint = r.choice([None, '%s != "-O2"' % name,
                                   "[](const std::string &s){ return s.size() == 3; }"])
        elif kind == 8:
            integer = False
            if r.random() < 0.3:
                clauses.append(("type", "bool"))
                clauses.append(("range", r.choice(["{true, false}", "interval(0, 1)",
                                                   "interval<int>(0, 1)"])))
            else:
                clauses.append(("range", "{true, false}"))
            if self.ints:
                constraint = "%s || %s > 1" % (name, r.choice(self.ints))
        else:
            integer = False
            clauses.append(("range", "interval<double>(0.5, 2.0, 0.5)"))
            if r.random() < 0.3:
                clauses.append(("type", "float"))
            constraint = r.choice([None, "%s < 1.5 || %s == 2.0" % (name, name),
                                   "less_than_or_eq(2.0) && [](double d){ return d > 0; }"])
        if constraint:
            clauses.append(("constraint", constraint))
        if kind <= 5 and r.random() < 0.3:
            # A type clause over a range of another type, interval<int>'s or
            # a generator's int results: every value here is at most 64.
            clauses.append(("type", r.choice(["int", "long", "size_t", "unsigned", "uint8_t",
                                              "int16_t", "std::int64_t"])))
        first, rest = clauses[0], clauses[1:]
        r.shuffle(rest)
        self.clause_block([first] + rest)
        if integer:
            self.ints.append(name)

    def measuring(self):
        r = self.rng
        kind = self.kind
        if kind == "process" and r.random() < 0.4:
            # Named objectives: one number per objective in the cost file,
            # positive so that a maximised one is valid.
            n = r.randint(1, 3)
            for i in range(n):
                self.lines.append('#atf::objective "o%d"%s' % (i, r.choice(["", " min", " max"])))
            self.lines.append('#atf::run_script "echo %s > cost"'
                              % ",".join(str(r.randint(1, 9)) for _ in range(n)))
            self.lines.append('#atf::cost_file "cost"')
            return kind, ".sh" if r.random() < 0.5 else ".cpp"
        if kind == "process":
            self.lines.append('#atf::run_script "%s"' % r.choice(
                ["true", 'test -n \\"$P0\\"', "echo $N > /dev/null"]))
            if r.random() < 0.3:
                self.lines.append('#atf::compile_script "test -f \\"$ATF_SOURCE\\""')
            if r.random() < 0.3:
                self.lines.append("#atf::timeout duration<seconds>(30)")
            return kind, ".sh" if r.random() < 0.5 else ".cpp"
        prefix = "ocl" if kind == "opencl" else "cuda"
        if kind == "cuda" and r.random() < 0.3:
            # A CUDA kernel's time, its energy (NVML), or both in either order.
            for name in r.choice([["energy"], ["time", "energy"], ["energy", "time"]]):
                self.lines.append('#atf::objective "%s"%s' % (name, r.choice(["", " min"])))
        elif r.random() < 0.2:
            self.lines.append('#atf::objective "time" min')  # a kernel's one cost
        if r.random() < 0.5:
            self.lines.append("#atf::%s::kernel_name k" % prefix)
        self.lines.append("#atf::%s::input scalar<int>(N)" % prefix)
        # A buffer's contents: random, or one of the fills (data files are
        # checked by the tuner when it starts, so none is generated here).
        self.lines.append("#atf::%s::input buffer<float>(N)%s" % (prefix, r.choice(
            ["", " fill 0", " fill -1.5e3", " fill index", " fill random(-1, 1)",
             "\\\n    fill random(0.5, 2)"])))
        extra = ""
        if r.random() < 0.5:
            self.lines.append("#atf::%s::input scalar<float>()" % prefix)
            extra = ", float a"
        if kind == "opencl" and r.random() < 0.4:
            # Work-group scratch sized per configuration (any count: one
            # that is not positive or too large makes a configuration invalid).
            self.lines.append("#atf::ocl::input %slocal<%s>(%s)" % (
                r.choice(["", "atf::"]), r.choice(["float", "int", "char"]), self.operand(None)))
            extra += ", __local void *scratch"
        if kind == "cuda" and r.random() < 0.4:
            self.lines.append("#atf::cuda::shared_memory %s" % self.operand(None))
        if kind == "opencl":
            # A launch size that names a limit: 0 work-items if it read 0.
            self.lines.append("#atf::ocl::global_size N" if r.random() < 0.7 else
                              "#atf::ocl::global_size N * (%s > 0)" % self.limit())
            if r.random() < 0.3:
                self.lines.append("#atf::ocl::local_size 1")
            self.lines.append("__kernel void k(int n, __global float *x%s) "
                              "{ x[get_global_id(0)] = n; }" % extra)
            return kind, ".cl"
        self.lines.append("#atf::cuda::grid_dim N" if r.random() < 0.7 else
                          "#atf::cuda::grid_dim N * (%s > 0)" % self.limit())
        self.lines.append("#atf::cuda::block_dim 1")
        self.lines.append('extern "C" __global__ void k(int n, float *x%s) { x[blockIdx.x] = n; }'
                          % extra)
        return kind, ".cu"

    def write(self):
        r = self.rng
        self.inputs_block()
        for i in range(r.randint(1, 4)):
            self.parameter(i)
        if r.random() < 0.5:
            self.lines.append("#atf::search_technique %s" % r.choice(TECHNIQUES))
        if r.random() < 0.3:
            self.lines.append("#atf::seed %d" % r.randint(0, 99))
        kind, ext = self.measuring()
        text = "\n".join(self.lines) + "\n"
        if ext == ".sh":
            text = "#!/bin/sh\n" + text
        return text, kind, ext


def has_position(text):
    return re.search(r":\d+:\d+: (error|warning):", text) is not None


# The reasons why a launch's memory makes a configuration invalid
# (DeviceBackends/LaunchMemory.cpp), which a random local or shared memory
# count may give every configuration.
LAUNCH_MEMORY_REASONS = {"too much local memory", "too much shared memory",
                         "local argument of no elements", "negative shared memory size"}


def only_launch_memory_refused(out):
    """Whether a tuning found no valid configuration only because each
    configuration's launch memory was refused."""
    reasons = set(re.findall(r"^\s*\d+ run failed: ([^:\n]+):", out, re.M))
    return "no valid configuration" in out and bool(reasons) and reasons <= LAUNCH_MEMORY_REASONS


def self_test():
    """The judgement of a tuning's output on cases kept from real runs: a
    file whose every configuration asked too much local memory (seed
    1796108719, file 3, counted as a failure before), a crash, and both."""
    refused = ("f3.cl: done after 2 evaluations (0 valid) in 0:00\n"
               "  2 run failed: too much local memory: the configuration asks for 50331648 "
               "bytes of local memory (input 4: 50331648 x int8_t); the device has 1048576\n"
               "f3.cl: no valid configuration found; see `atfc results` for the reasons\n")
    crashed = refused.replace("too much local memory", "kernel crashed")
    both = refused.replace("f3.cl: no", "  1 run failed: kernel crashed: signal 11\nf3.cl: no")
    cases = [(refused, True), (crashed, False), (both, False),
             ("done after 2 evaluations (2 valid)", False)]
    wrong = [text for text, want in cases if only_launch_memory_refused(text) != want]
    for text in wrong:
        print("self-test: misjudged:\n" + text, file=sys.stderr)
    return 1 if wrong else 0


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, "timed out"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap.add_argument("--atfc", required=True)
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--no-tune", action="store_true", help="check only, build no tuner")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    work = os.path.join(args.out, "work")
    failures_dir = os.path.join(args.out, "failures")
    os.makedirs(work, exist_ok=True)
    os.makedirs(failures_dir, exist_ok=True)
    deadline = time.time() + args.seconds
    tried = checked = tuned = 0
    failures = []
    while time.time() < deadline:
        writer = FileWriter(rng)
        text, kind, ext = writer.write()
        path = os.path.join(work, "f%d%s" % (tried, ext))
        tried += 1
        with open(path, "w") as f:
            f.write(text)
        rc, out = run([args.atfc, "check", path], 120)
        checked += 1
        verdict = None
        if rc != 0:
            refusable = writer.must_refuse or writer.may_refuse
            verdict = None if refusable and has_position(out) else \
                "refused" if has_position(out) else "silent"
        elif writer.must_refuse:
            verdict = "accepted"  # a type or a constant the tuner cannot hold
        elif not args.no_tune and time.time() < deadline:
            tune = [args.atfc, "tune", path, "--abort-condition", "evaluations(2)",
                    "-o", path + ".atf", "--"] + (["12"] if "$1" in text else [])
            rc, out = run(tune, 300)
            tuned += 1
            if rc != 0:
                if "did not compile" in out:
                    verdict = "build"
                elif kind == "cuda" and ("CUDA" in out or "NVML" in out):
                    # No CUDA driver (or NVML, for energy) here: the tuner
                    # built, the device is absent.
                    verdict = None
                elif "empty" in out and "space" in out:
                    verdict = None  # constraints that no value meets: a valid, empty space
                elif only_launch_memory_refused(out):
                    # Every configuration asked for more local or shared
                    # memory than the device has (a count of ocl::
                    # local_mem_size * N, say), or for none: each refused
                    # with its reason, as the file asks.
                    verdict = None
                else:
                    verdict = "tune"
        if verdict:
            kept = os.path.join(failures_dir, "%s-%d%s" % (verdict, tried - 1, ext))
            shutil.copy(path, kept)
            with open(kept + ".log", "w") as f:
                f.write(out)
            failures.append((verdict, kept))
            print("FAIL %s: %s\n%s" % (verdict, kept, out[-2000:]), file=sys.stderr)
        shutil.rmtree(path + ".atf", ignore_errors=True)
    print("directive generator: seed %d, %d files tried, %d checked, %d tuned, %d failure(s)"
          % (seed, tried, checked, tuned, len(failures)))
    for verdict, kept in failures:
        print("  %s %s" % (verdict, kept))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
