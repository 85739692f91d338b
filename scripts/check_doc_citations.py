#!/usr/bin/env python3
"""Check that the citations of casc's documents in its sources are true.

usage: check_doc_citations.py [--legacy-allowed FILE] [ROOT]

A citation names a file of docs/ and, optionally, numbered sections:

    docs/ascendc-facts.md §2    docs/ir.md §10.18-21    docs/ir.md §3-§5

A § written without a document refers to the document named last before it
in the same paragraph (a run of lines without a blank or comment-only line
between them; in Markdown each list item and table row starts one); inside
docs/NAME.md, a § with no document named before it refers to NAME.md
itself. A range checks both ends and, when the ends share
their parent (§10.18-21, §1-§4), every number between them.

Problems, each reported as `path:line: error: ...`, exit status 1:
  * a cited docs/*.md that does not exist;
  * a cited section that has no heading with that number (`## 3. ...`,
    `### 10.18 ...`) in the document;
  * a § that no document name precedes in its paragraph;
  * a reference to the design notes that used to live outside the
    repository, in a sibling directory of the checkout;
  * an old upper-case name of the three design documents outside the files
    the allowlist (--legacy-allowed, one glob per line) names, and an
    allowlist line that no longer matches any file using such a name.
    The old names are still resolved (to docs/architecture.md, docs/ir.md,
    docs/ascendc-facts.md) and their sections checked.

Scanned: src/ include/ test/ docs/ bench/ fuzz/ examples/ platform/ scripts/
.ci/ and the top-level README.md, CMakeLists.txt, Makefile. Not scanned: this
script, and test/lit/docs/ (the checker's own test, whose inputs are wrong
on purpose).
"""
import argparse
import fnmatch
import os
import re
import sys

SCAN_DIRS = ["src", "include", "test", "docs", "bench", "fuzz", "examples",
             "platform", "scripts", ".ci"]
SCAN_FILES = ["README.md", "CMakeLists.txt", "Makefile"]
SKIP_PREFIXES = ["test/lit/docs/", "fuzz/corpus/", "fuzz/crash-"]
SELF = "scripts/check_doc_citations.py"

# The three design documents under their old upper-case names.
LEGACY = {
    "ARCHITECTURE": "docs/architecture.md",
    "IR": "docs/ir.md",
    "ASCENDC_FACTS": "docs/ascendc-facts.md",
}

SECNUM = r"\d+(?:\.\d+)*"
TOKEN_RE = re.compile(
    r"(?P<doc>(?<![\w/.-])docs/[\w.-]+?\.md)\b"
    r"|(?P<legacy>\b(?:ARCHITECTURE(?:\.md)?|IR\.md|ASCENDC_FACTS(?:\.md)?))"
    r"(?![\w])"
    r"|(?P<outside>\.\./shared\b|\bshared/doc[s]\b)"
    r"|§\s*(?P<sec>" + SECNUM + r")"
    r"(?:\s*[-\u2013]\s*§?\s*(?P<end>" + SECNUM + r"))?")
HEADING_RE = re.compile(r"^#{1,6}\s+(" + SECNUM + r")\.?(?:\s|$)")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
# In Markdown a list item or a table row starts a new paragraph.
MD_ITEM_RE = re.compile(r"^\s*([*+-]|\d+\.|\|)\s")


def is_break(line):
    """A blank line, or one holding only comment punctuation."""
    return line.strip().strip("/*#;!<>-") == ""


