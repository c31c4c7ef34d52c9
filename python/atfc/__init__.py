"""atfc: pyATF's interface on atfc's engine (docs/python.md).

A pyATF program runs with `pyatf` replaced by `atfc`: TP, Interval, Set
and Tuner here; atfc.search_techniques, atfc.abort_conditions,
atfc.cost_functions, atfc.tuning_data and atfc.result_check as in pyATF.
"""

from .range import Interval, Set, pow2
from .tp import TP
from .tuner import Tuner
from .search_space import SearchSpace
from .tuning_data import CostFunctionError

__all__ = ['Interval', 'Set', 'pow2', 'TP', 'Tuner', 'SearchSpace', 'CostFunctionError']
