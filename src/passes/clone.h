/* Deep copy of ops with value remapping (used by inline). */
#ifndef CASC_PASSES_CLONE_H
#define CASC_PASSES_CLONE_H

#include "casc/ir.h"
#include "util/ptrmap.h"

/* Old value -> new value. */
typedef struct {
  casc_ptrmap idx;
  casc_value **vals;
  uint32_t n, cap;
  bool oom;
} casc_value_map;

void casc_value_map_init(casc_value_map *m);
void casc_value_map_free(casc_value_map *m);
void casc_value_map_put(casc_value_map *m, casc_value *from, casc_value *to);
/* The mapped value, or v itself when it has no mapping. */
casc_value *casc_value_map_get(const casc_value_map *m, casc_value *v);

/* Copy of op (not linked anywhere) with its regions; operands are mapped
 * through m, and the copy's results and block arguments are added to m.
 * loc_fn (may be NULL) gives the copy's location from the original's. */
typedef casc_loc *(*casc_loc_fn)(casc_ctx *ctx, casc_loc *orig, void *user);
casc_op *casc_clone_op(casc_ctx *ctx, casc_op *op, casc_value_map *m,
                       casc_loc_fn loc_fn, void *user);

#endif
