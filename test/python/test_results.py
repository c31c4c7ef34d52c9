"""results(DIR): what a later run answers from the costs an earlier one
measured, and what it measures anew: an edited program, another cost
function, what the cost function raised for; a program's own abort
condition counts what was answered."""

import decimal
import fractions
import os
import random
import sqlite3
import subprocess
import sys

import numpy as np
import pytest

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Evaluations, ValidFraction
from atfc.abort_conditions.abort_condition import AbortCondition
from atfc.search_techniques import Exhaustive


def test_an_edited_program_is_measured_anew(tmp_path):
    # Python tester: results("DIR") answered an edited program's cost
    # function from the costs its earlier code measured. The key covers the
    # program's script and its cost function's file.
    helper = tmp_path / 'helper.py'
    helper.write_text('def cost(config):\n    return config["X"]\n')
    program = tmp_path / 'edited.py'
    text = ('import sys\n'
            'sys.path.insert(0, sys.argv[1])\n'
            'from atfc import TP, Interval, Tuner\n'
            'from helper import cost\n'
            'calls = []\n'
            'def counted(config):\n'
            '    calls.append(config)\n'
            '    assert str(config["X"]) not in {"a", "b", "c", "d", "e", "f"}\n'
            '    return cost(config)\n'
            'Tuner().tuning_parameters(TP("X", Interval(1, 4))).silent(True)'
            '.results(sys.argv[2]).tune(counted)\n'
            'print(len(calls))\n')
    program.write_text(text)

    seeds = iter(range(100))

    def measured():
        # (Each run with another hash seed: the cost function's identity
        # in the key holds a set of strings, whose order varies with it.)
        out = subprocess.run([sys.executable, str(program), str(tmp_path),
                              str(tmp_path / 'results')], capture_output=True, text=True,
                             timeout=120, env=dict(os.environ, PYTHONHASHSEED=str(next(seeds))))
        assert out.returncode == 0, out.stderr
        return int(out.stdout.split()[-1])
    assert measured() == 4
    assert measured() == 0  # unchanged: every cost answered from DIR
    program.write_text(text + '# edited\n')
    assert measured() == 4
    assert measured() == 0
    helper.write_text('def cost(config):\n    return 2 * config["X"]\n')
    assert measured() == 4


def test_what_the_cost_function_raised_for_is_measured_again(tmp_path):
    # With results(DIR), a configuration whose cost function raised was kept
    # as "run failed" and reused as invalid once the program was fixed.
    results = str(tmp_path / 'results')

    bug, measured = [True], []

    def broken(config):
        if bug[0] and config['A'] == 3:
            raise KeyError('A bug of the program')
        measured.append(config['A'])
        return config['A'] - (0 if bug[0] else 10)

    def tuner():
        return Tuner().tuning_parameters(TP('A', Interval(1, 5))).silent(True) \
            .search_technique(Exhaustive()).results(results).program_name('p')

    with pytest.raises(KeyError):
        tuner().tune(broken)
    bug[0], measured[:] = False, []
    best, cost, data = tuner().tune(broken)
    assert measured == [3, 4, 5]  # 1 and 2 answered from DIR
    assert best == {'A': 3} and cost == -7
    assert data.number_of_evaluated_valid_configurations == 5
    # The same for a step of program-guided tuning.
    stepper = Tuner().tuning_parameters(TP('B', Interval(1, 2))).silent(True) \
        .search_technique(Exhaustive()).results(results).program_name('q')

    again = []

    def raising(config):
        if not again:
            raise RuntimeError('not yet')
        again.append(config['B'])
        return config['B']

    with pytest.raises(RuntimeError):
        stepper.make_step(raising)
    stepper._run.close()
    again.append('fixed')
    Tuner().tuning_parameters(TP('B', Interval(1, 2))).silent(True) \
        .search_technique(Exhaustive()).results(results).program_name('q').tune(raising)
    assert again == ['fixed', 1, 2]


