"""Write FileCheck lines for the hang test of examples/add.c, with the line
numbers of the ops in the example's current source (so the test follows an
edit of add.c instead of pinning numbers).

usage: hang_lines.py ADD.c OUT.txt
"""
import sys


def line_of(src, needle):
    for i, text in enumerate(src, 1):
        if needle in text:
            return i
    raise SystemExit("%r not found" % needle)


src = open(sys.argv[1]).read().splitlines()
loop = line_of(src, "ASC_FOR(i,")
wait_m3m2 = line_of(src, "asc_wait_flag(ASC_HARDEVENT_MTE3_MTE2")
wait_vm3 = line_of(src, "asc_wait_flag(ASC_HARDEVENT_V_MTE3")
wait_m2v = line_of(src, "asc_wait_flag(ASC_HARDEVENT_MTE2_V")
with open(sys.argv[2], "w") as out:
    out.write(
        "CHECK: add.c:%d:{{[0-9]+}}: error: blocks 0-3: "
        "WaitFlag<MTE3_MTE2>(0) in iteration 0 of the loop at line %d holds "
        "pipe MTE2 until SetFlag<MTE3_MTE2>(0) runs in pipe MTE3, and that "
        "pipe is held by waits that come back to this one: on the NPU this "
        "hangs\n" % (wait_m3m2, loop))
    out.write(
        "CHECK-NEXT: add.c:%d:{{[0-9]+}}: note: pipe MTE3 is held here by "
        "WaitFlag<V_MTE3>(1) in iteration 1 of the loop at line %d, until "
        "pipe V sets it\n" % (wait_vm3, loop))
    out.write(
        "CHECK-NEXT: add.c:%d:{{[0-9]+}}: note: pipe V is held here by "
        "WaitFlag<MTE2_V>(1) in iteration 1 of the loop at line %d, until "
        "pipe MTE2 sets it\n" % (wait_m2v, loop))
    out.write("CHECK-NOT: error\n")
