"""Compiled constraints: the translated conjuncts as machine code.

The extension writes the translated conjuncts of a space's parameters as C
functions (python/src/NativeSource.cpp); this module compiles them with the
system's C compiler into a small shared object, loads it and hands the
functions' addresses to the parameters. The tree the extension interprets
computes the same values; the compiled code is only faster (docs/python.md).

The object is cached by a hash of its source, the compiler and its flags,
in $XDG_CACHE_HOME/atfc or ~/.cache/atfc: a directory created 0700, used
only when it is the user's own and nobody else can write to it, and so is
each object before it is loaded. Objects are written under a temporary name
and renamed. Anything that fails (no compiler, a failing compile, a refused
cache, a failing load) leaves the constraints interpreted: never an error,
but said in the log (logger 'atfc') and in SearchSpace.constraint_code.
ATFC_COMPILE_CONSTRAINTS=0 turns it off; ATFC_CC (else CC, else cc) names
the compiler.
"""

import ctypes
import hashlib
import logging
import os
import shlex
import shutil
import stat
import subprocess
import tempfile
import time

_LOG = logging.getLogger('atfc')
# Bump when the generated code's conventions change: a new hash.
_FORMAT = 'atfc-native-1'
_FLAGS = ['-x', 'c', '-std=gnu11', '-O2', '-fPIC', '-shared', '-ffp-contract=off',
          '-fno-strict-aliasing', '-fno-fast-math', '-w']
# Loaded objects by digest, for this process's lifetime (their functions
# are in use by spaces that may live as long).
_LOADED = {}
_COMPILERS = {}


class Unavailable(Exception):
    """Why the constraints stay interpreted."""


def enabled():
    value = os.environ.get('ATFC_COMPILE_CONSTRAINTS', '1').strip().lower()
    return value not in ('0', 'off', 'no', 'false')


def _compiler():
    """(argv, identity): the compiler's words, and what the hash takes
    from it: each word's resolved file, its size and time (looked up once
    per process and compiler named)."""
    named = os.environ.get('ATFC_CC') or os.environ.get('CC') or 'cc'
    if named not in _COMPILERS:
        _COMPILERS[named] = _find_compiler(named)
    return _COMPILERS[named]


def _find_compiler(named):
    words = shlex.split(named)
    if not words:
        raise Unavailable('no C compiler named')
    found = shutil.which(words[0])
    if found is None:
        raise Unavailable(f'no C compiler ({words[0]} not found)')
    argv = [found] + words[1:]
    identity = []
    for word in argv:
        path = shutil.which(word) if os.sep not in word else word
        if path and os.path.isfile(path):
            real = os.path.realpath(path)
            st = os.stat(real)
            identity.append(f'{real}:{st.st_size}:{st.st_mtime_ns}')
        else:
            identity.append(word)
    return argv, identity


def _safe(st, what):
    """Refuses what another user owns or could write."""
    if st.st_uid != os.geteuid():
        raise Unavailable(f'{what} is owned by another user (uid {st.st_uid})')
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise Unavailable(f'{what} is writable by others (mode {stat.S_IMODE(st.st_mode):o})')


def cache_directory():
    """The cache's directory, made 0700 if missing, after checking it."""
    base = os.environ.get('XDG_CACHE_HOME', '')
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser('~'), '.cache')
    path = os.path.join(base, 'atfc')
    try:
        os.makedirs(base, mode=0o700, exist_ok=True)
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        st = os.lstat(path)
    except OSError as e:
        raise Unavailable(f'no cache directory {path}: {e.strerror}') from None
    if not stat.S_ISDIR(st.st_mode):
        raise Unavailable(f'the cache {path} is not a directory')
    _safe(st, f'the cache {path}')
    # Nor may another user replace the directory itself.
    parent = os.stat(base)
    if parent.st_uid not in (0, os.geteuid()) or (
            parent.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not parent.st_mode & stat.S_ISVTX):
        raise Unavailable(f'{base} is owned or writable by another user')
    return path


def _checked_object(path):
    """Whether path is a cached object fit to load: a plain file of the
    user's that nobody else can write (else it is compiled anew)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(st.st_mode):
        raise Unavailable(f'{path} is not a plain file')
    try:
        _safe(st, path)
    except Unavailable as e:
        _LOG.info('atfc: not loading %s', e)
        return False
    return True


def _compile(source, argv, cache, target):
    """Compiles source into target, through a temporary directory of the
    cache and a rename."""
    work = tempfile.mkdtemp(prefix='tmp-', dir=cache)
    try:
        c_file = os.path.join(work, 'constraints.c')
        with open(c_file, 'w') as f:
            f.write(source)
        so_file = os.path.join(work, 'constraints.so')
        try:
            done = subprocess.run(argv + _FLAGS + ['-o', so_file, c_file, '-lm'], cwd=work,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise Unavailable(f'the compiler did not run: {e}') from None
        if done.returncode != 0 or not os.path.isfile(so_file):
            tail = done.stdout.decode(errors='replace').strip().splitlines()[-3:]
            raise Unavailable(f'the compiler failed (exit {done.returncode}): ' + ' | '.join(tail))
        os.chmod(so_file, 0o600)
        os.chmod(c_file, 0o600)
        os.replace(c_file, target[:-3] + '.c')
        os.replace(so_file, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _library(source):
    """(the loaded object, how it was had)."""
    argv, identity = _compiler()
    digest = hashlib.sha256('\0'.join([_FORMAT] + identity + argv[1:] + _FLAGS + [source])
                           .encode()).hexdigest()[:40]
    if digest in _LOADED:
        return _LOADED[digest], 'loaded before'
    cache = cache_directory()
    target = os.path.join(cache, f'constraints-{digest}.so')
    how = 'cached'
    if not _checked_object(target):
        start = time.perf_counter()
        _compile(source, argv, cache, target)
        how = f'compiled in {time.perf_counter() - start:.2f} s'
        if not _checked_object(target):
            raise Unavailable(f'{target} could not be written safely')
    try:
        library = ctypes.CDLL(target)
    except OSError as e:
        raise Unavailable(f'loading {target} failed: {e}') from None
    _LOADED[digest] = library
    return library, f'{how}: {target}'


def compile_constraints(params, source_of):
    """Compiles the translated conjuncts of params (the extension's
    parameters, as a Space of them will index them) and sets each
    parameter's function. source_of: the extension's native_source.
    Returns what happened, for SearchSpace.constraint_code."""
    if not enabled():
        return 'interpreted: ATFC_COMPILE_CONSTRAINTS=0'
    source, functions = source_of(params)
    if not functions:
        return 'interpreted: nothing translated to compile'
    try:
        library, how = _library(source)
        addresses = [(i, ctypes.cast(getattr(library, name), ctypes.c_void_p).value)
                     for i, name in functions]
    except Unavailable as e:
        _LOG.info('atfc: constraints interpreted: %s', e)
        return f'interpreted: {e}'
    except (OSError, AttributeError) as e:
        _LOG.info('atfc: constraints interpreted: %s', e)
        return f'interpreted: {e}'
    for i, address in addresses:
        params[i].set_compiled(address)
    _LOG.debug('atfc: constraints compiled (%s)', how)
    return f'compiled ({how})'
