/* Operation creation, operands and their use lists, attributes. */
#include <string.h>

#include "dialect/dialect.h"
#include "ir/ctx_internal.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/invariant.h"

static void use_link(casc_use *u, casc_value *v) {
  u->value = v;
  if (!v) {
    u->next = NULL;
    u->prevp = NULL;
    return;
  }
  u->next = v->first_use;
  if (u->next)
    u->next->prevp = &u->next;
  u->prevp = &v->first_use;
  v->first_use = u;
}

static void use_unlink(casc_use *u) {
  if (!u->prevp)
    return;
  /* The list is doubly linked through prevp: whatever points at u must be
   * the link that prevp names. */
  CASC_ASSERT(*u->prevp == u);
  *u->prevp = u->next;
  if (u->next)
    u->next->prevp = u->prevp;
  u->next = NULL;
  u->prevp = NULL;
  u->value = NULL;
}

/* What an unregistered op has in front of its regions (op_create). */
typedef struct {
  const char *name; /* interned */
  casc_attr *props; /* DICT or NULL */
} unregistered_extra;

static unregistered_extra *unregistered_extra_of(const casc_op *op) {
  return op->kind == CASC_OP_UNREGISTERED
             ? (unregistered_extra *)casc_op_regions(op) - 1
             : NULL;
}

static casc_op *op_create(casc_ctx *ctx, casc_op_kind kind, const char *name,
                          casc_loc *loc, unsigned nops,
                          casc_value *const *operands, unsigned nres,
                          casc_type *const *result_types, casc_attr *attrs,
                          unsigned nregions) {
  /* One block for the op and its operand, result and region arrays: one
   * arena rounding instead of four, and the parts of an op side by side.
   * The regions and results sit in front of the op, so their places follow
   * from the counts (casc_op_results) and the op keeps no pointers to them;
   * the operands follow it (they may move when they grow). Each part's size
   * is a multiple of 8, so every array stays aligned. */
  /* An unregistered op has two slots in front of all that: its interned
   * name (a registered op's comes from the op table, casc_op_name) and its
   * properties (casc_op_props). Only those few ops pay for them. */
  size_t extra_size =
      kind == CASC_OP_UNREGISTERED ? sizeof(unregistered_extra) : 0;
  size_t op_at = extra_size + (size_t)nregions * sizeof(casc_region) +
                 (size_t)nres * sizeof(casc_value);
  size_t size = op_at + sizeof(casc_op) + (size_t)nops * sizeof(casc_use);
  _Static_assert(sizeof(casc_op) % 8 == 0 && sizeof(casc_use) % 8 == 0 &&
                     sizeof(casc_value) % 8 == 0 &&
                     sizeof(casc_region) % 8 == 0 &&
                     sizeof(unregistered_extra) % 8 == 0,
                 "op parts keep 8-byte alignment");
  _Static_assert(CASC_OP_COUNT_ - 1 <= UINT16_MAX, "op kinds fit the field");
  if (nops > CASC_OP_MAX_COUNT || nres > CASC_OP_MAX_COUNT ||
      nregions > CASC_OP_MAX_COUNT) {
    casc_emit_error(ctx, loc,
                    "an op has at most %u operands, %u results and %u "
                    "regions (%u, %u, %u given)",
                    CASC_OP_MAX_COUNT, CASC_OP_MAX_COUNT, CASC_OP_MAX_COUNT,
                    nops, nres, nregions);
    return NULL;
  }
  unsigned char *block = casc_ctx_alloc(ctx, size);
  if (!block)
    return NULL;
  casc_op *op = (casc_op *)(block + op_at);
  op->kind = (uint16_t)kind;
  if (kind == CASC_OP_UNREGISTERED)
    ((unregistered_extra *)block)->name = name;
  op->loc = loc ? loc : casc_loc_unknown(ctx);
  op->attrs = attrs;
  if (nops)
    op->operands = (casc_use *)(op + 1);
  op->nops = (uint16_t)nops;
  for (unsigned i = 0; i < nops; i++) {
    op->operands[i].user = op;
    use_link(&op->operands[i], operands ? operands[i] : NULL);
  }
  op->nres = (uint16_t)nres;
  op->nregions = (uint16_t)nregions;
  casc_value *results = casc_op_results(op);
  for (unsigned i = 0; i < nres; i++) {
    results[i].type = result_types ? result_types[i] : NULL;
    results[i].def = op;
    results[i].index = i;
  }
  casc_region *regions = casc_op_regions(op);
  for (unsigned i = 0; i < nregions; i++)
    regions[i].parent = op;
  return op;
}

casc_op *casc_op_create(casc_ctx *ctx, const char *name, casc_loc *loc,
                        unsigned nops, casc_value *const *operands,
                        unsigned nres, casc_type *const *result_types,
                        casc_attr *attrs, unsigned nregions) {
  casc_op_kind kind = casc_op_kind_lookup(name, strlen(name));
  const char *iname = NULL;
  if (kind == CASC_OP_UNREGISTERED) {
    iname = casc_intern_cstr(ctx, name);
    if (!iname)
      return NULL;
  }
  return op_create(ctx, kind, iname, loc, nops, operands, nres, result_types,
                   attrs, nregions);
}

