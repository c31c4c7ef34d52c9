"""What the cost functions that atfc's backends measure share (generic's
script backend, opencl's and cuda's device worker): warm-ups and
measured runs per configuration, and a call that says it is Tuner.tune()
that runs them."""


class MeasuredCostFunction:
    _warmups = None
    _evaluations = None

    def warmups(self, warmups: int):
        """Runs before measuring, whose costs are dropped."""
        self._warmups = int(warmups)
        return self

    def evaluations(self, evaluations: int):
        """Measured runs; the cost is their median."""
        self._evaluations = int(evaluations)
        return self

    def __call__(self, configuration):
        raise TypeError(f'{type(self).__module__.rsplit(".", 1)[-1]}.CostFunction measures in '
                        f'atfc\'s backends: give it to Tuner.tune(), which runs it')
