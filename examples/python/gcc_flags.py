"""Tuning a program's compiler flags: compiled and run by shell commands
(atfc.cost_functions.generic), the parameters reaching the commands as
environment variables. The program measures itself and writes its cost to
a file; a flag set that fails to compile or run is an invalid
configuration."""

import os
import sys

from atfc import TP, Interval, Set, Tuner
from atfc.abort_conditions import Evaluations
from atfc.cost_functions import generic
from atfc.search_techniques import AUCBandit

here = os.path.dirname(os.path.abspath(__file__))
os.chdir(sys.argv[1] if len(sys.argv) > 1 else '.')
with open('kernel.c', 'w') as source:
    source.write(open(os.path.join(here, 'gcc_flags_kernel.c')).read())

opt_level = TP('OPT', Set('-O0', '-O1', '-O2', '-O3'))
unroll = TP('UNROLL', Set('-funroll-loops', '-fno-unroll-loops'))
inline_limit = TP('INLINE', Interval(0, 1000, 250))

cost_function = generic.CostFunction('./kernel').cost_file('cost.txt') \
    .compile_command('cc $OPT $UNROLL -finline-limit=$INLINE -o kernel kernel.c')

config, min_cost, data = Tuner().tuning_parameters(opt_level, unroll, inline_limit) \
    .search_technique(AUCBandit()).verbosity(0) \
    .tune(cost_function, Evaluations(12))
print(f'best {config}: {min_cost:.6f} s ({data.number_of_evaluated_valid_configurations} valid)')
