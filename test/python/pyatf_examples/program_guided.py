# As pyATF's examples/feature_demonstration/program_guided_tuning/
# program_guided_tuning.py: a class built per configuration
# (python.CostFunction) that smooths a NumPy array block by block, the
# block size tuned by 8 calls of make_step. N = 200 where the example has
# 1000: its pure-Python loops take about a minute at 1000. It prints the
# number of evaluations at the end, which the example does not.
import numpy as np

from pyatf import TP, Interval, Tuner
from pyatf.cost_functions import python
from pyatf.search_techniques import AUCBandit
from pyatf.tuning_data import Configuration


class BlockedSmoothing:
    def __init__(self, configuration: Configuration):
        self._block = configuration['CACHE_BLOCK_SIZE']

    def __call__(self, grid: np.ndarray, n: int):
        for first in range(0, n, self._block):
            for i in range(first, first + self._block):
                for j in range(n):
                    grid[i + 1, j + 1] = grid[i:i + 3, j:j + 3].sum() / 9.0


N = 200

CACHE_BLOCK_SIZE = TP('CACHE_BLOCK_SIZE', Interval(1, N),
                      lambda CACHE_BLOCK_SIZE: N % CACHE_BLOCK_SIZE == 0)

tuner = Tuner().tuning_parameters(CACHE_BLOCK_SIZE).search_technique(AUCBandit())
grid = np.random.rand(N + 3, N + 3).astype(np.float32)
cost_function = python.CostFunction(BlockedSmoothing)(grid, N)
for _ in range(8):
    tuner.make_step(cost_function)
print(f'evaluated: {tuner.get_tuning_data().number_of_evaluated_configurations}')
