"""Summarise a Chrome trace written by `casc run --trace` for FileCheck.

usage: tracks.py TRACE.json

Checks the structure every viewer relies on (complete slices with a name,
a location, ts >= 0 and dur >= 0; every flow start has its end on another
thread of the same block; slices of one thread do not overlap) and prints,
per block, its track names in display order with their slice counts, then
the number of flow arrows per event. Exit status 1 on a malformed trace.
"""
import json
import sys
from collections import defaultdict


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    ev = doc["traceEvents"]
    procs, threads, order = {}, {}, {}
    slices = defaultdict(list)
    flows = defaultdict(dict)
    for e in ev:
        ph = e["ph"]
        if ph == "M":
            if e["name"] == "process_name":
                procs[e["pid"]] = e["args"]["name"]
            elif e["name"] == "thread_name":
                threads[(e["pid"], e["tid"])] = e["args"]["name"]
            elif e["name"] == "thread_sort_index":
                order[(e["pid"], e["tid"])] = e["args"]["sort_index"]
        elif ph == "X":
            assert e["name"] and "loc" in e["args"], e
            assert e["ts"] >= 0 and e["dur"] >= 0, e
            slices[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
        elif ph in ("s", "f"):
            flows[e["id"]][ph] = e
        else:
            raise SystemExit("unexpected event phase %r" % ph)
    for key, sl in slices.items():
        assert key in threads, "slice on an unnamed track %r" % (key,)
        sl.sort()
        for a, b in zip(sl, sl[1:]):
            # ts are rounded to 1e-6 us; allow that much
            assert b[0] >= a[1] - 1e-6, "overlapping slices on %r" % (key,)
    per_event = defaultdict(int)
    for fid, f in flows.items():
        assert set(f) == {"s", "f"}, "unpaired flow %r" % fid
        assert f["s"]["pid"] == f["f"]["pid"]
        assert f["s"]["tid"] != f["f"]["tid"]
        per_event[f["s"]["name"]] += 1
    print("kernel %s platform %s clock %d" % (
        doc["otherData"]["kernel"], doc["otherData"]["platform"],
        doc["otherData"]["clock_mhz"]))
    for pid in sorted(procs):
        tids = sorted((t for (p, t) in threads if p == pid),
                      key=lambda t: order[(pid, t)])
        print("%s: %s" % (procs[pid], " ".join(
            "%s=%d" % (threads[(pid, t)], len(slices[(pid, t)]))
            for t in tids)))
    for name in sorted(per_event):
        print("flows %s %d" % (name, per_event[name]))


if __name__ == "__main__":
    main()
