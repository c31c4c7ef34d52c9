# As pyATF's examples/full_examples/cuda__saxpy/cuda__saxpy.py: SAXPY in
# CUDA, its grid a float (N / WPT / LS), its block LS threads. Without a
# CUDA driver it ends in an error that says so.
import numpy as np

from pyatf import TP, Interval, Tuner
from pyatf.abort_conditions import Evaluations
from pyatf.cost_functions import cuda
from pyatf.search_techniques import AUCBandit

code = '''
extern "C" __global__ void saxpy(const int n, const float alpha, const float *xs, float *ys) {
  for (int w = 0; w < WPT; ++w) {
    const int at = w * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x;
    ys[at] += alpha * xs[at];
  }
}
'''

N = 1000

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)

kernel = cuda.Kernel(cuda.source(code), 'saxpy')
cost_function = cuda.CostFunction(kernel).device_id(0) \
    .kernel_args(np.int32(N), np.float32(np.random.random()),
                 np.random.rand(N).astype(np.float32), np.random.rand(N).astype(np.float32)) \
    .grid_dim(lambda WPT, LS: N / WPT / LS) \
    .block_dim(lambda LS: LS)

result = Tuner().tuning_parameters(WPT, LS).search_technique(AUCBandit()) \
    .tune(cost_function, Evaluations(50))
