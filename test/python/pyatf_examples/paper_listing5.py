# The paper's Listing 5 (shared/papers/pyatf-cc2025.txt): SAXPY tuned with
# the listing's spellings, which pyATF's release writes otherwise: the
# cost function made from the kernel's code alone, glb_size and lcl_size,
# AUC(). N becomes a NumPy int32 after the parameters are made, so their
# constraints read it as one. (`tuning_parames` in the text extracted from
# the paper is tuning_parameters.)
import numpy as np

from pyatf import TP, Interval, Tuner
from pyatf.abort_conditions import Evaluations
from pyatf.cost_functions import opencl
from pyatf.search_techniques import AUC

N = 1000

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)

saxpy_code = '''
__kernel void saxpy(const int N, const float a, const __global float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int index = w * get_global_size(0) + get_global_id(0);
    y[index] += a * x[index];
  }
}
'''

N = np.int32(N)
a = np.float32(np.random.random())
x = np.random.rand(N).astype(np.float32)
y = np.random.rand(N).astype(np.float32)

cf = opencl.CostFunction(saxpy_code) \
    .platform_id(0) \
    .device_id(0) \
    .kernel_args(N, a, x, y) \
    .glb_size(lambda WPT, LS: N / WPT) \
    .lcl_size(lambda LS: LS)

config = Tuner().tuning_parameters(WPT, LS) \
    .search_technique(AUC()) \
    .tune(cf, Evaluations(50))
