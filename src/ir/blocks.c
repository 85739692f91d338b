/* Blocks, regions, linking ops into blocks, erasing. */
#include "dialect/dialect.h"
#include "ir/ctx_internal.h"
#include "util/grow.h"

casc_block *casc_block_create(casc_ctx *ctx) {
  return casc_ctx_alloc(ctx, sizeof(casc_block));
}

casc_value *casc_block_add_arg(casc_ctx *ctx, casc_block *b, casc_type *t,
                               casc_loc *loc) {
  if (b->nargs == b->cap_args) {
    unsigned ncap;
    if (!casc_grow_cap(b->cap_args, b->nargs + 1, sizeof(casc_value *), &ncap))
      return NULL;
    casc_value **na = casc_ctx_alloc(ctx, ncap * sizeof(*na));
    if (!na)
      return NULL;
    for (unsigned i = 0; i < b->nargs; i++)
      na[i] = b->args[i];
    b->args = na;
    b->cap_args = ncap;
  }
  casc_block_arg *a = casc_ctx_alloc(ctx, sizeof(*a));
  if (!a)
    return NULL;
  casc_value *v = &a->value;
  v->type = t;
  a->block = b;
  v->index = b->nargs;
  a->loc = loc ? loc : casc_loc_unknown(ctx);
  b->args[b->nargs++] = v;
  return v;
}

/* Only block arguments are made by casc_block_add_arg, inside a
 * casc_block_arg; a result has its defining op. */
static casc_block_arg *as_block_arg(const casc_value *v) {
  return v->def ? NULL : (casc_block_arg *)v;
}

casc_block *casc_value_block(const casc_value *v) {
  casc_block_arg *a = as_block_arg(v);
  return a ? a->block : NULL;
}

casc_loc *casc_value_loc(const casc_value *v) {
  casc_block_arg *a = as_block_arg(v);
  return a ? a->loc : NULL;
}

void casc_value_set_loc(casc_value *v, casc_loc *loc) {
  casc_block_arg *a = as_block_arg(v);
  if (a)
    a->loc = loc;
}

casc_attr *casc_value_arg_attrs(const casc_value *v) {
  casc_block_arg *a = as_block_arg(v);
  return a ? a->arg_attrs : NULL;
}

void casc_value_set_arg_attrs(casc_value *v, casc_attr *attrs) {
  casc_block_arg *a = as_block_arg(v);
  if (a)
    a->arg_attrs = attrs;
}

void casc_region_push_block(casc_region *r, casc_block *b) {
  b->parent = r;
  b->next = NULL;
  b->prev = r->last;
  if (r->last)
    r->last->next = b;
  else
    r->first = b;
  r->last = b;
}

casc_block *casc_region_entry(casc_ctx *ctx, casc_region *r) {
  if (!r->first) {
    casc_block *b = casc_block_create(ctx);
    if (!b)
      return NULL;
    casc_region_push_block(r, b);
  }
  return r->first;
}

casc_op *casc_block_terminator(const casc_block *b) {
  if (!b->last)
    return NULL;
  const casc_op_info *info = casc_op_info_of(b->last);
  /* Unregistered ops may be terminators; MLIR accepts them as such. */
  if (!info || (info->flags & CASC_F_TERMINATOR))
    return b->last;
  return NULL;
}

void casc_block_append(casc_block *b, casc_op *op) {
  op->parent = b;
  op->next = NULL;
  op->prev = b->last;
  if (b->last)
    b->last->next = op;
  else
    b->first = op;
  b->last = op;
}

void casc_op_insert_before(casc_op *anchor, casc_op *op) {
  casc_block *b = anchor->parent;
  op->parent = b;
  op->next = anchor;
  op->prev = anchor->prev;
  if (anchor->prev)
    anchor->prev->next = op;
  else
    b->first = op;
  anchor->prev = op;
}

void casc_op_insert_after(casc_op *anchor, casc_op *op) {
  if (!anchor->next) {
    casc_block_append(anchor->parent, op);
    return;
  }
  casc_op_insert_before(anchor->next, op);
}

void casc_op_unlink(casc_op *op) {
  casc_block *b = op->parent;
  if (!b)
    return;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->prev = op->next = NULL;
  op->parent = NULL;
}

void casc_op_move_before(casc_op *anchor, casc_op *op) {
  if (anchor == op)
    return;
  casc_op_unlink(op);
  casc_op_insert_before(anchor, op);
}

static bool drop_uses(casc_op *op, void *user) {
  (void)user;
  casc_op_drop_operand_uses(op);
  return true;
}

void casc_op_erase(casc_op *op) {
  casc_op_unlink(op);
  casc_walk_post(op, drop_uses, NULL);
}
