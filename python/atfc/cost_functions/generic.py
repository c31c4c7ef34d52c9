"""pyATF's generic cost function: a program run (and compiled) by shell
commands with the configuration's parameters as environment variables,
measured by atfc's script backend (docs/measuring.md): a failing,
crashing or hanging command makes its configuration invalid, with its
reason and output in the results. The cost is the cost file's number, or
the run command's wall time in seconds (pyATF: nanoseconds).

The commands run in the directory the program was in when the cost
function was made (pyATF: the current directory), one configuration at a
time.
"""

import os
from typing import Optional

from .. import _atfc
from ._measured import MeasuredCostFunction


class CostFunction(MeasuredCostFunction):
    def __init__(self, run_command: str):
        if not isinstance(run_command, str) or not run_command.strip():
            raise ValueError('generic.CostFunction: expecting the run command')
        self._run_command = run_command
        self._compile_command: Optional[str] = None
        self._cost_file: Optional[str] = None
        self._warmups = 0
        self._evaluations = 1
        self._directory = os.getcwd()

    def compile_command(self, compile_command: str):
        self._compile_command = compile_command
        return self

    def cost_file(self, cost_file: str):
        """The file the run command writes the cost to (relative to the
        program's directory)."""
        self._cost_file = cost_file
        return self

    def _measurer(self, space):
        return _atfc.process_measurer(self._run_command, self._compile_command or '',
                                      self._cost_file or '', self._timeout, self._warmups,
                                      self._evaluations, self._directory)
