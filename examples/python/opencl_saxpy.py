"""An OpenCL kernel tuned from Python: SAXPY with WPT elements per work-item
and work-groups of LS work-items, measured in atfc's device worker (pocl
here), its result checked against NumPy's."""

import numpy as np

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Evaluations
from atfc.cost_functions import opencl
from atfc.result_check import absolute_difference
from atfc.search_techniques import AUCBandit

saxpy = opencl.source('''
__kernel void saxpy(const int N, const float a, __global const float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    y[i] += a * x[i];
  }
}
''')

N = 1024
max_wg_size = opencl.max_work_group_size()

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0 and LS <= max_wg_size)

a = np.float32(np.random.random())
x = np.random.rand(N).astype(np.float32)
y = np.random.rand(N).astype(np.float32)

cf = opencl.CostFunction(opencl.Kernel(saxpy, 'saxpy')).platform_id(0).device_id(0) \
    .kernel_args(np.int32(N), a, x, y) \
    .global_size(lambda WPT: N / WPT) \
    .local_size(lambda LS: LS) \
    .check_result(3, lambda n, a, x, y: y + a * x, absolute_difference(1e-5))

config, min_cost, data = Tuner().tuning_parameters(WPT, LS) \
    .search_technique(AUCBandit()).verbosity(0) \
    .tune(cf, Evaluations(20))
print(f'best {config}: {min_cost:.3e} s ({data.number_of_evaluated_valid_configurations} valid '
      f'of {data.number_of_evaluated_configurations})')
