"""pyATF's tuning data: what a run evaluated, in order, and its
improvements (Configuration, Cost, TuningData, History, CostFunctionError).
"""

import copy
import fractions
import time
from datetime import datetime, timedelta
from math import ceil
from typing import Any, Callable, Dict, List, Optional, Tuple

Configuration = Dict[str, Any]
Cost = float
CostFunction = Callable[[Configuration], Cost]
Coordinates = Tuple[float, ...]
Index = int


def _ordered(cost):
    """cost as a number that compares exactly with every other cost, a
    tuple's elements each: a NumPy integer as an int, a long double as a
    Fraction (NumPy compared np.int64 with np.uint64 as doubles, and a
    Fraction multiplied an np.int64 in 64 bits, which overflowed; a long
    double and a Decimal did not compare at all). Python's own numbers
    compare exactly among themselves."""
    if isinstance(cost, tuple):
        return tuple(_ordered(c) for c in cost)
    dtype = getattr(cost, 'dtype', None)
    if type(cost).__module__ != 'numpy' or getattr(cost, 'ndim', None) != 0 or dtype is None:
        return cost
    if dtype.kind in 'iu':
        return int(cost)
    if dtype.kind == 'f':
        value = float(cost)
        if dtype.itemsize > 8 and value == value and abs(value) != float('inf'):
            return fractions.Fraction(*cost.as_integer_ratio())
        return value
    return cost


