/* Pre- and post-order walks over nested regions. Iterative over the op list
 * (the next pointer is read before the callback so it may erase the op) and
 * recursive over nesting depth, which is bounded by the parser. */
#include "casc/ir.h"

static bool walk_pre(casc_op *op, casc_walk_fn fn, void *user);

static bool walk_regions_pre(casc_op *op, casc_walk_fn fn, void *user) {
  for (unsigned r = 0; r < op->nregions; r++)
    if (!casc_walk_region_pre(&casc_op_regions(op)[r], fn, user))
      return false;
  return true;
}

bool casc_walk_region_pre(casc_region *r, casc_walk_fn fn, void *user) {
  for (casc_block *b = r->first; b; b = b->next) {
    casc_op *o = b->first;
    while (o) {
      casc_op *next = o->next;
      if (!walk_pre(o, fn, user))
        return false;
      o = next;
    }
  }
  return true;
}

static bool walk_pre(casc_op *op, casc_walk_fn fn, void *user) {
  /* Read the region list before the callback: if fn erases op its regions
   * stay intact (memory is arena-owned), but we must not descend into an
   * op that fn detached on purpose; MLIR's rule is the same: erasing the
   * visited op in a pre-order walk skips its body. */
  casc_block *parent = op->parent;
  if (!fn(op, user))
    return false;
  if (op->parent != parent && parent)
    return true;
  return walk_regions_pre(op, fn, user);
}

bool casc_walk_pre(casc_op *op, casc_walk_fn fn, void *user) {
  return walk_pre(op, fn, user);
}

bool casc_walk_post(casc_op *op, casc_walk_fn fn, void *user) {
  for (unsigned r = 0; r < op->nregions; r++) {
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next) {
      casc_op *o = b->first;
      while (o) {
        casc_op *next = o->next;
        if (!casc_walk_post(o, fn, user))
          return false;
        o = next;
      }
    }
  }
  return fn(op, user);
}
