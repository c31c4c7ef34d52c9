"""pyATF's OpenCL cost function: not written yet (docs/python.md)."""

from ._not_yet import refusing

globals().update(refusing('opencl', ['Kernel', 'CostFunction', 'source', 'path', 'get_device',
                                     'local_mem_size', 'max_work_item_sizes',
                                     'max_work_group_size']))
