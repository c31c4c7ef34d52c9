"""pyATF's programs run with `pyatf` replaced by `atfc` (pyatf_examples/,
see its README.md): the one-word substitution is the only change, each
program is run as a user runs it, in a directory of its own, and what it
prints is checked."""

import os
import re
import shutil
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'pyatf_examples')


def run(name, directory, *files, expect_failure=False):
    """Copies files beside the program, writes the program with `pyatf`
    replaced by `atfc`, runs it there; its output."""
    os.makedirs(directory, exist_ok=True)
    for f in files:
        source = os.path.join(EXAMPLES, f)
        target = os.path.join(directory, '..' if f == 'mmm_block.cpp' else '', f)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(directory, f))
        else:
            shutil.copy(source, target)
    with open(os.path.join(EXAMPLES, name)) as f:
        text = f.read()
    assert 'pyatf' in text and 'atfc' not in text
    with open(os.path.join(directory, name), 'w') as f:
        f.write(text.replace('pyatf', 'atfc'))
    out = subprocess.run([sys.executable, name], cwd=directory, capture_output=True, text=True,
                         timeout=600)
    if expect_failure:
        assert out.returncode != 0, out.stdout
    else:
        assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout + out.stderr


def test_opencl_saxpy(tmp_path):
    out = run('opencl_saxpy.py', tmp_path)
    assert 'done after 50 evaluations (50 valid)' in out


def test_opencl_sgemm(tmp_path):
    out = run('opencl_sgemm.py', tmp_path, 'gemm.cl')
    assert 'done after 50 evaluations (50 valid)' in out
    assert 'best cost' in out and 'MDIMC=' in out


def test_result_check(tmp_path):
    out = run('result_check.py', tmp_path)
    assert 'done after 50 evaluations (50 valid)' in out


def test_paper_listing_5(tmp_path):
    out = run('paper_listing5.py', tmp_path)
    assert 'done after 50 evaluations (50 valid)' in out


def test_cuda_saxpy_says_there_is_no_driver(tmp_path):
    if os.path.exists('/dev/nvidiactl'):
        pytest.skip('a CUDA driver may be here')
    out = run('cuda_saxpy.py', tmp_path, expect_failure=True)
    # (NVRTC named first where the CUDA toolkit is missing too.)
    assert re.match('RuntimeError: the CUDA cost function of kernel saxpy cannot measure: '
                    'no (CUDA driver|NVRTC)', out.rstrip().splitlines()[-1])


def test_program_guided(tmp_path):
    out = run('program_guided.py', tmp_path)
    assert 'evaluated: 8' in out


def test_gcc_flags(tmp_path):
    out = run('gcc_flags.py', tmp_path, 'raytracer')
    assert 'best cost' in out and 'opt_level=-O' in out
    assert '(0 valid)' not in out


def test_opentuner_matmul(tmp_path):
    out = run('opentuner_matmul.py', tmp_path / 'run', 'mmm_block.cpp')
    assert 'done after 10 evaluations (10 valid)' in out
