"""Odd calls of the Python interface (hostile/odd_calls.py, generated from
seeds) raise Python exceptions and never crash the interpreter: a
program's technique that proposed a point of the wrong dimension aborted
it in the engine's check, and a technique the engine refused when tuning
opened (AUCBandit(c=-1)) crashed it as the half-opened tuning ended."""

import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize('seed', [1, 2, 3, 4, 5, 6])
def test_odd_calls_raise_and_never_crash(seed):
    run = subprocess.run([sys.executable, os.path.join(HERE, 'hostile', 'odd_calls.py'), str(seed)],
                         capture_output=True, text=True, timeout=600, env=os.environ.copy())
    last = run.stderr.strip().splitlines()[-3:]
    assert run.returncode == 0, f'seed {seed} ended with {run.returncode} after {last}'
    assert 'UNEXPECTED' not in run.stdout, run.stdout
    # Every call made, and enough tuning runs among them that got to tune.
    summary = run.stdout.strip().splitlines()[-1]
    assert summary.startswith('2140 calls'), run.stdout[-300:]
    assert int(re.search(r'tune (\d+)', summary).group(1)) >= 10, summary
