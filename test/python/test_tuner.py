"""Tuning: tune() and make_step() as pyATF's programs call them, the
techniques and abort conditions, tuning data and logs, results.db, and
mistakes raised before anything is measured (a program's own techniques:
test_techniques.py)."""

import json
import math
import os
import sqlite3
import subprocess
import sys
import threading
from datetime import timedelta

import pytest

from atfc import TP, Interval, Set, Tuner, CostFunctionError, SearchSpace
from atfc.abort_conditions import (And, Cost, Duration, Evaluations, Fraction, Or, Speedup,
                                   ValidEvaluations, ValidFraction)
from atfc.abort_conditions.abort_condition import AbortCondition
from atfc.search_techniques import (AUCBandit, Exhaustive, Random, RoundRobin, SimulatedAnnealing,
                                    Technique, Torczon, OpenTuner)
from atfc.cost_functions import generic, python
from atfc.tuning_data import TuningData


def saxpy_tps(N=64):
    WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
    LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)
    return WPT, LS


def cost(config):
    return abs(config['WPT'] - 4) + abs(config['LS'] - 2) + 1.0


def test_tune_finds_the_best_of_the_whole_space():
    config, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).tune(cost)
    assert config == {'WPT': 4, 'LS': 2}
    assert min_cost == 1.0
    assert isinstance(data, TuningData)
    assert data.number_of_evaluated_configurations == data.constrained_search_space_size == 28
    assert data.configuration_of_min_cost() == config
    assert data.min_cost() == 1.0
    assert data.evaluations_to_min_cost() == len([e for e in data.history][:data.evaluations_to_min_cost()])
    assert [e.cost for e in data.improvement_history] == sorted(
        (e.cost for e in data.improvement_history), reverse=True)


@pytest.mark.parametrize('technique', [AUCBandit(), Random(), SimulatedAnnealing(), Torczon(),
                                       RoundRobin((Torczon(), Random())), Technique('bayes_opt')])
def test_techniques_stop_at_evaluations(technique):
    _, _, data = Tuner().tuning_parameters(*saxpy_tps()).verbosity(0) \
        .search_technique(technique).tune(cost, Evaluations(10))
    assert data.number_of_evaluated_configurations == 10


def test_abort_conditions():
    def run(condition):
        return Tuner().tuning_parameters(*saxpy_tps(256)).silent(True) \
            .search_technique(Exhaustive()).tune(cost, condition)[2]

    assert run(ValidEvaluations(5)).number_of_evaluated_valid_configurations == 5
    assert run(Fraction(0.5)).number_of_evaluated_configurations == 23  # |SP| = 45
    assert run(Or(Evaluations(3), Evaluations(7))).number_of_evaluated_configurations == 3
    assert run(And(Evaluations(3), Evaluations(7))).number_of_evaluated_configurations == 7
    assert run(Evaluations(3) | Evaluations(5)).number_of_evaluated_configurations == 3
    data = run(Cost(1.0))
    assert data.min_cost() == 1.0 and data.history[-1].cost == 1.0
    assert run(Duration(timedelta(seconds=30))).number_of_evaluated_configurations == 45
    assert run(Duration(minutes=1)).number_of_evaluated_configurations == 45
    assert run(ValidFraction(0.2)).number_of_evaluated_valid_configurations == 9
    assert run(Speedup(1.5, evaluations=5)).number_of_evaluated_configurations < 45
    # Counts past the engine's (2^64 - 1) are never reached, not refused.
    assert run(Evaluations(10**30)).number_of_evaluated_configurations == 45
    assert run(Or(ValidEvaluations(2**64), Evaluations(4))).number_of_evaluated_configurations == 4

    class AfterFour(AbortCondition):
        def stop(self, tuning_data):
            return tuning_data.number_of_evaluated_configurations >= 4

    assert run(AfterFour()).number_of_evaluated_configurations == 4
    assert run(Or(AfterFour(), Evaluations(2))).number_of_evaluated_configurations == 2


