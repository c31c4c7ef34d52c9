"""pyATF's CUDA cost function: not written yet (docs/python.md)."""

from ._not_yet import refusing

globals().update(refusing('cuda', ['Kernel', 'CostFunction', 'source', 'path']))
