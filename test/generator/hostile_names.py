#!/usr/bin/env python3
"""Hostile names and values through every writer of generated C and C++.

Names (keywords of C and C++, predefined and standard macros, reserved
names, atfc's own names, non-ASCII, newlines, quotes, backslashes, `??/`,
`*/`, very long names, names that differ only in case) and values (the
same hostile texts) go through:

  - the selection header of a crafted wisdom file (`atfc wisdom header`),
  - the selection header of a crafted results.db (`atfc wisdom merge
    --header`), its names rewritten in the database,
  - best.h and the tuned source of an annotated C file (`atfc tune`),
  - the analysis unit (`atfc check`) of files with hostile file names.

Each must be refused with a message naming the file and the name, or give
files that compile with the real `cc` and `c++` (-Werror, trigraphs on for
C) and whose values read back byte for byte. A failure prints the seed
and keeps its files in --out.

  hostile_names.py --atfc build/bin/atfc --out /tmp/hostile [--seed N] [--seconds S]
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time

KEYWORDS = ["int", "and", "or", "not", "xor_eq", "typeof", "restrict", "char8_t", "co_await",
            "requires", "class", "new", "delete", "bool", "true", "nullptr", "global", "local",
            "kernel", "constexpr", "static_assert", "alignas", "thread_local", "wchar_t"]
MACROS = ["unix", "linux", "NULL", "EOF", "errno", "assert", "stdin", "stdout", "INFINITY", "NAN",
          "M_PI", "INT32_MAX", "SIZE_MAX", "PRId64", "EINVAL", "SIGINT", "offsetof", "isnan",
          "strcmp", "size_t", "int64_t", "FILE", "DBL_MAX", "HUGE_VAL"]
RESERVED = ["__LINE__", "__FILE__", "__x", "a__b", "_X", "_Pragma", "_Bool", "__cplusplus"]
OWN = ["atfc_tier", "atfc_k", "atfc_device", "ATFC_BEST_H", "atf_setup_", "atf_tuner_",
       "atf_path_", "Atf_x", "atf", "k_wisdom", "k_select", "k_config"]
NOT_IDENTIFIERS = ["caf\u00e9", "a\nb", "a\rb", "x\"y", "x\\y", "??/", "*/", "a b", "1x", "",
                   "x;system(\"id\")", "\x1b]0;t\x07", "a-b", "x/*"]
FINE = ["WPT", "N", "M", "tile", "_x", "_", "layout", "device", "best", "value", "x1", "ELEMS",
        "SIGMA", "total", "in_N", "k"]
HOSTILE_TEXTS = ["plain", "say \"hi\"\\", "line\nnext\r\n", "??/", "???/??=??(", "*/ #error x",
                 "/* c */", "\x1b]0;title\x07\x1b[2J", "caf\u00e9", "tab\there", "\\", "?",
                 "#error injected", "\u202e", "%s%n", ""]
TYPES_FINE = ["size_t", "std::size_t", "int", "unsigned long", "double", "float", "bool",
              "std::string", "std::int64_t", "uint8_t", "long double"]
TYPES_HOSTILE = ["int; int system(const char *)", "my_int", "int)", "char[4]", "void",
                 "int /*", "struct x", ""]


def render(name):
    """The name as atfc's messages show it (Support/GeneratedName.h)."""
    raw = name.encode("utf-8", "surrogateescape")
    out = ""
    for b in raw[:64]:
        out += "\\x%02x" % b if b < 0x20 or b >= 0x7f or b == 0x5c else chr(b)
    return out + ("..." if len(raw) > 64 else "")


def long_name(rng):
    return "L" + "".join(rng.choice("abcXYZ_019") for _ in range(rng.randint(200, 400)))


def pick_name(rng, fine=False):
    if fine:  # half the trials: names that must be written, values that are hostile
        return rng.choice(FINE + [long_name(rng)])
    pool = rng.choice([KEYWORDS, MACROS, RESERVED, OWN, NOT_IDENTIFIERS, FINE, FINE, FINE])
    if rng.random() < 0.05:
        return long_name(rng)
    return rng.choice(pool)


def pick_text(rng):
    if rng.random() < 0.3:
        return "".join(rng.choice(HOSTILE_TEXTS) for _ in range(rng.randint(1, 4)))
    return rng.choice(HOSTILE_TEXTS)


class Failure(Exception):
    pass


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, **kw)


