"""A program's own search techniques (pyATF's SearchTechnique and
SearchTechnique1D) in atfc's exploration: what they are told, and what
they propose that is refused."""

import pytest

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Evaluations
from atfc.search_techniques import SearchTechnique, SearchTechnique1D

from test_tuner import cost, saxpy_tps


def test_own_techniques():
    class FirstIndices(SearchTechnique1D):
        def initialize(self, search_space_size):
            self.next, self.size, self.reported = 0, search_space_size, []

        def finalize(self):
            pass

        def get_next_indices(self):
            self.next += 1
            return {self.next - 1}

        def report_costs(self, costs):
            self.reported.extend(costs.items())

    own = FirstIndices()
    _, _, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(own).tune(cost, Evaluations(6))
    assert data.number_of_evaluated_configurations == 6
    assert own.size == 28 and [i for i, _ in own.reported[:5]] == [0, 1, 2, 3, 4]

    class Middle(SearchTechnique):
        def initialize(self, dimensionality):
            self.dimensionality = dimensionality

        def finalize(self):
            pass

        def get_next_coordinates(self):
            return {tuple([0.5] * self.dimensionality)}

        def report_costs(self, costs):
            self.costs = costs

    mid = Middle()
    # (Only ever the middle: the one configuration it proposes, then the
    # run ends, saying so.)
    with pytest.warns(RuntimeWarning, match='Middle proposed only configurations evaluated'):
        _, _, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
            .search_technique(mid).tune(cost, Evaluations(3))
    assert mid.dimensionality == 2 and list(mid.costs) == [(0.5, 0.5)]
    assert data.number_of_evaluated_configurations == 1


def test_a_technique_proposing_nonsense_is_told_so():
    # Found by hostile/odd_calls.py: a point of the wrong dimension aborted
    # the interpreter; other proposals failed with pybind11's "Unable to
    # cast Python instance to C++ type".
    class Proposes(SearchTechnique):
        def __init__(self, proposal):
            self.proposal = proposal

        def initialize(self, dimensionality):
            pass

        def finalize(self):
            pass

        def get_next_coordinates(self):
            return self.proposal

        def report_costs(self, costs):
            pass

    class ProposesIndex(SearchTechnique1D):
        def __init__(self, index=-1):
            self.index = index

        def initialize(self, size):
            pass

        def finalize(self):
            pass

        def get_next_indices(self):
            return {self.index}

        def report_costs(self, costs):
            pass

    tps = (TP('A', Interval(1, 4)), TP('B', Interval(1, 3)))
    for technique, error, message in [
            (Proposes({(0.5, 0.5, 0.5)}), ValueError,
             'Proposes proposed a point of 3 coordinates in a space of 2 dimensions'),
            (Proposes('not a set'), TypeError, "returned 'not a set': expecting a set"),
            (Proposes({(0.5, 'x')}), TypeError, r"proposed \(0.5, 'x'\): a point is a tuple"),
            (Proposes(set()), ValueError, 'Proposes proposed no configuration'),
            (ProposesIndex(), TypeError, 'proposed -1: an index is a whole number'),
            # Outside the space: a ValueError, as pyATF raises (it was
            # clamped, or taken modulo the size, and another configuration
            # measured in its name). One check, atf/search.hpp's, as for a
            # C++ program's technique: no configuration is a ValueError.
            (Proposes({(0.0, 0.5)}), ValueError, r'proposed the point \(0, 0.5\): each coordinate is'),
            (Proposes({(0.5, 1.5)}), ValueError, r'each coordinate is in \(0, 1\]'),
            (Proposes({(0.5, float('nan'))}), ValueError, r'each coordinate is in \(0, 1\]'),
            (ProposesIndex(12), ValueError, 'proposed the index 12 in a space of 12 configurations')]:
        with pytest.raises(error, match=message):
            Tuner().tuning_parameters(*tps).silent(True).search_technique(technique) \
                .tune(lambda c: 1.0, Evaluations(3))


def test_a_technique_whose_finalize_raises_raises_from_tune():
    # finalize() is called as the engine drops the technique: what it raised
    # ended the interpreter (SIGABRT), its temporary directory left behind
    # (which conftest.py's check of $TMPDIR would find).

    class Broken(SearchTechnique):
        def initialize(self, dimensionality):
            self.dimensionality = dimensionality

        def finalize(self):
            raise ValueError('finalize failed')

        def get_next_coordinates(self):
            return {tuple([0.5] * self.dimensionality)}

        def report_costs(self, costs):
            pass

    tuner = Tuner().tuning_parameters(TP('A', Interval(1, 10))).silent(True) \
        .search_technique(Broken())
    with pytest.raises(ValueError, match='finalize failed'):
        tuner.tune(lambda c: c['A'], Evaluations(3))
    # The tuner is usable again.
    with pytest.raises(ValueError, match='finalize failed'):
        tuner.tune(lambda c: c['A'], Evaluations(1))


@pytest.mark.parametrize('kind', ['indices', 'coordinates'])
def test_a_technique_owns_its_search_and_a_stuck_one_ends_the_run(kind):
    # It is started and finalized once, only what it proposed is measured
    # (once: proposed again, it is answered with the known cost), and one
    # that proposes only known configurations ends the run, saying so.
    calls = {'initialize': 0, 'finalize': 0, 'reports': 0}

    class Base(SearchTechnique1D if kind == 'indices' else SearchTechnique):
        def initialize(self, _):
            calls['initialize'] += 1

        def finalize(self):
            calls['finalize'] += 1

        def report_costs(self, costs):
            calls['reports'] += 1
            assert list(costs.values()) == [1]

    class AlwaysFirst(Base):
        def get_next_indices(self):
            return {0}

        def get_next_coordinates(self):
            return {(0.01,)}

    measured = []

    def measure(config):
        measured.append(config['A'])
        return config['A']

    with pytest.warns(RuntimeWarning, match='AlwaysFirst proposed only configurations evaluated '
                                            'already'):
        config, best, data = Tuner().tuning_parameters(TP('A', Interval(1, 20))) \
            .search_technique(AlwaysFirst()).silent(True).tune(measure, Evaluations(4))
    assert measured == [1]
    assert (config, best, data.number_of_evaluated_configurations) == ({'A': 1}, 1, 1)
    assert calls['initialize'] == calls['finalize'] == 1
    assert calls['reports'] > 1
