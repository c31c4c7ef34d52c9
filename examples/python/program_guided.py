"""Program-guided tuning: the program asks the tuner for a configuration
at a time (make_step) and measures it its own way, here a class built per
configuration whose call is timed (atfc.cost_functions.python)."""

from atfc import TP, Interval, Tuner
from atfc.cost_functions import python
from atfc.search_techniques import AUCBandit

N = 240


class BlockedSum:
    """Sums a list block by block; the block size is tuned."""

    def __init__(self, configuration):
        self.block = configuration['BLOCK']

    def __call__(self, data):
        total = 0
        for start in range(0, len(data), self.block):
            total += sum(data[start:start + self.block])
        return total


BLOCK = TP('BLOCK', Interval(1, N), lambda BLOCK: N % BLOCK == 0)

tuner = Tuner().tuning_parameters(BLOCK).search_technique(AUCBandit()).verbosity(0)
cost_function = python.CostFunction(BlockedSum)(list(range(N * 100)))
for _ in range(8):
    tuner.make_step(cost_function)

data = tuner.get_tuning_data()
print(f'{data.number_of_evaluated_configurations} steps; best: '
      f'{data.configuration_of_min_cost()} in {data.min_cost()} ns')
