"""Constraints at native speed: a Python constraint read as the engine's.

A lambda (or a function of one `return`) whose body is arithmetic,
comparisons, and/or/not, `%`, `//`, `/`, `**`, min/max/abs and `x if c
else y` of tuning parameters and captured numbers is translated into a
tree of tuples that the extension evaluates without the interpreter
(python/src/PyParameter.h). The body's top-level `and` is split into
conjuncts: the ones up to the first that cannot be translated are
evaluated natively, and the callable itself is called for the rest. A
captured name is read once, when the space is generated. A function whose
code was translated before is not translated again when the constants it
reads read the same (checked every time): a space made again costs less.

translate(fn, numeric) returns (conjuncts, complete): conjuncts as tuples
naming parameters ('p', NAME), and whether they are the whole constraint.
"""

import ast
import builtins
import inspect
import io
import linecache
import numbers
import textwrap
import tokenize

from .range import rounds_otherwise

_BINARY = {ast.Add: '+', ast.Sub: '-', ast.Mult: '*', ast.Div: '/', ast.FloorDiv: '//',
           ast.Mod: '%', ast.Pow: '**'}
_COMPARE = {ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=', ast.Eq: '==', ast.NotEq: '!='}
_CALLS = {'min': builtins.min, 'max': builtins.max, 'abs': builtins.abs}
_MISSING = object()
# The body read from the source, per code object (None: none could be).
_BODIES = {}
# The last complete translation per code object and numeric arguments:
# (conjuncts, the captured constants it read with their values, the names
# it called as min/max/abs). Reused for a function of the same code whose
# constants read the same now (a space made again, a tuner made in a loop).
_TRANSLATED = {}


class Untranslatable(Exception):
    pass


def _number(value):
    """value as Python's int or float (a NumPy scalar too: pyATF's programs
    capture np.int32(N)), or _MISSING; also for a NumPy float that rounds
    otherwise than Python's float (np.float32(0.1)): the constraint is
    called with it, as pyATF's is."""
    if isinstance(value, (int, float)):
        return value
    if rounds_otherwise(value):
        return _MISSING
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        return float(value)
    return _MISSING


def _cut(text):
    """The lambda expression at the start of text: up to the comma or the
    closing bracket that ends it, or the end of text."""
    text = '(' + text
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    depth, after_colon = 0, False
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            start = offsets[tok.start[0] - 1] + tok.start[1]
            if tok.type == tokenize.OP:
                if tok.string in '([{':
                    depth += 1
                elif tok.string in ')]}':
                    depth -= 1
                    if depth == 0:
                        return text[1:start]
                elif tok.string == ':' and depth == 1:
                    after_colon = True
                elif tok.string == ',' and depth == 1 and after_colon:
                    return text[1:start]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return text[1:]


def _lambda_nodes(source, last_line):
    """(lambda node, its first line in source) of each lambda of source
    that ends on line last_line (1-based) or before."""
    lines = source.splitlines(keepends=True)
    source = ''.join(lines[:last_line])
    nodes = []
    position = source.find('lambda')
    while position >= 0:
        before = source[position - 1] if position > 0 else ' '
        after = source[position + 6:position + 7]
        if not (before.isalnum() or before == '_') and not (after.isalnum() or after == '_'):
            text = _cut(source[position:])
            first_line = source.count('\n', 0, position) + 1
            try:
                tree = ast.parse('(' + text.replace('\\\n', ' ') + '\n)', mode='eval')
                if isinstance(tree.body, ast.Lambda):
                    nodes.append((tree.body, first_line))
            except SyntaxError:
                pass
        position = source.find('lambda', position + 6)
    return nodes


def _body_of(fn):
    """The expression fn returns, from its source."""
    code = fn.__code__
    arg_names = list(code.co_varnames[:code.co_argcount])
    if code.co_name == '<lambda>':
        # The body ends where the code's last instruction does: a lambda
        # read from the source must end there too, or it is not this one.
        ends = [p[1] for p in code.co_positions() if p[1] is not None]
        lines = linecache.getlines(code.co_filename, fn.__globals__)
        if not ends or not lines:
            raise Untranslatable('no source')
        last = max(ends) - code.co_firstlineno + 1
        source = ''.join(lines[code.co_firstlineno - 1:max(ends)])
        found = [n for n, line in _lambda_nodes(source, last)
                 if [a.arg for a in n.args.args] == arg_names and not n.args.defaults
                 and line + n.body.end_lineno - 1 == last]
        bodies = {ast.dump(n.body) for n in found}
        if len(bodies) != 1:
            raise Untranslatable('the lambda is not found in its source unambiguously')
        return found[0].body
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        raise Untranslatable('no source') from None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        raise Untranslatable('the source does not parse') from None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == code.co_name:
            body = [s for s in node.body
                    if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if node.decorator_list or len(body) != 1 or not isinstance(body[0], ast.Return):
                raise Untranslatable('not a single return')
            return body[0].value
    raise Untranslatable('the function is not found in its source')


class _Translator:
    def __init__(self, fn, numeric):
        code = fn.__code__
        self.args = set(code.co_varnames[:code.co_argcount])
        self.numeric = numeric
        self.closure = {}
        for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
            try:
                self.closure[name] = cell.cell_contents
            except ValueError:
                pass
        self.globals = fn.__globals__
        # What the translation read: (node, value) of each captured constant
        # and the names called as min/max/abs.
        self.read = []
        self.calls = []

    def lookup(self, name):
        if name in self.closure:
            return self.closure[name]
        if name in self.globals:
            return self.globals[name]
        return getattr(builtins, name, _MISSING)

    def reads_parameter(self, node):
        return any(isinstance(n, ast.Name) and n.id in self.args for n in ast.walk(node))

    def constant(self, node):
        """A captured number: a name, or attributes and subscripts of one."""
        if isinstance(node, ast.Constant):
            value = node.value
        elif isinstance(node, ast.Name):
            value = self.lookup(node.id)
        elif isinstance(node, ast.Attribute):
            value = getattr(self.constant_object(node.value), node.attr, _MISSING)
        elif isinstance(node, ast.Subscript):
            container = self.constant_object(node.value)
            index = self.constant(node.slice)
            try:
                value = container[index]
            except Exception:
                raise Untranslatable('a subscript that fails') from None
        else:
            raise Untranslatable(type(node).__name__)
        value = _MISSING if value is _MISSING else _number(value)
        if value is _MISSING:
            raise Untranslatable('not a number')
        return value

    def constant_object(self, node):
        if isinstance(node, ast.Name) and node.id not in self.args:
            value = self.lookup(node.id)
        elif isinstance(node, ast.Attribute):
            value = getattr(self.constant_object(node.value), node.attr, _MISSING)
        elif isinstance(node, ast.Subscript):
            try:
                value = self.constant_object(node.value)[self.constant(node.slice)]
            except Untranslatable:
                raise
            except Exception:
                raise Untranslatable('a subscript that fails') from None
        else:
            raise Untranslatable(type(node).__name__)
        if value is _MISSING:
            raise Untranslatable('an unknown name')
        return value

    def expr(self, node):
        if isinstance(node, ast.Name) and node.id in self.args:
            if node.id not in self.numeric:
                raise Untranslatable('a parameter of non-numeric values')
            return ('p', node.id)
        if isinstance(node, (ast.Constant, ast.Name, ast.Attribute, ast.Subscript)):
            if self.reads_parameter(node):
                raise Untranslatable('a subscript of a parameter')
            value = self.constant(node)
            if not isinstance(node, ast.Constant):
                self.read.append((node, value))
            return ('c', value)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return ('bin', _BINARY[type(node.op)], self.expr(node.left), self.expr(node.right))
        if isinstance(node, ast.UnaryOp):
            op = {ast.USub: 'neg', ast.UAdd: 'pos', ast.Not: 'not'}.get(type(node.op))
            if op is None:
                raise Untranslatable('~')
            return ('un', op, self.expr(node.operand))
        if isinstance(node, ast.BoolOp):
            tag = 'and' if isinstance(node.op, ast.And) else 'or'
            return (tag, [self.expr(v) for v in node.values])
        if isinstance(node, ast.Compare):
            ops = []
            for op in node.ops:
                if type(op) not in _COMPARE:
                    raise Untranslatable(type(op).__name__)
                ops.append(_COMPARE[type(op)])
            return ('cmp', ops, [self.expr(node.left)] + [self.expr(c) for c in node.comparators])
        if isinstance(node, ast.IfExp):
            return ('if', self.expr(node.test), self.expr(node.body), self.expr(node.orelse))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in _CALLS and not node.keywords
                and self.lookup(node.func.id) is _CALLS[node.func.id]):
            name = node.func.id
            self.calls.append(name)
            if any(isinstance(a, ast.Starred) for a in node.args):
                raise Untranslatable('*args')
            if (name == 'abs' and len(node.args) != 1) or (name != 'abs' and len(node.args) < 2):
                raise Untranslatable('min/max of an iterable')
            return ('call', name, [self.expr(a) for a in node.args])
        raise Untranslatable(type(node).__name__)


def translate(fn, numeric):
    """(conjuncts, complete) of constraint fn; numeric: the names of the
    parameters whose values are numbers."""
    code = getattr(fn, '__code__', None)
    if code is None:
        return [], False
    if code not in _BODIES:
        try:
            _BODIES[code] = _body_of(fn)
        except Untranslatable:
            _BODIES[code] = None
    body = _BODIES[code]
    if body is None:
        return [], False
    translator = _Translator(fn, set(numeric))
    key = (code, frozenset(translator.args & translator.numeric))
    known = _TRANSLATED.get(key)
    if known is not None and _reads_the_same(translator, known[1], known[2]):
        return known[0], True
    parts = body.values if isinstance(body, ast.BoolOp) and isinstance(body.op, ast.And) else [body]
    conjuncts = []
    for part in parts:
        try:
            conjuncts.append(translator.expr(part))
        except Untranslatable:
            return conjuncts, False
        except RecursionError:
            return conjuncts, False
    _TRANSLATED[key] = (conjuncts, translator.read, translator.calls)
    return conjuncts, True


def _same(a, b):
    """Whether two constants translate alike: the same type and value (a
    float's bits: -0.0 and NaN too)."""
    if type(a) is not type(b):
        return False
    return a.hex() == b.hex() if isinstance(a, float) else a == b


def _reads_the_same(translator, read, calls):
    """Whether translator's function reads the constants read (and calls
    the functions called) by an earlier translation of the same code."""
    for node, value in read:
        try:
            if not _same(translator.constant(node), value):
                return False
        except Untranslatable:
            return False
    return all(translator.lookup(name) is _CALLS[name] for name in calls)


def resolve(spec, index_of):
    """spec with parameters by index (index_of: name -> index)."""
    tag = spec[0]
    if tag == 'p':
        return ('p', index_of[spec[1]])
    if tag == 'c':
        return spec
    if tag == 'bin':
        return ('bin', spec[1], resolve(spec[2], index_of), resolve(spec[3], index_of))
    if tag == 'un':
        return ('un', spec[1], resolve(spec[2], index_of))
    if tag in ('and', 'or'):
        return (tag, [resolve(s, index_of) for s in spec[1]])
    if tag == 'cmp':
        return ('cmp', spec[1], [resolve(s, index_of) for s in spec[2]])
    if tag == 'call':
        return ('call', spec[1], [resolve(s, index_of) for s in spec[2]])
    if tag == 'if':
        return ('if',) + tuple(resolve(s, index_of) for s in spec[1:])
    raise ValueError(tag)