def test_invalid_configurations_and_exceptions():
    def picky(config):
        if config['WPT'] > 8:
            raise CostFunctionError('too large')
        return config['WPT']

    _, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).tune(picky)
    assert min_cost == 1
    assert data.number_of_evaluated_invalid_configurations > 0
    assert all(not e.valid for e in data.history if e.configuration['WPT'] > 8)

    def broken(config):
        raise RuntimeError('the cost function is broken')

    with pytest.raises(RuntimeError, match='is broken'):
        Tuner().tuning_parameters(*saxpy_tps()).silent(True).tune(broken)


def test_constraints_and_cost_functions_cannot_use_their_own_tuner():
    # A constraint that tuned its own tuner recursed until Python's limit,
    # each level wrapping the last's error; now the first call is refused
    # by name, and the tuner works as before afterwards.
    tuner = Tuner()
    call_back = [True]

    def reenters(X):
        if call_back[0] and X > 5:
            tuner.tune(cost, Evaluations(2))
        return True

    X = TP('X', Interval(1, 10), reenters)
    tuner.tuning_parameters(X).silent(True).search_technique(Exhaustive())
    with pytest.raises(ValueError, match=r'^Tuner.tune\(\) was asked while the tuner tunes: its '
                                         r'constraints and cost function cannot use the tuner '
                                         r'itself, and another thread tunes with a Tuner of its '
                                         r'own$'):
        tuner.tune(lambda config: config['X'])
    call_back[0] = False

    def changes(config):
        tuner.tuning_parameters(X)
        return config['X']

    with pytest.raises(ValueError, match='changing the tuning parameters was asked while the '
                                         'tuner tunes'):
        tuner.tune(changes)
    _, min_cost, data = tuner.tune(lambda config: config['X'])
    assert (min_cost, data.number_of_evaluated_configurations) == (1, 10)
    with pytest.raises(ValueError, match=r'Tuner.make_step\(\) was asked while the tuner makes '
                                         r'a step'):
        tuner.make_step(lambda config: tuner.make_step(cost))


def test_a_cost_that_is_no_number_makes_the_configuration_invalid():
    # NaN counted as valid and -inf won the run; the engine takes neither
    # from a cost file or script. An int beyond every float is infinite
    # as well (its OverflowError ended the run).
    def cost_of(config):
        return {3: math.nan, 4: -10 ** 400, 5: (10 ** 400,)}.get(config['X'], config['X'] + 1)

    X = TP('X', Interval(1, 10))
    config, min_cost, data = Tuner().tuning_parameters(X).silent(True) \
        .search_technique(Exhaustive()).tune(cost_of)
    assert (config, min_cost) == ({'X': 1}, 2)
    assert data.number_of_evaluated_configurations == 10
    assert data.number_of_evaluated_invalid_configurations == 3
    tuner = Tuner().tuning_parameters(X).silent(True).search_technique(Exhaustive())
    assert [tuner.make_step(cost_of) for _ in range(4)] == [2, 3, None, None]


def test_a_cost_function_keeps_its_number_of_objectives():
    # One number, then two: tune() took the pair silently (and reported the
    # single cost as the best), make_step() failed comparing a tuple with a
    # float. Both now raise, naming the two counts.
    def cost_of(config):
        return float(config['X']) if config['X'] % 2 else (0.5, 2.0)

    X = TP('X', Interval(1, 6))
    with pytest.raises(TypeError, match=r'returned 2 costs \(\(0.5, 2.0\)\) where it returned 1'):
        Tuner().tuning_parameters(X).silent(True).search_technique(Exhaustive()).tune(cost_of)
    tuner = Tuner().tuning_parameters(X).silent(True).search_technique(Exhaustive())
    assert tuner.make_step(cost_of) == 1.0
    with pytest.raises(TypeError, match='returned 2 costs'):
        tuner.make_step(cost_of)


