"""What the cost functions that atfc's backends measure share (generic's
script backend, opencl's and cuda's device worker): warm-ups and
measured runs per configuration, a timeout, and a call that says it is
Tuner.tune() that runs them."""

import math


class MeasuredCostFunction:
    _warmups = None
    _evaluations = None
    _timeout = 0.0

    def warmups(self, warmups: int):
        """Runs before measuring, whose costs are dropped."""
        self._warmups = int(warmups)
        return self

    def evaluations(self, evaluations: int):
        """Measured runs; the cost is their median."""
        self._evaluations = int(evaluations)
        return self

    def timeout(self, seconds: float):
        """atfc: seconds a configuration may take (its commands, or its
        kernel's build, launches and check) before it is stopped and is
        invalid; 0: the default of directive files, 600."""
        seconds = float(seconds)
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f'timeout: expecting a number of seconds >= 0, not {seconds!r}')
        self._timeout = seconds
        return self

    def __call__(self, configuration):
        raise TypeError(f'{type(self).__module__.rsplit(".", 1)[-1]}.CostFunction measures in '
                        f'atfc\'s backends: give it to Tuner.tune(), which runs it')
