"""pyATF's Tuner, running atfc's tuning loop.

tune(cost_function, abort_condition) measures until the condition holds
and returns (configuration, min. cost, tuning data); make_step(cost_function)
measures one configuration (program-guided tuning). The loop, its search
and its results database are atfc's (Online/OnlineTuning.h): with
results("DIR") the run keeps DIR/results.db, which `atfc report`,
`replay` and `analyze` read.
"""

import atexit
import decimal
import fractions
import functools
import hashlib
import inspect
import json
import math
import numbers
import os
import re
import sys
import threading
import time
import types
import warnings
from pathlib import Path
from typing import Optional

from . import _atfc
from .abort_conditions import Evaluations
from .abort_conditions.abort_condition import AbortCondition
from .range import plain_number
from .search_space import SearchSpace
from .search_techniques import AUCBandit, EngineTechnique, SearchTechnique, SearchTechnique1D
from .tuning_data import CostFunctionError, TuningData

# A run that a cycle through the engine keeps (its constraint or cost
# function refers to its tuner) would keep its temporary directory past
# the process: closed as the interpreter exits.
atexit.register(_atfc.close_open_runs)

_LOG_INTERVAL_NS = 300 * 10 ** 9


def _number(cost):
    """One cost as a float: a NumPy scalar as the number it prints as
    (plain_number), an int beyond every float an infinity (no cost),
    where float() raised OverflowError and ended the run."""
    try:
        return float(plain_number(cost))
    except OverflowError:
        return math.inf if cost > 0 else -math.inf


# A valid evaluation's log names its cost's Python types where they are not
# one float (results.db keeps doubles only), and, where the double is not
# the cost (an int beyond 2^53, a Fraction, a Decimal, a long double), the
# cost's exact text: a later run answered from it returns the cost a fresh
# run's cost function returns, equal and of its type.
_RETURNED = 'the cost function returned '
_KEPT = r'(?:int|float|fractions\.Fraction|decimal\.Decimal|numpy\.[a-z0-9_]+)(?: [-+0-9A-Za-z./]+)?'
_TYPED = re.compile(rf'the cost function returned (\(?)({_KEPT}(?:, {_KEPT})*)\)?')
_ONE = re.compile(r'(int|float|fractions\.Fraction|decimal\.Decimal|numpy\.[a-z0-9_]+)'
                  r'(?: ([-+0-9A-Za-z./]+))?')
_EXACT_TYPES = {int: 'int', float: 'float', fractions.Fraction: 'fractions.Fraction',
                decimal.Decimal: 'decimal.Decimal'}


def _type_name(cost):
    """int, float, fractions.Fraction, decimal.Decimal or numpy.NAME: the
    types a reused cost is made again as; None for any other (refused,
    _refuse_unkept)."""
    kind = type(cost)
    if kind in _EXACT_TYPES:
        return _EXACT_TYPES[kind]
    if kind.__module__ == 'numpy' and plain_number(cost) is not cost:
        return f'numpy.{kind.__name__}'
    return None


def _same(a, b) -> bool:
    """Whether a and b are one cost: of one type, equal, and a Decimal
    written alike (Decimal('1.10') == Decimal('1.1'))."""
    return type(a) is type(b) and a == b and (type(a) is not decimal.Decimal or str(a) == str(b))


def _int_text(number: int) -> str:
    # (Python refuses to write an int of more than 4,300 digits in decimal:
    # a Fraction's parts may be longer.)
    try:
        return str(number)
    except ValueError:
        return hex(number)


def _exact_text(cost, name):
    """The text a valid cost's log keeps of it where its double does not
    make it again (_typed), else None."""
    try:
        if _same(_typed(_number(cost), name), cost):
            return None
    except (ValueError, TypeError, ArithmeticError):
        pass  # (np.uint64 of 2.0**64: the double is beyond the type)
    if name == 'fractions.Fraction':
        return f'{_int_text(cost.numerator)}/{_int_text(cost.denominator)}'
    if name == 'int' or isinstance(plain_number(cost), int):
        return _int_text(int(cost))
    return str(cost)


