"""pyATF's abort conditions, decided by atfc's engine.

Evaluations, ValidEvaluations, Fraction, Duration, Cost and Speedup over
time or evaluations are the engine's own (docs/search.md); ValidFraction,
Speedup over valid evaluations and a program's own conditions are asked
in Python after each evaluation.
"""

import decimal
import fractions
from datetime import timedelta

from .. import _atfc
from ..range import plain_number
from ..tuning_data import _ordered
from .abort_condition import AbortCondition, And, Or


def _timedelta(value, units, what):
    if value is not None and units:
        raise ValueError(f'{what}: a duration is given once: as a timedelta or as keywords')
    if units:
        try:
            return timedelta(**units)
        except TypeError as e:
            raise TypeError(f'{what}: {e}') from None
    if isinstance(value, timedelta):
        return value
    value = plain_number(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return timedelta(seconds=value)
    raise TypeError(f'{what}: expecting a datetime.timedelta, a number of seconds, '
                    f'or keywords such as minutes=5')


def _count(value, what):
    value = plain_number(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f'{what}: expecting a whole number >= 0, not {value!r}')
    # (More than the engine counts is never reached: its largest count.)
    return min(value, 2**64 - 1)


class Evaluations(AbortCondition):
    def __init__(self, evaluations: int):
        self._evaluations = _count(evaluations, 'Evaluations')

    def stop(self, tuning_data):
        return tuning_data.number_of_evaluated_configurations >= self._evaluations

    def progress(self, tuning_data):
        return min(1.0, tuning_data.number_of_evaluated_configurations / max(1, self._evaluations))

    def to_json(self):
        return {'kind': 'Evaluations', 'evaluations': self._evaluations}

    def _engine(self, run):
        return _atfc.Abort.evaluations(self._evaluations)


class ValidEvaluations(AbortCondition):
    def __init__(self, valid_evaluations: int):
        self._evaluations = _count(valid_evaluations, 'ValidEvaluations')

    def stop(self, tuning_data):
        return tuning_data.number_of_evaluated_valid_configurations >= self._evaluations

    def progress(self, tuning_data):
        return min(1.0, tuning_data.number_of_evaluated_valid_configurations / max(1, self._evaluations))

    def to_json(self):
        return {'kind': 'ValidEvaluations', 'valid_evaluations': self._evaluations}

    def _engine(self, run):
        return _atfc.Abort.valid_evaluations(self._evaluations)


class Fraction(AbortCondition):
    def __init__(self, fraction: float):
        fraction = plain_number(fraction)
        if not isinstance(fraction, (int, float)) or not 0 <= fraction <= 1:
            raise ValueError(f'Fraction: expecting a number in [0, 1], not {fraction!r}')
        self._fraction = fraction

    def stop(self, tuning_data):
        return (tuning_data.number_of_evaluated_configurations
                >= self._fraction * tuning_data.constrained_search_space_size)

    def to_json(self):
        return {'kind': 'Fraction', 'fraction': self._fraction}

    def _engine(self, run):
        return _atfc.Abort.fraction(float(self._fraction))


class ValidFraction(Fraction):
    def stop(self, tuning_data):
        return (tuning_data.number_of_evaluated_valid_configurations
                >= self._fraction * tuning_data.constrained_search_space_size)

    def to_json(self):
        return {'kind': 'ValidFraction', 'fraction': self._fraction}

    def _engine(self, run):
        return AbortCondition._engine(self, run)


class Duration(AbortCondition):
    def __init__(self, duration=None, **units):
        self._duration = _timedelta(duration, units, 'Duration')

    def stop(self, tuning_data):
        return tuning_data.total_tuning_duration >= self._duration

    def progress(self, tuning_data):
        return min(1.0, tuning_data.total_tuning_duration / self._duration) if self._duration else 1.0

    def to_json(self):
        return {'kind': 'Duration', 'duration': str(self._duration)}

    def _engine(self, run):
        return _atfc.Abort.duration(self._duration.total_seconds())


def _fractions(cost):
    """A cost (_ordered) as Fractions, exactly."""
    if isinstance(cost, tuple):
        return tuple(fractions.Fraction(c) for c in cost)
    return fractions.Fraction(cost)


def _cost_number(value) -> bool:
    """Whether value is a number a cost may be (tuner.py keeps these)."""
    if isinstance(plain_number(value), bool):
        return False
    return type(value) in (int, float, fractions.Fraction, decimal.Decimal) \
        or plain_number(value) is not value


class Cost(AbortCondition):
    """Stops once the best cost is at most `cost`: a number (an int, float,
    Fraction, Decimal or NumPy scalar) or, for several objectives, a tuple
    of them, compared exactly as the tuning data compares costs (the
    engine's doubles tie 2**60 + 9 with 2**60)."""

    def __init__(self, cost: float):
        parts = cost if isinstance(cost, tuple) else (cost,)
        if not parts or not all(_cost_number(p) for p in parts):
            raise TypeError(f'Cost: expecting a number or a tuple of numbers, not {cost!r}')
        try:
            nan = any(p != p for p in parts)
        except decimal.InvalidOperation:  # (a signalling NaN)
            nan = True
        if nan:
            raise ValueError('Cost: expecting a number, not NaN (no cost is ever at most NaN)')
        self._cost = cost

    def stop(self, tuning_data):
        best = tuning_data.min_cost()
        return best is not None and _ordered(best) <= _ordered(self._cost)

    def to_json(self):
        return {'kind': 'Cost', 'cost': self._cost}

    def _engine(self, run):
        # The engine's condition on doubles holds wherever the exact one
        # does (rounding keeps <=): it decides first, and Python's exact
        # comparison where it holds.
        exact = AbortCondition._engine(self, run)
        if isinstance(self._cost, tuple):
            return exact
        try:
            bound = float(plain_number(self._cost))
        except OverflowError:
            return exact
        return _atfc.Abort.cost(bound) & exact


class Speedup(AbortCondition):
    """Stops once the best cost has not improved by a factor of `speedup`
    within the last `time` (a timedelta, or keywords minutes=..., hours=...),
    `evaluations` or `valid_evaluations` (atfc's stagnation, docs/search.md)."""

    def __init__(self, speedup: float, time=None, evaluations=None, valid_evaluations=None, **units):
        given = sum(x is not None for x in (time, evaluations, valid_evaluations)) + bool(units)
        if given != 1:
            raise ValueError('Speedup: expecting exactly one window: time (or keywords such as '
                             'minutes=5), evaluations, or valid_evaluations')
        # pyATF's README writes Speedup(s, n) for n evaluations, where its
        # second parameter is a time: a number there is neither.
        if time is not None and not isinstance(time, timedelta):
            raise TypeError(f'Speedup: a window of time is a datetime.timedelta (or keywords '
                            f'such as seconds=20), not {time!r}: for a window of evaluations, '
                            f'write Speedup({speedup!r}, evaluations={time!r})')
        speedup = plain_number(speedup)
        if isinstance(speedup, bool) or not isinstance(speedup, (int, float)) or speedup < 1:
            raise ValueError(f'Speedup: expecting a speedup >= 1, not {speedup!r}')
        self._speedup = speedup
        self._time = _timedelta(time, units, 'Speedup') if (time is not None or units) else None
        self._evaluations = _count(evaluations, 'Speedup') if evaluations is not None else None
        self._valid = _count(valid_evaluations, 'Speedup') if valid_evaluations is not None else None
        # (The best cost cannot improve within no evaluation: the run stopped
        # at its first valid result.)
        if 0 in (self._evaluations, self._valid) or (self._time is not None and not self._time):
            raise ValueError('Speedup: expecting a window of at least one evaluation or more '
                             'than no time')

    def stop(self, tuning_data):
        history = tuning_data.improvement_history
        if self._valid is None:
            raise NotImplementedError('decided by atfc\'s engine')
        if tuning_data.number_of_evaluated_valid_configurations < self._valid or history.is_empty():
            return False
        cutoff = tuning_data.number_of_evaluated_valid_configurations - self._valid
        before = [e for e in history if e.valid_evaluations <= cutoff]
        if not before:
            return False
        # The engine's rule (docs/search.md): on while the best B improved on
        # B0, the best at the window's start, and B <= B0 / s (each
        # component), compared exactly; dividing raised for a best of 0, a
        # tuple of costs, and a Decimal with a float speedup.
        first, best = _ordered(before[-1].cost), _ordered(history[-1].cost)
        speedup = fractions.Fraction(self._speedup)

        def scaled(cost):
            if isinstance(cost, tuple):
                return tuple(fractions.Fraction(c) * speedup for c in cost)
            return fractions.Fraction(cost) * speedup
        return not (best < first and scaled(best) <= _fractions(first))

    def to_json(self):
        json = {'kind': 'Speedup', 'speedup': self._speedup}
        if self._time is not None:
            json['time'] = str(self._time)
        elif self._evaluations is not None:
            json['evaluations'] = self._evaluations
        else:
            json['valid_evaluations'] = self._valid
        return json

    def _engine(self, run):
        if self._time is not None:
            return _atfc.Abort.speedup_duration(float(self._speedup), self._time.total_seconds())
        if self._evaluations is not None:
            return _atfc.Abort.speedup_evaluations(float(self._speedup), self._evaluations)
        return AbortCondition._engine(self, run)


__all__ = ['AbortCondition', 'And', 'Or', 'Cost', 'Duration', 'Evaluations', 'ValidEvaluations',
           'Fraction', 'ValidFraction', 'Speedup']
