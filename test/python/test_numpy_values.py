"""Ranges of NumPy's scalars (int64, float32, bool_, ...), as pyATF's
programs write them (Set(*np.arange(...)), np.float32 factors): the
program gets the values it gave, a constraint computes with them as
pyATF's does, and logs, results and the commands' environment show each
as the program prints it."""

import itertools
import json
import random
import sqlite3

import numpy as np
import pytest

from atfc import TP, Interval, Set, SearchSpace, Tuner
from atfc.cost_functions import generic
from atfc.search_techniques import Exhaustive

# Per NumPy type, values whose Python number is another than they print
# as (np.float32(0.1) is 0.10000000149011612) and that NumPy's arithmetic
# rounds otherwise than Python's.
FAMILIES = {
    'float32': [np.float32(v) for v in (0.1, 0.2, 0.3, 0.7, 1e-8, 3.3)],
    'float16': [np.float16(v) for v in (0.1, 0.2, 0.3, 0.7, 1.5)],
    'float64': [np.float64(v) for v in (0.1, 0.2, 0.3, 2.5)],
    'int64': [np.int64(v) for v in (3, 5, -7, 2 ** 20)],
    'int32': [np.int32(v) for v in (1, 4, 6, -9)],
    'uint8': [np.uint8(v) for v in (0, 7, 200)],
    'bool_': [np.bool_(True), np.bool_(False)],
}


def pyatfs_configurations(tps):
    """The configurations pyATF generates: every combination whose
    constraints, called with the values themselves, hold."""
    names = [tp.name for tp in tps]
    found = []
    for values in itertools.product(*[list(tp.values) for tp in tps]):
        config = dict(zip(names, values))
        if all(tp.constraint is None or
               tp.constraint(**{a: config[a] for a in tp.constraint_arguments}) for tp in tps):
            found.append(config)
    return found


def same(a, b):
    """The same value of the same type (0.1 is not np.float32(0.1))."""
    return type(a) is type(b) and (a == b or (a != a and b != b))


@pytest.mark.parametrize('family', sorted(FAMILIES))
def test_the_program_gets_the_values_it_gave(family):
    # Python tester: Set(np.float32(0.1), ...) gave the cost function, the
    # configurations and the results 0.10000000149011612, a float.
    values = FAMILIES[family]
    X = TP('X', Set(*values))
    Y = TP('Y', Set(*values[:2]), lambda X, Y: type(X) is type(Y) is type(values[0]))
    space = SearchSpace(X, Y)
    expected = pyatfs_configurations((X, Y))
    assert len(space) == len(expected) == len(values) * 2
    for got, wanted in zip(space, expected):
        assert all(same(got[n], wanted[n]) for n in 'XY'), (got, wanted)
    seen = []
    config, _, data = Tuner().tuning_parameters(X, Y).search_technique(Exhaustive()).silent(True) \
        .tune(lambda c: seen.append(c) or 1.0)
    assert all(same(a[n], b[n]) for a, b in zip(seen, expected) for n in 'XY')
    assert all(same(config[n], expected[0][n]) for n in 'XY')
    assert all(same(e.configuration['X'], c['X']) for e, c in zip(data.history, expected))