def _one_log(cost):
    name = _type_name(cost)
    text = _exact_text(cost, name)
    return name if text is None else f'{name} {text}'


def _cost_log(cost) -> str:
    """The log of a valid evaluation of cost, as _typed_cost reads it."""
    if isinstance(cost, tuple):
        return f'{_RETURNED}({", ".join(_one_log(c) for c in cost)})'
    log = _one_log(cost)
    return '' if log == 'float' else _RETURNED + log


def _exact(name, text):
    """The cost of type name that text writes (ValueError, TypeError or
    ArithmeticError where it writes none)."""
    if name == 'int':
        return int(text, 0)
    if name == 'fractions.Fraction':
        numerator, _, denominator = text.partition('/')
        return fractions.Fraction(int(numerator, 0), int(denominator or '1', 0))
    if name == 'decimal.Decimal':
        return decimal.Decimal(text)
    raise ValueError(name)


def _typed(number, name, text=None):
    """The cost whose double results.db keeps (number) as its cost function
    returned it: of type name, from text where the log keeps its exact text
    (a text whose cost is not that double, an edited row's, is left out)."""
    numpy = sys.modules.get('numpy')
    kind = None
    if name.startswith('numpy.') and numpy is not None:
        kind = getattr(numpy, name[len('numpy.'):], None)
        if not (isinstance(kind, type) and issubclass(kind, (numpy.number, numpy.bool_))):
            kind = None
    if text is not None:
        try:
            if kind is not None:
                exact = kind(int(text, 0) if issubclass(kind, numpy.integer) else text)
            else:
                exact = _exact(name, text)
            if _number(exact) == number:
                return exact
        except (ValueError, TypeError, ArithmeticError):
            pass
    if name == 'int' and float(number).is_integer():
        return int(number)
    if name == 'fractions.Fraction':
        return fractions.Fraction(number)
    if name == 'decimal.Decimal':
        return decimal.Decimal(number)
    if kind is not None:
        return kind(number)
    return number


def _typed_cost(costs, log):
    """The cost of an evaluation the engine keeps (costs, its log) as its
    cost function returned it: of the types the log names (_cost_log),
    else one float or a tuple of them."""
    match = _TYPED.fullmatch(log or '')
    parts = [_ONE.fullmatch(p) for p in match.group(2).split(', ')] if match else []
    if len(parts) != len(costs) or not all(parts):
        return costs[0] if len(costs) == 1 else tuple(costs)
    def one(number, part):
        try:
            return _typed(number, part.group(1), part.group(2))
        except (ValueError, TypeError, ArithmeticError):
            return number
    typed = tuple(one(c, p) for c, p in zip(costs, parts))
    return typed if match.group(1) else typed[0]


def _refuse_unkept(cost, who):
    """Refuses a cost that results("DIR") would not return as it is: a
    number of a type other than int, float, Fraction, Decimal and NumPy's
    (a later run answered from results.db would return another number, or
    another type, than this one measured)."""
    for one in cost if isinstance(cost, tuple) else (cost,):
        if _type_name(one) is None:
            kind = type(one)
            raise TypeError(f'{who}: a cost of type {kind.__module__}.{kind.__qualname__} '
                            f'({one!r}) is not one atfc keeps exactly: return an int, float, '
                            f'fractions.Fraction, decimal.Decimal or NumPy scalar (float(cost), '
                            f'int(cost))')