def test_results_tell_cost_functions_apart(tmp_path):
    # Python tester: a second tune() with another cost function (energy
    # after runtime) got the first one's costs from results(DIR), never
    # called.
    tuner = Tuner().tuning_parameters(TP('A', Interval(1, 8))).search_technique(Exhaustive()) \
        .silent(True).results(tmp_path / 'res')
    calls = []

    def runtime(config):
        calls.append(config['A'])
        return config['A']

    def scaled(factor):
        return lambda config: calls.append(config['A']) or factor * (9 - config['A'])

    assert tuner.tune(runtime)[:2] == ({'A': 1}, 1) and len(calls) == 8
    assert tuner.tune(lambda config: 100 - config['A'])[:2] == ({'A': 8}, 92)
    # The same code over another value it closes over is measured anew.
    calls.clear()
    assert tuner.tune(scaled(1))[:2] == ({'A': 8}, 1) and len(calls) == 8
    assert tuner.tune(scaled(-1))[:2] == ({'A': 1}, -8) and len(calls) == 16
    # The same cost function again is answered from DIR (its list of calls
    # is state, not input).
    config, min_cost, data = tuner.tune(runtime)
    assert (config, min_cost) == ({'A': 1}, 1)
    assert len(calls) == 16 and data.number_of_evaluated_configurations == 8


def test_a_programs_abort_condition_sees_what_results_answered(tmp_path):
    # Python tester: a condition of the program's own did not see the
    # evaluations answered from results(DIR), so a second run made 5 new
    # ones where the engine's Evaluations(5) made none.
    class FiveEvaluations(AbortCondition):
        def stop(self, tuning_data):
            return tuning_data.number_of_evaluated_configurations >= 5

    measured = []

    def measure(config):
        measured.append(config['A'])
        return config['A']

    for condition in (FiveEvaluations(), FiveEvaluations(), ValidFraction(0.25)):
        _, _, data = Tuner().tuning_parameters(TP('A', Interval(1, 20))) \
            .search_technique(Exhaustive()).silent(True).results(tmp_path / 'res') \
            .tune(measure, condition)
        assert data.number_of_evaluated_configurations == 5
        assert [e.configuration['A'] for e in data.history] == [1, 2, 3, 4, 5]
    assert measured == [1, 2, 3, 4, 5]


def _costs_of(data):
    """Each evaluation's cost with its type (its elements' for a tuple)."""
    def typed(cost):
        if isinstance(cost, tuple):
            return tuple(typed(c) for c in cost)
        return type(cost).__name__, cost
    return [typed(e.cost) for e in data.history]


def test_a_run_answered_from_results_returns_what_the_cost_function_returns(tmp_path):
    # Python tester: a run answered wholly from results(DIR) returned its
    # min cost as 3.0 where the cost function returns 3 (results.db keeps
    # numbers, not Python's types), and one answered in part returned every
    # cost as a float, those it measured too.
    cost_functions = {
        'int': lambda c: c['X'] * 3, 'float': lambda c: c['X'] / 3,
        'float32': lambda c: np.float32(c['X'] / 3), 'int64': lambda c: np.int64(c['X']),
        'tuple': lambda c: (c['X'], 2.5, np.float32(0.1)), 'one-tuple': lambda c: (c['X'],),
        'list': lambda c: [c['X'], 1], 'array': lambda c: np.array([c['X'] / 3, 1]),
    }
    for name, cost_function in cost_functions.items():
        def tune(directory, condition=None):
            return Tuner().tuning_parameters(TP('X', Interval(1, 6))).search_technique(Exhaustive()) \
                .silent(True).results(tmp_path / name / directory).program_name(name) \
                .tune(cost_function, condition)

        _, fresh_min, fresh = tune('fresh')
        expected = _costs_of(fresh)
        assert _costs_of(tune('fresh')[2]) == expected, name  # wholly answered
        _, part_min, _ = tune('part', Evaluations(3))
        assert _costs_of(tune('part')[2]) == expected, name  # answered in part
        _, again_min, again = tune('part')
        assert _costs_of(again) == expected, name
        assert type(again_min) is type(fresh_min) and again_min == fresh_min, name


def _exact(cost):
    """A cost as what tells it from every other: its type, its value and a
    Decimal's text (Decimal('1.10') == Decimal('1.1')), a tuple's elements'."""
    if isinstance(cost, tuple):
        return tuple(_exact(c) for c in cost)
    return type(cost), cost, str(cost) if isinstance(cost, decimal.Decimal) else None