def test_constraints_over_numpy_values_give_pyatfs_space():
    # A hunter: random constraints of NumPy values of every type, each space
    # against pyATF's (the constraint called with the values themselves).
    # Where NumPy rounds otherwise than Python (float32, float16), a
    # Python number in the constraint gave another space.
    rng = random.Random(7)
    forms = ['X + Y <= {c}', 'X * Y < {c}', 'X / (Y + 10) >= {c} / 10', 'X - Y == {c}',
             '(X * 3 == {c}) or (X + Y > {c})', 'abs(X - Y) > {c}', 'X * {c} <= Y + 1',
             'min(X, Y) * 10 == {c}', 'X == {c}', '-X < Y * {c}']
    for _ in range(150):
        family = rng.choice(['float32', 'float16', 'float64', 'int64', 'int32'])
        values = FAMILIES[family]
        constant = rng.choice(values + [0.3, 1, 3.3, 0.1, 2])
        body = rng.choice(forms).format(c='C')
        constraint = eval(f'lambda X, Y: {body}', {'C': constant, 'min': min, 'abs': abs})
        X = TP('X', Set(*values))
        Y = TP('Y', Set(*rng.sample(values, 3)), constraint)
        with np.errstate(all='ignore'):
            expected = pyatfs_configurations((X, Y))
            got = list(SearchSpace(X, Y))
        assert len(got) == len(expected), (family, body, constant)
        assert all(same(a[n], b[n]) for a, b in zip(got, expected) for n in 'XY'), body


def test_logs_results_and_commands_show_the_values_as_printed(tmp_path):
    # The engine held np.float32(0.25) as 0.25 but np.float32(0.1) as
    # 0.10000000149011612, which results.db, best.json and the log showed
    # and the commands' environment got; np.bool_ was a range of objects,
    # its values the text 'True' in the log.
    X = TP('X', Set(np.float32(0.1), np.float32(0.25)))
    N = TP('N', Set(np.int64(3)))
    B = TP('B', Set(np.bool_(True), np.bool_(False)))
    cf = generic.CostFunction('printf "%s %s %s\\n" "$X" "$N" "$B" >> seen.txt')
    config, _, _ = Tuner().tuning_parameters(X, N, B).search_technique(Exhaustive()).silent(True) \
        .results(tmp_path / 'res').log_file(tmp_path / 'log.json').tune(cf)
    assert (tmp_path / 'seen.txt').read_text().split('\n') == [
        '0.1 3 True', '0.1 3 False', '0.25 3 True', '0.25 3 False', '']
    assert type(config['X']) is np.float32 and type(config['B']) is np.bool_
    rows = sqlite3.connect(tmp_path / 'res' / 'results.db').execute(
        'SELECT configuration FROM evaluations ORDER BY id').fetchall()
    assert [json.loads(r[0]) for r in rows] == [
        {'X': 0.1, 'N': 3, 'B': b} for b in (True, False)] + [
        {'X': 0.25, 'N': 3, 'B': b} for b in (True, False)]
    best = json.loads((tmp_path / 'res' / 'best.json').read_text())
    assert best['configuration']['X'] in (0.1, 0.25)
    log = json.loads((tmp_path / 'log.json').read_text())
    assert log['tuning_parameters'][0]['range']['values'] == [0.1, 0.25]
    assert log['tuning_parameters'][2]['range']['values'] == [True, False]
    assert [e['configuration'] for e in log['history']][:2] == [
        {'X': 0.1, 'N': 3, 'B': True}, {'X': 0.1, 'N': 3, 'B': False}]


def test_an_interval_of_numpy_bounds_counts_its_values_as_printed():
    # pyATF refuses NumPy bounds; atfc takes them as the numbers they print.
    space = SearchSpace(TP('X', Interval(np.float32(0.1), np.float32(0.5), np.float32(0.1))))
    assert [c['X'] for c in space] == [0.1, 0.2, 0.30000000000000004, 0.4, 0.5]
    assert [c['N'] for c in SearchSpace(TP('N', Interval(np.int8(1), np.uint64(3))))] == [1, 2, 3]


def test_a_bool_is_no_cost_in_numpys_spelling_either():
    # np.bool_(True) was taken as the cost 1.0 where True is refused: a
    # cost function that returns a comparison is a mistake in either.
    for cost in (True, np.bool_(True), np.bool_(False)):
        with pytest.raises(TypeError, match=f'a cost is a number .*, not a bool: {cost!r}'):
            Tuner().tuning_parameters(TP('X', Interval(1, 3))).silent(True).tune(lambda c: cost)