def _costs(cost, who):
    """A cost function's result as the engine's costs."""
    if isinstance(plain_number(cost), bool):
        raise TypeError(f'{who}: a cost is a number (or a tuple of numbers), not a bool: {cost!r}')
    # NumPy's scalars are Real; a Decimal and a 0-d array are numbers too.
    if isinstance(cost, (numbers.Real, decimal.Decimal)) or getattr(cost, 'ndim', None) == 0:
        return [_number(cost)]
    if isinstance(cost, (str, bytes)):
        raise TypeError(f'{who}: a cost is a number (or a tuple of numbers), not {cost!r}')
    try:
        values = [_number(c) for c in cost]
    except (TypeError, ValueError):
        raise TypeError(f'{who}: a cost is a number (or a tuple of numbers), '
                        f'not {type(cost).__name__}: {cost!r}') from None
    if not values:
        raise TypeError(f'{who}: a cost is a number (or a tuple of numbers), not empty')
    return values


_PLAIN = (type(None), bool, int, float, complex, str, bytes)


def _plain(value) -> bool:
    """Whether value is immutable plain data: of _PLAIN, or a NumPy scalar
    (np.float32(2), read from sys.argv, is an input as 2.0 is)."""
    return isinstance(value, _PLAIN) or plain_number(value) is not value


def _code_text(code, names):
    """A code object's instructions and constants (nested code too); the
    global names it reads go into names. (A constant's text is _identity's,
    which sorts a frozenset: its repr's order changes with the hash seed,
    from one run of the program to the next.)"""
    parts = [code.co_code.hex(), repr(code.co_names), repr(code.co_varnames)]
    names.update(code.co_names)
    for const in code.co_consts:
        parts.append(_code_text(const, names) if inspect.iscode(const)
                     else str(_identity(const, 0) or repr(const)))
    return '|'.join(parts)


def _array_identity(value):
    """A NumPy array's dtype, shape and a digest of its data, or None for
    any other value."""
    numpy = sys.modules.get('numpy')
    if numpy is None or not isinstance(value, numpy.ndarray) or value.dtype.hasobject:
        return None
    digest = hashlib.sha256(numpy.ascontiguousarray(value).view(numpy.uint8).data).hexdigest()
    return f'ndarray({value.dtype.str},{value.shape},{digest})'


def _identity(value, depth, settings=False):
    """What of value tells cost functions apart, or None: immutable plain
    data (numbers, strings, tuples of them), and of a function its
    qualified name, code, defaults, the values it closes over and the
    plain globals it reads; of an object its class, its __call__ and its
    attributes, depth levels down, their NumPy arrays by their data (a
    kernel cost function's arguments and golds: settings). A mutable
    value that a function closes over or reads (a list the cost function
    appends to) is state, not input: left out."""
    if _plain(value):
        return f'{type(value).__name__}:{value!r}'
    if settings and (array := _array_identity(value)) is not None:
        return array
    if isinstance(value, (tuple, frozenset)):
        items = [_identity(v, depth, settings) for v in value]
        if None in items:
            return None
        return f'{type(value).__name__}({",".join(sorted(items) if isinstance(value, frozenset) else items)})'
    if depth <= 0:
        return None
    if isinstance(value, functools.partial):
        return (f'partial({_identity(value.func, depth - 1)},{_identity(value.args, depth - 1)},'
                f'{_identity(tuple(sorted(value.keywords.items())), depth - 1)})')
    if inspect.ismethod(value):
        return f'method({_identity(value.__func__, depth - 1)},{_identity(value.__self__, depth - 1)})'
    if inspect.isfunction(value):
        names = set()
        parts = [f'{value.__module__}.{value.__qualname__}', _code_text(value.__code__, names)]
        for default in (value.__defaults__ or ()) + tuple((value.__kwdefaults__ or {}).items()):
            parts.append(str(_identity(default, depth - 1)))
        for cell in value.__closure__ or ():
            try:
                parts.append(str(_identity(cell.cell_contents, depth - 1)))
            except ValueError:  # a cell not filled yet
                parts.append('empty')
        # Globals are read as they are now (a size from sys.argv): plain
        # data only, their functions are covered by their files' digests.
        for name in sorted(names):
            if name in value.__globals__ and (_plain(value.__globals__[name]) or isinstance(
                    value.__globals__[name], (tuple, frozenset))):
                parts.append(f'{name}={_identity(value.__globals__[name], 0)}')
        return 'function(' + ';'.join(parts) + ')'
    if isinstance(value, (type, types.ModuleType)) or not hasattr(value, '__dict__'):
        return f'{type(value).__qualname__}:{getattr(value, "__qualname__", "")}'
    parts = [f'{type(value).__module__}.{type(value).__qualname__}']
    call = getattr(type(value), '__call__', None)
    if inspect.isfunction(call):
        parts.append(_identity(call, depth - 1))
    for name, attribute in sorted(vars(value).items()):
        # An object's lists and dicts are its settings (a kernel cost
        # function's sizes and flags), where a closure's are its state.
        if isinstance(attribute, list):
            attribute = tuple(attribute)
        elif isinstance(attribute, dict):
            attribute = tuple(sorted(attribute.items(), key=repr))
        text = _identity(attribute, depth - 1, settings=True)
        if text is not None:
            parts.append(f'{name}={text}')
    return 'object(' + ';'.join(parts) + ')'


