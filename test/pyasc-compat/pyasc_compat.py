#!/usr/bin/env python3
"""pyasc's own FileCheck tests, run with casc (docs/pyasc-compat.md).

This module reads expectations.txt (next to it): the list of pyasc test files
the suite runs and, per file, the few lines casc expects to differ because
they encode a pyasc bug that casc fixes on purpose. A difference is a patch
of one line of the pyasc file, named by its line number and a hash of its
text, so that:

  * no pyasc text is copied into casc (the hash identifies the line), and
  * a pyasc checkout whose line changed or moved fails loudly ("line 17 of
    Target/AscendC/arith.mlir is not the line this expectation was written
    for") instead of silently patching the wrong line.

Entry syntax, one per line, under a `[relative/path.mlir]` header:

    LINE HASH = TEXT    replace line LINE by TEXT
    LINE HASH + TEXT    insert TEXT after line LINE
    LINE HASH -         delete line LINE

HASH is the first 8 hex digits of the SHA-1 of the line without its line
ending and trailing white space (`pyasc_compat.py hash FILE LINE` prints it).
`#` starts a comment line; every entry needs one saying why it differs.

Command line (for writing and checking expectations by hand):

    pyasc_compat.py hash  PYASC_DIR REL LINE...   print `LINE HASH` entries
    pyasc_compat.py patch PYASC_DIR REL           print the patched file
    pyasc_compat.py check PYASC_DIR               verify every entry applies
"""

import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTATIONS = os.path.join(HERE, "expectations.txt")


class ExpectationError(Exception):
    pass


def line_hash(text):
    """Hash of one line's text (line ending and trailing blanks ignored)."""
    return hashlib.sha1(text.rstrip().encode("utf-8")).hexdigest()[:8]


def load(path=EXPECTATIONS):
    """{relative pyasc test path: [(where, line, hash, op, text)]}, in file
    order (a file with no entries maps to an empty list)."""
    files = {}
    current = None
    with open(path, encoding="utf-8") as f:
        for num, raw in enumerate(f, 1):
            ln = raw.rstrip("\n")
            where = "%s:%d" % (os.path.basename(path), num)
            if not ln.strip() or ln.lstrip().startswith("#"):
                continue
            if ln.startswith("["):
                if not ln.endswith("]"):
                    raise ExpectationError(where + ": malformed file header")
                current = ln[1:-1].strip()
                if current in files:
                    raise ExpectationError(where + ": %s listed twice" % current)
                files[current] = []
                continue
            if current is None:
                raise ExpectationError(where + ": entry before any [file] header")
            parts = ln.split(" ", 3)
            if len(parts) < 3 or not parts[0].isdigit() or parts[2] not in "=+-":
                raise ExpectationError(
                    where + ": expected `LINE HASH =|+|- [TEXT]`")
            op = parts[2]
            text = parts[3] if len(parts) > 3 else ""
            if op != "-" and not text:
                raise ExpectationError(where + ": `%s` needs a text" % op)
            files[current].append((where, int(parts[0]), parts[1], op, text))
    return files


def patch_text(data, entries, rel):
    """Apply entries to the bytes of a pyasc test file; returns bytes. Line
    endings of the file are kept (several pyasc tests use CRLF)."""
    lines = data.decode("utf-8").splitlines(keepends=True)
    eol = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    after = {}   # line number -> list of lines inserted after it
    replace = {}  # line number -> replacement (None = delete)
    for where, num, want, op, text in entries:
        if num < 1 or num > len(lines):
            raise ExpectationError(
                "%s: %s has no line %d" % (where, rel, num))
        got = line_hash(lines[num - 1])
        if got != want:
            raise ExpectationError(
                "%s: line %d of %s is not the line this expectation was "
                "written for (hash %s, expected %s): the pyasc file changed, "
                "update expectations.txt" % (where, num, rel, got, want))
        if op == "+":
            after.setdefault(num, []).append(text + eol)
        elif num in replace:
            raise ExpectationError("%s: line %d patched twice" % (where, num))
        else:
            replace[num] = None if op == "-" else text
    out = []
    for i, ln in enumerate(lines, 1):
        if i in replace:
            if replace[i] is not None:
                ending = ln[len(ln.rstrip("\r\n")):] or eol
                out.append(replace[i] + ending)
        else:
            out.append(ln)
        out.extend(after.get(i, []))
    return "".join(out).encode("utf-8")


def patched_file(pyasc_dir, rel, files=None):
    files = load() if files is None else files
    if rel not in files:
        raise ExpectationError("%s is not listed in expectations.txt" % rel)
    src = os.path.join(pyasc_dir, "test", rel)
    with open(src, "rb") as f:
        return patch_text(f.read(), files[rel], rel)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("hash", "patch", "check"):
        sys.stderr.write(__doc__)
        return 2
    cmd, pyasc_dir = argv[1], argv[2]
    try:
        if cmd == "hash":
            with open(os.path.join(pyasc_dir, "test", argv[3]), "rb") as f:
                lines = f.read().decode("utf-8").splitlines()
            for n in argv[4:]:
                print("%s %s" % (n, line_hash(lines[int(n) - 1])))
        elif cmd == "patch":
            sys.stdout.write(patched_file(pyasc_dir, argv[3]).decode("utf-8"))
        else:
            files = load()
            for rel in files:
                patched_file(pyasc_dir, rel, files)
            print("%d files, %d expectations: all apply" %
                  (len(files), sum(len(v) for v in files.values())))
    except (ExpectationError, OSError, IndexError, ValueError) as err:
        sys.stderr.write("pyasc_compat.py: %s\n" % err)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