def _costs_that_a_double_does_not_keep():
    """Costs of every type the package takes whose double is not the cost:
    ints beyond 2^53 (and below -2^53, up to a double's largest), NumPy's
    64-bit integers, Fractions, Decimals, a long double's digits beyond a
    double's; each next to one a double does keep, and random ones of each
    kind. Then tuples of them (the objectives of one run are as many for
    every configuration)."""
    rng = random.Random(17)
    D, F = decimal.Decimal, fractions.Fraction
    costs = [2 ** 53 + 1, 2 ** 60 + 1, -(2 ** 60) - 3, 10 ** 300 + 7, 2 ** 53,
             np.int64(2 ** 62 + 1), np.uint64(2 ** 64 - 1), np.int64(-(2 ** 63)),
             F(1, 3), F(2 ** 70 + 1, 3), F(-7, 2), F(5), F(10 ** 5000 + 1, 10 ** 5000),
             D('0.1'), D('1.10'), D('-3E+5'), D('123456789012345678901234567890.5'),
             np.longdouble(1) / np.longdouble(3), np.float32(0.1), np.float16(0.1)]
    for _ in range(6):
        big = rng.randrange(2 ** 53, 2 ** 120) * rng.choice((1, -1))
        costs += [big, F(big, rng.randrange(3, 2 ** 80)),
                  D(big).scaleb(-rng.randrange(0, 40)), np.int64(big % 2 ** 63)]
    tuples = [(2 ** 60 + 1, F(1, 3), 0.5), (D('0.3'), np.int64(2 ** 60 + 1), 2.5)]
    tuples += [tuple(rng.choice(costs) for _ in range(3)) for _ in range(8)]
    return costs, tuples