def _cost_function_identity(cost_function) -> str:
    """The cost function's part of results("DIR")'s key (_identity): two
    cost functions of one program (runtime, then energy) keep their
    results apart, and one over other plain inputs (a size it closes
    over) is measured anew."""
    return hashlib.sha256(str(_identity(cost_function, 4)).encode()).hexdigest()


def _program_code(cost_function) -> str:
    """A digest of the program's own code, so that a program edited since
    results("DIR") kept its costs is measured anew: the main script, the
    file that defines the cost function, and every module loaded from
    outside Python's installation, its site-packages and atfc itself (as
    atfc's key covers a tuned file's own headers, not the system's), and
    the cost function's identity (_cost_function_identity)."""
    def real(path):
        return os.path.realpath(path)
    outside = {real(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                 sys.base_exec_prefix)}
    try:
        import site
        outside.update(real(p) for p in site.getsitepackages() + [site.getusersitepackages()])
    except (AttributeError, TypeError):  # a virtual environment of old
        pass
    outside.add(real(os.path.dirname(__file__)))
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, '__file__', None)
        if path:
            files.add(real(path))
    defined = cost_function
    if not (inspect.isfunction(defined) or inspect.ismethod(defined)):
        defined = type(cost_function)
    try:
        source = inspect.getsourcefile(defined)
        if source:
            files.add(real(source))
    except TypeError:  # a builtin
        pass
    # Each file's digest, sorted: the contents decide, not where the
    # project lies.
    digests = []
    for path in files:
        if any(path.startswith(prefix + os.sep) for prefix in outside):
            continue
        one = hashlib.sha256()
        try:
            with open(path, 'rb') as f:
                for chunk in iter(lambda: f.read(1 << 20), b''):
                    one.update(chunk)
        except OSError:
            continue
        digests.append(one.hexdigest())
    return hashlib.sha256(' '.join(sorted(digests) + [_cost_function_identity(cost_function)])
                          .encode()).hexdigest()[:32]


def _log_value(value):
    """A value of the log that JSON has no type for: a NumPy scalar as the
    number it prints as (pyATF's log raised for np.float32), any other
    value as its repr, as a range of objects names its values."""
    plain = plain_number(value)
    return plain if plain is not value else repr(value)


class _NothingToTune:
    """The engine's run over a space the constraints leave empty, which the
    engine refuses: nothing is evaluated, and tune() returns (None, None,
    data), as pyATF's Evaluations(0) does."""
    results_directory = None

    def run(self):
        return False

    def next(self):
        return None

    def status(self):
        return {'stalled': ''}

    def evaluations(self, after_evaluation=None):
        return []

    def finish(self):
        pass

    def close(self):
        pass


