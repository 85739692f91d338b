"""Write FileCheck lines for the race test of examples/add.c, with the line
numbers of the ops in the example's current source (so the test follows an
edit of add.c instead of pinning numbers).

usage: race_lines.py ADD.c OUT.txt
"""
import sys


def line_of(src, needle):
    for i, text in enumerate(src, 1):
        if needle in text:
            return i
    raise SystemExit("%r not found" % needle)


src = open(sys.argv[1]).read().splitlines()
add = line_of(src, "asc_add(z_buf")
cx = line_of(src, "asc_data_copy(x_buf")
cy = line_of(src, "asc_data_copy(y_buf")
with open(sys.argv[2], "w") as out:
    out.write(
        "CHECK: add.c:%d:{{[0-9]+}}: error: blocks 0-3: data race on UB "
        "bytes [0, 1024): Add on pipe V reads them while DataCopy on pipe "
        "MTE2 writes them, and no flag or barrier orders the two (is a "
        "SetFlag/WaitFlag<MTE2_V> pair missing?)\n" % add)
    out.write("CHECK-NEXT: add.c:%d:{{[0-9]+}}: note: DataCopy on pipe MTE2 "
              "writes them here\n" % cx)
    out.write(
        "CHECK-NEXT: add.c:%d:{{[0-9]+}}: error: blocks 0-3: data race on "
        "UB bytes [2048, 3072): Add on pipe V reads them while DataCopy on "
        "pipe MTE2 writes them\n" % add)
    out.write("CHECK-NEXT: add.c:%d:{{[0-9]+}}: note: DataCopy on pipe MTE2 "
              "writes them here\n" % cy)
    out.write("CHECK-NOT: data race\n")
