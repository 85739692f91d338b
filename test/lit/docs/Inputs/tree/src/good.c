/* Citations that hold: docs/ir.md §1, §1.1 and §10.1-2, a range of two
 * (docs/ir.md §10.1–§10.2), and a § carried over from the line before
 * (§3), then another document, docs/guide.md §1. */
int good;
