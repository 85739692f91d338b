"""Summarise a Chrome trace written by `casc run --trace` for FileCheck.

usage: tracks.py TRACE.json

Checks the structure every viewer relies on (complete slices with a name,
a location, ts >= 0 and dur >= 0; every flow start has its end on another
thread of the same block; slices of one thread do not overlap; the extra
tracks of a pipe, "MTE2 #2" ..., follow the pipe's own) and prints, per
block, its pipes in display order with their slice counts and number of
tracks, then per block how many cycles an MTE2, a V and an MTE3 op (not a
flag or barrier) were all in flight at once, then the number of flow arrows
per event. Exit status 1 on a malformed trace.
"""
import json
import sys
from collections import defaultdict


def together(lists):
    """Cycles covered by at least one interval of every list."""
    events = []
    for i, ivs in enumerate(lists):
        for a, b in ivs:
            events += [(a, 1, i), (b, -1, i)]
    events.sort()
    depth = [0] * len(lists)
    total, last = 0, None
    for t, d, i in events:
        if last is not None and all(depth):
            total += t - last
        depth[i] += d
        last = t
    return total


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    ev = doc["traceEvents"]
    procs, threads, order = {}, {}, {}
    slices = defaultdict(list)
    busy = defaultdict(list)  # (pid, pipe) -> op [start, end) cycles
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
            if not e["name"].startswith(("SetFlag", "WaitFlag", "PipeBarrier")):
                busy[(e["pid"], e["cat"])].append(
                    (e["args"]["start_cycle"], e["args"]["end_cycle"]))
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
        # each end lies in a slice of its track (what a viewer binds it to),
        # and the arrow does not point back in time
        for e in f.values():
            assert any(a <= e["ts"] < b or a == e["ts"] == b
                       for a, b in slices[(e["pid"], e["tid"])]), \
                "flow end outside a slice: %r" % e
        assert f["s"]["ts"] <= f["f"]["ts"], "flow back in time %r" % fid
        per_event[f["s"]["name"]] += 1
    print("kernel %s platform %s clock %d" % (
        doc["otherData"]["kernel"], doc["otherData"]["platform"],
        doc["otherData"]["clock_mhz"]))
    for pid in sorted(procs):
        tids = sorted((t for (p, t) in threads if p == pid),
                      key=lambda t: order[(pid, t)])
        pipes = []  # [name, slices, tracks] in display order
        for t in tids:
            name = threads[(pid, t)].split(" #")[0]
            if " #" in threads[(pid, t)]:
                assert pipes and pipes[-1][0] == name, \
                    "track %r not after its pipe" % threads[(pid, t)]
                pipes[-1][1] += len(slices[(pid, t)])
                pipes[-1][2] += 1
            else:
                pipes.append([name, len(slices[(pid, t)]), 1])
        print("%s: %s" % (procs[pid], " ".join(
            "%s=%d/%d" % (n, c, k) for n, c, k in pipes)))
    for pid in sorted(procs):
        print("%s: MTE2, V and MTE3 in flight together %d cycles" % (
            procs[pid], together([busy[(pid, p)] for p in ("MTE2", "V",
                                                          "MTE3")])))
    for name in sorted(per_event):
        print("flows %s %d" % (name, per_event[name]))


if __name__ == "__main__":
    main()
