# Fails, naming the file, when a file is not valid UTF-8.
import sys

bad = False
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        print("not UTF-8: %s: %s: %r" % (path, e, data[max(0, e.start - 20):e.end + 20]))
        bad = True
print("checked %d files" % len(sys.argv[1:]))
sys.exit(1 if bad else 0)
