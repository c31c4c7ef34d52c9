# uneven.py LOG RESULTS-JSON SLOW-RANK: what uneven.sh's log and the run's
# `atfc results --json` export say of the last run. Prints how many
# configurations the other ranks measured (start and end) while the slow
# rank measured its first ("N while the slow rank measured one"), and
# whether results.db recorded the slow rank's first configuration after
# every one of those (as results arrive) or not.
import json
import sys

log = [line.split() for line in open(sys.argv[1]) if line.strip()]
slow = sys.argv[3]
rows = [(r[0], float(r[1]), float(r[2]), int(r[3]), int(r[4])) for r in log]
first = next(r for r in rows if r[0] == slow)
inside = [r for r in rows if r[0] != slow and r[1] >= first[1] and r[2] <= first[2]]
print(f"{len(inside)} while the slow rank measured one")

runs = json.load(open(sys.argv[2]))
last = max(r["id"] for r in runs["runs"])
number = {(e["configuration"]["X"], e["configuration"]["Y"]): e["evaluation"]
          for e in runs["evaluations"] if e["run_id"] == last}
slow_number = number[(first[3], first[4])]
after = all(number[(r[3], r[4])] < slow_number for r in inside)
print("the slow one recorded after them" if after else "the slow one recorded before some")