def test_reused_costs_are_the_costs_measured_whatever_a_double_keeps(tmp_path):
    # Python tester: a run answered from results(DIR) returned a cost
    # function's 2**60 + 1 as 1.152921504606847e+18 and its Fraction(1, 3)
    # as 0.3333333333333333 (results.db keeps doubles), so its min cost
    # differed from the run that measured it.
    for name, costs in zip(('numbers', 'tuples'), _costs_that_a_double_does_not_keep()):
        def cost(config):
            return costs[config['X']]

        def tune(condition=None):
            return Tuner().tuning_parameters(TP('X', Interval(0, len(costs) - 1))) \
                .search_technique(Exhaustive()).silent(True).results(tmp_path / name) \
                .tune(cost, condition)

        tune(Evaluations(len(costs) // 2))  # the rest measured by the next
        _, again_min, again = tune()
        _, reused_min, reused = tune()  # wholly answered
        measured = [_exact(c) for c in costs]
        assert [_exact(e.cost) for e in again.history] == measured, name
        assert [_exact(e.cost) for e in reused.history] == measured, name
        assert _exact(reused_min) == _exact(again_min), name


def test_costs_that_one_double_holds_are_ordered_exactly(tmp_path):
    # 2**60 + 6 .. 2**60 + 9 are one double: the best is still the least,
    # measured and reused alike (the engine's own order ties them).
    def cost(config):
        return 2 ** 60 + 10 - config['X']

    for _ in range(2):
        best, min_cost, data = Tuner().tuning_parameters(TP('X', Interval(1, 4))) \
            .search_technique(Exhaustive()).silent(True).results(tmp_path / 'res').tune(cost)
        assert best == {'X': 4} and min_cost == 2 ** 60 + 6 and type(min_cost) is int
        assert [e.configuration['X'] for e in data.improvement_history] == [1, 2, 3, 4]


def test_a_cost_types_record_that_is_no_type_reads_as_numbers(tmp_path):
    # results.db is an input: a log that names no type the package makes
    # (an edited row, another program's) leaves the costs the numbers they
    # are, and nothing it names is looked up outside NumPy's numbers.
    directory = tmp_path / 'res'
    tuner = Tuner().tuning_parameters(TP('X', Interval(1, 5))).search_technique(Exhaustive()) \
        .silent(True).results(directory)

    def cost(config):
        return config['X']

    tuner.tune(cost)
    logs = ['the cost function returned numpy.ndarray', 'the cost function returned os.system',
            'the cost function returned (int, int)', 'the cost function returned int; x',
            'the cost function returned numpy.float32']
    with sqlite3.connect(directory / 'results.db') as db:
        ids = [r[0] for r in db.execute('SELECT id FROM evaluations ORDER BY id')]
        for row, log in zip(ids, logs):
            db.execute('UPDATE evaluations SET log = ? WHERE id = ?', (log, row))
    _, min_cost, data = tuner.tune(cost)
    assert [e.cost for e in data.history] == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert [type(e.cost) for e in data.history] == [float] * 4 + [np.float32]
    assert type(min_cost) is float


SCALE = np.float32(2)


def test_numpy_inputs_of_the_cost_function_key_its_results(tmp_path):
    # Python tester: a cost function reading a NumPy scalar (a global from
    # sys.argv, a value it closes over) was answered from the results of
    # another value: its key left NumPy's scalars out, as state.
    global SCALE
    measured = []

    def by_global(config):
        measured.append(config['X'])
        return config['X'] * SCALE

    def closing_over(scale):
        def cost(config):
            measured.append(config['X'])
            return config['X'] * scale
        return cost

    def tune(cost_function):
        return Tuner().tuning_parameters(TP('X', Interval(1, 4))).search_technique(Exhaustive()) \
            .silent(True).results(tmp_path / 'res').tune(cost_function)[1]

    for scale in (np.float32(2), np.float32(3), np.int64(3), np.float32(2)):
        SCALE = scale
        assert tune(by_global) == scale and tune(closing_over(scale)) == scale
    # Each value measured once per cost function: the last one is answered.
    assert len(measured) == 3 * 2 * 4


def test_a_program_guided_run_sees_what_results_answered(tmp_path):
    # Python tester: make_step() with results(DIR) skipped the
    # configurations an earlier run had measured without telling the
    # tuning data: the second run's min cost was 15 where 3 was known, and
    # once the space was done it ran X=5 as the best configuration.
    def cost(config):
        return config['X'] * 3

    for steps in (4, 8):
        tuner = Tuner().tuning_parameters(TP('X', Interval(1, 6))).search_technique(Exhaustive()) \
            .silent(True).results(tmp_path / 'res')
        got = [tuner.make_step(cost) for _ in range(steps)]
        data = tuner.get_tuning_data()
        assert [e.cost for e in data.history] == [3, 6, 9, 12, 15, 18][:len(data.history)]
        assert data.min_cost() == 3 and data.configuration_of_min_cost() == {'X': 1}
        if steps == 8:
            assert got == [15, 18, 3, 3, 3, 3, 3, 3]
            assert data.number_of_evaluated_configurations == 6


def test_a_kernels_input_data_keys_its_results(tmp_path):
    # A kernel cost function's arrays counted by their type only: a run over
    # other input data (and so another gold) was answered from the costs
    # and verdicts measured over the first data.
    from atfc.cost_functions import opencl
    from atfc.result_check import equality
    code = '__kernel void copy(__global const int *x, __global int *y) {\n' \
           '  y[get_global_id(0)] = x[get_global_id(0)] + 0 * WPT;\n}\n'

    def tune(x, gold):
        cf = opencl.CostFunction(opencl.Kernel(opencl.source(code), 'copy')) \
            .kernel_args(x, np.zeros(8, np.int32)).global_size(8) \
            .check_result(1, gold, equality)
        return Tuner().tuning_parameters(TP('WPT', Interval(1, 2))).search_technique(Exhaustive()) \
            .silent(True).results(tmp_path / 'res').tune(cf)[2]

    first = np.arange(8, dtype=np.int32)
    assert tune(first, first.copy()).number_of_evaluated_valid_configurations == 2
    # The same data again is answered; other data (the gold of the first)
    # is measured, and its result is wrong.
    assert tune(first.copy(), first.copy()).number_of_evaluated_valid_configurations == 2
    assert tune(first + 1, first.copy()).number_of_evaluated_valid_configurations == 0
