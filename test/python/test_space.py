"""Search spaces: counts against a plain Python enumeration of the same
constraints (pyATF's semantics), translated and called-back constraints,
reads of later parameters, and bad use."""

import collections
import importlib.util
import itertools
import math
import os
import random
import re
import sys

import numpy as np
import pytest

import atfc
from atfc import TP, Interval, Set, SearchSpace, Tuner
from atfc.search_techniques import Exhaustive
from atfc.range import engine_value, value_kind


def _bench():
    """bench/python/pyatf_generation.py as a module: its spaces."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'bench',
                        'python', 'pyatf_generation.py')
    spec = importlib.util.spec_from_file_location('pyatf_generation', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def brute_force(tps):
    """Every configuration of tps whose constraints hold, in pyATF's way."""
    names = [tp.name for tp in tps]
    count = 0
    for values in itertools.product(*[list(tp.values) for tp in tps]):
        config = dict(zip(names, values))
        if all(tp.constraint is None or
               tp.constraint(**{a: config[a] for a in tp.constraint_arguments}) for tp in tps):
            count += 1
    return count


def test_interval_values_as_pyatf_counts_them():
    assert list(Interval(1, 10, 3)) == [1, 4, 7, 10]
    assert list(Interval(1, 8, 3)) == [1, 4, 7]
    assert list(Interval(5, 1, -2)) == [5, 3, 1]
    assert len(Interval(3, 1)) == 0
    assert list(Interval(0.0, 1.0, 0.25)) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert list(Interval(0, 3, 1, lambda i: 2 ** i)) == [1, 2, 4, 8]


def test_divisor_constraint_is_native_and_counts_right():
    N = 1024
    WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
    LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)
    space = SearchSpace(WPT, LS)
    assert space.native_constraints == {'WPT': True, 'LS': True}
    # Both visit divisors only: WPT's of 1024, LS's of the float N / WPT.
    assert [p.by_divisors for p in space._params] == [True, True]
    assert len(space) == brute_force((WPT, LS)) == 66


def test_divisors_of_a_quotient():
    # `E % (F * self) == 0`: self visits the divisors of E / F; none when F
    # does not divide E; F = 0 raises as Python does.
    A = TP('A', Set(12, 16, 18, 30))
    B = TP('B', Interval(1, 6))
    V = TP('V', Set(1, 2, 3, 4, 5, 6, 8), lambda V, A, B: A % (B * V) == 0)
    W = TP('W', Interval(1, 9), lambda W, A, B: A % (W * (B - 1)) == 0 or W == 9)
    space = SearchSpace(A, B, V)
    assert [p.by_divisors for p in space._params] == [False, False, True]
    assert len(space) == brute_force((A, B, V))
    with pytest.raises(ZeroDivisionError):
        brute_force((A, B, W))
    with pytest.raises(ZeroDivisionError):
        SearchSpace(A, B, W)


def test_constraint_reading_a_later_parameter():
    A = TP('A', Interval(1, 12), lambda A, B: B % A == 0)
    B = TP('B', Interval(1, 12))
    space = SearchSpace(A, B)
    assert len(space) == brute_force((A, B))
    for i in range(len(space)):
        c = space.get_configuration(i)
        assert c['B'] % c['A'] == 0


def test_untranslatable_constraint_calls_python():
    calls = []

    def odd(X):
        calls.append(X)
        return X % 2 == 1

    X = TP('X', Interval(1, 9), odd)
    Y = TP('Y', Set('a', 'bb', 'ccc'), lambda Y, X: len(Y) <= X)
    space = SearchSpace(X, Y)
    # odd has two statements, Y's lambda calls len and reads a string.
    assert space.native_constraints == {'X': False, 'Y': False}
    assert sorted(calls) == list(range(1, 10))
    assert len(space) == brute_force((X, Y))


def test_partly_translated_constraint():
    helper = lambda v: v != 4  # noqa: E731
    X = TP('X', Interval(1, 20), lambda X: X % 2 == 0 and helper(X))
    space = SearchSpace(X)
    assert space.native_constraints == {'X': False}
    assert sorted(space.get_configuration(i)['X'] for i in range(len(space))) == \
        [2, 6, 8, 10, 12, 14, 16, 18, 20]