def shown(text):
    """Text as atfc prints it to a terminal or a pipe (System/TerminalText.h)."""
    out = ""
    for c in text:
        o = ord(c)
        if (o < 0x20 and c not in "\n\t") or 0x7f <= o <= 0x9f:
            out += "".join("\\x%02x" % b for b in c.encode("utf-8"))
        else:
            out += c
    return out


def check_refusal(result, path, names, what):
    err = result.stderr.decode("utf-8", "replace")
    if path not in err and shown(path) not in err:
        raise Failure("%s refused without naming %s:\n%s" % (what, path, err))
    if not any(render(n) in err or (n and (n in err or shown(n) in err)) for n in names):
        raise Failure("%s refused without naming the name (one of %r):\n%s" % (what, names, err))


def compile_and_run(work, driver, header_dir, cc, cxx):
    """Builds driver with cc (C99, trigraphs) and c++ (C++20); both must
    agree. Returns the program's output."""
    outputs = []
    for compiler, flags in ((cc, ["-x", "c", "-std=c99", "-trigraphs", "-pedantic"]),
                            (cxx, ["-x", "c++", "-std=c++20"])):
        binary = os.path.join(work, "driver")
        r = run([compiler] + flags + ["-Wall", "-Wextra", "-Werror", "-Wno-unused-function",
                                       "-I", header_dir, driver, "-o", binary])
        if r.returncode != 0:
            raise Failure("%s does not compile it:\n%s" % (compiler,
                                                           r.stderr.decode("utf-8", "replace")))
        p = run([binary])
        if p.returncode != 0:
            raise Failure("the driver failed")
        outputs.append(p.stdout.decode("ascii"))
    if outputs[0] != outputs[1]:
        raise Failure("C and C++ read different values")
    return outputs[0].splitlines()


def hexed(text):
    return text.encode("utf-8").hex()


HEX_PRINTER = ("static void hex(const char *s) {\n  for (; *s; ++s) printf(\"%02x\", "
               "(unsigned)(unsigned char)*s);\n  printf(\"\\n\");\n}\n")


# ---------------------------------------------------------------------------
# The selection header of a crafted wisdom file
# ---------------------------------------------------------------------------

def random_wisdom(rng):
    kinds = ["int", "uint", "double", "bool", "string"]
    fine = rng.random() < 0.5
    params = [(pick_name(rng, fine), rng.choice(kinds)) for _ in range(rng.randint(1, 4))]
    if fine:
        params = list({n: (n, k) for n, k in params}.values())
    if rng.random() < 0.2:  # duplicates, or names differing only in case
        n = params[0][0]
        params.append((rng.choice([n, n.upper(), n.lower()]), "int"))
    inputs = []
    for k in range(rng.randint(0, 3)):
        t = rng.choice(TYPES_HOSTILE) if rng.random() < 0.15 and not fine else \
            rng.choice(TYPES_FINE)
        inputs.append({"name": pick_name(rng, fine), "type": t, "argument": k + 1})
    if fine:
        inputs = list({i["name"]: i for i in inputs}.values())
        for k, i in enumerate(inputs):
            i["argument"] = k + 1
    entries = []
    for _ in range(rng.randint(1, 3)):
        config = {}
        for name, kind in params:
            config[name] = {"int": rng.randint(-2**63, 2**63 - 1),
                            "uint": rng.randint(0, 2**64 - 1),
                            "double": rng.choice([0.5, -1e300, 3.0, 1e-310]),
                            "bool": rng.random() < 0.5,
                            "string": pick_text(rng).replace("\0", "")}[kind]
        args = [str(rng.randint(1, 4096)) if i["type"] not in ("std::string", "bool")
                else ("true" if i["type"] == "bool" else pick_text(rng)) for i in inputs]
        entries.append({"device": rng.choice(["", "PoCL: cpu (3.0)", pick_text(rng)]),
                        "arguments": args, "configuration": config, "cost": [1.0]})
    return {"atfc_wisdom": 1, "file": rng.choice(["k.cl", "dir/k*/x.cl", "k\n#error.cl"]),
            "inputs": inputs, "parameters": [{"name": n, "kind": k} for n, k in params],
            "entries": entries}


