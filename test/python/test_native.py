"""Compiled constraints (atfc/_native.py, python/src/NativeSource.cpp): the
same configurations and the same errors as the interpreted tree, on random
expressions; the cache's safety; falling back to the tree."""

import os
import random
import stat
import subprocess
import sys

import pytest

from atfc import TP, Interval, Set, SearchSpace

MIN, MAX = -2**63, 2**63 - 1
INF = float('inf')


def outcome(tps, compiled):
    """What a space of tps is: its configurations, or the error raised."""
    try:
        space = SearchSpace(*tps, compile_constraints=compiled)
    except Exception as e:  # noqa: BLE001 -- the error is the outcome
        return ('error', type(e).__name__, str(e)), None
    configs = [tuple(space.get_configuration(i).values()) for i in range(len(space))]
    # (A constraint with an integer beyond 64 bits is called in Python.)
    native = all(space.native_constraints.values())
    return ('space', configs), space.constraint_code if native else None


def random_expression(rng, depth):
    """An expression of A (ints), B (floats), C (extreme ints), D (the
    constrained parameter) and numbers, of every translated form."""
    if depth == 0:
        if rng.random() < 0.15:
            return rng.choice(['0', '1e300', 'INF', 'MAX', '4611686018427387904'])
        return rng.choice(['A', 'B', 'C', 'D', 'D', 'D', str(rng.randint(-5, 5)),
                           str(rng.randint(-5, 5)), '2.5', '-0.5'])
    a, b = random_expression(rng, depth - 1), random_expression(rng, depth - 1)
    if rng.random() < 0.5:  # the arithmetic, more often
        return f'({a} {rng.choice(["+", "-", "*", "/", "//", "%", "//", "%"])} {b})'
    return rng.choice([
        f'({a} + {b})', f'({a} - {b})', f'({a} * {b})', f'({a} / {b})', f'({a} // {b})',
        f'({a} % {b})', f'({a} ** {rng.choice(["0", "1", "2", "3", "-1", "A", "D"])})',
        f'(-{a})', f'abs({a})', f'min({a}, {b})', f'max({a}, {b}, D)', f'({a} and {b})',
        f'({a} or {b})', f'(not {a})', f'({a} if {b} else {random_expression(rng, depth - 1)})',
        f'({a} < {b} <= {random_expression(rng, depth - 1)})', f'({a} == {b})',
        f'({a} != {b})', f'({a} >= {b})'])


