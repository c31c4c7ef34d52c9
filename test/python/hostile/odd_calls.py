"""Calls of atfc's Python interface with odd arguments, generated from a
seed: spaces (empty, one value, negative and float steps, objects), their
configurations at odd indices and coordinates, techniques of odd
hyper-parameters and texts, a program's own techniques that propose
garbage (NaN, points outside (0,1], wrong lengths, indices past the
space, nothing at all, exceptions), abort conditions of odd numbers and
cost functions of odd costs. Each call may raise a Python exception; the
process must never die of a signal or an abort, and an exception outside
the expected kinds is printed as UNEXPECTED. Run by test_hostile_calls.py
in a process of its own: python3 odd_calls.py SEED."""

import math
import random
import sys
from datetime import timedelta

import atfc
from atfc import TP, Interval, Set, Tuner, SearchSpace
from atfc import abort_conditions as ac
from atfc import search_techniques as st

rng = random.Random(int(sys.argv[1]))
ODD = [0, -1, 1, 2, 0.5, -0.5, 1e-320, 1e308, -1e308, float('nan'), float('inf'),
       -float('inf'), 2**63, 2**64, -2**63, 10**30, True, None, 'x', (1,), 3]
EXPECTED = (ValueError, TypeError, IndexError, OverflowError, KeyError, ZeroDivisionError,
            RuntimeError, NotImplementedError, atfc.CostFunctionError)
cases = completed = 0
ran = {}  # calls of each kind that ended without an exception


def run(name, call):
    global cases, completed
    cases += 1
    print(name, flush=True, file=sys.stderr)  # (the last line names a crash)
    try:
        call()
        completed += 1
        ran[name.split()[0]] = ran.get(name.split()[0], 0) + 1
    except EXPECTED:
        pass
    except Exception as e:  # pylint: disable=broad-except
        print(f'UNEXPECTED {name}: {type(e).__name__}: {e}', flush=True)


def odd():
    return rng.choice(ODD)


def random_space():
    def interval():
        if rng.random() < 0.3:
            return Interval(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.choice([0.5, -0.5, 1.5]))
        return Interval(rng.randint(-5, 5), rng.randint(-5, 5), rng.choice([1, 2, -1, -3]))

    def values():
        return Set(*rng.sample([0, 1, 2, 'a', None, min, (1, 2), 2.5, True], rng.randint(0, 4)))

    tps = [TP('A', interval() if rng.random() < 0.6 else values())]
    if rng.random() < 0.7:
        tps.append(TP('B', interval(), rng.choice([None, lambda A, B: B != A,
                                                   lambda A, B: isinstance(A, int) and B > A])))
    return SearchSpace(*tps)


class OddCoordinates(st.SearchTechnique):
    """Proposes odd points: some valid, some garbage."""

    def initialize(self, dimensionality):
        self.d = dimensionality

    def finalize(self):
        pass

    def get_next_coordinates(self):
        kind = rng.randrange(14)
        if kind == 0:
            return set()
        if kind == 1:
            raise KeyError('a technique that fails')
        if kind == 2:
            return {tuple(odd() for _ in range(self.d))}
        if kind == 3:
            return {tuple(rng.random() for _ in range(self.d + rng.choice([-1, 1])))}
        if kind == 4:
            return 'not a set'
        return {tuple(rng.uniform(1e-9, 1.0) for _ in range(self.d)) for _ in range(3)}

    def report_costs(self, costs):
        pass


class OddIndices(st.SearchTechnique1D):
    """Proposes odd indices: some in the space, some not."""

    def initialize(self, search_space_size):
        self.size = search_space_size

    def finalize(self):
        pass

    def get_next_indices(self):
        kind = rng.randrange(10)
        if kind == 0:
            return {odd()}
        if kind == 1:
            return {self.size, -1}
        if kind == 2:
            return set()
        return {rng.randrange(max(self.size, 1))}

    def report_costs(self, costs):
        pass


def technique():
    kind = rng.randrange(8)
    if kind == 0:
        return st.AUCBandit(c=odd()) if rng.random() < 0.5 else st.AUCBandit(window_size=odd())
    if kind == 1:
        return st.Technique(rng.choice(['auc_bandit(', 'auc_bandit()', 'nope', 'random(',
                                        'auc_bandit(-1, -1, random)', 'round_robin()',
                                        'auc_bandit(nan, 0, random)', 'x' * 5000,
                                        'auc_bandit(' * 300, 'random', 'exhaustive']))
    if kind in (2, 3):
        return OddCoordinates()
    if kind in (4, 5):
        return OddIndices()
    return rng.choice([st.Exhaustive(), st.Random(), st.SimulatedAnnealing(), st.Torczon(),
                       st.PatternSearch(), st.DifferentialEvolution()])


def abort_condition():
    # Mostly sensible ones, so that most runs get to tune with the odd
    # technique or costs; odd numbers a third of the time.
    def n():
        return odd() if rng.random() < 0.3 else rng.choice([1, 3, 10, 0.5, 0.25])
    make = rng.choice([ac.Evaluations, ac.ValidEvaluations, ac.Fraction, ac.Cost,
                       ac.ValidFraction, lambda v: ac.Speedup(v, evaluations=n()),
                       lambda v: ac.Duration(timedelta(seconds=v)) if isinstance(v, (int, float))
                       and math.isfinite(v) and abs(v) < 1e6 else ac.Duration(v)])
    first = make(n())
    if rng.random() < 0.3:
        return ac.Or(first, ac.Evaluations(rng.randint(1, 20)))
    return first


def cost(config):
    return rng.choice([1.0, 2.0, float('nan'), float('inf'), -1.0, None, 'x', (1.0, 2.0), 0.0,
                       [], 10**400 if False else 1e308])


for k in range(40):
    space = []
    run(f'space {k}', lambda: space.append(random_space()))
    if space:
        s = space[0]
        for index in ODD + [len(s), len(s) - 1, -len(s)]:
            run(f'space {k} index {index!r}', lambda: s.get_configuration(index))
            run(f'space {k} point {index!r}', lambda: s.get_configuration((index,) * s.num_tps))
for k in range(150):
    def tune():
        tps = (TP('A', Interval(1, rng.randint(1, 6))), TP('B', Set(1, 2)))
        Tuner().tuning_parameters(*tps).silent(True).search_technique(technique()) \
            .tune(cost, abort_condition() if rng.random() < 0.8 else ac.Evaluations(5))
    run(f'tune {k}', tune)
for k in range(30):
    def steps():
        tuner = Tuner().tuning_parameters(TP('A', Interval(1, 3))).silent(True) \
            .search_technique(technique())
        for _ in range(rng.randint(1, 6)):
            tuner.make_step(cost)
        tuner.get_tuning_data()
    run(f'steps {k}', steps)
print(f'{cases} calls, {completed} without an exception:',
      ', '.join(f'{kind} {n}' for kind, n in sorted(ran.items())))