class _Run:
    """One tuning run: the space, the tuning data and the engine's loop."""

    def __init__(self, tuner: 'Tuner', cost_function, abort_condition, stepping: bool):
        if tuner._search_space is None and tuner._tps is None:
            raise ValueError('missing call to Tuner.tuning_parameters(...): no tuning parameters')
        if cost_function is None or not (callable(cost_function) or hasattr(cost_function, '_measurer')):
            raise TypeError('the cost function is a callable of the configuration, or one of '
                            'atfc.cost_functions')
        technique = tuner._search_technique if tuner._search_technique is not None else AUCBandit()
        options = {}
        if isinstance(technique, EngineTechnique):
            options['technique'] = technique.text()
        elif isinstance(technique, SearchTechnique):
            options['own_technique'], options['own_kind'] = technique, 'coordinates'
        elif isinstance(technique, SearchTechnique1D):
            options['own_technique'], options['own_kind'] = technique, 'indices'
        else:
            raise TypeError(f'search_technique: expecting one of atfc.search_techniques or a '
                            f'subclass of SearchTechnique or SearchTechnique1D, not '
                            f'{type(technique).__name__}')
        if abort_condition is not None and not isinstance(abort_condition, AbortCondition):
            raise TypeError(f'the abort condition is one of atfc.abort_conditions, not '
                            f'{type(abort_condition).__name__}')

        self.space = tuner._search_space or SearchSpace(*tuner._tps, verbosity=tuner._verbosity)
        self.tps = self.space.tps
        self.cost_function = cost_function
        self.pending: Optional[BaseException] = None
        self.objectives: Optional[int] = None
        # (valid, cost) of each evaluation measured (not answered from
        # results), in order.
        self.measured = []
        size = self.space.constrained_size
        if abort_condition is None:
            abort_condition = Evaluations(size)
        self.abort_condition = abort_condition
        self.tuning_data = TuningData([tp.to_json() for tp in self.tps], size,
                                      self.space.unconstrained_size, self.space.generation_ns,
                                      technique.to_json(), abort_condition.to_json())
        self.log_file = tuner._log_file
        self.last_log = None
        if self.log_file:
            Path(self.log_file).parent.mkdir(parents=True, exist_ok=True)

        options.update(seed=tuner._seed, program_name=tuner._program_name,
                       program_code=_program_code(cost_function) if tuner._results else '',
                       results=tuner._results or '', verbose=tuner._verbosity >= 2,
                       silent=tuner._verbosity <= 0)
        if not stepping:
            options['abort'] = abort_condition._engine(self)
            if hasattr(cost_function, '_measurer'):
                options['measurer'] = cost_function._measurer(self.space)
                options['observe'] = self._observe
            else:
                options['measure'] = self._measure
        self.who = getattr(cost_function, '__name__', type(cost_function).__name__)
        # The evaluations catch_up() has seen (the engine asks the abort
        # condition as the run opens, before self.tuning is set).
        self.reuses, self.caught_up, self.tuning = bool(tuner._results), -1, None
        try:
            self.tuning = _atfc.Tuning(self.space.native, options) if size else _NothingToTune()
        except _atfc.Error as e:
            # (A results directory that cannot be made, a technique's text
            # the engine does not know: as SearchSpace raises them.)
            raise ValueError(str(e)) from None
        try:
            if tuner._results:
                self.tuning_data.results_directory = self.tuning.results_directory
            self.flush_log()
        except BaseException:
            self.close()
            raise

    def configuration(self, named):
        return self.space.values_of(named)

    def evaluate(self, config):
        """(valid, costs, reason, cost) of the cost function on config;
        raises what is not a CostFunctionError."""
        try:
            cost = self.cost_function(config)
        except CostFunctionError as e:
            return False, [], str(e.message), None
        costs = _costs(cost, self.who)
        # The objectives are the engine's for the whole run: a count that
        # changes is the program's mistake, not an invalid configuration.
        if self.objectives is None:
            self.objectives = len(costs)
        elif len(costs) != self.objectives:
            raise TypeError(f'{self.who}: the cost function returned {len(costs)} costs '
                            f'({cost!r}) where it returned {self.objectives} before: its number '
                            f'of objectives is the same for every configuration')
        # Not a number, or infinite: no cost, as the engine takes it from a
        # cost file or script (a NaN or -inf would win the run).
        if not all(math.isfinite(c) for c in costs):
            return False, [], f'the cost function returned {cost!r}, which is no cost', None
        # The tuning data keeps a number or a tuple, which compare: a list or
        # an array of costs becomes a tuple of them.
        if not isinstance(cost, (numbers.Real, decimal.Decimal, tuple)):
            cost = costs[0] if len(costs) == 1 else tuple(costs)
        _refuse_unkept(cost, self.who)
        return True, costs, '', cost

    def _measure(self, named):
        """The engine's call: (valid, costs, reason), or None when the
        program raised (the exception is tune()'s, the run ends)."""
        config = self.configuration(named)
        recorded = False
        try:
            valid, costs, reason, cost = self.evaluate(config)
            recorded = True
            self.record_measured(config, valid, cost)
            self._maybe_flush()
        except BaseException as e:  # pylint: disable=broad-except
            # (Also what fails after the cost function returned, recording
            # its cost: once swallowed, and tune() returned a wrong best.)
            self.pending = e
            if not recorded:
                self.tuning_data.record_evaluation(config, False, None)
            return None
        return valid, costs, reason, _cost_log(cost) if valid else ''

    def record_measured(self, config, valid, cost):
        """Records what was measured in this run (not answered from
        results), keeping it for reconcile()."""
        self.measured.append((valid, cost))
        self.tuning_data.record_evaluation(config, valid, cost)

    def _observe(self, named, valid, costs, reason):
        self.record_measured(self.configuration(named), valid,
                             _typed_cost(costs, '') if valid else None)
        self._maybe_flush()

    def _maybe_flush(self):
        if self.log_file and (self.last_log is None
                              or time.perf_counter_ns() - self.last_log > _LOG_INTERVAL_NS):
            self.flush_log()

    def flush_log(self):
        if self.log_file:
            with open(self.log_file, 'w') as f:
                json.dump(self.tuning_data.to_json(), f, indent=4, default=_log_value)
            self.last_log = time.perf_counter_ns()

    def catch_up(self):
        """Adds what the engine answered from results("DIR") since the last
        call (recorded as it counts), so that the program's own abort
        condition sees the tuning data tune() returns."""
        if not self.reuses or self.tuning is None:
            return
        for _, named, valid, costs, _, number, reused, log in \
                self.tuning.evaluations(self.caught_up):
            self.caught_up = number
            if reused:
                self.record(self.tuning_data, named, valid, costs, log)

    def record(self, data, named, valid, costs, log):
        """Records into data an evaluation the engine answered from results:
        its cost as the cost function returned it (_typed_cost)."""
        data.record_evaluation(self.configuration(named), valid,
                               _typed_cost(costs, log) if valid else None)

    def reconcile(self):
        """The engine answers configurations measured by an earlier run
        (results("DIR")) from DIR/results.db without measuring them: the
        tuning data then lacks them, and is rebuilt from the run's records,
        what this run measured as it was recorded."""
        records = self.tuning.evaluations()
        if len(records) == self.tuning_data.number_of_evaluated_configurations:
            return
        old = self.tuning_data
        data = TuningData(old.tuning_parameters, old.constrained_search_space_size,
                          old.unconstrained_search_space_size, old.search_space_generation_ns,
                          old.search_technique, old.abort_condition)
        data.tuning_start_timestamp, data._start_ns = old.tuning_start_timestamp, old._start_ns
        data.results_directory = old.results_directory
        measured = iter(self.measured)
        for _, named, valid, costs, _, _, reused, log in records:
            own = None if reused else next(measured, None)
            if own is None:
                self.record(data, named, valid, costs, log)
            else:
                data.record_evaluation(self.configuration(named), *own)
        self.tuning_data = data

    def finish(self, terminated_early=False):
        self.tuning.finish()
        self.tuning_data.record_tuning_finished(terminated_early)
        self.flush_log()

    def close(self):
        """Ends the engine's run for good, its temporary directory removed
        (the engine holds this run's methods: a cycle that Python's
        collector cannot see, so it would live until the process ends)."""
        self.tuning.close()


