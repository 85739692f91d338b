/* Deep op copies (clone.h). */
#include <stdlib.h>

#include "passes/clone.h"
#include "util/alloc.h"
#include "util/grow.h"

void casc_value_map_init(casc_value_map *m) {
  casc_ptrmap_init(&m->idx);
  m->vals = NULL;
  m->n = m->cap = 0;
  m->oom = false;
}

void casc_value_map_free(casc_value_map *m) {
  casc_ptrmap_free(&m->idx);
  casc_free(m->vals);
  casc_value_map_init(m);
}

void casc_value_map_put(casc_value_map *m, casc_value *from, casc_value *to) {
  if (m->n == m->cap) {
    casc_value **n = casc_grow(m->vals, &m->cap, m->n + 1, sizeof *n);
    if (!n) {
      m->oom = true;
      return;
    }
    m->vals = n;
  }
  if (!casc_ptrmap_put(&m->idx, from, m->n)) {
    m->oom = true;
    return;
  }
  m->vals[m->n++] = to;
}

casc_value *casc_value_map_get(const casc_value_map *m, casc_value *v) {
  uint32_t i = casc_ptrmap_get(&m->idx, v, UINT32_MAX);
  return i < m->n ? m->vals[i] : v;
}

casc_op *casc_clone_op(casc_ctx *ctx, casc_op *op, casc_value_map *m,
                       casc_loc_fn loc_fn, void *user) {
  casc_value *small[8];
  casc_value **ops =
      op->nops <= 8 ? small : casc_malloc(op->nops * sizeof *ops);
  casc_type *tsmall[8];
  casc_type **types =
      op->nres <= 8 ? tsmall : casc_malloc(op->nres * sizeof *types);
  if (!ops || !types) {
    if (ops != small)
      casc_free(ops);
    if (types != tsmall)
      casc_free(types);
    m->oom = true;
    return NULL;
  }
  for (unsigned i = 0; i < op->nops; i++)
    ops[i] = casc_value_map_get(m, op->operands[i].value);
  for (unsigned i = 0; i < op->nres; i++)
    types[i] = casc_op_results(op)[i].type;
  casc_loc *loc = loc_fn ? loc_fn(ctx, op->loc, user) : op->loc;
  casc_op *c = casc_op_create(ctx, casc_op_name(op), loc, op->nops, ops,
                              op->nres, types, op->attrs, op->nregions);
  if (ops != small)
    casc_free(ops);
  if (types != tsmall)
    casc_free(types);
  if (!c) {
    m->oom = true;
    return NULL;
  }
  casc_op_set_props(c, casc_op_props(op)); /* c has op's name, so its kind */
  for (unsigned i = 0; i < op->nres; i++)
    casc_value_map_put(m, &casc_op_results(op)[i], &casc_op_results(c)[i]);
  for (unsigned r = 0; r < op->nregions; r++) {
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next) {
      casc_block *nb = casc_block_create(ctx);
      if (!nb) {
        m->oom = true;
        return c;
      }
      casc_region_push_block(&casc_op_regions(c)[r], nb);
      for (unsigned a = 0; a < b->nargs; a++) {
        casc_loc *al = casc_value_loc(b->args[a]);
        if (al && loc_fn)
          al = loc_fn(ctx, al, user);
        casc_value *na = casc_block_add_arg(ctx, nb, b->args[a]->type, al);
        if (na) {
          casc_value_set_arg_attrs(na, casc_value_arg_attrs(b->args[a]));
          casc_value_map_put(m, b->args[a], na);
        }
      }
    }
    /* Ops after all blocks exist (a block may refer to a later one). */
    casc_block *nb = casc_op_regions(c)[r].first;
    for (casc_block *b = casc_op_regions(op)[r].first; b && nb;
         b = b->next, nb = nb->next)
      for (casc_op *o = b->first; o; o = o->next) {
        casc_op *co = casc_clone_op(ctx, o, m, loc_fn, user);
        if (co)
          casc_block_append(nb, co);
      }
  }
  return c;
}
