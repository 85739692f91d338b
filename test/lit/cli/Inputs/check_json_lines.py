"""Not a test by itself: every line of a file is one JSON object with the
fields --diagnostics-format=json promises; prints them for FileCheck as
  SEVERITY FILE:LINE:COLUMN MESSAGE [notes: FILE:LINE:COLUMN MESSAGE; ...]"""
import json
import sys

FIELDS = {"file", "line", "column", "severity", "message", "notes"}


def where(d):
    return f"{d['file']}:{d['line']}:{d['column']}"


count = 0
for n, raw in enumerate(open(sys.argv[1]), 1):
    d = json.loads(raw)
    if set(d) != FIELDS:
        sys.exit(f"line {n}: fields {sorted(d)}")
    if d["severity"] not in {"error", "warning", "note", "remark"}:
        sys.exit(f"line {n}: severity {d['severity']}")
    for note in d["notes"]:
        if set(note) != {"file", "line", "column", "message"}:
            sys.exit(f"line {n}: note fields {sorted(note)}")
    line = f"{d['severity']} {where(d)} {d['message']}"
    if d["notes"]:
        line += " [notes: " + "; ".join(
            f"{where(x)} {x['message']}" for x in d["notes"]) + "]"
    print(line)
    count += 1
print(f"json ok: {count} lines")
