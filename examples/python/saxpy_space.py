"""A pyATF program as it is written for pyATF, with `pyatf` replaced by
`atfc`: two parameters whose constraints read each other's values, a cost
function in Python, a technique and an abort condition. With
results('saxpy.atf') the run keeps saxpy.atf/results.db, which `atfc
report saxpy.atf` and `atfc analyze saxpy.atf` read."""

import sys
from datetime import timedelta

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Duration, Evaluations, Or
from atfc.search_techniques import AUCBandit

N = 1000

WPT = TP('WPT', Interval(1, N), lambda WPT: N % WPT == 0)
LS = TP('LS', Interval(1, N), lambda WPT, LS: (N / WPT) % LS == 0)


def cost(config):
    """A made-up cost: best at WPT = 8 and LS = 25."""
    return abs(config['WPT'] - 8) + abs(config['LS'] - 25) / 10 + 1


results = sys.argv[1] if len(sys.argv) > 1 else 'saxpy.atf'
config, min_cost, data = Tuner().tuning_parameters(WPT, LS) \
    .search_technique(AUCBandit()) \
    .results(results) \
    .tune(cost, Or(Evaluations(100), Duration(timedelta(seconds=30))))
print(f'best {config} costs {min_cost} after {data.number_of_evaluated_configurations} evaluations')
