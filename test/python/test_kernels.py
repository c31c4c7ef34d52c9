"""Kernels measured by atfc's device worker on pocl, as pyATF's OpenCL and
CUDA programs measure them."""

import numpy as np
import pytest

from atfc import TP, Interval, Set, Tuner
from atfc.abort_conditions import Evaluations
from atfc.cost_functions import cuda, generic, opencl
from atfc.result_check import absolute_difference
from atfc.search_techniques import Exhaustive

SAXPY = '''
__kernel void saxpy(const int N, const float a, __global const float *x, __global float *y) {
  for (int w = 0; w < WPT; ++w) {
    const int i = w * get_global_size(0) + get_global_id(0);
    y[i] += a * x[i];
  }
}
'''

N = 64


def saxpy_tps():
    WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
    LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)
    return WPT, LS


def saxpy_cost_function(kernel=SAXPY, gold=True):
    a = np.float32(2.0)
    x = np.random.rand(N).astype(np.float32)
    y = np.random.rand(N).astype(np.float32)
    cf = opencl.CostFunction(opencl.Kernel(opencl.source(kernel), 'saxpy')) \
        .platform_id(0).device_id(0) \
        .kernel_args(np.int32(N), a, x, y) \
        .global_size(lambda WPT, LS: N / WPT) \
        .local_size(lambda LS: LS)
    if gold:
        cf.check_result(3, lambda N_, a_, x_, y_: y_ + a_ * x_, absolute_difference(1e-5))
    return cf


def test_device_queries_through_the_worker():
    assert opencl.max_work_group_size() >= 1
    assert len(opencl.max_work_item_sizes()) == 3
    assert opencl.local_mem_size() > 0


def test_opencl_saxpy_on_pocl():
    config, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).tune(saxpy_cost_function(), Evaluations(6))
    assert data.number_of_evaluated_valid_configurations == 6
    assert 0 < min_cost < 1  # seconds
    assert set(config) == {'WPT', 'LS'}


def test_wrong_results_and_broken_kernels_are_invalid():
    wrong = SAXPY.replace('y[i] += a * x[i];', 'y[i] += a * x[i] + (WPT == 2 ? 1.0f : 0.0f);')
    _, _, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .search_technique(Exhaustive()).tune(saxpy_cost_function(wrong), Evaluations(8))
    invalid = [e for e in data.history if not e.valid]
    assert invalid and all(e.configuration['WPT'] == 2 for e in invalid)
    broken = SAXPY.replace('y[i] +=', 'y[i] +=+ undeclared +')
    _, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
        .tune(saxpy_cost_function(broken, gold=False), Evaluations(2))
    assert min_cost is None and data.number_of_evaluated_invalid_configurations == 2


def test_a_string_parameter_reaches_the_kernel_as_its_text():
    # As pyATF's -D T=float: a type or code fragment. It once arrived as the
    # literal "float", and every configuration failed to build.
    code = '__kernel void k(__global float *y) { T v = (T)2; y[get_global_id(0)] = v * SCALE; }'
    y = np.zeros(8, np.float32)
    cf = opencl.CostFunction(opencl.Kernel(opencl.source(code), 'k')).platform_id(0).device_id(0) \
        .kernel_args(y).global_size(8) \
        .check_result(0, lambda y_: np.full(8, 6, np.float32), absolute_difference(0))
    _, _, data = Tuner().tuning_parameters(TP('T', Set('float', 'int', 'unsigned int')),
                                           TP('SCALE', Set('3', '(1 + 2)'))).silent(True) \
        .search_technique(Exhaustive()).tune(cf)
    assert data.number_of_evaluated_valid_configurations == 6, \
        [(e.configuration, e.valid) for e in data.history]


def test_a_kernel_that_never_ends_times_out_and_the_run_goes_on():
    # There was no way to give a kernel a timeout: one that never ended held
    # tune() for the default's ten minutes.
    spin = ('__kernel void spin(__global volatile int *y) {\n'
            '  if (SPIN) for (;;) y[1] += 1;\n'
            '  y[0] = 1;\n'
            '}\n')
    cf = opencl.CostFunction(opencl.Kernel(spin, 'spin')).kernel_args(np.zeros(2, np.int32)) \
        .global_size(1).local_size(1).timeout(10)
    # (10 s: the limit covers the build too, which took over 3 s on two
    # loaded cores.)
    best, _, data = Tuner().tuning_parameters(TP('SPIN', Interval(0, 1))).silent(True) \
        .search_technique(Exhaustive()).tune(cf)
    assert best == {'SPIN': 0}, [(e.configuration, e.valid, e.cost) for e in data.history]
    assert data.number_of_evaluated_configurations == 2
    assert data.number_of_evaluated_invalid_configurations == 1
    with pytest.raises(ValueError, match='seconds >= 0'):
        cf.timeout(-1)