def test_a_value_listed_twice_is_measured_once():
    # Two configurations of one meaning: the second is answered from the
    # first's result, in tune() and in make_step() alike.
    calls = []

    def cost_of(config):
        calls.append(config['X'])
        return config['X']

    X = TP('X', Set(1, 2, 1, 3, 2))
    config, min_cost, data = Tuner().tuning_parameters(X).silent(True) \
        .search_technique(Exhaustive()).tune(cost_of)
    assert sorted(calls) == [1, 2, 3]
    assert (config, min_cost) == ({'X': 1}, 1)
    assert data.number_of_evaluated_configurations == 5
    calls.clear()
    tuner = Tuner().tuning_parameters(TP('X', Set(4, 4, 5))).silent(True) \
        .search_technique(Exhaustive())
    assert [tuner.make_step(cost_of) for _ in range(2)] == [4, 5]
    assert calls == [4, 5]
    # Every configuration evaluated: the program's computation runs with
    # the best one, which is not evaluated again.
    assert tuner.make_step(cost_of) == 4 and calls == [4, 5, 4]


def test_values_of_any_type_reach_the_cost_function_and_the_records(tmp_path):
    # pyATF takes any object as a value; the cost function gets the object
    # itself, and logs and results.db show its repr.
    class Kernel:
        def __init__(self, name, speed):
            self.name, self.speed = name, speed

        def __repr__(self):
            return f'Kernel({self.name})'

    kernels = [Kernel('a', 3.0), Kernel('b', 1.0), Kernel('c', 2.0)]
    K = TP('K', Set(*kernels))
    P = TP('P', Set(None, (1, 2), 'x', 4), lambda K, P: P is not None or K.speed > 2)
    seen = []

    def cost_of(config):
        seen.append(config)
        return config['K'].speed + (0.5 if config['P'] == 'x' else 1.0)

    log = tmp_path / 'log.json'
    config, min_cost, data = Tuner().tuning_parameters(K, P).silent(True).log_file(str(log)) \
        .results(str(tmp_path / 'r')).search_technique(Exhaustive()).tune(cost_of)
    assert config['K'] is kernels[1] and config['P'] == 'x' and min_cost == 1.5
    assert len(seen) == 10 and all(any(c['K'] is k for k in kernels) for c in seen)
    assert json.loads(log.read_text())['number_of_evaluated_configurations'] == 10
    with sqlite3.connect(tmp_path / 'r' / 'results.db') as db:
        assert db.execute('select count(*) from evaluations').fetchone()[0] == 10
    assert json.loads((tmp_path / 'r' / 'best.json').read_text())['configuration'] == {
        'K': 'Kernel(b)', 'P': "'x'"}
    # Again over the same directory: every result is answered from it.
    seen.clear()
    config, min_cost, _ = Tuner().tuning_parameters(K, P).silent(True) \
        .results(str(tmp_path / 'r')).search_technique(Exhaustive()).tune(cost_of)
    assert seen == [] and config['K'] is kernels[1] and min_cost == 1.5


def test_names_that_are_no_identifiers_keep_their_results(tmp_path):
    # best.h needs C identifiers (ASCII); a Python identifier need not be
    # one, and such names made the run throw at its end.
    X = TP('größe', Interval(1, 4))
    calls = []

    def cost_of(config):
        calls.append(config)
        return config['größe']

    for _ in range(2):
        config, min_cost, _ = Tuner().tuning_parameters(X).silent(True) \
            .search_technique(Exhaustive()).results(tmp_path / 'r').tune(cost_of)
        assert (config, min_cost, len(calls)) == ({'größe': 1}, 1, 4)
    assert json.loads((tmp_path / 'r' / 'best.json').read_text(encoding='utf-8'))[
        'configuration'] == {'größe': 1}
    assert not (tmp_path / 'r' / 'best.h').exists()


def test_make_step_and_get_tuning_data():
    tuner = Tuner().tuning_parameters(*saxpy_tps()).silent(True).search_technique(Exhaustive())
    with pytest.raises(ValueError):
        tuner.get_tuning_data()
    for _ in range(5):
        tuner.make_step(cost)
    data = tuner.get_tuning_data()
    assert data.number_of_evaluated_configurations == 5
    with pytest.raises(ValueError, match='another cost function'):
        tuner.make_step(lambda c: 1.0)


