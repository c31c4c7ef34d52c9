# As pyATF's examples/full_examples/bash__opentuner_matmul/
# bash__opentuner_matmul.py (OpenTuner's blocked matrix multiplication
# tutorial in pyATF): BLOCK_SIZE reaches the compile command as $BLOCK_SIZE,
# the program's wall time is the cost, Exhaustive, tune() without an abort
# condition (every configuration once). It runs in a directory below
# mmm_block.cpp (the example's is OpenTuner's; this one is written here).
from pyatf import TP, Interval, Tuner
from pyatf.cost_functions import generic
from pyatf.search_techniques import Exhaustive

BLOCK_SIZE = TP('BLOCK_SIZE', Interval(1, 10))

cost_function = generic.CostFunction('./tmp.bin') \
    .compile_command('g++ ../mmm_block.cpp -DBLOCK_SIZE=$BLOCK_SIZE -o ./tmp.bin')

result = Tuner().tuning_parameters(BLOCK_SIZE).search_technique(Exhaustive()).tune(cost_function)