def test_a_command_that_never_ends_times_out():
    cf = generic.CostFunction('[ "$S" = 0 ] || sleep 600').timeout(1)
    best, _, data = Tuner().tuning_parameters(TP('S', Interval(0, 1))).silent(True) \
        .search_technique(Exhaustive()).tune(cf)
    assert best == {'S': 0} and data.number_of_evaluated_invalid_configurations == 1
    with pytest.raises(ValueError, match='seconds >= 0'):
        cf.timeout(float('nan'))


def test_bad_kernel_arguments_are_refused_before_measuring():
    kernel = opencl.Kernel(SAXPY, 'saxpy')
    with pytest.raises(TypeError, match='argument 1: dtype complex64'):
        opencl.CostFunction(kernel).kernel_args(np.int32(1), np.complex64(1))
    with pytest.raises(TypeError, match='argument 0 is a NumPy array or scalar'):
        opencl.CostFunction(kernel).kernel_args(5)
    with pytest.raises(ValueError, match='needs global_size'):
        Tuner().tuning_parameters(*saxpy_tps()).silent(True) \
            .tune(opencl.CostFunction(kernel).kernel_args(np.int32(1)))
    with pytest.raises(ValueError, match='-D definitions only'):
        opencl.Kernel(SAXPY, 'saxpy', ['-O3'])


def test_arguments_that_do_not_fit_the_kernel_are_named(capfd):
    # float64 where the kernel reads floats: OpenCL would compute garbage.
    x = np.random.rand(N)
    cf = opencl.CostFunction(opencl.Kernel(SAXPY, 'saxpy')) \
        .kernel_args(np.int32(N), np.float32(2), x, np.zeros(N, np.float32)) \
        .global_size(lambda WPT: N / WPT).local_size(lambda LS: LS)
    _, min_cost, data = Tuner().tuning_parameters(*saxpy_tps()).tune(cf, Evaluations(2))
    assert min_cost is None and data.number_of_evaluated_invalid_configurations == 2
    out = capfd.readouterr().out
    assert ("2 build failed: wrong kernel arguments: kernel argument 3 is buffer<double>(64); "
            "saxpy's parameter 3 (x) is `__global float*`") in out
    assert 'atfc results' not in out  # its temporary results are gone


def test_a_launch_size_below_one_or_beyond_64_bits_is_an_invalid_configuration(capfd):
    # Python tester: -8 or 2**70 leaked pybind11's "Unable to cast Python
    # instance to C++ type" in the middle of tune(); 0 was invalid.
    y = np.zeros(8, np.float32)
    sizes = {1: 8, 2: -8, 3: 2 ** 70, 4: 0}
    kernel = opencl.Kernel('__kernel void k(__global float *y) { y[get_global_id(0)] = V; }', 'k')
    for outer, inner in ((lambda V: sizes[V], lambda V: 1), (lambda V: 8, lambda V: sizes[V])):
        cf = opencl.CostFunction(kernel).platform_id(0).device_id(0).kernel_args(y) \
            .global_size(outer).local_size(inner)
        best, _, data = Tuner().tuning_parameters(TP('V', Interval(1, 4))) \
            .search_technique(Exhaustive()).tune(cf)
        assert best == {'V': 1} and data.number_of_evaluated_invalid_configurations == 3
        out = capfd.readouterr().out
        what = 'global size' if outer(2) == -8 else 'local size'
        assert f'the {what} (-8) is negative in dimension 1' in out, out
        assert f'the {what} ({2 ** 70}) does not fit in 64 bits in dimension 1' in out, out
        assert f'the {what} (0) is zero in dimension 1' in out, out


def test_cuda_without_a_driver_says_so():
    kernel = cuda.Kernel(cuda.source('extern "C" __global__ void f(float *x) {}'), 'f')
    cf = cuda.CostFunction(kernel).kernel_args(np.zeros(4, np.float32)) \
        .grid_dim(1).block_dim(lambda LS: LS)
    # (NVRTC named first where the CUDA toolkit is missing too.)
    with pytest.raises(RuntimeError, match='libcuda|libnvrtc'):
        Tuner().tuning_parameters(*saxpy_tps()).silent(True).tune(cf, Evaluations(1))


