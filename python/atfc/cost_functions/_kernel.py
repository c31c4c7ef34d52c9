"""What pyATF's opencl and cuda cost functions share: a kernel measured in
atfc's device worker (python/src/PyKernel.cpp), its arguments NumPy
arrays and scalars, its launch sizes numbers or callables whose argument
names are tuning parameters, its results checked against gold arrays (or
callables of the arguments that compute them)."""

import inspect
import os
import re

from .. import _atfc
from ..range import plain_number
from ._measured import MeasuredCostFunction

# An installed package (pip install .) has its device worker beside the
# extension; a build tree's extension knows where its worker is.
_WORKER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       'atfc-device-worker')
if 'ATFC_DEVICE_WORKER' not in os.environ and os.access(_WORKER, os.X_OK):
    os.environ['ATFC_DEVICE_WORKER'] = _WORKER

_DTYPES = ('i1', 'i2', 'i4', 'i8', 'u1', 'u2', 'u4', 'u8', 'f4', 'f8')


def source(text: str) -> str:
    """The kernel's code, given as text."""
    if not isinstance(text, str):
        raise TypeError('source: expecting the kernel\'s code as a str')
    return text


def path(file: str) -> str:
    """The kernel's code, read from a file."""
    with open(file) as f:
        return f.read()


class Kernel:
    def __init__(self, source: str, name: str = 'func', flags=None):
        if not isinstance(source, str) or not isinstance(name, str):
            raise TypeError('Kernel: expecting the code and the name as str')
        self._source, self._name = source, name
        self._flags = list(flags or [])
        for flag in self._flags:
            if not isinstance(flag, str) or not flag.startswith('-D') or len(flag) < 3:
                raise ValueError(f'Kernel {name}: flags are -D definitions only, not {flag!r}')

    @property
    def source(self):
        return self._source

    @property
    def name(self):
        return self._name

    @property
    def flags(self):
        return self._flags

    def code(self) -> str:
        """The code with the -D flags as #define lines before it."""
        lines = []
        for flag in self._flags:
            name, _, value = flag[2:].partition('=')
            lines.append(f'#define {name} {value or 1}\n')
        return ''.join(lines) + self._source


def _dtype_code(value, what):
    import numpy
    dtype = numpy.asarray(value).dtype
    code = f'{dtype.kind}{dtype.itemsize}'
    if code not in _DTYPES:
        raise TypeError(f'{what}: dtype {dtype} is not a kernel argument type '
                        f'(int8 to int64, uint8 to uint64, float32, float64)')
    return code


def _callable_name(function):
    """A callable as a message names it: its name and, for one defined in
    Python, where (`<lambda> at saxpy.py:12`)."""
    name = getattr(function, '__name__', None) or type(function).__name__
    code = getattr(function, '__code__', None)
    if code is not None:
        name += f' at {os.path.basename(code.co_filename)}:{code.co_firstlineno}'
    return name


class _Size:
    """One dimension of a launch size: a number, or a callable whose
    arguments name tuning parameters (as pyATF passes them: by name; one
    with a default that names no parameter keeps its default). What
    names an unknown parameter is refused as tune() begins (check), where
    it ended the run in a bare KeyError."""

    def __init__(self, size, call):
        self._call = call
        size = plain_number(size)
        if isinstance(size, bool) or not (isinstance(size, (int, float)) or callable(size)):
            raise TypeError(f'{call}: a size is a number or a callable of tuning parameters, '
                            f'not {type(size).__name__}: {size!r}')
        self._size, self._names, self._optional = size, (), ()
        if not callable(size):
            return
        try:
            signature = inspect.signature(size)
        except (TypeError, ValueError) as e:
            raise TypeError(f'{call}: cannot read the arguments of {_callable_name(size)}, '
                            f'which name the tuning parameters it reads: {e}') from None
        names, optional = [], []
        for p in signature.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY):
                raise TypeError(f'{call}: the arguments of {_callable_name(size)} are tuning '
                                f'parameters named one by one (each passed by its name), not '
                                f'{p}{" (positional only)" if p.kind == p.POSITIONAL_ONLY else ""}')
            (names if p.default is p.empty else optional).append(p.name)
        self._names, self._optional = tuple(names), tuple(optional)

    def check(self, parameters):
        """Refuses a callable that reads a name that is no parameter."""
        unknown = [n for n in self._names if n not in parameters]
        if unknown:
            raise ValueError(
                f'{self._call}: {_callable_name(self._size)} reads {", ".join(unknown)}, which '
                f'{"is" if len(unknown) == 1 else "are"} not among the tuning parameters '
                f'({", ".join(parameters)}): its arguments name the parameters it reads')

    def __call__(self, config):
        """The size at config, a whole number (a whole float too)."""
        if not callable(self._size):
            value = self._size
        else:
            value = self._size(**{n: config[n] for n in self._names + self._optional
                                   if n in config})
        whole = plain_number(value)
        if isinstance(whole, float) and whole.is_integer():
            whole = int(whole)
        if isinstance(whole, bool) or not isinstance(whole, int):
            raise ValueError(f'{self._call}: {_callable_name(self._size)} returned {value!r} at '
                             f'{config}, where a size is a whole number')
        return whole


