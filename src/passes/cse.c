/* -cse: an op without side effects and without regions that repeats an
 * earlier op (same name, operands, attributes, result types) in a
 * dominating position is replaced by it. Scopes follow the region tree: a
 * value computed before an scf.for is reused inside it, not the reverse. */
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

typedef struct {
  casc_op *op;
  uint64_t hash;
  uint32_t prev; /* previous entry with the same hash key (+1), 0 none */
} entry;

typedef struct {
  entry *e;
  uint32_t n, cap;
  casc_ptrmap top; /* hash key -> index of the newest entry (+1) */
  bool oom;
} table;

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

static uint64_t op_hash(const casc_op *op) {
  uint64_t h = mix(0, (uintptr_t)casc_op_name(op));
  h = mix(h, (uintptr_t)op->attrs);
  h = mix(h, (uintptr_t)casc_op_props(op));
  for (unsigned i = 0; i < op->nops; i++)
    h = mix(h, (uintptr_t)op->operands[i].value);
  for (unsigned i = 0; i < op->nres; i++)
    h = mix(h, (uintptr_t)casc_op_results(op)[i].type);
  return h | 1; /* never a NULL key */
}

static bool same(const casc_op *a, const casc_op *b) {
  if (casc_op_name(a) != casc_op_name(b) || a->attrs != b->attrs ||
      casc_op_props(a) != casc_op_props(b) || a->nops != b->nops ||
      a->nres != b->nres)
    return false;
  for (unsigned i = 0; i < a->nops; i++)
    if (a->operands[i].value != b->operands[i].value)
      return false;
  for (unsigned i = 0; i < a->nres; i++)
    if (casc_op_results(a)[i].type != casc_op_results(b)[i].type)
      return false;
  return true;
}

static const void *key(uint64_t h) {
  return (const void *)(uintptr_t)h;
}

static void cse_block(table *t, casc_block *b);

static void cse_op(table *t, casc_op *op) {
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      cse_block(t, b);
}

static void cse_block(table *t, casc_block *b) {
  uint32_t mark = t->n;
  casc_op *next;
  for (casc_op *op = b->first; op; op = next) {
    next = op->next;
    if (op->nregions) {
      cse_op(t, op);
      continue;
    }
    if (!casc_op_is_pure(op) || op->nres == 0)
      continue;
    uint64_t h = op_hash(op);
    uint32_t i = casc_ptrmap_get(&t->top, key(h), 0);
    casc_op *found = NULL;
    while (i && !found) {
      entry *e = &t->e[i - 1];
      if (e->hash == h && same(e->op, op))
        found = e->op;
      i = e->prev;
    }
    if (found) {
      for (unsigned k = 0; k < op->nres; k++)
        casc_value_replace_all_uses(&casc_op_results(op)[k],
                                    &casc_op_results(found)[k]);
      casc_op_erase(op);
      continue;
    }
    if (t->n == t->cap) {
      entry *ne = casc_grow(t->e, &t->cap, t->n + 1, sizeof *ne);
      if (!ne) {
        t->oom = true;
        return;
      }
      t->e = ne;
    }
    t->e[t->n].op = op;
    t->e[t->n].hash = h;
    t->e[t->n].prev = casc_ptrmap_get(&t->top, key(h), 0);
    t->n++;
    if (!casc_ptrmap_put(&t->top, key(h), t->n))
      t->oom = true;
  }
  /* Leave the scope: entries of this block are no longer visible. */
  while (t->n > mark) {
    entry *e = &t->e[--t->n];
    casc_ptrmap_put(&t->top, key(e->hash), e->prev);
  }
}

bool casc_pass_cse(casc_ctx *ctx, casc_op *module, const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next) {
    if (f->kind != CASC_OP_FUNC_FUNC || !f->nregions ||
        !casc_op_regions(f)[0].first)
      continue;
    table t = {0};
    casc_ptrmap_init(&t.top);
    cse_op(&t, f);
    bool oom = t.oom;
    casc_free(t.e);
    casc_ptrmap_free(&t.top);
    if (oom) {
      casc_emit_error(ctx, f->loc, "out of memory in cse");
      return false;
    }
  }
  return true;
}
