"""pyATF's TP: a tuning parameter with a name, a range and a constraint.

A constraint is a callable whose argument names are tuning parameters:
its own (the candidate value) and any others, in any order, given before
or after it in the tuner.
"""

import inspect
from typing import Callable, Optional

from .range import Range, Set


class TP:
    def __init__(self, name: str, values: Range, constraint: Optional[Callable[..., bool]] = None):
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f'TP: a name is a Python identifier, not {name!r}')
        if isinstance(values, (list, tuple)):
            values = Set(*values)
        if not isinstance(values, Range):
            raise TypeError(f'TP {name}: the range is an Interval or a Set, '
                            f'not {type(values).__name__}')
        if constraint is not None and not callable(constraint):
            raise TypeError(f'TP {name}: the constraint must be callable')
        self._name = name
        self._values = values
        self._constraint = constraint
        self._arg_names = None
        if constraint is not None:
            try:
                signature = inspect.signature(constraint)
            except (TypeError, ValueError) as e:
                raise TypeError(f'TP {name}: cannot read the constraint\'s arguments: {e}') from None
            names = []
            for p in signature.parameters.values():
                if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                    raise TypeError(f'TP {name}: the constraint\'s arguments are tuning parameters '
                                    f'named one by one, not *{p.name} or **{p.name}')
                if p.default is p.empty:
                    names.append(p.name)
            if not names:
                raise ValueError(f'TP {name}: the constraint takes no tuning parameter; '
                                 f'its arguments name the parameters it reads')
            self._arg_names = tuple(names)
        if not isinstance(values, Range) or not hasattr(values, 'values'):
            raise TypeError(f'TP {name}: unsupported range {values!r}')

    def __repr__(self):
        return self._name

    @property
    def name(self):
        return self._name

    @property
    def values(self):
        return self._values

    @property
    def constraint(self):
        return self._constraint

    @property
    def constraint_arguments(self):
        """The names of the parameters the constraint reads (its own too)."""
        return self._arg_names or ()

    def to_json(self):
        json = {'name': self._name, 'range': self._values.to_json()}
        if self._constraint is not None:
            try:
                json['constraint'] = inspect.getsource(self._constraint).strip()
            except (OSError, TypeError):
                json['constraint'] = repr(self._constraint)
        return json
