"""copy.copy, copy.deepcopy and pickle of the package's public objects, as
a pyATF program uses them on pyATF's plain Python objects: a Tuner's
settings copied into a second tuner, a space or tuning data kept."""

import copy
import pickle

import numpy as np
import pytest

from atfc import TP, Interval, SearchSpace, Set, Tuner, CostFunctionError
from atfc.abort_conditions import (Cost, Duration, Evaluations, Fraction, Speedup,
                                   ValidEvaluations, ValidFraction)
from atfc.cost_functions import generic, opencl, python
from atfc.search_techniques import (AUCBandit, DifferentialEvolution, Exhaustive, PatternSearch,
                                    Random, RoundRobin, SimulatedAnnealing, Technique, Torczon)


def divides_64(WPT):  # (a function of a module pickles; a lambda does not)
    return 64 % WPT == 0


def cost(config):
    return abs(config['WPT'] - 8) + 1


def shallow(value):
    return copy.copy(value)


def deep(value):
    return copy.deepcopy(value)


def pickled(value):
    return pickle.loads(pickle.dumps(value))


COPIES = [shallow, deep, pickled]


def public_objects():
    data = Tuner().tuning_parameters(TP('WPT', Interval(1, 4))).silent(True).tune(cost)[2]
    kernel = opencl.Kernel('__kernel void f(__global float *x) { x[0] = WPT; }', 'f')
    return {
        'TP': TP('WPT', Interval(1, 64), divides_64),
        'Interval': Interval(1, 64, 2), 'Set': Set(1, 2.5, 'x'),
        'techniques': [AUCBandit(), Random(), Exhaustive(), SimulatedAnnealing(), Torczon(),
                       PatternSearch(), DifferentialEvolution(), Technique('bayes_opt'),
                       RoundRobin((Random(), Torczon()))],
        'abort conditions': [Evaluations(3), ValidEvaluations(2), Fraction(0.5), ValidFraction(0.5),
                             Duration(seconds=3), Cost(2.0), Speedup(1.5, evaluations=10),
                             Evaluations(3) & Duration(seconds=3) | Cost(1)],
        'generic': generic.CostFunction('true').cost_file('cost.txt'),
        'python': python.CostFunction(int)('7'),
        # A size of a function of the module's pickles as the function does.
        'opencl': opencl.CostFunction(kernel).kernel_args(np.zeros(4, np.float32))
        .global_size(divides_64).local_size(1),
        'CostFunctionError': CostFunctionError('no'),
        'TuningData': data,
    }


@pytest.mark.parametrize('how', COPIES, ids=lambda f: f.__name__)
def test_every_public_object_copies_as_pyatfs_do(how):
    for name, value in public_objects().items():
        try:
            made = how(value)
        except Exception as e:  # noqa: BLE001 (named in the failure)
            pytest.fail(f'{how.__name__} of {name}: {type(e).__name__}: {e}')
        assert type(made) is type(value), name


@pytest.mark.parametrize('how', COPIES, ids=lambda f: f.__name__)
def test_a_copied_tuner_tunes_with_the_settings_of_the_original(how):
    # Python tester: copy.deepcopy(Tuner()) raised TypeError: cannot pickle
    # '_thread.lock' object (so did pickle); pyATF's Tuner copies.
    tuner = Tuner().tuning_parameters(TP('WPT', Interval(1, 64), divides_64)) \
        .search_technique(Exhaustive()).silent(True)
    twin = how(tuner)
    assert twin is not tuner
    config, min_cost, data = twin.tune(cost)
    assert (config, min_cost, data.number_of_evaluated_configurations) == ({'WPT': 8}, 1, 7)
    # Each has its own settings from then on.
    twin.tuning_parameters(TP('WPT', Set(3)))
    assert tuner.tune(cost)[0] == {'WPT': 8} and twin.tune(cost)[0] == {'WPT': 3}


@pytest.mark.parametrize('how', COPIES, ids=lambda f: f.__name__)
def test_a_tuner_of_a_search_space_copies(how):
    space = SearchSpace(TP('WPT', Interval(1, 64), divides_64), TP('LS', Set(1, 2)))
    twin = how(Tuner().search_space(space).search_technique(Exhaustive()).silent(True))
    config, min_cost, data = twin.tune(cost)
    assert (config['WPT'], min_cost, data.number_of_evaluated_configurations) == (8, 1, 14)
    again = how(space)
    assert len(again) == len(space) == 14
    assert list(again) == list(space)
    assert again.native_constraints == space.native_constraints


def test_a_tuner_copied_while_it_tunes_is_idle():
    # A copy made inside the cost function (or on another thread while the
    # tuner runs) is a tuner of its own, not one that refuses to tune.
    tuner = Tuner().tuning_parameters(TP('WPT', Interval(1, 8))).silent(True)
    copies = []

    def measure(config):
        if not copies:
            copies.append(copy.deepcopy(tuner))
            copies.append(copy.copy(tuner))
        return config['WPT']

    assert tuner.tune(measure)[:2] == ({'WPT': 1}, 1)
    for twin in copies:
        assert twin.tune(cost)[:2] == ({'WPT': 8}, 1)
        assert twin._begin_lock is not tuner._begin_lock


def test_a_program_guided_run_does_not_copy():
    # The engine's run cannot be duplicated: a clear TypeError, not two
    # tuners stepping one run.
    tuner = Tuner().tuning_parameters(TP('WPT', Interval(1, 8))).silent(True)
    tuner.make_step(cost)
    for how in COPIES:
        with pytest.raises(TypeError, match='make_step'):
            how(tuner)
    assert tuner.get_tuning_data().number_of_evaluated_configurations == 1


def test_a_lambda_does_not_pickle_as_in_python():
    # What Python itself cannot pickle (a lambda) stays Python's error.
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(Tuner().tuning_parameters(TP('A', Interval(1, 4), lambda A: A > 1)))
