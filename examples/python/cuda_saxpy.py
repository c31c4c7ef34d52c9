"""A CUDA kernel tuned from Python: SAXPY with WPT elements per thread and
blocks of BS threads, compiled with NVRTC and measured in atfc's device
worker, its result checked against NumPy's. Where there is no CUDA driver
(libcuda.so.1), tune() raises RuntimeError naming it before anything runs."""

import numpy as np

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Evaluations
from atfc.cost_functions import cuda
from atfc.result_check import absolute_difference
from atfc.search_techniques import AUCBandit

saxpy = cuda.source('''
extern "C" __global__ void saxpy(const int N, const float a, const float *x, float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x;
    y[i] += a * x[i];
  }
}
''')

N = 1 << 20

WPT = TP('WPT', Interval(1, 64), lambda WPT: N % WPT == 0)
BS = TP('BS', Interval(32, 1024), lambda WPT, BS: (N // WPT) % BS == 0 and BS % 32 == 0)

a = np.float32(np.random.random())
x = np.random.rand(N).astype(np.float32)
y = np.random.rand(N).astype(np.float32)

cf = cuda.CostFunction(cuda.Kernel(saxpy, 'saxpy')).device_id(0) \
    .kernel_args(np.int32(N), a, x, y) \
    .grid_dim(lambda WPT, BS: N // WPT // BS) \
    .block_dim(lambda BS: BS) \
    .check_result(3, lambda n, a, x, y: y + a * x, absolute_difference(1e-5))

config, min_cost, data = Tuner().tuning_parameters(WPT, BS) \
    .search_technique(AUCBandit()).verbosity(0) \
    .tune(cf, Evaluations(30))
print(f'best {config}: {min_cost:.3e} s ({data.number_of_evaluated_valid_configurations} valid '
      f'of {data.number_of_evaluated_configurations})')