def test_a_run_of_steps_is_finished_in_results_db_once_its_tuner_is_gone(tmp_path):
    # It stayed `running`, 0 s, for `atfc results` and the report.
    import gc
    tuner = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).results(str(tmp_path / 'res'))
    for _ in range(3):
        tuner.make_step(cost)
    del tuner
    gc.collect()
    with sqlite3.connect(tmp_path / 'res' / 'results.db') as db:
        [(status, elapsed)] = db.execute('select status, elapsed_seconds from runs').fetchall()
    assert status == 'finished' and elapsed > 0


def test_log_file_and_results_directory(tmp_path):
    log = tmp_path / 'logs' / 'run.json'
    results = tmp_path / 'results'
    measured = []

    def counting(config):
        measured.append(config)
        return cost(config)

    Tuner().tuning_parameters(*saxpy_tps()).silent(True).log_file(str(log)) \
        .results(str(results)).search_technique(Exhaustive()).tune(counting, Evaluations(7))
    data = json.loads(log.read_text())
    assert data['number_of_evaluated_configurations'] == 7
    assert data['min_cost'] == min(e['cost'] for e in data['history'])
    assert data['tuning_parameters'][0]['name'] == 'WPT'
    with sqlite3.connect(results / 'results.db') as db:
        assert db.execute('select count(*) from evaluations').fetchone()[0] == 7
    if os.environ.get('ATFC'):
        # atfc's own tools read a Python run's results.
        out = subprocess.run([os.environ['ATFC'], 'results', str(results / 'results.db'), '--json'],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert out.stdout.count('"WPT"') >= 7
    # A second run of the same cost function over the same space reuses
    # what the first measured.
    config, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .results(str(results)).search_technique(Exhaustive()).tune(counting, Evaluations(10))
    assert len(measured) == 10
    # The tuning data has all ten, the seven answered from results.db too.
    assert data.number_of_evaluated_configurations == 10
    assert min_cost == min(cost(e.configuration) for e in data.history)


def test_generic_cost_function(tmp_path):
    script = tmp_path / 'run.sh'
    script.write_text('test "$WPT" -le 16 || exit 3\necho $((WPT * LS)) > cost.txt\n')
    cf = generic.CostFunction('sh run.sh').cost_file('cost.txt')
    config, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).tune(cf)
    assert min_cost == 1.0 and config == {'WPT': 1, 'LS': 1}
    assert data.number_of_evaluated_invalid_configurations == len(
        [e for e in data.history if e.configuration['WPT'] > 16]) > 0


def test_generic_cost_functions_export_values_as_pyatf_does(tmp_path):
    # Python tester: the environment held F=2 B=true where pyATF's generic
    # cost function exports str(value): 2.0 True.
    floats = [2.0, 0.1, -0.0, 1e16, 1e-05, 0.0001, 123456789.125, 2.5e-300, 1.7976931348623157e308,
              float('inf'), float('nan')]
    (tmp_path / 'run.sh').write_text('echo "$F $B $I $S" >> seen.txt; echo 1 > cost.txt\n')
    cf = generic.CostFunction('sh run.sh').cost_file('cost.txt')
    Tuner().tuning_parameters(TP('F', Set(*floats)), TP('B', Set(True, False)),
                              TP('I', Set(-3)), TP('S', Set('a b'))) \
        .silent(True).search_technique(Exhaustive()).tune(cf)
    seen = set((tmp_path / 'seen.txt').read_text().splitlines())
    assert seen == {f'{f} {b} -3 a b' for f in floats for b in (True, False)}


def test_tune_removes_its_temporary_directory_as_it_returns(tmp_path):
    # The engine held the run's methods (the cost function's caller, the
    # abort condition), which hold the engine: a cycle that Python's
    # collector cannot see, so every tune() kept its run, its space and
    # its directory under $TMPDIR until the process ended, and past it.
    temporary = os.environ['TMPDIR']
    (tmp_path / 'run.sh').write_text('echo $((WPT * LS)) > cost.txt\n')
    for cf in [cost, generic.CostFunction('sh run.sh').cost_file('cost.txt')]:
        for _ in range(3):
            _, min_cost, _ = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
                .tune(cf, Evaluations(3))
            assert min_cost >= 1
            assert os.listdir(temporary) == []
    with pytest.raises(ZeroDivisionError):
        Tuner().tuning_parameters(*saxpy_tps()).silent(True).tune(lambda config: 1 / 0)
    assert os.listdir(temporary) == []


