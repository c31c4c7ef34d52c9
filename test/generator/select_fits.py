#!/usr/bin/env python3
"""The selection header's constraints against a brute force in Python.

Random wisdom files (inputs N and M, parameters A and B of signed or
unsigned types, random constraints: relation aliases with random operands,
conditions of random C expressions with + - * / % & | ^ ~ ! && || ?:
and comparisons, and some conjuncts the header cannot read) go through
`atfc wisdom header`; a C driver compiled with the real `cc` (C99, every
warning an error) asks the header, for random inputs, whether each entry
fits (`k_fits`) and which entry `k_select_fitting` picks. Python decides
the same by brute force: it evaluates every constraint with C's integer
semantics (truncating division; a division by zero does not fit) and the
tuner's relations (divisibility on magnitudes, comparisons without
wrapping), then picks the nearest fitting entry by the selection rule;
when none fits, the header's built configuration (fits 2) must fit and be
as near to the nearest entry's as the nearest that a brute force over
every combination of the entries' values finds (else fits 0: none). Cases whose arithmetic would overflow a C
type are drawn again. A failure prints the seed and keeps its files in
--out.

  select_fits.py --atfc build/tools/atfc/atfc --out /tmp/select-fits [--seed N] [--cases K]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

RELATIONS = ["divides", "multiple_of", "less_than", "less_than_or_eq", "greater_than",
             "greater_than_or_eq", "equal", "unequal"]
# Conjuncts the header cannot read, hostile ones among them: each must be
# listed as not checked, write no code and leave the header compiling.
UNREADABLE = [("callable", "[](auto v) { return v > 1; }"), ("condition", "std::min(N, 4) > 1"),
              ("condition", "atf::ocl::max_wg_size > A"),
              ("condition", "1) || 1; } int evil(void) { return system(\"id\"); } int x(int y) { (y"),
              ("divides", "N */ #error comment ended"), ("condition", "N ??/\n#error trigraph"),
              ("less_than", "N\n#error line"), ("object", "\\"), ("condition", "N \x1b[2J")]
LIMITS = {"int": 2**31, "long long": 2**63, "size_t": 2**64, "unsigned": 2**32}


class Overflow(Exception):
    pass


class DivideByZero(Exception):
    pass


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def common(ta, tb):
    """C's usual arithmetic conversions of the types the generator uses."""
    if ta == tb:
        return ta
    order = ["int", "unsigned", "long long", "size_t"]
    return max(ta, tb, key=order.index)


def checked(value, ctype):
    limit = LIMITS[ctype]
    low = -limit if ctype in ("int", "long long") else 0
    if not low <= value < limit:
        raise Overflow()
    return value


def evaluate(node, env):
    """(value, C type) of an expression tree with C's semantics."""
    kind = node[0]
    if kind == "name":
        return env[node[1]]
    if kind == "num":
        return node[1], "int"
    if kind == "unary":
        v, t = evaluate(node[2], env)
        t = "int" if t == "int" else t
        if node[1] == "-":
            return checked(-v, t), t
        if node[1] == "!":
            return int(v == 0), "int"
        return checked(~v, t), t
    if kind == "cond":
        c, _ = evaluate(node[1], env)
        a_type = type_of(node[2], env)
        b_type = type_of(node[3], env)
        v, _ = evaluate(node[2] if c != 0 else node[3], env)
        t = common(a_type, b_type)
        return checked(v, t), t
    op, left, right = node[1], node[2], node[3]
    if op == "&&":
        a, _ = evaluate(left, env)
        return (int(evaluate(right, env)[0] != 0) if a != 0 else 0), "int"
    if op == "||":
        a, _ = evaluate(left, env)
        return (1 if a != 0 else int(evaluate(right, env)[0] != 0)), "int"
    a, ta = evaluate(left, env)
    b, tb = evaluate(right, env)
    t = common(ta, tb)
    if op in ("<", "<=", ">", ">=", "==", "!="):
        return int(eval("a %s b" % op)), "int"
    if op in ("/", "%"):
        if b == 0:
            raise DivideByZero()
        q = c_div(a, b)
        return checked(q if op == "/" else a - b * q, t), t
    value = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b}[op]
    return checked(value, t), t