def test_python_semantics_of_translated_operators():
    # floor division and modulo of negatives, true division, min/max/abs,
    # chained comparisons, `or` returning an operand, conditional expressions
    A = TP('A', Interval(-6, 6))
    B = TP('B', Interval(-3, 3), lambda A, B: B != 0 and (
        (A // B) * B + A % B == A and -2 <= A / B <= 2 or max(A, B, 0) == abs(min(A, -1))))
    C = TP('C', Set(0.5, 1.5, 2.0), lambda C, A: (C if A > 0 else -C) < 1.2)
    space = SearchSpace(A, B, C)
    assert all(space.native_constraints.values())
    assert len(space) == brute_force((A, B, C))


def test_translated_and_python_agree_on_random_expressions(tmp_path, monkeypatch):
    """A hunter: random arithmetic constraints, translated, against Python
    itself (the callable called on every configuration)."""
    rng = random.Random(7)
    ops = ['+', '-', '*', '//', '%', '/']
    sources = []
    for _ in range(60):
        e = 'A'
        for _ in range(rng.randint(1, 4)):
            e = f'({e} {rng.choice(ops)} {rng.choice(["B", "C", str(rng.randint(1, 5))])})'
        sources.append(f'lambda A, B, C: B != 0 and C != 0 and {e} '
                       f'{rng.choice(["<", ">=", "==", "!="])} {rng.randint(-5, 5)}')
    (tmp_path / 'generated_constraints.py').write_text(
        'CONSTRAINTS = [\n' + ''.join(f'    {s},\n' for s in sources) + ']\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import generated_constraints
    checked = 0
    for source, fn in zip(sources, generated_constraints.CONSTRAINTS):
        A = TP('A', Interval(-4, 4))
        B = TP('B', Interval(-3, 3))
        C = TP('C', Interval(-2, 2), fn)
        try:
            expected = brute_force((A, B, C))
        except ZeroDivisionError:
            with pytest.raises(ZeroDivisionError):
                SearchSpace(A, B, C)
            continue
        space = SearchSpace(A, B, C)
        assert space.native_constraints == {'C': True}, source
        assert len(space) == expected, source
        checked += 1
    assert checked > 20


def test_translated_logic_agrees_with_python(tmp_path, monkeypatch):
    """A hunter for what the flat code jumps over: nested and/or (whose
    value is an operand), chained comparisons that stop early, `x if c
    else y`, not, min/max/abs, with hoisted parts (reading no C) inside."""
    rng = random.Random(11)

    def term(depth):
        if depth == 0:
            return rng.choice(['A', 'B', 'C', str(rng.randint(-3, 3))])
        a, b = term(depth - 1), term(depth - 1)
        return rng.choice([
            f'({a} {rng.choice(["+", "-", "*"])} {b})', f'({a} and {b})', f'({a} or {b})',
            f'(not {a})', f'min({a}, {b})', f'max({a}, {b}, C)', f'abs({a})',
            f'({a} if {b} else {term(depth - 1)})', f'({a} < {b} <= {term(depth - 1)})',
            f'({a} != {b} == {term(depth - 1)} > -2)'])

    sources = [f'lambda A, B, C: {term(rng.randint(1, 3))} {rng.choice(["<", ">=", "!="])} '
               f'{rng.randint(-2, 2)} and {term(2)}' for _ in range(80)]
    (tmp_path / 'generated_logic.py').write_text(
        'CONSTRAINTS = [\n' + ''.join(f'    {s},\n' for s in sources) + ']\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import generated_logic
    for source, fn in zip(sources, generated_logic.CONSTRAINTS):
        tps = (TP('A', Interval(-3, 3)), TP('B', Interval(-2, 2)), TP('C', Interval(-2, 2), fn))
        space = SearchSpace(*tps)
        assert space.native_constraints == {'C': True}, source
        assert len(space) == brute_force(tps), source


def configurations(space):
    return [tuple(sorted(space.get_configuration(i).items())) for i in range(len(space))]


def brute_force_configurations(tps):
    names = [tp.name for tp in tps]
    found = []
    for values in itertools.product(*[list(tp.values) for tp in tps]):
        config = dict(zip(names, values))
        if all(tp.constraint is None or
               tp.constraint(**{a: config[a] for a in tp.constraint_arguments}) for tp in tps):
            found.append(tuple(sorted(config.items())))
    return found


def test_divisor_levels_agree_with_python(tmp_path, monkeypatch):
    """A hunter for the levels that visit divisors (and keep the last
    number's divisors for its siblings): random `E % X == 0` and
    `E % (F * X) == 0` constraints over intervals of either direction and
    steps and over shuffled lists, on inner levels and the last, compiled
    and interpreted, against Python's own configurations."""
    rng = random.Random(5)
    numbers = ['A', 'B', '(A * B)', '(A + B)', '(A * B) / B', '12', '(B * 6)']
    sources = []
    for _ in range(40):
        e = rng.choice(numbers)
        form = rng.choice([f'{e} % X == 0', f'(A * B) % (B * X) == 0', f'{e} % X == 0 and X != 3'])
        sources.append(f'lambda X, A, B: {form}')
    (tmp_path / 'divisor_constraints.py').write_text(
        'CONSTRAINTS = [\n' + ''.join(f'    {s},\n' for s in sources) + ']\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import divisor_constraints

    def a_range():
        values = list(range(1, rng.randint(4, 13)))
        return rng.choice([Interval(1, len(values)), Interval(len(values), 1, -1),
                           Interval(2, 2 * len(values), 2), Set(*rng.sample(values, len(values)))])

    by_divisors = 0
    for source, fn in zip(sources, divisor_constraints.CONSTRAINTS):
        A, B = TP('A', a_range()), TP('B', a_range(), lambda A, B: A % B == 0 or B < 3)
        X = TP('X', a_range(), fn)
        # X on the last level, and X on an inner one (C below it).
        for tps in ((A, B, X), (A, B, X, TP('C', Set(1, 2), lambda C, X: X % C == 0))):
            expected = sorted(brute_force_configurations(tps))
            for compiled in (True, False):
                space = SearchSpace(*tps, compile_constraints=compiled)
                assert space.native_constraints['X'], source
                assert sorted(configurations(space)) == expected, (source, compiled)
                by_divisors += space._params[2].by_divisors
    assert by_divisors > 60


def test_remembered_subtrees_agree_with_python(tmp_path, monkeypatch):
    """A hunter for the subtrees a level copies from memory instead of
    generating them again (lib/Online/SubtreeMemo.h): random spaces whose
    constraints read few other parameters (so that subtrees repeat), of
    every translated form, some reading a later parameter, some with a
    Python callable on one level (no level above it remembers), compiled
    and interpreted, against Python's own configurations; and the memo
    must have copied subtrees, else the hunt proves nothing."""
    rng = random.Random(17)
    names = ['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6']

    def constraint_source(i, order):
        # Reads only parameters before it in a random order of generation:
        # some are after it among the parameters.
        before = order[:order.index(i)]
        reads = [names[j] for j in rng.sample(before, min(len(before), rng.randint(1, 2)))]
        a, b = reads[0], reads[-1]
        x = names[i]
        return rng.choice([
            f'{a} % {x} == 0', f'({a} * {b}) % {x} == 0 and {x} <= {b} + 2',
            f'{x} + {a} <= {b} + 3', f'{a} // {x} != {b} % 3', f'min({a}, {b}) >= {x} - 1',
            f'({a} / {x}) % 1 == 0', f'{x} != {a} or {b} > 2',
            f'({a} if {b} > 2 else {x}) % 2 == {x} % 2'])

    sources, roots = [], []
    for _ in range(24):
        space = []
        order = list(range(len(names)))
        rng.shuffle(order)
        for i in range(len(names)):
            if i == order[0] or rng.random() < 0.2:
                space.append(None)
                continue
            body = constraint_source(i, order)
            reads = sorted(set(re.findall(r'P\d', body)) - {names[i]})
            space.append(f'lambda {names[i]}, {", ".join(reads)}: {body}')
        sources.append(space)
        roots.append(order[0])
    (tmp_path / 'memo_spaces.py').write_text(
        'def opaque(v):\n    return v\n\nSPACES = [\n' +
        ''.join('    [' + ', '.join(c or 'None' for c in space) + '],\n' for space in sources) +
        ']\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    import memo_spaces

    replayed = atfc._atfc.replayed_subtrees()
    called_back = 0
    for k, constraints in enumerate(memo_spaces.SPACES):
        ranges = [Interval(1, rng.randint(3, 8)), Set(*rng.sample(range(1, 9), 4)),
                  Interval(1, 6), Interval(6, 1, -1), Set(1, 2, 4, 8), Interval(2, 8, 2),
                  Set(3, 1, 2)]
        if k % 3 == 0:
            # A callable that cannot be translated, reading the parameter
            # generated first.
            i = rng.choice([j for j in range(len(names)) if j != roots[k]])
            root = names[roots[k]]
            constraints[i] = eval(f'lambda {names[i]}, {root}: opaque({names[i]}) >= {root} - 3',
                                  {'opaque': memo_spaces.opaque})
        tps = tuple(TP(n, r, c) for n, r, c in zip(names, ranges, constraints))
        expected = sorted(brute_force_configurations(tps))
        for compiled in (True, False):
            space = SearchSpace(*tps, compile_constraints=compiled)
            called_back += not all(space.native_constraints.values())
            assert sorted(configurations(space)) == expected, (sources[k], compiled)
    assert called_back >= 8
    assert atfc._atfc.replayed_subtrees() - replayed > 1000


def test_a_translation_is_reused_only_while_its_constants_read_the_same():
    # One lambda's code, made again with other captured values: a number,
    # a list changed in place, a global, and max shadowed by another
    # function. Each space has the values Python's own lambda accepts.
    global LIMIT, max
    sizes = [8]

    def make(n):
        return TP('X', Interval(1, 16), lambda X: n % X == 0 and X <= sizes[0] and X != LIMIT
                  and max(X, 1) > 1)

    def values(tp):
        space = SearchSpace(tp)
        found = sorted(space.get_configuration(i)['X'] for i in range(len(space)))
        assert found == [x for x in range(1, 17) if tp.constraint(x)]
        return found, space.native_constraints['X']

    LIMIT = 2
    assert values(make(12)) == ([3, 4, 6], True)
    assert values(make(12)) == ([3, 4, 6], True)
    assert values(make(16)) == ([4, 8], True)
    sizes[0] = 16
    assert values(make(16)) == ([4, 8, 16], True)
    LIMIT = 8
    assert values(make(16)) == ([2, 4, 16], True)
    max = lambda *args: 0  # noqa: E731
    try:
        assert values(make(16)) == ([], False)
    finally:
        del max
    assert values(make(16)) == ([2, 4, 16], True)


def test_a_parameter_used_again_sees_what_its_constraint_reads_now():
    # Python tester: a TP kept its first translation, so a tuner tuned
    # again after N changed (the next input size, a notebook cell run
    # again) generated the old N's space.
    global N_NOW
    N_NOW = 12
    WPT = TP('WPT', Interval(1, 64), lambda WPT: N_NOW % WPT == 0)
    tuner = Tuner().tuning_parameters(WPT).search_technique(Exhaustive()).verbosity(0)

    def tuned():
        return sorted(e.configuration['WPT'] for e in tuner.tune(lambda c: 1.0)[2].history)

    assert tuned() == [1, 2, 3, 4, 6, 12]
    N_NOW = 64
    assert tuned() == [1, 2, 4, 8, 16, 32, 64]
    assert len(SearchSpace(WPT)) == 7
    N_NOW = 12
    assert len(SearchSpace(WPT)) == 6


def test_integers_beyond_64_bits_inside_a_constraint_are_pythons():
    # Python tester: a translated constraint computed in 64-bit integers
    # and raised OverflowError where Python's integers have no bound; the
    # space is made again with that constraint called in Python. An
    # overflow of Python's own still reaches the program.
    n = 2 ** 22
    big = 2 ** 62
    tps = (TP('T', Interval(1, 64), lambda T: n ** 3 % T == 0),
           TP('M', Interval(1, 16), lambda M, T: big * M * 4 <= 2 ** 70 + T),
           TP('K', Interval(1, 4), lambda K: K * 2 <= 8))
    space = SearchSpace(*tps)
    assert space.native_constraints == {'T': False, 'M': False, 'K': True}
    assert len(space) == brute_force(tps) == 7 * 16 * 4
    with pytest.raises(OverflowError):
        SearchSpace(TP('F', Interval(1, 4), lambda F: float(10 ** 400) > F))


def test_sgemm_space_of_pyatf_example():
    # The space the benchmark measures (bench/python/pyatf_generation.py).
    tps = _bench().sgemm_example(atfc, 8)
    space = SearchSpace(*tps)
    assert all(space.native_constraints.values()), space.native_constraints
    # pyATF 0.0.13's own count of this space (M = N = K = 8), and a check
    # of configurations across the space against the lambdas themselves.
    assert len(space) == 194144
    for i in range(0, len(space), 97):
        c = space.get_configuration(i)
        for tp in tps:
            if tp.constraint:
                assert tp.constraint(**{a: c[a] for a in tp.constraint_arguments})


def test_numpy_scalars_captured_are_numbers():
    # The paper's Listing 5 makes N a NumPy int32 after its parameters.
    N = 1000
    WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
    LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0 and LS <= limit)
    N, limit = np.int32(N), np.float64(500.0)
    space = SearchSpace(WPT, LS)
    assert space.native_constraints == {'WPT': True, 'LS': True}
    assert len(space) == brute_force((WPT, LS)) == 99


def test_bad_use_is_refused_before_anything_runs():
    with pytest.raises(ValueError, match='reads NOPE, which is not among the tuning parameters'):
        SearchSpace(TP('A', Interval(1, 4), lambda A, NOPE: A < NOPE))
    with pytest.raises(ValueError, match='duplicate tuning parameter name: A'):
        SearchSpace(TP('A', Interval(1, 4)), TP('A', Interval(1, 4)))
    with pytest.raises(ValueError, match='read each other'):
        SearchSpace(TP('A', Interval(1, 4), lambda A, B: A < B), TP('B', Interval(1, 4), lambda A, B: A < B))
    with pytest.raises(ValueError, match='step must not be 0'):
        Interval(1, 4, 0)


def test_the_environments_store_memory_limit_holds(monkeypatch):
    # The limit the message names is the one kept, as in a generated tuner.
    space = lambda: SearchSpace(TP('X', Interval(1, 1000)), TP('Y', Interval(1, 1000)))
    monkeypatch.setenv('ATFC_SPACE_MEMORY_LIMIT', '1000')
    with pytest.raises(ValueError, match='more than the limit of 1.0 KB'):
        space()
    monkeypatch.setenv('ATFC_SPACE_MEMORY_LIMIT', 'plenty')
    with pytest.raises(ValueError, match="ATFC_SPACE_MEMORY_LIMIT='plenty' is not a size"):
        space()
    monkeypatch.setenv('ATFC_SPACE_MEMORY_LIMIT', '64M')
    assert space().constrained_size == 1000000


class _Box:
    """Objects of one repr that are not equal, or are (by their label)."""

    def __init__(self, label):
        self.label = label

    def __repr__(self):
        return 'Box'

    def __eq__(self, other):
        return isinstance(other, _Box) and other.label == self.label

    __hash__ = None


def _any_values(rng):
    """A range of values as pyATF takes them: functions, None, tuples,
    lists, objects whose reprs collide, mixed with numbers and strings."""
    pool = [min, max, None, (4, 5), (4, 5), [6], 'two', 1, 3.0, True, _Box('a'), _Box('b'),
            _Box('a'), np.int64(7), abs]
    return rng.sample(pool, rng.randint(1, 6))


def _one_of(value, values):
    """Whether value is one of values: the object itself in a range of
    mixed or other values, an equal number or string in one of those."""
    if value_kind(values) == 'object':
        return any(value is v for v in values)
    return any(type(value) is type(v) and value == v for v in values)


def _key_in(values):
    """What tells a value of values from the others: the number it is in a
    range of numbers, else its type, repr and (a _Box's) label."""
    kind = value_kind(values)
    if kind in ('int', 'float', 'bool', 'str'):
        return lambda v: engine_value(v, kind)
    return lambda v: (type(v).__name__, repr(v), getattr(v, 'label', None))


def test_values_of_any_type_as_pyatf_takes_them():
    # pyATF's own test of its search space: functions as values, which a
    # constraint calls.
    tps = (TP('tp4', Set(min, max)), TP('tp5', Interval(1, 10)),
           TP('tp6', Interval(1, 10), lambda tp6, tp4, tp5: tp4(tp5, tp6) == 10))
    space = SearchSpace(*tps)
    assert len(space) == brute_force(tps) == 20
    configs = list(space)
    assert [c['tp4'] for c in configs].count(min) == 1
    assert all(c['tp4'] is min or c['tp4'] is max for c in configs)
    # Random ranges of mixed values, read by constraints: counted as pyATF
    # counts them, and every configuration holds the objects themselves.
    rng = random.Random(5)
    for _ in range(40):
        xs, ys = _any_values(rng), _any_values(rng)
        tps = (TP('X', Set(*xs)),
               TP('Y', Set(*ys), lambda X, Y: repr(X) <= repr(Y) or X is None),
               TP('Z', Interval(0, 2), lambda Y, Z: callable(Y) or Z == 0))
        space = SearchSpace(*tps)
        assert len(space) == brute_force(tps), (xs, ys)
        for c in space:
            assert _one_of(c['X'], xs) and _one_of(c['Y'], ys), (c, xs, ys)
        # The same configurations as pyATF's, values that are not equal
        # told apart also where their reprs are the same.
        key = {name: _key_in(tp.values.values()) for name, tp in zip('XYZ', tps)}
        expected = collections.Counter(
            tuple(key[n](v) for n, v in zip('XYZ', values))
            for values in itertools.product(xs, ys, [0, 1, 2])
            if all(tp.constraint is None or tp.constraint(
                **{a: dict(zip('XYZ', values))[a] for a in tp.constraint_arguments}) for tp in tps))
        assert collections.Counter(tuple(key[n](c[n]) for n in 'XYZ') for c in space) == expected


def test_configurations_by_coordinates_as_pyatf_finds_them():
    # pyATF's get_configuration of a point of (0,1]^D, one coordinate per
    # parameter: each level's coordinate picks a leaf of its node's
    # subtree, so uniform points give uniform configurations. The
    # expected configurations are pyATF's own (its tests of SearchSpace).
    one = SearchSpace(TP('tp1', Interval(1, 10)))
    assert [one.get_configuration((x,))['tp1'] for x in
            (0.00001, 0.1, 0.70001, 0.72351, 0.8, 1.0)] == [1, 1, 8, 8, 8, 10]
    two = SearchSpace(TP('tp1', Interval(1, 10)), TP('tp2', Interval(5, 10)))
    assert two.get_configuration((0.30001, 0.50001)) == {'tp1': 4, 'tp2': 8}
    tps = (TP('tp1', Interval(1, 10)), TP('tp2', Interval(5, 10), lambda tp2, tp1: tp2 % tp1 == 0),
           TP('tp3', Interval(2, 3), lambda tp3, tp1: tp1 % tp3 == 0),
           TP('tp4', Set(min, max)), TP('tp5', Interval(1, 10)),
           TP('tp6', Interval(1, 10), lambda tp6, tp4, tp5: tp4(tp5, tp6) == 10))
    space = SearchSpace(*tps)
    assert len(space) == 220
    for point, expected in [
            ((0.27273, 0.00001, 0.00001, 0.00001, 0.00001, 0.00001), (3, 6, 3, min, 10, 10)),
            ((0.30000, 0.50000, 1.00000, 0.02334, 0.68413, 0.98321), (3, 6, 3, min, 10, 10)),
            ((0.33333, 0.50001, 0.00001, 0.05000, 1.00000, 1.00000), (3, 9, 3, min, 10, 10)),
            ((0.45454, 0.90000, 1.00000, 0.05001, 0.00001, 0.64537), (3, 9, 3, max, 1, 10)),
            ((0.45455, 0.65410, 0.50000, 0.95348, 0.47368, 0.00001), (4, 8, 2, max, 9, 10)),
            ((0.45455, 0.65410, 0.50001, 1.00000, 0.47369, 0.68753), (4, 8, 2, max, 10, 7))]:
        assert space.get_configuration(point) == dict(zip(['tp1', 'tp2', 'tp3', 'tp4', 'tp5',
                                                           'tp6'], expected)), point
    # The coordinates address the levels in generation order, as pyATF's
    # do, also where a constraint reads a parameter given after it (which
    # is generated first): A picks one of the 5 leaves, B one of A's 2 or
    # 3. (They followed the parameters' order; pyATF 0.0.13 gives these.)
    B = TP('B', Interval(1, 3), lambda A, B: B <= A + 1)
    A = TP('A', Set(1, 2))
    space = SearchSpace(B, A)
    assert space.get_configuration((0.2, 0.75)) == {'B': 2, 'A': 1}
    assert space.get_configuration((0.8, 0.25)) == {'B': 1, 'A': 2}
    C = TP('C', Interval(1, 3), lambda A, C: C >= A)
    A3, B3 = TP('A', Interval(1, 3)), TP('B', Interval(1, 3))
    three = SearchSpace(A3, B3, C)
    assert three.get_configuration((0.01, 1.0, 0.01)) == {'A': 1, 'B': 1, 'C': 3}
    assert three.get_configuration((0.2, 0.9, 0.4)) == {'A': 1, 'B': 2, 'C': 3}
    cells = {tuple(space.get_configuration((a, b)).values())
             for a in (0.2, 0.4, 0.6, 0.8, 1.0) for b in (0.3, 0.6, 1.0)}
    assert cells == {tuple(c.values()) for c in space}
    for bad in [(0.5,), (0.5, 0.0), (0.5, 1.5), (0.5, float('nan'))]:
        with pytest.raises(ValueError, match='coordinate'):
            space.get_configuration(bad)
    # A space without configurations has no point either (this aborted
    # the interpreter in the engine's check).
    empty = SearchSpace(TP('A', Interval(1, 3), lambda A: A > 5))
    with pytest.raises(IndexError, match='empty'):
        empty.get_configuration((0.5,))


def test_numpy_numbers_are_numbers():
    # NumPy's integers are no Python ints; a range of them is an integer
    # parameter, whose constraints run natively, and whose configurations
    # hold them as pyATF's do.
    N = TP('N', Set(*np.arange(1, 9)))
    M = TP('M', Interval(1, 8), lambda N, M: N % M == 0)
    F = TP('F', Set(*np.linspace(0.5, 2.0, 4, dtype=np.float32)))
    space = SearchSpace(N, M, F)
    assert space.native_constraints == {'M': True}
    assert len(space) == brute_force((N, M, F)) == 80
    assert {type(c['N']) for c in space} == {np.int64}
    assert sorted({c['F'] for c in space}) == [0.5, 1.0, 1.5, 2.0]
    assert {type(c['F']) for c in space} == {np.float32}


def test_exception_in_constraint_is_raised():
    with pytest.raises(ZeroDivisionError):
        SearchSpace(TP('A', Interval(0, 4), lambda A: 4 % A == 0))

    def boom(A):
        raise KeyError('boom')

    with pytest.raises(KeyError, match='boom'):
        SearchSpace(TP('A', Interval(0, 4), boom))


def test_a_constraints_own_exception_is_raised_as_it_is():
    # Python tester: a ValueError subclass came back as a RuntimeError copy
    # (escaping `except ValueError`), a KeyError(2) with a rewritten text,
    # both without the traceback to the constraint's line.
    class BadSize(ValueError):
        def __init__(self, message, code):
            super().__init__(message)
            self.code = code

    raised = []

    def fits(A):
        if A == 3:
            raised.append(BadSize('A=3 does not fit', 7))
            raise raised[-1]
        return True

    def key(A):
        return {1: True}[A]

    for make in (lambda tp: SearchSpace(tp),
                 lambda tp: Tuner().tuning_parameters(tp).silent(True).tune(lambda c: 1)):
        with pytest.raises(BadSize) as info:
            make(TP('A', Interval(1, 5), fits))
        assert info.value is raised[-1]
        assert (info.value.args, info.value.code) == (('A=3 does not fit',), 7)
        assert any(entry.name == 'fits' for entry in info.traceback)
        assert info.value.__notes__[-1] == '(raised by the constraint of tuning parameter A)'
        with pytest.raises(KeyError) as info:
            make(TP('A', Interval(1, 5), key))
        assert info.value.args == (2,) and any(entry.name == 'key' for entry in info.traceback)


def test_integers_beyond_64_bits_are_held_as_they_are():
    # Python tester: Interval(2**63 - 2, 2**63 + 2) wrapped to -2**63, and
    # Set(1, 2**64) failed with pybind11's "Unable to cast Python instance".
    # Such a range is held value by value, as pyATF holds any value, and
    # constraints and cost functions get the ints themselves.
    seen = []

    def cost(config):
        seen.append(config)
        return float(abs(config['X'] - (2 ** 63 + 1)) + abs(config['Y'] - 2 ** 65))

    X = TP('X', Interval(2 ** 63 - 2, 2 ** 63 + 2))
    Y = TP('Y', Set(-2 ** 63 - 1, 2 ** 64, 2 ** 65), lambda Y, X: Y > X)
    config, min_cost, _ = Tuner().tuning_parameters(X, Y).silent(True).tune(cost)
    assert config == {'X': 2 ** 63 + 1, 'Y': 2 ** 65} and min_cost == 0
    assert len(seen) == 10 and all(type(c['X']) is int and c['Y'] > c['X'] for c in seen)
    assert {c['X'] for c in seen} == set(range(2 ** 63 - 2, 2 ** 63 + 3))
    # An interval of 64-bit ints stays one; one beyond them too large to
    # list is refused by name.
    assert Interval(-2 ** 63, 2 ** 63 - 1).is_integer_interval
    assert not Interval(0, 2 ** 63).is_integer_interval
    with pytest.raises(ValueError, match='TP Z: 9223372036854775809 values, of which some are '
                                         'beyond 64-bit integers'):
        Tuner().tuning_parameters(TP('Z', Interval(0, 2 ** 63))).silent(True).tune(cost)
    # (Not a float interval nor one through a generator, listed as before.)
    assert SearchSpace(TP('F', Interval(0, 1, 1e-7))).constrained_size == 10 ** 7 + 1


def test_a_float_interval_counts_as_pyatf_counts_without_counting_each():
    # Python tester: Interval(0.0, inf, 1e300) never returned, nor did
    # Interval(0.0, 1e6, 1e-9) (10^15 values counted one by one); a NaN
    # end gave 0 values silently.
    rng = random.Random(7)
    for _ in range(3000):
        start = rng.uniform(-100, 100)
        step = rng.choice([1, -1]) * 10 ** rng.uniform(-3, 2)
        end = start + step * rng.choice([rng.randint(-3, 300), rng.randint(0, 50) + 1e-12])
        count = 0  # pyATF's loop
        while (start + count * step <= end) if step > 0 else (start + count * step >= end):
            count += 1
        assert Interval(start, end, step).num_values() == count, (start, end, step)
    for args in [(0.0, math.inf, 1e300), (0.0, math.nan), (0.0, 1.0, math.nan),
                 (0.0, 1e6, 1e-9), (-1e308, 1e308, 1e-300)]:
        with pytest.raises(ValueError, match='Interval'):
            Interval(*args)


def test_ctrl_c_and_exit_in_a_constraint_reach_the_program_as_they_are():
    # Python tester: both became RuntimeError, which `except
    # KeyboardInterrupt` (and a notebook's interrupt) did not catch.
    def interrupted(A):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        SearchSpace(TP('A', Interval(1, 4), interrupted))
    with pytest.raises(SystemExit) as exited:
        SearchSpace(TP('A', Interval(1, 4), lambda A: sys.exit(2)))
    assert exited.value.code == 2
    with pytest.raises(TypeError, match='get_configuration: expecting an index'):
        SearchSpace(TP('A', Interval(1, 4))).get_configuration('a')
    with pytest.raises(TypeError, match='get_configuration: expecting an index'):
        SearchSpace(TP('A', Interval(1, 4))).get_configuration(1.5)
