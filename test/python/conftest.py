# The atfc package's tests run against the package as built
# (PYTHONPATH=build/python, set by ctest's python.pytest).
import os
import sys

import pytest


@pytest.fixture(scope='session')
def _cache_home(tmp_path_factory):
    return tmp_path_factory.mktemp('cache-home')


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch, _cache_home):
    """Each test in a directory of its own: nothing is written elsewhere
    (compiled constraints go to one cache of the session's)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv('XDG_CACHE_HOME', str(_cache_home))
    yield


# Programs the tests start import the same package as the tests.
import atfc  # noqa: E402

os.environ['PYTHONPATH'] = os.pathsep.join(
    [os.path.dirname(os.path.dirname(os.path.abspath(atfc.__file__)))]
    + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if p])
