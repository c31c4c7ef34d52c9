"""pyATF's OpenCL cost function on atfc's device worker: the kernel's
median time in seconds; a kernel that does not build, that the device
refuses, that crashes or hangs, or whose result differs from its gold is
an invalid configuration. The device queries read the device through the
worker too."""

from .. import _atfc
from ._kernel import Kernel, KernelCostFunction, path, source


class CostFunction(KernelCostFunction):
    _api = 'opencl'
    _outer, _inner = 'global_size', 'local_size'

    def platform_id(self, platform_id: int):
        self._platform_id = int(platform_id)
        return self

    def global_size(self, x, y=None, z=None):
        self._outer_sizes = self._sizes(x, y, z, 'global_size')
        return self

    def local_size(self, x, y=None, z=None):
        self._inner_sizes = self._sizes(x, y, z, 'local_size')
        return self

    # The spellings of the paper's Listing 5.
    glb_size = global_size
    lcl_size = local_size


def _limits(platform_id, device_id):
    try:
        return _atfc.opencl_limits(platform_id, device_id)
    except _atfc.Error as e:
        raise RuntimeError(str(e)) from None


def max_work_group_size(platform_id: int = 0, device_id: int = 0) -> int:
    return _limits(platform_id, device_id)['max_work_group_size']


def max_work_item_sizes(platform_id: int = 0, device_id: int = 0):
    return _limits(platform_id, device_id)['max_work_item_sizes']


def local_mem_size(platform_id: int = 0, device_id: int = 0) -> int:
    return _limits(platform_id, device_id)['local_mem_size']


__all__ = ['Kernel', 'CostFunction', 'source', 'path', 'max_work_group_size',
           'max_work_item_sizes', 'local_mem_size']