def test_cost_function_of_code_alone_needs_one_kernel():
    # The paper's Listing 5 gives opencl.CostFunction the code alone.
    assert opencl.CostFunction(SAXPY)._kernel.name == 'saxpy'
    with pytest.raises(ValueError, match=r'declares 2 kernels \(saxpy, other\)'):
        opencl.CostFunction(SAXPY + '__kernel void other() {}')
    with pytest.raises(ValueError, match='declares 0 kernels'):
        cuda.CostFunction(SAXPY)


def test_measured_cost_functions_are_run_by_the_tuner():
    for cf in (generic.CostFunction('true'), opencl.CostFunction(SAXPY)):
        assert cf.warmups(2).evaluations(3)._evaluations == 3
        with pytest.raises(TypeError, match=r'CostFunction measures in atfc\'s backends'):
            cf({'WPT': 1, 'LS': 1})


def test_a_size_that_reads_no_parameter_is_refused_by_name(capfd):
    # Python tester: global_size(lambda Q: ...) of a space without Q ended
    # tune() in a bare KeyError: 'Q', from inside the package. Every
    # callable whose arguments do not name parameters, in either size, of
    # either API, is refused before anything is measured, naming the call,
    # the callable and the name.
    y = np.zeros(8, np.float32)
    kernel = opencl.Kernel('__kernel void k(__global float *y) { y[get_global_id(0)] = V; }', 'k')

    def global_of(V, Q):
        return 8

    wrong = [('global_size(...), dimension 0', 'Q', lambda Q: 8, 1),
             ('global_size(...), dimension 1', 'Q', 8, global_of),
             ('local_size(...), dimension 0', 'W, LS', 8, lambda V, W, LS, X=1: 1)]
    for call, names, outer, inner in wrong:
        if call.startswith('global_size') and callable(inner):
            cf = opencl.CostFunction(kernel).kernel_args(y).global_size(outer, inner)
        else:
            cf = opencl.CostFunction(kernel).kernel_args(y).global_size(outer).local_size(inner)
        with pytest.raises(ValueError) as raised:
            Tuner().tuning_parameters(TP('V', Interval(1, 4))).silent(True).tune(cf)
        message = str(raised.value)
        assert message.startswith(f'{call}: ') and f'reads {names}, which' in message, message
        assert 'not among the tuning parameters (V)' in message
        assert 'global_of at test_kernels.py:' in message or '<lambda> at' in message
    cuda_cf = cuda.CostFunction(cuda.Kernel('__global__ void f(float *x) {}', 'f')) \
        .kernel_args(y).grid_dim(1).block_dim(lambda LS: LS)
    with pytest.raises(ValueError, match=r'block_dim\(...\), dimension 0: <lambda> at '
                                         r'test_kernels.py:\d+ reads LS'):
        Tuner().tuning_parameters(TP('V', Interval(1, 4))).silent(True).tune(cuda_cf)
    for shape, what in ((lambda *sizes: 8, r'\*sizes'), (lambda **named: 8, r'\*\*named'),
                        (len, r'obj \(positional only\)')):
        with pytest.raises(TypeError, match=r'global_size\(...\), dimension 0: the arguments of '
                                            r'(<lambda> at .*|len) are tuning parameters named '
                                            r'one by one \(each passed by its name\), not ' + what):
            opencl.CostFunction(kernel).global_size(shape)
    assert capfd.readouterr().out == ''  # (nothing measured, nothing said)


def test_a_size_is_a_whole_number_of_the_configuration(capfd):
    # A size callable gets the configuration's values (a parameter with a
    # default keeps it unless it names one); what it returns that is no
    # whole number says so, with the configuration, where int() raised
    # "invalid literal for int() with base 10: 'x'".
    y = np.zeros(8, np.float32)
    kernel = opencl.Kernel('__kernel void k(__global float *y) { y[get_global_id(0)] = V; }', 'k')
    seen = []

    def outer(V, scale=8, LS=None):
        seen.append((V, scale, LS))
        return float(scale) if V == 1 else {2: 'x', 3: 2.5, 4: None}[V]

    cf = opencl.CostFunction(kernel).kernel_args(y).global_size(outer).local_size(np.int64(1))
    for last, shown in ((2, "'x'"), (3, '2.5'), (4, 'None')):
        with pytest.raises(ValueError) as raised:
            Tuner().tuning_parameters(TP('V', Set(1, last)), TP('LS', Set(1))) \
                .search_technique(Exhaustive()).silent(True).tune(cf)
        assert str(raised.value) == (
            f"global_size(...), dimension 0: outer at test_kernels.py:"
            f"{outer.__code__.co_firstlineno} returned {shown} at {{'V': {last}, 'LS': 1}}, "
            f"where a size is a whole number")
    assert set(seen) == {(1, 8, 1), (2, 8, 1), (3, 8, 1), (4, 8, 1)}
