"""pyATF's python cost function: an instance of a class is made from each
configuration and called with the arguments given; the cost is the call's
time in nanoseconds (as pyATF measures it)."""

import time
from typing import Any, Dict, Tuple, Type


class CostFunction:
    class CostFunctionWithTypeAndArgs:
        def __init__(self, type_to_tune: Type, *call_args, **call_kwargs):
            self._type_to_tune = type_to_tune
            self._call_args: Tuple[Any, ...] = call_args
            self._call_kwargs: Dict[str, Any] = call_kwargs
            self.__name__ = type_to_tune.__name__

        def __call__(self, configuration):
            instance = self._type_to_tune(configuration)
            start = time.perf_counter_ns()
            instance(*self._call_args, **self._call_kwargs)
            return time.perf_counter_ns() - start

    def __init__(self, type_to_tune: Type):
        if not callable(type_to_tune):
            raise TypeError('python.CostFunction: expecting a class constructed from a configuration')
        self._type_to_tune = type_to_tune

    def __call__(self, *args, **kwargs):
        return CostFunction.CostFunctionWithTypeAndArgs(self._type_to_tune, *args, **kwargs)