class KernelCostFunction(MeasuredCostFunction):
    _api = 'opencl'
    _outer, _inner = 'global_size', 'local_size'
    # How a kernel is declared: a cost function given the code alone (the
    # paper's Listing 5) measures the one kernel the code declares.
    _declaration = r'__kernel\s+void\s+(\w+)'

    def __init__(self, kernel: Kernel):
        if isinstance(kernel, str):
            names = re.findall(self._declaration, kernel)
            if len(names) != 1:
                raise ValueError(f'CostFunction: the code declares {len(names)} kernels '
                                 f'({", ".join(names) or "none"}); give Kernel(code, name)')
            kernel = Kernel(kernel, names[0])
        if not isinstance(kernel, Kernel):
            raise TypeError('CostFunction: expecting a Kernel (or the code of one kernel)')
        self._kernel = kernel
        self._platform_id = None
        self._device_id = None
        self._args = []
        self._outer_sizes = None
        self._inner_sizes = None
        self._gold = {}
        self._tolerance = 0.0

    def silent(self, silent: bool):
        return self

    def device_id(self, device_id: int):
        self._device_id = int(device_id)
        return self

    def kernel_args(self, *kernel_args):
        import numpy
        for i, arg in enumerate(kernel_args):
            if not isinstance(arg, (numpy.ndarray, numpy.generic)):
                raise TypeError(f'kernel_args: argument {i} is a NumPy array or scalar '
                                f'(numpy.float32(...), numpy.int32(...)), not {type(arg).__name__}')
            _dtype_code(arg, f'kernel_args: argument {i}')
        self._args = list(kernel_args)
        return self

    inputs = kernel_args

    def _sizes(self, x, y, z, what):
        given = [s for s in (x, y, z) if s is not None]
        return [_Size(s, f'{what}(...), dimension {i}') for i, s in enumerate(given)]

    def check_result(self, index: int, gold_data_or_callable, comparator=None):
        import numpy
        if not 0 <= index < len(self._args) or not isinstance(self._args[index], numpy.ndarray):
            raise ValueError(f'check_result: argument {index} is not a buffer of kernel_args(...)')
        if isinstance(gold_data_or_callable, (numpy.ndarray, numpy.generic)):
            gold = gold_data_or_callable
        else:
            gold = gold_data_or_callable(*[a.copy() for a in self._args])
        gold = numpy.asarray(gold)
        if gold.dtype != self._args[index].dtype or gold.size != self._args[index].size:
            raise TypeError(f'check_result: the gold of argument {index} has dtype {gold.dtype} '
                            f'and {gold.size} elements; the argument {self._args[index].dtype} '
                            f'and {self._args[index].size}')
        tolerance = getattr(comparator, '_atfc_tolerance', None) if comparator else 0.0
        if tolerance is None:
            raise ValueError('check_result: the comparator is atfc.result_check.equality or '
                             'absolute_difference(d); atfc compares in its device worker')
        self._gold[index] = gold
        self._tolerance = max(self._tolerance, float(tolerance))
        return self

    def abort_on_invalid_results(self, abort: bool = True):
        return self

    def _measurer(self, space):
        import numpy
        if not self._args:
            raise ValueError(f'the {self._api} cost function of kernel {self._kernel.name} '
                             f'needs kernel_args(...)')
        if not self._outer_sizes:
            raise ValueError(f'the {self._api} cost function of kernel {self._kernel.name} '
                             f'needs {self._outer}(...)')
        inner = self._inner_sizes or [_Size(1, self._inner)] * len(self._outer_sizes)
        if len(inner) != len(self._outer_sizes):
            raise ValueError(f'{self._outer} and {self._inner} have different dimensions')
        parameters = [tp.name for tp in space.tps]
        for size in self._outer_sizes + inner:
            size.check(parameters)
        args = []
        for i, arg in enumerate(self._args):
            code = _dtype_code(arg, f'kernel_args: argument {i}')
            if isinstance(arg, numpy.ndarray):
                data = numpy.ascontiguousarray(arg)
                args.append(('buffer', code, int(data.size), data.tobytes()))
            else:
                args.append(('scalar', code, 1, numpy.asarray(arg).tobytes()))
        outer = self._outer_sizes

        def sizes(named):
            # (The values the program gave: an object of a range of objects,
            # not the name the engine knows it by.)
            config = space.values_of(named)
            return [f(config) for f in outer], [f(config) for f in inner]

        check = None
        if self._gold:
            check = (self._tolerance, [(i, numpy.ascontiguousarray(g).tobytes())
                                       for i, g in sorted(self._gold.items())])
        try:
            return _atfc.kernel_measurer(space.native, {
                'api': self._api, 'code': self._kernel.code(),
                'file_name': f'{self._kernel.name}.{"cl" if self._api == "opencl" else "cu"}',
                'kernel_name': self._kernel.name, 'platform_id': self._platform_id,
                'device_id': self._device_id, 'args': args, 'sizes': sizes, 'check': check,
                'warmups': self._warmups, 'evaluations': self._evaluations,
                'timeout': self._timeout})
        except _atfc.Error as e:
            raise RuntimeError(str(e)) from None
