"""pyATF's CUDA cost function on atfc's device worker: the kernel's median
time in seconds. Where there is no CUDA driver (libcuda.so.1), tune()
raises before anything is measured."""

from ._kernel import Kernel, KernelCostFunction, path, source


class CostFunction(KernelCostFunction):
    _api = 'cuda'
    _outer, _inner = 'grid_dim', 'block_dim'
    _declaration = r'__global__\s+void\s+(\w+)'

    def grid_dim(self, x, y=None, z=None):
        self._outer_sizes = self._sizes(x, y, z, 'grid_dim')
        return self

    def block_dim(self, x, y=None, z=None):
        self._inner_sizes = self._sizes(x, y, z, 'block_dim')
        return self


__all__ = ['Kernel', 'CostFunction', 'source', 'path']