def driver_for(wisdom, stem):
    lines = ["#include \"%s_select.h\"" % stem, "#include <stdio.h>", HEX_PRINTER,
             "int main(void) {", "  size_t i;", "  for (i = 0; i < %s_wisdom_size; ++i) {" % stem,
             "    hex(%s_wisdom[i].device);" % stem]
    for p in wisdom["parameters"]:
        member = "%s_wisdom[i].config.%s" % (stem, p["name"])
        lines.append({"int": "    printf(\"%%lld\\n\", %s);",
                      "uint": "    printf(\"%%llu\\n\", (unsigned long long)%s);",
                      "double": "    printf(\"%%.17g\\n\", %s);",
                      "bool": "    printf(\"%%d\\n\", %s);",
                      "string": "    hex(%s);"}[p["kind"]] % member)
    lines += ["  }", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def expected_lines(wisdom):
    out = []
    for e in wisdom["entries"]:
        out.append(hexed(e["device"]))
        for p in wisdom["parameters"]:
            v = e["configuration"][p["name"]]
            out.append({"int": str, "uint": str, "double": lambda x: repr(float(x)),
                        "bool": lambda x: "1" if x else "0", "string": hexed}[p["kind"]](v))
    return out


def same(lines, expected, wisdom):
    if len(lines) != len(expected):
        return False
    for got, want in zip(lines, expected):
        if got == want:
            continue
        try:
            if float(got) == float(want):
                continue
        except ValueError:
            pass
        return False
    return True


def header_of_wisdom(rng, work, atfc, cc, cxx):
    wisdom = random_wisdom(rng)
    path = os.path.join(work, "w_wisdom.json")
    with open(path, "w") as f:
        json.dump(wisdom, f)
    header = os.path.join(work, "k_select.h")
    r = run([atfc, "wisdom", "header", path, "-o", header, "--prefix", "k"])
    names = [p["name"] for p in wisdom["parameters"]] + [i["name"] for i in wisdom["inputs"]] + \
        [i["type"] for i in wisdom["inputs"]]
    if r.returncode != 0:
        check_refusal(r, path, names, "wisdom header")
        return "refused"
    driver = os.path.join(work, "driver.c")
    with open(driver, "w") as f:
        f.write(driver_for(wisdom, "k"))
    lines = compile_and_run(work, driver, work, cc, cxx)
    if not same(lines, expected_lines(wisdom), wisdom):
        raise Failure("values read back differ:\n%s\nexpected\n%s" %
                      (lines, expected_lines(wisdom)))
    return "compiled"


# ---------------------------------------------------------------------------
# The selection header of a crafted results.db
# ---------------------------------------------------------------------------

SIZES = """#atf::var<size_t>::N $1
#atf::tp name T range interval<size_t>(1, 4)
#atf::tp name U range {1, 2}
#atf::search_technique exhaustive
#atf::run_script "echo $(( T + U )) > cost"
#atf::cost_file "cost"
"""


def tuned_database(work, atfc):
    """A results.db of a real run, made once."""
    source = os.path.join(work, "sizes.sh")
    with open(source, "w") as f:
        f.write(SIZES)
    r = run([atfc, "tune", source, "-o", os.path.join(work, "out"), "--inputs", "64"])
    if r.returncode != 0:
        raise Failure("the tune for the database failed:\n%s" % r.stderr.decode())
    return source, os.path.join(work, "out", "results.db")


def header_of_database(rng, work, atfc, cc, cxx, source, database):
    db = os.path.join(work, "crafted.db")
    shutil.copy(database, db)
    fine = rng.random() < 0.5
    renames = {"T": pick_name(rng, fine), "U": pick_name(rng, fine)}
    con = sqlite3.connect(db)
    for rid, params in con.execute("SELECT id, parameters FROM runs").fetchall():
        con.execute("UPDATE runs SET parameters = ? WHERE id = ?",
                    (json.dumps([renames.get(p, p) for p in json.loads(params)]), rid))
    for eid, config in con.execute("SELECT id, configuration FROM evaluations").fetchall():
        c = json.loads(config)
        con.execute("UPDATE evaluations SET configuration = ? WHERE id = ?",
                    (json.dumps({renames.get(k, k): v for k, v in c.items()}), eid))
    con.commit()
    con.close()
    header = os.path.join(work, "k_select.h")
    r = run([atfc, "wisdom", "merge", db, "--file", source, "-o", os.path.join(work, "m.json"),
             "--header", header, "--prefix", "k"])
    if r.returncode != 0:
        check_refusal(r, db, list(renames.values()), "wisdom merge of a database")
        return "refused"
    driver = os.path.join(work, "driver.c")
    with open(driver, "w") as f:
        f.write("#include \"k_select.h\"\n#include <stdio.h>\nint main(void) {\n"
                "  k_config c = k_select(64, NULL);\n  printf(\"%%lld %%lld\\n\", c.%s, c.%s);\n"
                "  return 0;\n}\n" % (renames["T"], renames["U"]))
    lines = compile_and_run(work, driver, work, cc, cxx)
    if lines != ["1 1"]:
        raise Failure("the database's best read back as %r" % lines)
    return "compiled"


# ---------------------------------------------------------------------------
# best.h and the tuned source of an annotated file; the analysis unit
# ---------------------------------------------------------------------------

def cxx_literal(text):
    return "\"" + "".join(c if c.isalnum() and ord(c) < 128 else "\\%03o" % b
                          for c in text for b in c.encode("utf-8")) + "\""


def tuned_outputs(rng, work, atfc, cc, cxx):
    params = []
    fine = rng.random() < 0.5
    for _ in range(rng.randint(1, 3)):
        name = pick_name(rng, fine)
        if any(c in name for c in "\n\r\"\\ ") or not name:
            name = rng.choice(FINE)  # cannot be written in a directive's name
        params.append((name, pick_text(rng).replace("\0", "")))
    # The file's name is pasted into the tuner, its analysis unit and best.h.
    stem = rng.choice(["k", "k"] + [n[:-2] for n in FILE_NAMES if n.endswith(".c")])
    source = os.path.join(work, stem + ".c")
    os.makedirs(os.path.dirname(source), exist_ok=True)
    lines = ["#include <stdio.h>"]
    for name, value in params:
        lines.append("#atf::tp name %s range {%s}" % (name, cxx_literal(value)))
    lines += ["#atf::run_script \"echo 1 > cost\"", "#atf::cost_file \"cost\"", HEX_PRINTER,
              "int main(void) {"]
    lines += ["  hex(%s);" % name for name, _ in params]
    lines += ["  return 0;", "}"]
    with open(source, "w") as f:
        f.write("\n".join(lines) + "\n")
    out = os.path.join(work, "tuned")
    shutil.rmtree(out, ignore_errors=True)
    r = run([atfc, "tune", source, "-o", out])
    names = [n for n, _ in params]
    if r.returncode != 0:
        # A tuned source's name with a line break is refused by the output
        # directory (System/OutputDirectory.h), naming that file.
        tuned = os.path.basename(stem) + ".tuned.c"
        check_refusal(r, source, names + ([tuned] if "\n" in tuned or "\r" in tuned else []),
                      "tune")
        err = r.stderr.decode("utf-8", "replace")
        if "tuner-" in err or "In file included" in err:
            raise Failure("tune refused with the compiler's output, not atfc's:\n" + err)
        return "refused"
    if len(set(names)) != len(names):
        raise Failure("duplicate names %r were accepted" % names)
    expected = [hexed(v) for _, v in params]
    # The tuned source defines the values where the directives were.
    got = compile_and_run(work, os.path.join(out, os.path.basename(stem) + ".tuned.c"), out, cc,
                          cxx)
    if got != expected:
        raise Failure("the tuned source's values differ: %r, expected %r" % (got, expected))
    driver = os.path.join(work, "best_driver.c")
    with open(driver, "w") as f:
        f.write("#include \"best.h\"\n#include <stdio.h>\n" + HEX_PRINTER + "int main(void) {\n" +
                "".join("  hex(%s);\n" % n for n in names) + "  return 0;\n}\n")
    got = compile_and_run(work, driver, out, cc, cxx)
    if got != expected:
        raise Failure("best.h's values differ: %r, expected %r" % (got, expected))
    return "compiled"


# Numbers at their types' limits, each (type, the range's literal, C's
# printf conversion, the value it must print): best.h and the tuned source
# once wrote INT64_MIN as -9223372036854775808, which C reads as the
# negation of an integer too large for any signed type.
NUMBERS = [("std::int64_t", "(-9223372036854775807LL - 1)", "%lld", "-9223372036854775808"),
           ("std::int64_t", "9223372036854775807LL", "%lld", "9223372036854775807"),
           ("std::uint64_t", "18446744073709551615ULL", "%llu", "18446744073709551615"),
           ("int", "-2147483647 - 1", "%lld", "-2147483648"),
           ("double", "1.7976931348623157e308", "%.17g", "1.7976931348623157e+308"),
           ("double", "-4.9406564584124654e-324", "%.17g", "-4.9406564584124654e-324"),
           ("double", "0.1", "%.17g", "0.10000000000000001"),
           ("float", "3.40282347e38f", "%.9g", "3.40282347e+38"),
           ("bool", "true", "%lld", "1")]


def numeric_outputs(work, atfc, cc, cxx):
    """Every number of NUMBERS, through best.h and the tuned source, reads
    back as itself in C and C++ compiled with -Werror."""
    source = os.path.join(work, "numbers.c")
    lines = ["#include <stdio.h>"]
    for i, (type_, literal, _, _) in enumerate(NUMBERS):
        lines.append("#atf::tp name V%d type %s range {%s}" % (i, type_, literal))
    lines += ["#atf::run_script \"echo 1 > cost\"", "#atf::cost_file \"cost\"", "int main(void) {"]
    casts = {"%lld": "long long", "%llu": "unsigned long long", "%.17g": "double",
             "%.9g": "double"}
    prints = ["  printf(\"%s\\n\", (%s)(V%d));" % (conversion, casts[conversion], i)
              for i, (_, _, conversion, _) in enumerate(NUMBERS)]
    with open(source, "w") as f:
        f.write("\n".join(lines + prints + ["  return 0;", "}"]) + "\n")
    out = os.path.join(work, "numbers")
    shutil.rmtree(out, ignore_errors=True)
    r = run([atfc, "tune", source, "-o", out])
    if r.returncode != 0:
        raise Failure("tune of the numbers failed:\n" + r.stderr.decode("utf-8", "replace"))
    expected = [value for _, _, _, value in NUMBERS]
    got = compile_and_run(work, os.path.join(out, "numbers.tuned.c"), out, cc, cxx)
    if got != expected:
        raise Failure("the tuned source's numbers differ: %r, expected %r" % (got, expected))
    driver = os.path.join(work, "numbers_driver.c")
    with open(driver, "w") as f:
        f.write("#include \"best.h\"\n#include <stdio.h>\nint main(void) {\n" +
                "\n".join(prints) + "\n  return 0;\n}\n")
    got = compile_and_run(work, driver, out, cc, cxx)
    if got != expected:
        raise Failure("best.h's numbers differ: %r, expected %r" % (got, expected))
    return "numbers"


FILE_NAMES = ["k\n#error injected\n.c", "k\r#error injected.c", "k\"q.c", "k\\\\b.c", "k??/x.c",
              "k??/\n#error x.c", "k*.c", "k\x1b]0;t\x07.c", "caf\u00e9.c", "k #line 1.c"]


def analysis_unit(rng, work, atfc):
    name = rng.choice(FILE_NAMES)
    path = os.path.join(work, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)  # "k??/..." holds a trigraph
    with open(path, "w") as f:
        f.write("#atf::tp name X range {1, 2}\n#atf::tp name Y range {1, 2, 4} constraint Y >= X\n"
                "#atf::run_script \"echo 1 > cost\"\n#atf::cost_file \"cost\"\n"
                "int main(void) { return 0; }\n")
    r = run([atfc, "check", path])
    os.unlink(path)
    out = (r.stdout + r.stderr).decode("utf-8", "replace")
    if r.returncode != 0 or "error:" in out:
        raise Failure("atfc check of a valid file named %r:\n%s" % (name, out))
    return "checked"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--atfc", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--cc", default=shutil.which("cc") or "cc")
    ap.add_argument("--cxx", default=shutil.which("c++") or "c++")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    atfc = os.path.abspath(args.atfc)
    work = os.path.abspath(args.out)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    counts = {}
    try:
        source, database = tuned_database(work, atfc)
        trials = [lambda: header_of_wisdom(rng, work, atfc, args.cc, args.cxx)] * 6 + \
            [lambda: header_of_database(rng, work, atfc, args.cc, args.cxx, source, database)] * 2 + \
            [lambda: analysis_unit(rng, work, atfc)] * 2
        # A tune builds a tuner (seconds): three first, then one in ten.
        tune = lambda: tuned_outputs(rng, work, atfc, args.cc, args.cxx)
        end = time.time() + args.seconds
        for trial in [lambda: numeric_outputs(work, atfc, args.cc, args.cxx)] + [tune] * 3 + trials:
            outcome = trial()
            counts[outcome] = counts.get(outcome, 0) + 1
        while time.time() < end:
            outcome = (tune if rng.random() < 0.1 else rng.choice(trials))()
            counts[outcome] = counts.get(outcome, 0) + 1
    except Failure as e:
        print("FAILED (seed %d, files in %s): %s" % (seed, work, e))
        return 1
    print("hostile names, seed %d: %s" % (seed, ", ".join(
        "%d %s" % (n, k) for k, n in sorted(counts.items()))))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