casc_op *casc_op_create_kind(casc_ctx *ctx, casc_op_kind kind, casc_loc *loc,
                             unsigned nops, casc_value *const *operands,
                             unsigned nres, casc_type *const *result_types,
                             casc_attr *attrs, unsigned nregions) {
  if (!casc_op_info_get(kind))
    return NULL;
  return op_create(ctx, kind, NULL, loc, nops, operands, nres, result_types,
                   attrs, nregions);
}

void casc_op_set_operand(casc_op *op, unsigned i, casc_value *v) {
  if (i >= op->nops)
    return;
  use_unlink(&op->operands[i]);
  use_link(&op->operands[i], v);
}

/* The room in op's operand array, which casc_op keeps no field for: the
 * array made with the op holds its first operands and no more (counted
 * as nops, which is never more than that), and an array made by
 * grow_operands has casc_grow_cap's size for what it held, which is at
 * least the size casc_grow_cap gives for nops. */
static unsigned operand_room(const casc_op *op) {
  if (!op->operands)
    return 0;
  if ((const unsigned char *)op->operands ==
      (const unsigned char *)op + sizeof(casc_op))
    return op->nops;
  unsigned room;
  return casc_grow_cap(0, op->nops, sizeof(casc_use), &room) ? room : op->nops;
}

/* Growing moves the use records, so every link into the old array is
 * re-threaded. */
static bool grow_operands(casc_ctx *ctx, casc_op *op, unsigned need) {
  if (need > CASC_OP_MAX_COUNT) {
    casc_emit_error(ctx, op->loc, "'%s' op: at most %u operands (%u given)",
                    casc_op_name(op), CASC_OP_MAX_COUNT, need);
    return false;
  }
  unsigned room = operand_room(op);
  if (need <= room)
    return true;
  unsigned ncap;
  if (!casc_grow_cap(0, need, sizeof(casc_use), &ncap))
    return false;
  casc_use *nu = casc_ctx_alloc(ctx, ncap * sizeof(casc_use));
  if (!nu)
    return false;
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *v = op->operands[i].value;
    use_unlink(&op->operands[i]);
    nu[i].user = op;
    use_link(&nu[i], v);
  }
  op->operands = nu;
  return true;
}

void casc_op_add_operand(casc_ctx *ctx, casc_op *op, casc_value *v) {
  if (!grow_operands(ctx, op, op->nops + 1))
    return;
  casc_use *u = &op->operands[op->nops];
  u->user = op;
  use_link(u, v);
  op->nops = (uint16_t)(op->nops + 1);
}

void casc_op_set_operands(casc_ctx *ctx, casc_op *op, unsigned n,
                          casc_value *const *vals) {
  for (unsigned i = 0; i < op->nops; i++)
    use_unlink(&op->operands[i]);
  op->nops = 0;
  if (!grow_operands(ctx, op, n))
    return;
  for (unsigned i = 0; i < n; i++) {
    casc_use *u = &op->operands[i];
    u->user = op;
    use_link(u, vals[i]);
  }
  op->nops = (uint16_t)n;
}

void casc_op_drop_operand_uses(casc_op *op) {
  for (unsigned i = 0; i < op->nops; i++)
    use_unlink(&op->operands[i]);
}

casc_attr *casc_op_props(const casc_op *op) {
  unregistered_extra *x = unregistered_extra_of(op);
  return x ? x->props : NULL;
}

bool casc_op_set_props(casc_op *op, casc_attr *props) {
  unregistered_extra *x = unregistered_extra_of(op);
  if (x)
    x->props = props;
  return x || !props;
}

casc_attr *casc_op_attr(const casc_op *op, const char *name) {
  return casc_dict_get(op->attrs, name);
}

void casc_op_set_attr(casc_ctx *ctx, casc_op *op, const char *name,
                      casc_attr *value) {
  const char *iname = casc_intern_cstr(ctx, name);
  if (!iname)
    return;
  casc_attr *d = casc_dict_set(ctx, op->attrs, iname, value);
  if (d)
    op->attrs = d->u.dict.n ? d : NULL;
}

int64_t casc_op_attr_int(const casc_op *op, const char *name, int64_t dflt) {
  casc_attr *a = casc_op_attr(op, name);
  if (!a)
    return dflt;
  if (a->kind == CASC_ATTR_INTEGER)
    return a->u.i.v;
  if (a->kind == CASC_ATTR_BOOL)
    return a->u.b;
  return dflt;
}

const char *casc_op_name(const casc_op *op) {
  unregistered_extra *x = unregistered_extra_of(op);
  return x ? x->name : casc_op_info_get(op->kind)->name;
}

const casc_op_info *casc_op_info_of(const casc_op *op) {
  return casc_op_info_get(op->kind);
}

casc_op *casc_op_parent_op(const casc_op *op) {
  if (!op->parent || !op->parent->parent)
    return NULL;
  return op->parent->parent->parent;
}

bool casc_op_is_ancestor(const casc_op *ancestor, const casc_op *op) {
  for (const casc_op *o = op; o; o = casc_op_parent_op(o))
    if (o == ancestor)
      return true;
  return false;
}

bool casc_value_has_uses(const casc_value *v) {
  return v->first_use != NULL;
}

unsigned casc_value_num_uses(const casc_value *v) {
  unsigned n = 0;
  for (casc_use *u = v->first_use; u; u = u->next)
    n++;
  return n;
}

void casc_value_replace_all_uses(casc_value *from, casc_value *to) {
  if (from == to)
    return;
  while (from->first_use) {
    casc_use *u = from->first_use;
    use_unlink(u);
    use_link(u, to);
  }
}
