# Checks that every evaluation of the first `atfc results --json` export is
# in the second, unchanged.
import json
import sys

before = json.load(open(sys.argv[1]))["evaluations"]
after = {e["id"]: e for e in json.load(open(sys.argv[2]))["evaluations"]}
lost = [e["id"] for e in before if after.get(e["id"]) != e]
if lost:
    sys.exit(f"evaluations lost or changed: {lost}")
print(f"{len(before)} evaluations before, all kept; {len(after)} after")
