# As pyATF's examples/full_examples/bash__gcc_flags/bash__gcc_flags.py: GCC
# flags (a Set of strings, a Set of flags, an Interval of a --param)
# reaching a compile script as environment variables, the program's wall
# time as the cost, AUCBandit, a Duration. The program is
# raytracer/raytracer.cpp (the example's raytracer.cpp is not in pyATF's
# repository). Duration 20 seconds where the example has 5 minutes.
from datetime import timedelta

from pyatf import TP, Interval, Set, Tuner
from pyatf.abort_conditions import Duration
from pyatf.cost_functions import generic
from pyatf.search_techniques import AUCBandit

opt_level = TP('opt_level', Set('-O0', '-O1', '-O2', '-O3'))
align_functions = TP('align_functions', Set('-falign-functions', '-fno-align-functions'))
early_inlining_insns = TP('early_inlining_insns', Interval(0, 1000))

cost_function = generic.CostFunction('./raytracer/raytracer') \
    .compile_command('./raytracer/compile_raytracer.sh')

result = Tuner().tuning_parameters(opt_level, align_functions, early_inlining_insns) \
    .search_technique(AUCBandit()) \
    .tune(cost_function, Duration(timedelta(seconds=20)))