def type_of(node, env):
    """The C type of an expression without evaluating it."""
    kind = node[0]
    if kind == "name":
        return env[node[1]][1]
    if kind == "num":
        return "int"
    if kind == "unary":
        return "int" if node[1] == "!" else type_of(node[2], env)
    if kind == "cond":
        return common(type_of(node[2], env), type_of(node[3], env))
    if node[1] in ("&&", "||", "<", "<=", ">", ">=", "==", "!="):
        return "int"
    return common(type_of(node[2], env), type_of(node[3], env))


def text(node):
    kind = node[0]
    if kind in ("name", "num"):
        return str(node[1])
    if kind == "unary":
        return "%s(%s)" % (node[1], text(node[2]))
    if kind == "cond":
        return "(%s) ? (%s) : (%s)" % (text(node[1]), text(node[2]), text(node[3]))
    return "(%s) %s (%s)" % (text(node[2]), node[1], text(node[3]))


def random_expression(rng, names, signed, depth):
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.6:
            return ("name", rng.choice(names))
        return ("num", rng.randint(0, 12))
    roll = rng.random()
    if roll < 0.1:
        ops = ["!", "-", "~"] if signed else ["!"]
        return ("unary", rng.choice(ops), random_expression(rng, names, signed, depth - 1))
    if roll < 0.17:
        return ("cond", random_expression(rng, names, signed, depth - 1),
                random_expression(rng, names, signed, depth - 1),
                random_expression(rng, names, signed, depth - 1))
    ops = ["+", "*", "/", "%", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "&", "|", "^"]
    if signed:
        ops.append("-")
    return ("bin", rng.choice(ops), random_expression(rng, names, signed, depth - 1),
            random_expression(rng, names, signed, depth - 1))


def relation_holds(shape, v, e):
    if shape == "divides":
        return v != 0 and abs(e) % abs(v) == 0
    if shape == "multiple_of":
        return v == 0 if e == 0 else abs(v) % abs(e) == 0
    return {"less_than": v < e, "less_than_or_eq": v <= e, "greater_than": v > e,
            "greater_than_or_eq": v >= e, "equal": v == e, "unequal": v != e}[shape]


def fits(case, config, inputs):
    env = {name: (inputs[name], case["input_types"][name]) for name in inputs}
    for name, value in config.items():
        env[name] = (value, case["parameter_types"][name])
    for parameter, shape, tree in case["conjuncts"]:
        if tree is None:
            continue  # not C the header reads: taken to hold
        try:
            e, _ = evaluate(tree, env)
            ok = relation_holds(shape, config[parameter], e) if shape != "condition" else e != 0
        except DivideByZero:
            return False
        if not ok:
            return False
    return True


def ratio(a, b):
    x = 1 + (-a if a < 0 else a)
    y = 1 + (-b if b < 0 else b)
    if (a < 0) != (b < 0):
        return x * y
    return x / y if x > y else y / x


def select(case, query):
    near = best = None
    for k, entry in enumerate(case["entries"]):
        distance = 1.0
        for name in ("N", "M"):
            distance *= ratio(float(query[name]), float(entry["inputs"][name]))
        if near is None or distance < near[1]:
            near = (k, distance)
        if fits(case, entry["config"], query) and (best is None or distance < best[1]):
            best = (k, distance)
    return (best[0], 1) if best else (near[0], 0)


