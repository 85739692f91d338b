/* docs/ir.md §99 names no section; docs/ir.md §1-§3 has a gap. */

/* docs/nope.md §1 names no document. */

/* A new paragraph: this §3 names no document. */

/* See ../shared/docs for the old notes. */

/* IR.md §1 is an old name outside the allowlist. */
int bad;