def test_compiled_and_interpreted_agree_on_random_expressions(tmp_path, monkeypatch):
    """A hunter: random constraints of every form, with division by zero,
    negative `%` and `//`, overflow of 64 bits, floats and infinities; on
    single paths (every value of A, B, C alone), so that the error raised
    first is the same in both, compiled against interpreted."""
    rng = random.Random(43)
    sources = [f'lambda D, A, B, C: {random_expression(rng, rng.randint(1, 3))} '
               f'{rng.choice(["<", ">=", "!=", "==", "% 3 =="])} {rng.randint(-2, 2)}'
               + rng.choice(['', f' and {random_expression(rng, 2)}']) for _ in range(90)]
    (tmp_path / 'random_constraints.py').write_text(
        f'INF, MAX = float("inf"), {MAX}\n'
        'CONSTRAINTS = [\n' + ''.join(f'    {s},\n' for s in sources) + ']\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import random_constraints
    kinds = {'space': 0, 'error': 0}
    for source, fn in zip(sources, random_constraints.CONSTRAINTS):
        for a in (-3, 0, 2):
            for b in (-0.5, 0.0, 2.5):
                for c in (MIN, -7, 0, 3, MAX):
                    tps = (TP('A', Set(a)), TP('B', Set(b)), TP('C', Set(c)),
                           TP('D', Interval(-2, 2), fn))
                    interpreted, _ = outcome(tps, False)
                    compiled, code = outcome(tps, True)
                    assert compiled == interpreted, (source, a, b, c)
                    if code is not None:
                        assert code.startswith('compiled'), code
                    kinds[compiled[0]] += 1
    # Both kinds of outcome were compared, many times.
    assert kinds['space'] > 1500 and kinds['error'] > 500, kinds


def test_python_semantics_at_the_edges_of_64_bits():
    # Python's results where the C operators trap or wrap; where Python's
    # result needs more than 64 bits, the constraint is called in Python.
    for compiled in (True, False):
        space = SearchSpace(TP('A', Set(MIN, 3)), TP('B', Set(-1, 2), lambda A, B: A % B == 0),
                            compile_constraints=compiled)
        assert len(space) == 3
        for constraint, size in ((lambda A: A // -1 > 0, 1),
                                 (lambda A: -A > 0, 1),
                                 (lambda A: abs(A) > 0, 2)):
            space = SearchSpace(TP('A', Set(MIN, 3), constraint), compile_constraints=compiled)
            assert len(space) == size
            assert space.native_constraints == {'A': False}
        # 1 ** 10**18 at once, not by 10**18 multiplications
        space = SearchSpace(TP('A', Set(1, -1, 0)),
                            TP('B', Set(10**18, 10**18 + 1), lambda A, B: A ** B >= 0),
                            compile_constraints=compiled)
        assert len(space) == 5


def test_the_cache_is_private_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv('XDG_CACHE_HOME', str(tmp_path / 'home'))
    program = str(tmp_path / 'space.py')  # a file: lambdas are read from their source
    with open(program, 'w') as f:
        f.write('from atfc import TP, Interval, SearchSpace\n'
                's = SearchSpace(TP("X", Interval(1, 12345), lambda X: 12345 % X == 0 and X != 5))\n'
                'print(len(s), s.constraint_code)\n')
    first = subprocess.run([sys.executable, program], capture_output=True, text=True,
                           check=True).stdout
    second = subprocess.run([sys.executable, program], capture_output=True, text=True,
                            check=True).stdout
    assert first.startswith('7 compiled (compiled in ') and second.startswith('7 compiled (cached: ')
    cache = tmp_path / 'home' / 'atfc'
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    objects = list(cache.glob('*.so'))
    assert len(objects) == 1 and str(objects[0]) in second
    assert stat.S_IMODE(objects[0].stat().st_mode) == 0o600
    assert not list(cache.glob('tmp-*'))  # compiled under a temporary name

    # An object another user could have written is not loaded but made anew.
    os.chmod(objects[0], 0o666)
    third = subprocess.run([sys.executable, program], capture_output=True, text=True,
                           check=True).stdout
    assert third.startswith('7 compiled (compiled in ')
    assert stat.S_IMODE(objects[0].stat().st_mode) == 0o600

    # A cache directory others may write to is not used at all.
    os.chmod(cache, 0o777)
    refused = subprocess.run([sys.executable, program], capture_output=True, text=True,
                             check=True).stdout
    assert refused.startswith('7 interpreted: ') and 'writable by others' in refused
    os.chmod(cache, 0o700)
    if os.geteuid() == 0:
        os.chown(cache, 65534, 65534)
        refused = subprocess.run([sys.executable, program], capture_output=True,
                                 text=True, check=True).stdout
        assert refused.startswith('7 interpreted: ') and 'owned by another user' in refused


def fallback(tmp_path, monkeypatch, **env):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv('XDG_CACHE_HOME', str(tmp_path / 'home'))
    space = SearchSpace(TP('X', Interval(1, 360)),
                        TP('Y', Interval(1, 360), lambda X, Y: (X * Y) % 7 == 3 and X < Y))
    assert len(space) == sum(1 for x in range(1, 361) for y in range(1, 361)
                             if (x * y) % 7 == 3 and x < y)
    return space.constraint_code


def test_no_compiler_falls_back(tmp_path, monkeypatch):
    assert fallback(tmp_path, monkeypatch, ATFC_CC='/nonexistent/cc').startswith(
        'interpreted: no C compiler (/nonexistent/cc not found)')


def test_a_failing_compiler_falls_back(tmp_path, monkeypatch):
    assert fallback(tmp_path, monkeypatch, ATFC_CC='false').startswith(
        'interpreted: the compiler failed (exit 1)')


def test_an_object_that_does_not_load_falls_back(tmp_path, monkeypatch):
    junk = tmp_path / 'junk-cc'
    junk.write_text('#!/bin/sh\nwhile [ $# -gt 0 ]; do\n'
                    '  if [ "$1" = -o ]; then echo junk > "$2"; fi; shift\ndone\n')
    junk.chmod(0o755)
    code = fallback(tmp_path, monkeypatch, ATFC_CC=str(junk))
    assert code.startswith('interpreted: loading ') and 'failed' in code


def test_turned_off_by_the_environment(tmp_path, monkeypatch):
    assert fallback(tmp_path, monkeypatch, ATFC_COMPILE_CONSTRAINTS='0') == \
        'interpreted: ATFC_COMPILE_CONSTRAINTS=0'


def test_verbosity_says_how_constraints_run(capsys):
    SearchSpace(TP('X', Interval(1, 100), lambda X: 100 % X == 0), verbosity=2)
    assert 'atfc: constraints compiled (' in capsys.readouterr().err