def build(case, query, near):
    """No tuned configuration fits: by brute force over every combination of
    the values the entries hold of A and B, those that fit, with the least
    (parameters changed, product of ratios) to the nearest entry's; None
    when none fits. Combinations whose arithmetic overflows a C type count
    as not fitting only if the header could not tell either (Overflow)."""
    base = case["entries"][near]["config"]
    values = {p: [] for p in ("A", "B")}
    for entry in case["entries"]:
        for p in values:
            if entry["config"][p] not in values[p]:
                values[p].append(entry["config"][p])
    best = None
    for a in values["A"]:
        for b in values["B"]:
            config = {"A": a, "B": b}
            if not fits(case, config, query):
                continue
            changed, distance = 0, 1.0
            for p in ("A", "B"):
                if config[p] != base[p]:
                    changed += 1
                    distance *= ratio(float(config[p]), float(base[p]))
            if best is None or (changed, distance) < best[0]:
                best = ((changed, distance), config)
    return best


def random_case(rng):
    signed = rng.random() < 0.5
    input_types = ({"N": "long long", "M": rng.choice(["int", "long long"])} if signed else
                   {"N": "size_t", "M": rng.choice(["unsigned", "size_t"])})
    parameter_types = ({"A": rng.choice(["int", "long long"]), "B": "int"} if signed else
                       {"A": rng.choice(["unsigned", "size_t"]), "B": "size_t"})
    low = -16 if signed else 0
    # Half the cases relate the parameters to the inputs alone, where a
    # combination of tuned values fits more often than in random
    # conditions: the built configuration is exercised.
    inputs_only = rng.random() < 0.5
    conjuncts = []
    for parameter in ("A", "B"):
        for _ in range(rng.randint(0, 2)):
            if rng.random() < 0.1:
                shape, expression = rng.choice(UNREADABLE)
                conjuncts.append((parameter, shape, None, expression))
                continue
            others = ["N", "M"] if inputs_only else ["N", "M", "A", "B"]
            if inputs_only or rng.random() < 0.5:
                shape = rng.choice(RELATIONS)
                if parameter in others:
                    others.remove(parameter)  # a relation's operand never names its parameter
            else:
                shape = "condition"
            tree = random_expression(rng, others, signed, rng.randint(0, 3))
            conjuncts.append((parameter, shape, tree, text(tree)))
    entries = []
    for _ in range(rng.randint(1, 8)):
        entries.append({"inputs": {"N": rng.randint(-2000 if signed else 0, 2000),
                                   "M": rng.randint(-50 if signed else 0, 50)},
                        "config": {"A": rng.randint(low, 16), "B": rng.randint(low, 16)}})
    queries = [{"N": rng.randint(-3000 if signed else 0, 3000),
                "M": rng.randint(-60 if signed else 0, 60)} for _ in range(40)]
    case = {"signed": signed, "input_types": input_types, "parameter_types": parameter_types,
            "conjuncts": [(p, s, t) for p, s, t, _ in conjuncts], "entries": entries,
            "queries": queries}
    # Brute force once now: arithmetic that overflows a C type is drawn again.
    expected = [select(case, q) for q in queries]
    built = [build(case, q, index) if fit == 0 else None
             for q, (index, fit) in zip(queries, expected)]
    fit_table = [[int(fits(case, e["config"], q)) for e in entries] for q in queries]
    wisdom = {
        "atfc_wisdom": 1, "file": "k.cl",
        "inputs": [{"name": "N", "type": input_types["N"], "argument": 1},
                   {"name": "M", "type": input_types["M"], "argument": 2}],
        "parameters": [{"name": p, "kind": "int" if signed else "uint"} for p in ("A", "B")],
        "entries": [{"device": "", "arguments": [str(e["inputs"]["N"]), str(e["inputs"]["M"])],
                     "configuration": e["config"], "cost": [1]} for e in entries],
        "constraints": [{"parameter": p, "type": parameter_types[p],
                         "conjuncts": [{"shape": s, "expression": x}
                                       for q, s, _, x in conjuncts if q == p]}
                        for p in ("A", "B")],
    }
    return case, wisdom, expected, built, fit_table


