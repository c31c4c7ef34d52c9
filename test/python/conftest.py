# The atfc package's tests run against the package as built
# (PYTHONPATH=build/python, set by ctest's python.pytest).
import gc
import os
import sys

import pytest


@pytest.fixture(scope='session')
def _cache_home(tmp_path_factory):
    return tmp_path_factory.mktemp('cache-home')


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch, _cache_home):
    """Each test in a directory of its own: nothing is written elsewhere
    (compiled constraints go to one cache of the session's). And a
    temporary directory of its own ($TMPDIR, which the engine's work
    directories go under), empty again once the test's objects are gone
    and its runs closed as at exit: a run that leaves its temporary files
    behind fails the test."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv('XDG_CACHE_HOME', str(_cache_home))
    temporary = tmp_path / 'TMPDIR'
    temporary.mkdir()
    monkeypatch.setenv('TMPDIR', str(temporary))
    yield
    gc.collect()
    atfc._atfc.close_open_runs()  # (as when the interpreter exits)
    left = sorted(os.listdir(temporary))
    assert not left, f'the test left temporary files behind in $TMPDIR: {left}'


# Programs the tests start import the same package as the tests.
import atfc  # noqa: E402

os.environ['PYTHONPATH'] = os.pathsep.join(
    [os.path.dirname(os.path.dirname(os.path.abspath(atfc.__file__)))]
    + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep) if p])
