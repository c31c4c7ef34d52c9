"""Signals and threads: Ctrl-C stops one tune() and the program goes on
with its signals its own, SIGTERM ends it once the run is written, and
runs on many threads at once (and nested ones) end."""

import json
import signal
import sqlite3
import subprocess
import sys

from atfc import TP, Interval, Tuner
from atfc.abort_conditions import Evaluations
from atfc.search_techniques import Exhaustive


def test_an_interrupted_run_says_how_to_go_on(tmp_path):
    # A program has no --resume: an interrupted run with a results
    # directory says to run it again there, and the next run reuses it.
    program = tmp_path / 'program.py'
    program.write_text(
        'import sys, time\n'
        'from atfc import TP, Interval, Tuner\n'
        'from atfc.abort_conditions import Evaluations\n'
        'from atfc.search_techniques import Exhaustive\n'
        "def cost(config):\n"
        "    print('measured', flush=True, file=sys.stderr)\n"
        "    time.sleep(0.02)\n"
        "    return config['A']\n"
        "abort = Evaluations(int(sys.argv[2])) if len(sys.argv) > 2 else None\n"
        "Tuner().tuning_parameters(TP('A', Interval(1, 100000))).results(sys.argv[1])"
        '.search_technique(Exhaustive()).tune(cost, abort)\n'
        "print('returned')\n")
    results = tmp_path / 'results'
    child = subprocess.Popen([sys.executable, str(program), str(results)], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(3):
        assert 'measured' in child.stderr.readline()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 0
    assert 'interrupted after' in out and out.rstrip().endswith('returned')
    assert 'run again with the same results directory' in out
    assert '--resume' not in out
    with sqlite3.connect(results / 'results.db') as db:
        kept = db.execute('select count(*) from evaluations').fetchone()[0]
    assert kept >= 2 and f'interrupted after {kept} evaluations' in out
    # The same program again: what was measured is answered, two more are
    # measured.
    again = subprocess.run([sys.executable, str(program), str(results), str(kept + 2)],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stderr.count('measured') == 2
    assert f'done after {kept + 2} evaluations' in again.stdout


def run_until_measured(program, args, tmp_path, times=3):
    """Starts a Python program that prints 'measured' per evaluation on
    stderr, and returns it once it measured `times` times."""
    child = subprocess.Popen([sys.executable, str(program), *args], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(times):
        assert 'measured' in child.stderr.readline()
    return child


SLOW_TUNE = (
    'import sys, time\n'
    'from atfc import TP, Interval, Tuner\n'
    'from atfc.search_techniques import Exhaustive\n'
    'def cost(config):\n'
    "    print('measured', flush=True, file=sys.stderr)\n"
    '    time.sleep(0.02)\n'
    "    return config['A']\n"
    'def tune(n, results=None):\n'
    "    t = Tuner().tuning_parameters(TP('A', Interval(1, n))).search_technique(Exhaustive())\n"
    '    if results:\n'
    "        t.results(results).log_file(results + '/log.json')\n"
    '    return t.tune(cost)\n')


def test_ctrl_c_stops_one_run_and_the_program_gets_its_signals_back(tmp_path):
    # Once, one Ctrl-C made every later tune() stop after 0 evaluations, and
    # SIGINT and SIGTERM never reached the program again.
    program = tmp_path / 'program.py'
    program.write_text(SLOW_TUNE + (
        '_, _, first = tune(100000)\n'
        "print('first', first.terminated_early, first.number_of_evaluated_configurations,"
        ' flush=True)\n'
        '_, _, second = tune(5)\n'
        "print('second', second.terminated_early, second.number_of_evaluated_configurations,"
        ' flush=True)\n'
        'try:\n'
        "    print('waiting', flush=True, file=sys.stderr)\n"
        '    time.sleep(60)\n'
        'except KeyboardInterrupt:\n'
        "    print('KeyboardInterrupt', flush=True)\n"))
    child = run_until_measured(program, [], tmp_path)
    child.send_signal(signal.SIGINT)
    while 'waiting' not in child.stderr.readline():
        pass
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    lines = [line for line in out.splitlines() if line.split()[0] in ('first', 'second')]
    first, second = lines[0].split(), lines[1].split()
    assert first[1] == 'True' and 3 <= int(first[2]) < 100000
    assert second == ['second', 'False', '5']
    assert out.rstrip().endswith('KeyboardInterrupt')


def test_sigterm_ends_the_program_once_the_run_is_written(tmp_path):
    # SIGTERM asks the program to end: tune() does not return, but what it
    # measured is in results.db and the log, and the run says interrupted.
    program = tmp_path / 'program.py'
    program.write_text(SLOW_TUNE + "tune(100000, sys.argv[1])\nprint('returned')\n")
    results = tmp_path / 'results'
    child = run_until_measured(program, [str(results)], tmp_path)
    child.send_signal(signal.SIGTERM)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == -signal.SIGTERM
    assert 'returned' not in out and 'interrupted after' in out
    with sqlite3.connect(results / 'results.db') as db:
        kept = db.execute('select count(*) from evaluations').fetchone()[0]
        statuses = [row[0] for row in db.execute('select status from runs')]
    assert kept >= 3 and statuses == ['interrupted']
    log = json.loads((results / 'log.json').read_text())
    assert log['terminated_early'] is True
    assert log['number_of_evaluated_configurations'] == kept


def test_runs_on_many_threads_at_once_end(tmp_path):
    # Two threads each tuning with their own Tuner hung in 3 of 8 runs: each
    # run's signal watcher could take the other's wake-up.
    program = tmp_path / 'program.py'
    program.write_text(
        'import threading\n'
        'from atfc import TP, Interval, Tuner\n'
        'found = []\n'
        'def work():\n'
        '    for _ in range(5):\n'
        "        found.append(Tuner().tuning_parameters(TP('A', Interval(1, 20))).silent(True)"
        ".tune(lambda c: c['A'])[1])\n"
        '        def nested(c):\n'
        "            Tuner().tuning_parameters(TP('B', Interval(1, 3))).silent(True)"
        ".tune(lambda d: d['B'])\n"
        "            return c['A']\n"
        "        found.append(Tuner().tuning_parameters(TP('A', Interval(1, 3))).silent(True)"
        '.tune(nested)[1])\n'
        'threads = [threading.Thread(target=work) for _ in range(4)]\n'
        'for t in threads: t.start()\n'
        'for t in threads: t.join()\n'
        'print(found)\n')
    done = subprocess.run([sys.executable, str(program)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str([1] * 40)