DRIVER = r"""#include "k_select.h"
#include <stdio.h>
int main(void) {
  long long n, m;
  size_t k;
  while (scanf("%lld %lld", &n, &m) == 2) {
    k_selection s = k_select_fitting(n, m, NULL);
    for (k = 0; k < k_wisdom_size; ++k)
      printf("%d", k_fits(n, m, &k_wisdom[k].config));
    printf(" %zu %d %lld %lld\n", s.index, s.fits, (long long)s.config.A, (long long)s.config.B);
  }
  return 0;
}
"""


def run_case(args, rng, number):
    while True:
        try:
            case, wisdom, expected, built, fit_table = random_case(rng)
            break
        except Overflow:
            continue
    directory = os.path.join(args.out, "case-%d" % number)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "k.json"), "w") as f:
        json.dump(wisdom, f, indent=1)
    with open(os.path.join(directory, "driver.c"), "w") as f:
        f.write(DRIVER)
    header = subprocess.run([args.atfc, "wisdom", "header", os.path.join(directory, "k.json"),
                             "-o", os.path.join(directory, "k_select.h")],
                            capture_output=True, text=True)
    if header.returncode != 0:
        return "atfc wisdom header failed: " + header.stderr
    binary = os.path.join(directory, "driver")
    # Each compiler there is: the header must compile without a warning.
    for compiler in [c for c in ("clang", "cc") if shutil.which(c)]:
        build = subprocess.run([compiler, "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror",
                                "-I" + directory, os.path.join(directory, "driver.c"), "-o",
                                binary], capture_output=True, text=True)
        if build.returncode != 0:
            return "the header does not compile with %s:\n%s" % (compiler, build.stderr)
    queries = "".join("%d %d\n" % (q["N"], q["M"]) for q in case["queries"])
    answers = subprocess.run([binary], input=queries, capture_output=True, text=True).stdout
    lines = answers.splitlines()
    if len(lines) != len(case["queries"]):
        return "the driver answered %d of %d queries" % (len(lines), len(case["queries"]))
    for query, line, (index, fit), made, table in zip(case["queries"], lines, expected, built,
                                                       fit_table):
        words = line.split()
        config = {"A": int(words[3]), "B": int(words[4])}
        # Built when no tuned configuration fits (fits 2), or nothing (0).
        if made is not None:
            fit = 2
        want = "%s %d %d" % ("".join(map(str, table)), index, fit)
        said = " ".join(words[:3])
        if said != want:
            return "N=%d M=%d: the header says '%s', Python '%s' (fits per entry, index, fits)" % (
                query["N"], query["M"], said, want)
        if made is None:
            continue
        # The built configuration fits, and is as near as the nearest that
        # the brute force found (ties may differ in which one).
        (changed, distance), _ = made
        base = case["entries"][index]["config"]
        got_changed = sum(config[p] != base[p] for p in ("A", "B"))
        got_distance = 1.0
        for p in ("A", "B"):
            if config[p] != base[p]:
                got_distance *= ratio(float(config[p]), float(base[p]))
        if not fits(case, config, query) or got_changed != changed or \
                abs(got_distance - distance) > 1e-9 * distance:
            return "N=%d M=%d: the header built A=%d B=%d, Python's nearest fitting is %s" % (
                query["N"], query["M"], config["A"], config["B"], made[1])
    shutil.rmtree(directory)
    run_case.built += sum(made is not None for made in built)
    return None


run_case.built = 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atfc", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--cases", type=int, default=60)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    os.makedirs(args.out, exist_ok=True)
    for number in range(args.cases):
        failure = run_case(args, rng, number)
        if failure:
            print("select_fits.py: seed %d, case %d (files in %s): %s" % (
                seed, number, os.path.join(args.out, "case-%d" % number), failure))
            return 1
    print("select_fits.py: %d cases agree (seed %d); %d built configurations checked" % (
        args.cases, seed, run_case.built))
    return 0


if __name__ == "__main__":
    sys.exit(main())