def test_a_run_that_refers_to_its_tuner_ends_with_the_program(tmp_path):
    # A constraint that reads its tuner, and a program-guided run left
    # open: the cycle kept the run's directory once the program ended.
    program = tmp_path / 'steps.py'
    program.write_text(
        'from atfc import TP, Interval, Tuner\n'
        'X = TP("X", Interval(1, 10), lambda X: tuner is not None)\n'
        'tuner = Tuner().tuning_parameters(X).silent(True)\n'
        'def cost(config):\n'
        '    return config["X"]\n'
        'for _ in range(3):\n'
        '    tuner.make_step(cost)\n')
    temporary = tmp_path / 'program-tmp'
    temporary.mkdir()
    out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                         env=dict(os.environ, TMPDIR=str(temporary)), timeout=120)
    assert out.returncode == 0, out.stderr
    assert os.listdir(temporary) == []


def test_python_cost_function():
    class Tunable:
        def __init__(self, configuration):
            self.n = configuration['WPT']

        def __call__(self, scale):
            sum(range(self.n * scale))

    _, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .tune(python.CostFunction(Tunable)(10), Evaluations(4))
    assert data.number_of_evaluated_valid_configurations == 4 and min_cost > 0


def test_speedup_over_valid_evaluations_stops_where_the_engines_does():
    # Speedup over valid evaluations is decided in Python, over evaluations
    # by the engine: with every evaluation valid they are one rule. Python's
    # divided the costs: a best cost of 0 raised ZeroDivisionError, a tuple
    # of costs TypeError, and a Decimal with a float speedup TypeError.
    import decimal
    import random
    rng = random.Random(5)
    kinds = {'int': lambda x: x, 'float': lambda x: x / 7, 'decimal': decimal.Decimal,
             'tuple': lambda x: (x % 3, x)}
    for trial in range(60):
        # (Small costs, so that a best is often exactly B0 / s.)
        costs = [rng.choice((0, 1, 2, 3, 4, 6, 8, 12, 16, rng.randrange(1, 1000)))
                 for _ in range(rng.randrange(1, 40))]
        speedup, window = rng.choice((1, 1.5, 2, 1.1)), rng.randrange(1, 8)
        kind = rng.choice(list(kinds))

        def cost(config, costs=costs, kind=kind):
            return kinds[kind](costs[config['X']])

        def stopped_after(condition):
            return Tuner().tuning_parameters(TP('X', Interval(0, len(costs) - 1))) \
                .silent(True).search_technique(Exhaustive()).tune(cost, condition)[2] \
                .number_of_evaluated_configurations

        engine = stopped_after(Speedup(speedup, evaluations=window))
        python = stopped_after(Speedup(speedup, valid_evaluations=window))
        assert python == engine, (trial, costs, speedup, window, kind)