class CostFunctionError(BaseException):
    """Raised by a cost function: the configuration is invalid (the run
    goes on). Any other exception stops the run and is raised by tune()."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def _duration_text(delta: timedelta) -> str:
    us = ceil(delta.total_seconds() * 1000000)
    return f'{us // 3600000000}:{us // 60000000 % 60:02d}:{us // 1000000 % 60:02d}.{us % 1000000:06d}'


def _timestamp_text(stamp: datetime) -> str:
    return stamp.strftime('%Y-%m-%dT%H:%M:%S.%f')


class History:
    class Entry:
        def __init__(self, timestamp: datetime, timedelta_since_tuning_start: timedelta,
                     evaluations: int, valid_evaluations: int, configuration: Configuration,
                     valid: bool, cost: Optional[Cost] = None,
                     search_space_coordinates: Optional[Coordinates] = None,
                     search_space_index: Optional[Index] = None):
            self.timestamp = timestamp
            self.timedelta_since_tuning_start = timedelta_since_tuning_start
            self.evaluations = evaluations
            self.valid_evaluations = valid_evaluations
            self.configuration = dict(configuration)
            self.valid = valid
            self.cost = cost
            self.search_space_coordinates = search_space_coordinates
            self.search_space_index = search_space_index

        def to_json(self):
            json = {'timestamp': _timestamp_text(self.timestamp),
                    'timedelta_since_tuning_start': _duration_text(self.timedelta_since_tuning_start),
                    'evaluations': self.evaluations,
                    'valid_evaluations': self.valid_evaluations,
                    'configuration': copy.deepcopy(self.configuration),
                    'valid': self.valid,
                    'cost': self.cost}
            if self.search_space_coordinates is not None:
                json['search_space_coordinates'] = self.search_space_coordinates
            if self.search_space_index is not None:
                json['search_space_index'] = self.search_space_index
            return json

    def __init__(self):
        self._entries: List[History.Entry] = []

    def append(self, entry: 'History.Entry'):
        self._entries.append(entry)

    def is_empty(self):
        return not self._entries

    def __getitem__(self, item):
        return self._entries[item]

    def __iter__(self):
        return iter(self._entries)

    def __len__(self):
        return len(self._entries)

    def to_json(self):
        return [e.to_json() for e in self._entries]


class TuningData:
    def __init__(self, tuning_parameters: List[Dict], constrained_search_space_size: int,
                 unconstrained_search_space_size: int, search_space_generation_ns: int,
                 search_technique: Dict, abort_condition: Dict):
        self.tuning_parameters = copy.deepcopy(tuning_parameters)
        self.constrained_search_space_size = constrained_search_space_size
        self.unconstrained_search_space_size = unconstrained_search_space_size
        self.search_space_generation_ns = search_space_generation_ns
        self.search_technique = copy.deepcopy(search_technique)
        self.abort_condition = copy.deepcopy(abort_condition)
        self.tuning_start_timestamp = datetime.now()
        self._start_ns = time.perf_counter_ns()
        self._total_tuning_duration: Optional[timedelta] = None
        self.terminated_early = False
        self.history = History()
        self.improvement_history = History()
        self.number_of_evaluated_configurations = 0
        self.number_of_evaluated_valid_configurations = 0
        self.number_of_evaluated_invalid_configurations = 0
        #: atfc: where results.db is, when the run kept its results.
        self.results_directory: Optional[str] = None

    def _now(self):
        return self.tuning_start_timestamp + timedelta(
            microseconds=(time.perf_counter_ns() - self._start_ns) / 1000)

    @property
    def total_tuning_duration(self) -> timedelta:
        if self._total_tuning_duration is None:
            return self._now() - self.tuning_start_timestamp
        return self._total_tuning_duration

    def _best(self, attribute):
        if self.improvement_history.is_empty():
            return None
        return getattr(self.improvement_history[-1], attribute)

    def min_cost(self):
        return self._best('cost')

    def configuration_of_min_cost(self):
        return self._best('configuration')

    def search_space_coordinates_of_min_cost(self):
        return self._best('search_space_coordinates')

    def search_space_index_of_min_cost(self):
        return self._best('search_space_index')

    def timestamp_of_min_cost(self):
        return self._best('timestamp')

    def duration_to_min_cost(self):
        return self._best('timedelta_since_tuning_start')

    def evaluations_to_min_cost(self):
        return self._best('evaluations')

    def valid_evaluations_to_min_cost(self):
        return self._best('valid_evaluations')

    def record_evaluation(self, configuration: Configuration, valid: bool, cost: Optional[Cost] = None,
                          search_space_coordinates: Optional[Coordinates] = None,
                          search_space_index: Optional[Index] = None) -> datetime:
        if valid and cost is None:
            raise ValueError('a valid evaluation has a cost')
        if self._total_tuning_duration is not None:
            raise ValueError('the tuning has finished: no more evaluations are recorded')
        now = self._now()
        self.number_of_evaluated_configurations += 1
        if valid:
            self.number_of_evaluated_valid_configurations += 1
        else:
            self.number_of_evaluated_invalid_configurations += 1
        entry = History.Entry(now, now - self.tuning_start_timestamp,
                              self.number_of_evaluated_configurations,
                              self.number_of_evaluated_valid_configurations,
                              configuration, valid, cost, search_space_coordinates, search_space_index)
        self.history.append(entry)
        if valid and (self.improvement_history.is_empty()
                      or _ordered(cost) < _ordered(self.improvement_history[-1].cost)):
            self.improvement_history.append(entry)
        return now

    def record_tuning_finished(self, terminated_early: bool):
        self._total_tuning_duration = self._now() - self.tuning_start_timestamp
        self.terminated_early = terminated_early

    def to_json(self):
        best_stamp = self.timestamp_of_min_cost()
        best_duration = self.duration_to_min_cost()
        return {
            'tuning_parameters': copy.deepcopy(self.tuning_parameters),
            'constrained_search_space_size': self.constrained_search_space_size,
            'unconstrained_search_space_size': self.unconstrained_search_space_size,
            'search_space_generation_ns': self.search_space_generation_ns,
            'search_technique': copy.deepcopy(self.search_technique),
            'abort_condition': copy.deepcopy(self.abort_condition),
            'tuning_start_timestamp': _timestamp_text(self.tuning_start_timestamp),
            'total_tuning_duration': _duration_text(self.total_tuning_duration),
            'terminated_early': self.terminated_early,
            'history': self.history.to_json(),
            'improvement_history': self.improvement_history.to_json(),
            'number_of_evaluated_configurations': self.number_of_evaluated_configurations,
            'number_of_evaluated_valid_configurations': self.number_of_evaluated_valid_configurations,
            'number_of_evaluated_invalid_configurations': self.number_of_evaluated_invalid_configurations,
            'min_cost': self.min_cost(),
            'configuration_of_min_cost': copy.deepcopy(self.configuration_of_min_cost()),
            'search_space_coordinates_of_min_cost': self.search_space_coordinates_of_min_cost(),
            'search_space_index_of_min_cost': self.search_space_index_of_min_cost(),
            'timestamp_of_min_cost': _timestamp_text(best_stamp) if best_stamp else None,
            'duration_to_min_cost': _duration_text(best_duration) if best_duration is not None else None,
            'evaluations_to_min_cost': self.evaluations_to_min_cost(),
            'valid_evaluations_to_min_cost': self.valid_evaluations_to_min_cost(),
        }
