# The atfc package's tests run against the package as built
# (PYTHONPATH=build/python, set by ctest's python.pytest).
import os
import sys

import pytest


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    """Each test in a directory of its own: nothing is written elsewhere."""
    monkeypatch.chdir(tmp_path)
    yield


# Programs the tests start import the same package as the tests.
import atfc  # noqa: E402

os.environ['PYTHONPATH'] = os.pathsep.join(
    [os.path.dirname(os.path.dirname(os.path.abspath(atfc.__file__)))]
    + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if p])
