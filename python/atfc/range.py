"""Ranges of tuning parameters: pyATF's Interval and Set.

An integer interval without a generator stays an interval in the engine
(its values are computed, never listed); any other range is handed over as
its list of values, which must all be of one type (int, float, bool or
str).
"""

import inspect
from typing import Any, Callable, Optional, Union

Number = Union[int, float]


def _value_type(value):
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        return int
    if isinstance(value, float):
        return float
    if isinstance(value, str):
        return str
    raise TypeError(f'a value of a tuning parameter is an int, a float, a bool or a str, '
                    f'not {type(value).__name__}: {value!r}')


def check_values(values, where: str):
    """The one type of values; raises TypeError for mixed types."""
    types = {_value_type(v) for v in values}
    if len(types) > 1:
        names = ', '.join(sorted(t.__name__ for t in types))
        raise TypeError(f'{where}: a range of mixed types ({names}); '
                        f'every value of a range must have the same type')
    return types.pop() if types else int


class Range:
    """A parameter's values, in order."""

    def num_values(self) -> int:
        raise NotImplementedError

    def __len__(self):
        return self.num_values()

    def __iter__(self):
        raise NotImplementedError

    def __getitem__(self, item: int):
        raise NotImplementedError

    def to_json(self):
        raise NotImplementedError


class Interval(Range):
    """begin, begin + step, ... up to end (inclusive), each through the
    generator when one is given. Float bounds or step give floats."""

    def __init__(self, start: Number, end: Number, step: Number = 1,
                 generator: Optional[Callable[[Number], Any]] = None):
        for name, arg in (('start', start), ('end', end), ('step', step)):
            if isinstance(arg, bool) or not isinstance(arg, (int, float)):
                raise TypeError(f'Interval: {name} must be an int or a float, '
                                f'not {type(arg).__name__}: {arg!r}')
        if step == 0:
            raise ValueError('Interval: step must not be 0')
        if generator is not None and not callable(generator):
            raise TypeError('Interval: the generator must be callable')
        self._start, self._end, self._step = start, end, step
        self._generator = generator
        self._float = any(isinstance(a, float) for a in (start, end, step))
        if self._float:
            count = 0
            while (start + count * step <= end) if step > 0 else (start + count * step >= end):
                count += 1
            self._count = count
        elif (step > 0 and start > end) or (step < 0 and start < end):
            self._count = 0
        else:
            self._count = abs(end - start) // abs(step) + 1
        self._values = None

    @property
    def is_integer_interval(self):
        return not self._float and self._generator is None

    def num_values(self):
        return self._count

    def _raw(self, i):
        return self._start + i * self._step

    def __getitem__(self, item: int):
        if item < 0 or item >= self._count:
            raise IndexError(f'Interval: index {item} out of range')
        value = self._raw(item)
        return self._generator(value) if self._generator is not None else value

    def __iter__(self):
        for i in range(self._count):
            yield self[i]

    def values(self):
        """Every value as a list (computed once)."""
        if self._values is None:
            self._values = [self[i] for i in range(self._count)]
        return self._values

    def to_json(self):
        json = {'kind': 'Interval', 'start': self._start, 'end': self._end, 'step': self._step}
        if self._generator is not None:
            try:
                json['generator'] = inspect.getsource(self._generator).strip()
            except (OSError, TypeError):
                json['generator'] = repr(self._generator)
        return json


class Set(Range):
    """An explicit, ordered set of values."""

    def __init__(self, *values):
        self._values = list(values)

    def num_values(self):
        return len(self._values)

    def __iter__(self):
        yield from self._values

    def __getitem__(self, item):
        return self._values[item]

    def values(self):
        return self._values

    def to_json(self):
        return {'kind': 'Set', 'values': list(self._values)}


def pow2(x):
    """A generator for Interval: 2 to the power of x."""
    return 2 ** x


__all__ = ['Range', 'Interval', 'Set', 'pow2']
