"""Ranges of tuning parameters: pyATF's Interval and Set.

An integer interval without a generator stays an interval in the engine
(its values are computed, never listed); any other range is handed over as
its list of values: numbers, bools or strings of one type, or any
other values (value_kind).
"""

import inspect
import math
import numbers
from typing import Any, Callable, Optional, Union

Number = Union[int, float]


INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


def fits_int64(value) -> bool:
    """Whether the engine holds the integer value as one (a 64-bit int)."""
    return INT64_MIN <= value <= INT64_MAX


def _numpy_number(value) -> bool:
    """Whether value is a NumPy scalar number or bool (not a 0-d array)."""
    return hasattr(value, 'dtype') and not isinstance(value, bool) \
        and (isinstance(value, numbers.Number) or getattr(value.dtype, 'kind', '') == 'b')


def plain_number(value):
    """A NumPy scalar as the Python bool, int or float it prints as: the
    number the program wrote (np.float32(0.1) is 0.1, where float() makes
    it 0.10000000149011612, which logs, results and -D showed); anything
    else as it is."""
    if not _numpy_number(value):
        return value
    kind = value.dtype.kind
    if kind == 'b':
        return bool(value)
    if kind in 'iu':
        return int(value)
    if kind == 'f':
        # (A float32's str is the shortest text that reads back as it.)
        return float(value) if value.dtype.itemsize == 8 else float(str(value))
    return value


def rounds_otherwise(value) -> bool:
    """Whether value is a NumPy float whose arithmetic rounds otherwise
    than Python's float (float16, float32, longdouble): a constraint that
    reads one is called in Python with it, as pyATF calls it, not
    translated into float arithmetic that would give another space."""
    return _numpy_number(value) and value.dtype.kind == 'f' and value.dtype.itemsize != 8


def _kind(value):
    # NumPy's scalars count as the numbers they are; other numbers
    # (Fraction, Decimal) keep their own arithmetic. A Python int beyond
    # 64 bits is held as itself, as any other value.
    value = plain_number(value)
    if isinstance(value, bool):
        return 'bool'
    if isinstance(value, int):
        return 'int' if fits_int64(value) else 'object'
    if isinstance(value, float):
        return 'float'
    if isinstance(value, str):
        return 'str'
    return 'object'


def value_kind(values) -> str:
    """How the engine holds a range: 'bool', 'int', 'float' or 'str' where
    every value is one of those (NumPy's integers and reals count as int
    and float), else 'object': pyATF takes any value (its own tests tune
    over Set(min, max)), and such a range is held as its values' reprs
    (display_names) while constraints and cost functions get the values
    themselves."""
    kinds = {_kind(v) for v in values}
    if len(kinds) > 1:
        return 'object'
    return kinds.pop() if kinds else 'int'


def engine_value(value, kind: str):
    """value as the engine holds a range of kind: a NumPy scalar as the
    Python number it prints as (plain_number)."""
    if kind == 'int':
        return int(plain_number(value))
    if kind == 'float':
        return float(plain_number(value))
    if kind == 'bool':
        return bool(plain_number(value))
    return value


def _equal(a, b) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # (an == that raises or returns no truth value: NumPy arrays)
        return False


def display_names(values):
    """Each value's repr, made unique where values that are not equal
    share one (' #2', ' #3', ...): a range of kind 'object' as the engine,
    its results and its logs name its values. Equal values share a name,
    and so a result."""
    names, used, by_repr = [], set(), {}
    for value in values:
        text = repr(value)
        same = by_repr.setdefault(text, [])
        name = next((n for v, n in same if v is value or _equal(v, value)), None)
        if name is None:
            name, k = text, 1
            while name in used:
                k += 1
                name = f'{text} #{k}'
            used.add(name)
            same.append((value, name))
        names.append(name)
    return names


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


# A range atfc holds value by value (floats, ints beyond 64 bits) holds
# at most as many as a set of the directives may.
MAX_LISTED_VALUES = 10_000_000


def _float_count(start, end, step):
    """pyATF's count of a float interval (start + i * step within end),
    computed near its end rather than counted from 0, which took forever for
    Interval(0.0, 1e6, 1e-9) and for an infinite end."""
    if not all(math.isfinite(a) for a in (start, end, step)):
        raise ValueError(f'Interval: bounds and step must be finite numbers, not '
                         f'({start!r}, {end!r}, {step!r})')

    def within(i):
        return start + i * step <= end if step > 0 else start + i * step >= end

    steps = (end - start) / step
    if not math.isfinite(steps) or steps > MAX_LISTED_VALUES:
        raise ValueError(f'Interval({start!r}, {end!r}, {step!r}): about {steps:.3g} values, of '
                         f'which atfc lists each: at most {MAX_LISTED_VALUES}')
    # Every index up to two below the quotient is within (rounding moves only
    # the last one or two); from there, pyATF's own test.
    count = max(math.floor(steps) - 2, 0)
    while within(count):
        count += 1
    return count


class Interval(Range):
    """begin, begin + step, ... up to end (inclusive), each through the
    generator when one is given. Float bounds or step give floats."""

    def __init__(self, start: Number, end: Number, step: Number = 1,
                 generator: Optional[Callable[[Number], Any]] = None):
        start, end, step = plain_number(start), plain_number(end), plain_number(step)
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
            self._count = _float_count(start, end, step)
        elif (step > 0 and start > end) or (step < 0 and start < end):
            self._count = 0
        else:
            self._count = abs(end - start) // abs(step) + 1
        self._values = None

    @property
    def is_integer_interval(self):
        """An interval of ints whose every value, and its step, the engine
        holds as a 64-bit int: it stays an interval there."""
        if self._float or self._generator is not None:
            return False
        last = self._raw(self._count - 1) if self._count else self._start
        return all(fits_int64(v) for v in (self._start, self._step, last))

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
