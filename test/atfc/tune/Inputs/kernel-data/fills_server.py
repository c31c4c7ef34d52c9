#!/usr/bin/env python3
"""A check server for fills.cl's tests: counts its starts in the file
$ATF_FILE_DIR/starts and its pid in .../pid, then answers each request:
right, but as FAIL=crash or FAIL=hang (environment) says for WG = 4: a
traceback, or no answer."""
import json
import os
import sys
import time

here = os.environ["ATF_FILE_DIR"]
with open(os.path.join(here, "starts"), "a") as f:
    f.write("started\n")
with open(os.path.join(here, "pid"), "w") as f:
    f.write(str(os.getpid()))
for line in sys.stdin:
    request = json.loads(line)
    assert os.path.isfile(request["buffers"]["6"])
    if request["values"]["WG"] == 4 and os.environ.get("FAIL") == "crash":
        raise RuntimeError("the server crashed on WG 4")
    if request["values"]["WG"] == 4 and os.environ.get("FAIL") == "hang":
        time.sleep(1000)
    print(request["request"], "right")
