"""pyATF's abort conditions: the base class and And, Or.

atfc's own conditions (Evaluations, Duration, ...) become the engine's and
are decided natively; a condition of the program's own (a subclass that
implements stop(tuning_data)) is asked after each evaluation, with the
run's TuningData, as pyATF asks it.
"""

from functools import reduce

from .. import _atfc


class AbortCondition:
    def stop(self, tuning_data) -> bool:
        """Whether the run is over, from its tuning data."""
        raise NotImplementedError

    def progress(self, tuning_data):
        """How far the run is, in [0, 1], or None when unknown."""
        return None

    def to_json(self):
        return {'kind': type(self).__name__}

    def _engine(self, run):
        """The engine's condition; run.tuning_data is the run's data, with
        the evaluations answered from results("DIR") too."""
        def stop():
            run.catch_up()
            return bool(self.stop(run.tuning_data))
        return _atfc.Abort.custom(stop, type(self).__name__)

    def __and__(self, other):
        return And(self, other)

    def __or__(self, other):
        return Or(self, other)


class _Always(AbortCondition):
    def stop(self, tuning_data):
        return True


class And(AbortCondition):
    def __init__(self, *conditions: AbortCondition):
        _check(conditions, 'And')
        self._conditions = conditions

    def stop(self, tuning_data):
        return all(c.stop(tuning_data) for c in self._conditions)

    def progress(self, tuning_data):
        values = [c.progress(tuning_data) for c in self._conditions]
        return None if not values or None in values else min(values)

    def to_json(self):
        return {'kind': 'And', 'conditions': [c.to_json() for c in self._conditions]}

    def _engine(self, run):
        if not self._conditions:
            return _Always()._engine(run)
        return reduce(lambda a, b: a & b, (c._engine(run) for c in self._conditions))


class Or(AbortCondition):
    def __init__(self, *conditions: AbortCondition):
        _check(conditions, 'Or')
        self._conditions = conditions

    def stop(self, tuning_data):
        return any(c.stop(tuning_data) for c in self._conditions)

    def progress(self, tuning_data):
        values = [c.progress(tuning_data) for c in self._conditions]
        return None if not values or None in values else max(values)

    def to_json(self):
        return {'kind': 'Or', 'conditions': [c.to_json() for c in self._conditions]}

    def _engine(self, run):
        if not self._conditions:
            return _Always()._engine(run)
        return reduce(lambda a, b: a | b, (c._engine(run) for c in self._conditions))


def _check(conditions, name):
    for c in conditions:
        if not isinstance(c, AbortCondition):
            raise TypeError(f'{name}: expecting abort conditions, not {type(c).__name__}: {c!r}')
