# As pyATF's examples/feature_demonstration/result_check/result_check.py:
# a sum by atomic adds into one float, checked twice, against a gold
# array and against a callable of the kernel's arguments, each with
# absolute_difference(0.001); N = 1000, 50 evaluations.
import numpy as np

from pyatf import TP, Interval, Tuner
from pyatf.abort_conditions import Evaluations
from pyatf.cost_functions import opencl
from pyatf.result_check import absolute_difference
from pyatf.search_techniques import AUCBandit

code = '''
void add_to(volatile global float *into, const float v) {
  float before, after;
  do {
    before = *into;
    after = before + v;
  } while (atomic_cmpxchg((volatile global int *)into, as_int(before), as_int(after)) != as_int(before));
}

__kernel void total(const int n, const __global float *xs, __global float *out) {
  for (int w = 0; w < WPT; ++w)
    add_to(out, xs[w * get_global_size(0) + get_global_id(0)]);
}
'''

N = 1000
xs = np.random.rand(N).astype(np.float32)
out = np.zeros((1,), dtype=np.float32)
gold = np.full((1,), sum(xs), dtype=np.float32)

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)

cost_function = opencl.CostFunction(opencl.Kernel(opencl.source(code), 'total')) \
    .platform_id(0).device_id(0) \
    .inputs(np.int32(N), xs, out) \
    .global_size(lambda WPT, LS: N / WPT) \
    .local_size(lambda LS: LS) \
    .check_result(2, gold, absolute_difference(0.001)) \
    .check_result(2, lambda n, xs, out: np.full((1,), sum(xs), dtype=np.float32),
                  absolute_difference(0.001))

result = Tuner().tuning_parameters(WPT, LS).search_technique(AUCBandit()) \
    .tune(cost_function, Evaluations(50))