class Tuner:
    def __init__(self):
        self._tps = None
        self._search_space: Optional[SearchSpace] = None
        self._search_technique = None
        self._verbosity = 1
        self._log_file: Optional[str] = None
        self._results: Optional[str] = None
        self._seed: Optional[int] = None
        self._program_name = Path(sys.argv[0]).stem if sys.argv and sys.argv[0] else 'python'
        self._run: Optional[_Run] = None
        # What tune() or make_step() does while the constraints or the cost
        # function run: a call back into the tuner from them is refused by
        # name, where a constraint that tunes its own tuner recursed until
        # Python's limit.
        self._under_way: Optional[str] = None
        self._begin_lock = threading.Lock()

    # A copy or a pickle carries the settings, as pyATF's Tuner (plain
    # data) copies: a tuner of its own, idle, with a lock of its own.
    def __getstate__(self):
        if self._run is not None:
            raise TypeError('a Tuner cannot be copied or pickled once make_step() has begun '
                            'its program-guided run: the engine\'s run is not copied; copy the '
                            'tuner before its first make_step()')
        state = dict(self.__dict__)
        del state['_begin_lock']
        state['_under_way'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._begin_lock = threading.Lock()

    def _idle(self, what):
        self._refuse_under_way(f'changing {what}')
        if self._run is not None:
            raise ValueError(f'cannot change {what} while tuning')

    def _refuse_under_way(self, call):
        if self._under_way is not None:
            raise ValueError(f'{call} was asked while the tuner {self._under_way}: its '
                             f'constraints and cost function cannot use the tuner itself, and '
                             f'another thread tunes with a Tuner of its own')

    def _begin(self, call, what):
        """Marks the tuner as doing what (its tune() or make_step()), or
        refuses call where it does something already; one thread at a time
        (two threads tuning one Tuner both began)."""
        with self._begin_lock:
            self._refuse_under_way(call)
            self._under_way = what

    def tuning_parameters(self, *tps):
        self._idle('the tuning parameters')
        if not tps:
            raise ValueError('tuning_parameters: expecting at least one TP')
        self._tps = tuple(tps)
        self._search_space = None
        return self

    def search_space(self, search_space: SearchSpace):
        self._idle('the search space')
        if not isinstance(search_space, SearchSpace):
            raise TypeError('search_space: expecting an atfc.SearchSpace')
        self._search_space = search_space
        self._tps = None
        return self

    def search_technique(self, search_technique):
        self._idle('the search technique')
        if not isinstance(search_technique, (EngineTechnique, SearchTechnique, SearchTechnique1D)):
            raise TypeError(f'search_technique: expecting one of atfc.search_techniques or a '
                            f'subclass of SearchTechnique or SearchTechnique1D, not '
                            f'{type(search_technique).__name__}')
        if isinstance(search_technique, EngineTechnique):
            search_technique.text()
        self._search_technique = search_technique
        return self

    def silent(self, silent: bool):
        self._idle('silent')
        self._verbosity = 0 if silent else 1
        return self

    def verbosity(self, verbosity: int):
        """0: nothing, 1: the summary, 2: a line per evaluation."""
        self._idle('the verbosity')
        self._verbosity = int(verbosity)
        return self

    def log_file(self, log_file: str):
        self._idle('the log file')
        self._log_file = os.fspath(log_file)
        return self

    def results(self, directory: str):
        """atfc: keep results.db and best.json in directory, for `atfc
        report`, `replay` and `analyze`, and for later runs."""
        self._idle('the results directory')
        self._results = os.fspath(directory)
        return self

    def seed(self, seed: int):
        """atfc: the search's seed, for runs that repeat."""
        self._idle('the seed')
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) \
                or not 0 <= seed < 2 ** 64:
            raise ValueError(f'seed: a whole number from 0 to {2 ** 64 - 1}, not {seed!r}')
        self._seed = int(seed)
        return self

    def program_name(self, name: str):
        """atfc: the name the results are keyed by (default: the script's)."""
        self._idle('the program name')
        self._program_name = str(name)
        return self

    def tune(self, cost_function, abort_condition: Optional[AbortCondition] = None):
        self._begin('Tuner.tune()', 'tunes')
        interrupted = False
        try:
            if self._run is not None:
                raise ValueError('cannot start tuning while another tuning run is in progress')
            run = _Run(self, cost_function, abort_condition, stepping=False)
            # A SIGTERM that stops the run ends the program once the log is
            # written too; Ctrl-C returns the best so far.
            with _atfc.DeferredSignals():
                try:
                    interrupted = run.tuning.run()
                    stalled = run.tuning.status()['stalled']
                    if run.pending is None:
                        run.reconcile()
                finally:
                    try:
                        run.finish(terminated_early=run.pending is not None or interrupted)
                    finally:
                        run.close()
        finally:
            self._under_way = None
        if run.pending is not None:
            raise run.pending
        if stalled:
            warnings.warn(stalled, RuntimeWarning, stacklevel=2)
        data = run.tuning_data
        return data.configuration_of_min_cost(), data.min_cost(), data

    def make_step(self, cost_function):
        """Measures one configuration with cost_function and returns its cost
        (None when invalid)."""
        self._begin('Tuner.make_step()', 'makes a step')
        try:
            return self._step(cost_function)
        finally:
            self._under_way = None

    def _step(self, cost_function):
        if self._run is None:
            self._run = _Run(self, cost_function, None, stepping=True)
        run = self._run
        if cost_function is not run.cost_function:
            raise ValueError('a tuning run with another cost function is already in progress')
        named = run.tuning.next()
        # (What the engine answered from results("DIR") before handing this
        # one out, or before finding none left.)
        run.catch_up()
        if named is None:
            # The program goes on running its computation (pyATF proposes
            # configurations again): with the best one, which is not
            # evaluated again.
            best = run.tuning_data.configuration_of_min_cost()
            if best is None:
                raise ValueError('the search space is empty: there is no configuration to run'
                                 if run.space.constrained_size == 0 else
                                 'every configuration of the search space has been evaluated, '
                                 'and none was valid: there is no configuration to run')
            return run.evaluate(dict(best))[3]
        config = run.configuration(named)
        try:
            valid, costs, reason, cost = run.evaluate(config)
        except BaseException as e:
            # (The engine measures this configuration again in a later run:
            # the reason says the program raised.)
            run.tuning_data.record_evaluation(config, False, None)
            run.tuning.report(False, [], f'the cost function raised {type(e).__name__}: {e}', '')
            run.flush_log()
            raise
        run.record_measured(config, valid, cost)
        run.tuning.report(valid, costs, reason, _cost_log(cost) if valid else '')
        run._maybe_flush()
        return cost

    def get_tuning_data(self):
        if self._run is None:
            raise ValueError('cannot get tuning data: no tuning run is in progress')
        return self._run.tuning_data

    def flush_log(self):
        if self._run is None:
            raise ValueError('cannot flush the log: no tuning run is in progress')
        self._run.flush_log()
