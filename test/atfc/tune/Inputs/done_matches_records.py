# Prints "same" when the "done after N evaluations" line of a tune's output
# (argv[1]) and the evaluations an `atfc results --json` export (argv[2])
# holds agree: every evaluation reported was recorded, and no more.
import json
import re
import sys

done = int(re.search(r"done after (\d+) evaluations", open(sys.argv[1]).read()).group(1))
recorded = len(json.load(open(sys.argv[2]))["evaluations"])
print("same" if done == recorded else f"done after {done}, {recorded} recorded")
