# points.py REPORT.html [DB [RUN]]: what a report shows, for FileCheck: the
# points of its progress plot, the distinct evaluation numbers it marks, its
# plots, whether it reloads itself; with DB, the evaluations the database
# holds for run RUN (default: the latest).
import re
import sqlite3
import sys

html = open(sys.argv[1], encoding="utf-8").read()
progress = html[html.index('<figure id="by-evaluation">'):]
progress = progress[:progress.index("</figure>")]
print("points:", len(re.findall(r'data-evaluation="\d+"', progress)))
print("distinct:", len(set(re.findall(r'data-evaluation="(\d+)"', html))))
print("plots:", html.count("<svg"))
print("reloads:", "yes" if 'http-equiv="refresh"' in html else "no")
if len(sys.argv) > 2:
    db = sqlite3.connect("file:%s?mode=ro" % sys.argv[2], uri=True)
    run = sys.argv[3] if len(sys.argv) > 3 else db.execute("SELECT max(id) FROM runs").fetchone()[0]
    print("evaluations:", db.execute("SELECT count(*) FROM evaluations WHERE run_id = ?",
                                     (run,)).fetchone()[0])