def test_cost_stops_at_a_cost_at_most_its_own_exactly():
    # Cost(c) was the engine's, comparing doubles: Cost(2**60) stopped at
    # 2**60 + 9 (one double), and a Fraction, a Decimal or a tuple of
    # costs (pyATF compares what it is given) was a TypeError.
    import decimal
    import fractions
    import numpy as np

    def run(condition, cost):
        return Tuner().tuning_parameters(TP('X', Interval(1, 12))).silent(True) \
            .search_technique(Exhaustive()).tune(cost, condition)[2]

    def evaluations(condition, cost):
        data = run(condition, cost)
        assert data.min_cost() == data.history[-1].cost
        return data.number_of_evaluated_configurations

    assert evaluations(Cost(2 ** 60), lambda c: 2 ** 60 + 10 - c['X']) == 10
    assert evaluations(Cost(2 ** 60 + 4), lambda c: 2 ** 60 + 10 - c['X']) == 6
    assert evaluations(Cost(np.int64(2 ** 60)), lambda c: np.int64(2 ** 60 + 10 - c['X'])) == 10
    third = fractions.Fraction(1, 3)
    assert evaluations(Cost(third), lambda c: fractions.Fraction(13 - c['X'], 30)) == 3
    assert evaluations(Cost(decimal.Decimal('0.3')),
                       lambda c: decimal.Decimal(13 - c['X']) / 30) == 4
    assert evaluations(Cost(decimal.Decimal('0.3')), lambda c: (13 - c['X']) / 30) == 4
    assert evaluations(Cost((2, 5)), lambda c: (6 - c['X'] // 2, c['X'])) == 10
    assert evaluations(Cost(1.0) | Evaluations(2), lambda c: 13 - c['X']) == 2
    for wrong in (True, 'cheap', (1, 'a'), (), decimal.Decimal('NaN'), float('nan')):
        with pytest.raises((TypeError, ValueError), match='Cost: expecting'):
            Cost(wrong)


def test_mistakes_are_raised_before_measuring():
    measured = []

    def cf(config):
        measured.append(config)
        return 1.0

    with pytest.raises(ValueError, match='no tuning parameters'):
        Tuner().tune(cf)
    with pytest.raises(TypeError, match='search_technique'):
        Tuner().search_technique('random')
    with pytest.raises(ValueError, match='OpenTuner'):
        Tuner().search_technique(OpenTuner())
    with pytest.raises(TypeError, match='abort condition'):
        Tuner().tuning_parameters(*saxpy_tps()).tune(cf, 50)
    with pytest.raises(ValueError, match='not among the tuning parameters'):
        Tuner().tuning_parameters(TP('A', Interval(1, 3), lambda A, B: A < B)).tune(cf)
    with pytest.raises(TypeError, match='their arms are|its arms are'):
        AUCBandit((Torczon(), 'random'))
    with pytest.raises(ValueError, match='exactly one window'):
        Speedup(1.5)
    # A window in which the best cost cannot improve stopped the run at its
    # first valid result; no cost is ever at most NaN.
    for empty in ({'evaluations': 0}, {'valid_evaluations': 0}, {'seconds': 0}):
        with pytest.raises(ValueError, match='at least one evaluation or more than no time'):
            Speedup(1.5, **empty)
    with pytest.raises(ValueError, match='not NaN'):
        Cost(float('nan'))
    # pyATF's README writes Speedup(s, n) for a window of n evaluations,
    # where its second parameter is a time: Speedup(1.1, 20) waited 20
    # seconds, and a fast run evaluated its whole space (pyATF raised
    # TypeError as it ran). A bare number is no time here.
    import numpy as np
    for number in (20, 2.5, np.int64(20)):
        with pytest.raises(TypeError, match=rf'Speedup: a window of time is a '
                                            rf'datetime.timedelta.*evaluations={number}'):
            Speedup(1.1, number)
        with pytest.raises(TypeError, match='Speedup: a window of time'):
            Speedup(1.1, time=number)
    assert Speedup(1.1, timedelta(seconds=20)).to_json()['time'] == '0:00:20'
    assert measured == []


def test_pyatf_program_runs_with_one_word_changed(tmp_path):
    program = tmp_path / 'program.py'
    program.write_text(
        'from atfc import TP, Interval, Tuner\n'
        'from atfc.search_techniques import AUCBandit\n'
        'from atfc.abort_conditions import Evaluations\n'
        'N = 1000\n'
        "WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)\n"
        "LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)\n"
        "def cost(config):\n"
        "    return (config['WPT'] - 10) ** 2 + config['LS']\n"
        'config, min_cost, data = Tuner().tuning_parameters(WPT, LS)'
        '.search_technique(AUCBandit()).tune(cost, Evaluations(50))\n'
        'print("best", config, min_cost, data.number_of_evaluated_configurations)\n')
    out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                         env=dict(os.environ), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].endswith(' 50')


def test_tuner_over_a_search_space_generated_once():
    space = SearchSpace(*saxpy_tps())
    seen = []
    tuner = Tuner().search_space(space).silent(True).search_technique(Exhaustive())
    _, _, data = tuner.tune(lambda c: seen.append(c) or 1.0)
    assert data.constrained_search_space_size == len(space) == len(seen) == 28
    assert seen == [space.get_configuration(i) for i in range(len(space))]


@pytest.mark.parametrize('kind', ['float32', 'array', 'list', 'decimal', '0-d array'])
def test_numpy_and_sequence_costs_are_numbers(kind):
    # A NumPy scalar was refused; an array passed as a cost, then failed in
    # the tuning data after the cost function returned, which was swallowed:
    # tune() returned a wrong best after 2 of 10 evaluations. A Decimal and
    # a 0-d array (numbers pyATF compares) were refused.
    import decimal
    import numpy as np
    wrap = {'float32': np.float32, 'array': lambda x: np.array([x]), 'list': lambda x: [x],
            'decimal': decimal.Decimal, '0-d array': np.array}[kind]
    best, cost, data = Tuner().tuning_parameters(TP('A', Interval(1, 10))).silent(True) \
        .search_technique(Exhaustive()).tune(lambda c: wrap(abs(c['A'] - 7)))
    assert best == {'A': 7} and cost == 0
    assert data.number_of_evaluated_valid_configurations == 10


def test_costs_of_mixed_number_types_are_ordered_exactly():
    # Each cost is less than the one before, but NumPy compared np.int64
    # with np.uint64 as doubles (a tie) and a Fraction multiplied an
    # np.int64 in 64 bits (it overflowed): the best was not the least.
    import fractions
    import numpy as np
    costs = [np.int64(2 ** 62), fractions.Fraction(2 ** 63 - 1, 3), np.uint64(2 ** 60 + 2),
             np.int64(2 ** 60 + 1), 2 ** 60, np.longdouble(2 ** 60) - np.longdouble(0.5),
             fractions.Fraction(2 ** 61 - 3, 2)]
    best, cost, data = Tuner().tuning_parameters(TP('X', Interval(0, len(costs) - 1))) \
        .silent(True).search_technique(Exhaustive()).tune(lambda c: costs[c['X']])
    assert [e.configuration['X'] for e in data.improvement_history] == list(range(len(costs)))
    assert best == {'X': len(costs) - 1} and cost is costs[-1]


class _Cycles(int):
    """A number type of the program's own (gmpy2's mpz, SymPy's Integer)."""


def test_a_cost_of_a_type_results_cannot_keep_is_refused_where_returned(tmp_path):
    # results("DIR") keeps doubles and the types it names (int, float,
    # Fraction, Decimal, NumPy's): a later run returned another number type
    # (a float) than the one measured. Refused as the cost function returns
    # it, naming the type, with or without results.
    for directory in (None, tmp_path / 'res'):
        tuner = Tuner().tuning_parameters(TP('X', Interval(1, 3))).silent(True)
        if directory is not None:
            tuner.results(directory)
        for cost in (lambda c: _Cycles(c['X']), lambda c: (1.0, _Cycles(2))):
            with pytest.raises(TypeError, match=r'a cost of type test_tuner\._Cycles \([123]\) is not '
                                                r'one atfc keeps exactly: return an int'):
                tuner.tune(cost)


def test_make_step_goes_on_with_the_best_once_every_configuration_is_evaluated():
    # Python tester: pyATF's program-guided loop ran past the space's 9
    # configurations and make_step raised ValueError, ending the program
    # (pyATF proposes configurations again). Now the program's computation
    # runs with the best configuration, which is not evaluated again.
    seen = []

    def cost(config):
        seen.append(config['X'])
        return abs(config['X'] - 2) + 1.0

    tuner = Tuner().tuning_parameters(TP('X', Interval(1, 3))).silent(True) \
        .search_technique(Exhaustive())
    assert [tuner.make_step(cost) for _ in range(6)] == [2.0, 1.0, 2.0, 1.0, 1.0, 1.0]
    assert seen == [1, 2, 3, 2, 2, 2]
    assert tuner.get_tuning_data().number_of_evaluated_configurations == 3
    invalid = Tuner().tuning_parameters(TP('X', Interval(1, 2))).silent(True)

    def no_cost(config):
        return math.nan

    assert [invalid.make_step(no_cost) for _ in range(2)] == [None, None]
    with pytest.raises(ValueError, match='none was valid'):
        invalid.make_step(no_cost)


def test_settings_that_are_no_values_are_refused_where_they_are_given():
    # Python tester: seed(-1) and AUCBandit(c='x') were taken, and tune()
    # then failed with pybind11's cast error, or with 'x' read as the name
    # of a technique (the number was pasted into the technique's text).
    tuner = Tuner()
    for seed in (-1, 2 ** 64, 1.5, 'x', True):
        with pytest.raises(ValueError, match='seed: a whole number'):
            tuner.seed(seed)
    tuner.seed(2 ** 64 - 1)
    for c in ('x', -1, math.nan, math.inf, None):
        with pytest.raises(ValueError, match='AUCBandit: c is a number'):
            AUCBandit(c=c)
    with pytest.raises(ValueError, match='window_size is a whole number'):
        AUCBandit(window_size=0)


def test_one_tuner_tuned_from_two_threads_is_refused_for_the_second():
    # Python tester: the second thread was told that constraints and cost
    # functions cannot use the tuner, which neither did; and both could
    # pass the check at once.
    started, release = threading.Event(), threading.Event()

    def slow(config):
        started.set()
        release.wait(30)
        return 1.0

    tuner = Tuner().tuning_parameters(TP('X', Interval(1, 2))).silent(True)
    first = threading.Thread(target=lambda: tuner.tune(slow, Evaluations(1)))
    first.start()
    try:
        assert started.wait(60)
        with pytest.raises(ValueError, match='another thread tunes with a Tuner of its own'):
            tuner.tune(lambda config: 1.0)
    finally:
        release.set()
        first.join(60)


def test_numpy_numbers_are_bounds_and_limits():
    # pyATF's programs pass np.int64(N) and np.float32 values; they were
    # refused ("expecting a whole number >= 0, not 64").
    np = pytest.importorskip('numpy')
    n = np.int64(8)
    X = TP('X', Interval(np.int32(1), n, np.int16(1)))
    assert len(SearchSpace(X)) == 8
    for made in (Evaluations(n), Cost(np.float32(1e-3)), Fraction(np.float32(0.5)),
                 Duration(seconds=np.float64(1)), Speedup(np.float32(2), evaluations=n)):
        assert made.to_json()
    config, _, data = Tuner().tuning_parameters(X).silent(True) \
        .search_technique(Exhaustive()).tune(lambda c: c['X'], Evaluations(np.uint8(3)))
    assert data.number_of_evaluated_configurations == 3
    with pytest.raises(ValueError):
        Evaluations(np.int64(-1))
    with pytest.raises(TypeError):
        Interval(1, np.array([1, 2]))


def test_an_empty_space_tunes_to_nothing_and_engine_errors_are_value_errors(tmp_path):
    # Python tester: tune() over a space the constraints leave empty raised
    # the private atfc._atfc.Error; pyATF returns (None, None, data).
    A = TP('A', Interval(1, 10), lambda A: A > 100)
    calls = []
    for condition in (None, Evaluations(5)):
        config, min_cost, data = Tuner().tuning_parameters(A).silent(True) \
            .results(tmp_path / 'empty').tune(lambda c: calls.append(c) or 1, condition)
        assert (config, min_cost, data.number_of_evaluated_configurations) == (None, None, 0)
        assert data.constrained_search_space_size == 0 and calls == []
    with pytest.raises(ValueError, match='the search space is empty'):
        Tuner().tuning_parameters(A).silent(True).make_step(lambda c: 1)
    # What the engine refuses is a ValueError, as SearchSpace raises.
    (tmp_path / 'file').write_text('in the way')
    with pytest.raises(ValueError, match='a file that is no directory is in the way'):
        Tuner().tuning_parameters(TP('B', Interval(1, 3))).silent(True) \
            .results(tmp_path / 'file').tune(lambda c: 1)
    with pytest.raises(ValueError, match="unknown search technique 'no_such'"):
        Tuner().tuning_parameters(TP('B', Interval(1, 3))).silent(True) \
            .search_technique(Technique('no_such')).tune(lambda c: 1)