def read_text(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def scanned_files(root):
    paths = [p for p in SCAN_FILES if os.path.isfile(os.path.join(root, p))]
    for d in SCAN_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            dirnames.sort()
            for name in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                rel = rel.replace(os.sep, "/")
                if rel == SELF or any(rel.startswith(p)
                                      for p in SKIP_PREFIXES):
                    continue
                paths.append(rel)
    return paths


class Docs:
    """Section numbers of the docs/*.md files, read on first use."""

    def __init__(self, root):
        self.root = root
        self.sections = {}

    def get(self, doc):
        if doc not in self.sections:
            text = read_text(os.path.join(self.root, doc))
            self.sections[doc] = None if text is None else headings(text)
        return self.sections[doc]


def headings(text):
    found = set()
    fenced = False
    for line in text.splitlines():
        if FENCE_RE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING_RE.match(line)
        if m:
            found.add(m.group(1))
    return found


def expand(start, end):
    """The section numbers a citation `§start[-end]` names."""
    if end is None:
        return [start]
    a = start.split(".")
    b = end.split(".")
    if len(b) < len(a):  # §10.18-21: the end inherits the start's parent
        b = a[:len(a) - len(b)] + b
    if len(a) == len(b) and a[:-1] == b[:-1] and int(a[-1]) <= int(b[-1]):
        parent = a[:-1]
        return [".".join(parent + [str(n)])
                for n in range(int(a[-1]), int(b[-1]) + 1)]
    return [start, ".".join(b)]


def check_file(rel, text, docs, problems, stats):
    """Check one file; returns True if it uses an old upper-case name."""
    markdown = rel.endswith(".md")
    own = rel if rel.startswith("docs/") and markdown else None
    current = own
    uses_legacy = False
    for lineno, line in enumerate(text.splitlines(), 1):
        if is_break(line):
            current = own
            continue
        if markdown and MD_ITEM_RE.match(line):
            current = own
        for m in TOKEN_RE.finditer(line):
            where = "%s:%d" % (rel, lineno)
            if m.group("outside"):
                problems.append(
                    (where, "'%s' points outside the repository; cite the "
                     "document under docs/ instead" % m.group("outside")))
            elif m.group("doc") or m.group("legacy"):
                if m.group("legacy"):
                    uses_legacy = True
                    key = m.group("legacy").split(".")[0]
                    current = LEGACY[key]
                    stats["legacy"].append((where, m.group("legacy"),
                                            current))
                else:
                    current = m.group("doc")
                if docs.get(current) is None:
                    problems.append((where, "no such document: %s" % current))
            else:
                if current is None:
                    problems.append(
                        (where, "§%s names no document; write e.g. "
                         "'docs/ir.md §%s'" % (m.group("sec"), m.group("sec"))))
                    continue
                known = docs.get(current)
                if known is None:
                    continue  # reported where the document was named
                for sec in expand(m.group("sec"), m.group("end")):
                    stats["checked"] += 1
                    if sec not in known:
                        problems.append(
                            (where, "%s has no section %s" % (current, sec)))
    return uses_legacy


def read_allowlist(path):
    globs = []
    if path is None:
        return globs
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if line:
                globs.append((line, lineno))
    return globs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--legacy-allowed", metavar="FILE")
    ap.add_argument("--list-legacy", action="store_true",
                    help="print every citation that uses an old name")
    args = ap.parse_args()
    root = args.root
    docs = Docs(root)
    allow = read_allowlist(args.legacy_allowed)
    problems = []
    stats = {"checked": 0, "legacy": []}
    legacy_files = []
    files = scanned_files(root)
    for rel in files:
        text = read_text(os.path.join(root, rel))
        if text is not None and check_file(rel, text, docs, problems, stats):
            legacy_files.append(rel)
    for rel in legacy_files:
        if not any(fnmatch.fnmatch(rel, g) for g, _ in allow):
            for where, name, doc in stats["legacy"]:
                if where.rsplit(":", 1)[0] == rel:
                    problems.append(
                        (where, "'%s' is the old name of %s; cite '%s §N'"
                         % (name, doc, doc)))
    for g, lineno in allow:
        if not any(fnmatch.fnmatch(rel, g) for rel in legacy_files):
            problems.append(("%s:%d" % (args.legacy_allowed, lineno),
                             "'%s' matches no file that uses an old name; "
                             "delete the line" % g))
    if args.list_legacy:
        for where, name, doc in stats["legacy"]:
            print("%s: %s -> %s" % (where, name, doc))
    for where, msg in problems:
        print("%s: error: %s" % (where, msg))
    print("doc citations: %d section(s) checked in %d file(s), %d with old "
          "names, %d problem(s)" % (stats["checked"], len(files),
                                    len(legacy_files), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
