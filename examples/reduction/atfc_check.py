"""A check server's loop for atfc's `#atf::check server` (docs/measuring.md).

Copy this file beside your check script (standard library only). atfc starts
the script once per run and writes one line of JSON per configuration to its
stdin; serve() reads each, calls verify(request) and writes the answer line
atfc reads, led by the request's number: `7 right` when verify returns None
or True, `7 wrong REASON` when it returns a string (or False). An exception
ends the server: atfc records that configuration as a failed check (its
traceback's last line the reason, never a wrong result) and starts the
script again for the next one.

A request is a dict: request["request"] (its number, which the answer
names), request["directory"] (the configuration's directory),
request["buffers"] ({"3": "/abs/.../buffer_3.npy"}: each checked buffer's
file by its input number; numpy.load reads it), request["values"] ({"WG":
64, ...}: the configuration's parameters). Inputs are environment variables.
"""
import json
import sys


def serve(verify):
    """Answers each request on stdin with verify's verdict until stdin ends."""
    for line in sys.stdin:
        request = json.loads(line)
        verdict = verify(request)
        if verdict is None or verdict is True:
            answer = "right"
        else:
            reason = "" if verdict is False else str(verdict)
            answer = ("wrong " + " ".join(reason.split())).rstrip()
        sys.stdout.write(f"{request['request']} {answer}\n")
        sys.stdout.flush()


def read_npy(path):
    """A 1-dimensional little-endian .npy file's elements as a tuple (for
    scripts without numpy: numpy.load(path) is the same)."""
    import ast
    import struct
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path} is not a .npy file")
    length_size = 2 if data[6] == 1 else 4
    header_length = int.from_bytes(data[8:8 + length_size], "little")
    start = 8 + length_size
    header = ast.literal_eval(data[start:start + header_length].decode("latin1"))
    code = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q", "<u4": "I", "<u8": "Q",
            "|u1": "B", "|i1": "b", "<i2": "h", "<u2": "H"}[header["descr"]]
    body = data[start + header_length:]
    return struct.unpack(f"<{len(body) // struct.calcsize(code)}{code}", body)
