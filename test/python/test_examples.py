"""examples/python run as a user runs them, each in a directory of its own."""

import os
import re
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'python')


def run(name, *args, cwd):
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], cwd=cwd,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_program_guided(tmp_path):
    assert '8 steps; best: {\'BLOCK\':' in run('program_guided.py', cwd=tmp_path)


def test_saxpy_space_keeps_results_for_atfc(tmp_path):
    out = run('saxpy_space.py', str(tmp_path / 'saxpy.atf'), cwd=tmp_path)
    assert 'after 100 evaluations' in out
    assert (tmp_path / 'saxpy.atf' / 'results.db').exists()
    assert (tmp_path / 'saxpy.atf' / 'best.json').exists()


def test_gcc_flags(tmp_path):
    out = run('gcc_flags.py', str(tmp_path), cwd=tmp_path)
    assert out.startswith('best {') and '(12 valid)' in out


def test_opencl_saxpy(tmp_path):
    out = run('opencl_saxpy.py', cwd=tmp_path)
    assert out.startswith('best {') and 'of 20)' in out


def test_cuda_saxpy_names_the_missing_driver_or_tunes(tmp_path):
    # Without a CUDA driver (this project's machine) the example ends with
    # the error that names what is missing, before anything runs: NVRTC
    # where the CUDA toolkit is not installed either (a fresh machine),
    # else the driver; on a GPU it tunes (scripts/gpu-check runs it there).
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, 'cuda_saxpy.py')], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    if out.returncode == 0:
        assert out.stdout.startswith('best {') and 'of 30)' in out.stdout
    else:
        assert 'RuntimeError' in out.stderr and re.search('libcuda|libnvrtc', out.stderr), \
            out.stderr
