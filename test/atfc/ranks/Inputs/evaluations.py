# Prints what an `atfc results --json` export says of its last run: the
# number of evaluations, of distinct configurations, the sorted configuration
# indices, and (with --order) the indices in evaluation order.
import json
import sys

runs = json.load(open(sys.argv[1]))
last = max(r["id"] for r in runs["runs"])
evaluations = sorted((e for e in runs["evaluations"] if e["run_id"] == last),
                     key=lambda e: e["evaluation"])
indices = [int(e["config_index"]) for e in evaluations]
print(f"{len(indices)} evaluations, {len(set(indices))} distinct")
print("set", sorted(set(indices)))
if "--order" in sys.argv:
    print("order", indices)
valid = [e for e in evaluations if e["valid"]]
if valid:
    best = min(valid, key=lambda e: (e["costs"], int(e["config_index"])))
    print("best", best["costs"], best["configuration"])
