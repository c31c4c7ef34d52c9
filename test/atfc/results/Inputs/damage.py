# Damages the results database argv[1] as argv[2] says: "column" renames
# evaluations.log, "table" drops the evaluations table, "version" sets a
# schema version no atfc writes yet.
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
if sys.argv[2] == "column":
    db.execute("ALTER TABLE evaluations RENAME COLUMN log TO journal")
elif sys.argv[2] == "table":
    db.execute("DROP TABLE evaluations")
elif sys.argv[2] == "version":
    db.execute("PRAGMA user_version=99")
db.commit()
db.close()
