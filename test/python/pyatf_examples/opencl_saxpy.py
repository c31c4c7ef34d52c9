# As pyATF's examples/full_examples/opencl__saxpy/opencl__saxpy.py: SAXPY
# with WPT elements per work-item in work-groups of LS work-items, its
# arguments given with inputs(...), its global size a float (N / WPT),
# AUCBandit, 50 evaluations, N = 1000.
import numpy as np

from pyatf import TP, Interval, Tuner
from pyatf.abort_conditions import Evaluations
from pyatf.cost_functions import opencl
from pyatf.search_techniques import AUCBandit

code = '''
__kernel void saxpy(const int n, const float alpha, const __global float *xs, __global float *ys) {
  for (int w = 0; w < WPT; ++w) {
    const int at = w * get_global_size(0) + get_global_id(0);
    ys[at] += alpha * xs[at];
  }
}
'''

N = 1000

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)

kernel = opencl.Kernel(opencl.source(code), 'saxpy')
cost_function = opencl.CostFunction(kernel).platform_id(0).device_id(0) \
    .inputs(np.int32(N), np.float32(np.random.random()),
            np.random.rand(N).astype(np.float32), np.random.rand(N).astype(np.float32)) \
    .global_size(lambda WPT, LS: N / WPT) \
    .local_size(lambda LS: LS)

result = Tuner().tuning_parameters(WPT, LS).search_technique(AUCBandit()) \
    .tune(cost_function, Evaluations(50))
