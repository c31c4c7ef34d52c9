# Counts the evaluations of an `atfc results --json` export and the distinct
# configurations among them.
import json
import sys

data = json.load(open(sys.argv[1]))
indices = [e["config_index"] for e in data["evaluations"]]
print(f"{len(indices)} evaluations, {len(set(indices))} distinct")
