#!/usr/bin/env python3
"""Reads `casc run --json` records, one per line on stdin (a batch of runs
concatenated), checks that each is one JSON object with the documented keys,
and prints them flattened for FileCheck:

  run FILE @KERNEL blocks=N status=S exit=E errors=.. warnings=..
  diag SEVERITY LINE:COL block=B check=C: MESSAGE
  timing cycles>0 blocks=N busy=PIPE,...
  batch runs=N errors=N
"""
import json
import os
import sys

KEYS = ["file", "kernel", "blocks", "status", "exit_code", "outputs_written",
        "diagnostics", "diagnostics_not_shown"]
DIAG_KEYS = ["file", "line", "col", "severity", "message", "block", "notes"]

runs = errors = 0
for line in sys.stdin:
    rec = json.loads(line)  # fails on anything but one object per line
    missing = [k for k in KEYS if k not in rec]
    assert not missing, missing
    runs += 1
    errors += rec.get("errors", 0)
    print("run %s @%s blocks=%d status=%s exit=%d errors=%s warnings=%s" % (
        os.path.basename(rec["file"]), rec["kernel"], rec["blocks"],
        rec["status"], rec["exit_code"], rec.get("errors"),
        rec.get("warnings")))
    for d in rec["diagnostics"]:
        missing = [k for k in DIAG_KEYS if k not in d]
        assert not missing, missing
        print("diag %s %d:%d block=%s check=%s: %s" % (
            d["severity"], d["line"], d["col"], d["block"], d.get("check"),
            d["message"]))
    if rec["diagnostics_not_shown"]:
        print("not shown %d" % rec["diagnostics_not_shown"])
    if "timing" in rec:
        t = rec["timing"]
        busy = ",".join(p for p, f in sorted(t["busy"].items()) if f > 0)
        print("timing cycles>0=%s blocks=%d busy=%s" % (
            t["cycles"] > 0, len(t["block_cycles"]), busy))
print("batch runs=%d errors=%d" % (runs, errors))
