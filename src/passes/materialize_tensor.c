/* -ascendc-materialize-tensor: gives every ascendc.local_tensor_auto real
 * storage (docs/ir.md §4.3), in pyasc's shape:
 *
 *   input / output  -> ascendc.pipe, ascendc.queue : <vecin|vecout, 1>,
 *                      pipe.init_queue %p, %q, %c1_i32, <bytes : i64>,
 *                      que_bind.alloc_tensor, and a que_bind.free_tensor
 *   neither         -> ascendc.pipe, ascendc.tbuf : <veccalc>,
 *                      pipe.init_buffer %p, %b, <bytes : i64>,
 *                      tbuf.get_tensor (nothing to free)
 *
 * pyasc puts each free_tensor right before the terminator of the block,
 * after the later tensors' frees (its rewriter visits the tensors last to
 * first). Option `free-at-last-use` (casc's pipeline) puts it right after
 * the tensor's last use in that block instead, so the buffer goes back to
 * its queue as early as possible. Either way a free never lands before a
 * use: when the block's terminator itself uses the tensor (it is yielded
 * or returned), the free stays before the terminator as in pyasc and a
 * warning says so. Like pyasc's greedy driver, the pass then folds, hoists
 * and deduplicates constants and drops unused pure ops. */
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"
#include "util/grow.h"

typedef struct {
  casc_op **ops;
  unsigned n, cap;
  bool oom;
} auto_list;

static bool collect_auto(casc_op *op, void *user) {
  auto_list *l = user;
  if (op->kind != CASC_OP_LOCAL_TENSOR_AUTO)
    return true;
  if (l->n == l->cap) {
    casc_op **n = casc_grow(l->ops, &l->cap, l->n + 1, sizeof *n);
    if (!n) {
      l->oom = true;
      return false;
    }
    l->ops = n;
  }
  l->ops[l->n++] = op;
  return true;
}

/* The op of `block` holding `op` (op or an ancestor), or NULL. */
static casc_op *in_block(casc_op *op, const casc_block *block) {
  while (op && op->parent != block)
    op = casc_op_parent_op(op);
  return op;
}

static bool before(const casc_op *a, const casc_op *b) {
  for (const casc_op *o = a; o; o = o->next)
    if (o == b)
      return true;
  return false;
}

/* Views of a tensor (subindex, bracket, reinterpret_cast) use its buffer. */
static bool is_view(const casc_op *op) {
  return op->kind == CASC_OP_LOCAL_TENSOR_SUBINDEX ||
         op->kind == CASC_OP_LOCAL_TENSOR_BRACKET ||
         op->kind == CASC_OP_REINTERPRET_CAST;
}

/* Last op of `block` that uses v or a view of it (NULL: no use). */
static casc_op *last_use(casc_value *v, const casc_block *block, int depth) {
  casc_op *last = NULL;
  for (casc_use *u = v->first_use; u; u = u->next) {
    casc_op *a = in_block(u->user, block);
    if (a && (!last || before(last, a)))
      last = a;
    if (is_view(u->user) && u->user->nres == 1 && depth < 16) {
      casc_op *b = last_use(&casc_op_results(u->user)[0], block, depth + 1);
      if (b && (!last || before(last, b)))
        last = b;
    }
  }
  return last;
}

static bool static_shape(const casc_type *t) {
  if (t->u.asc.rank == 0)
    return false;
  for (unsigned i = 0; i < t->u.asc.rank; i++)
    if (t->u.asc.shape[i] == CASC_DYN_DIM || t->u.asc.shape[i] < 0)
      return false;
  return true;
}

static bool const_int(const casc_value *v, int64_t *out) {
  if (!v->def || v->def->kind != CASC_OP_ARITH_CONSTANT)
    return false;
  casc_attr *a = casc_op_attr(v->def, "value");
  if (!a || a->kind != CASC_ATTR_INTEGER)
    return false;
  *out = a->u.i.v;
  return true;
}

/* The single result of a freshly built op, NULL when building failed (out
 * of memory, already reported by the context). */
static casc_value *result_of(casc_op *op) {
  return op ? &casc_op_results(op)[0] : NULL;
}

/* Byte length as an i64 value, built before `at` (pyasc multiplies the
 * element size by each dynamic dimension in turn; constant factors fold).
 * NULL when out of memory. */
static casc_value *length_of(casc_ctx *ctx, casc_op *at, casc_builder *b) {
  casc_type *t = casc_op_results(at)[0].type;
  casc_type *i64 = casc_type_i64(ctx);
  unsigned bits = casc_type_bit_width(t->u.asc.elem);
  int64_t elem = bits / 8;
  if (static_shape(t)) {
    int64_t n = elem;
    for (unsigned i = 0; i < t->u.asc.rank; i++)
      n *= t->u.asc.shape[i];
    return result_of(casc_build_const_int(b, i64, n));
  }
  int64_t folded = elem;
  casc_value *acc = NULL;
  for (unsigned i = 0; i < at->nops; i++) {
    casc_value *d = at->operands[i].value;
    int64_t dv;
    if (!acc && const_int(d, &dv)) {
      folded *= dv;
      continue;
    }
    casc_value *rhs = d;
    casc_value *lhs = acc;
    if (!acc) {
      /* const * dim: the constant goes to the right (commutative fold). */
      lhs = d;
      rhs = result_of(casc_build_const_int(b, i64, folded));
      if (!rhs)
        return NULL;
    }
    casc_value *o[2] = {lhs, rhs};
    acc = result_of(casc_build(b, CASC_OP_ARITH_MULI, 2, o, 1, &i64, NULL, 0));
    if (!acc)
      return NULL;
  }
  return acc ? acc : result_of(casc_build_const_int(b, i64, folded));
}

static bool materialize_one(casc_ctx *ctx, casc_op *op, bool at_last_use) {
  casc_type *t = casc_op_results(op)[0].type;
  if (op->nres != 1 || !casc_type_is_local_tensor(t)) {
    casc_emit_error(ctx, op->loc,
                    "'ascendc.local_tensor_auto' needs a local tensor result");
    return false;
  }
  if (!static_shape(t) && op->nops == 0) {
    casc_emit_error(ctx, op->loc,
                    "'ascendc.local_tensor_auto' of a type without a static "
                    "shape needs its dimensions as operands");
    return false;
  }
  bool input = casc_op_attr(op, "input") != NULL;
  bool output = casc_op_attr(op, "output") != NULL;
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_before(&b, op);
  b.loc = op->loc;
  /* Out of memory part-way leaves half-built ops in the function; the
   * context reported it and fails verification, so only stop here. */
  casc_value *len = length_of(ctx, op, &b);
  casc_type *pt = casc_type_pipe(ctx);
  casc_value *pipe =
      len ? result_of(casc_build(&b, CASC_OP_PIPE, 0, NULL, 1, &pt, NULL, 0))
          : NULL;
  if (!pipe)
    return false;
  casc_op *repl;
  if (!input && !output) {
    casc_type *bt = casc_type_tbuf(ctx, CASC_TPOS_VECCALC);
    casc_value *buf =
        result_of(casc_build(&b, CASC_OP_TBUF, 0, NULL, 1, &bt, NULL, 0));
    casc_value *io[3] = {pipe, buf, len};
    if (!buf ||
        !casc_build(&b, CASC_OP_PIPE_INIT_BUFFER, 3, io, 0, NULL, NULL, 0))
      return false;
    repl = casc_build(&b, CASC_OP_TBUF_GET_TENSOR, 1, &buf, 1, &t, NULL, 0);
    if (!repl)
      return false;
    casc_value_replace_all_uses(&casc_op_results(op)[0],
                                &casc_op_results(repl)[0]);
    casc_op_erase(op);
    return true;
  }
  casc_type *qt =
      casc_type_queue(ctx, output ? CASC_TPOS_VECOUT : CASC_TPOS_VECIN, 1);
  casc_value *q =
      result_of(casc_build(&b, CASC_OP_QUEUE, 0, NULL, 1, &qt, NULL, 0));
  casc_value *num =
      q ? result_of(casc_build_const_int(&b, casc_type_i32(ctx), 1)) : NULL;
  casc_value *io[4] = {pipe, q, num, len};
  if (!num || !casc_build(&b, CASC_OP_PIPE_INIT_QUEUE, 4, io, 0, NULL, NULL, 0))
    return false;
  repl = casc_build(&b, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &q, 1, &t, NULL, 0);
  if (!repl)
    return false;
  casc_value *tensor = &casc_op_results(repl)[0];
  casc_value_replace_all_uses(&casc_op_results(op)[0], tensor);
  casc_op_erase(op);

  casc_block *blk = repl->parent;
  casc_op *term = casc_block_terminator(blk);
  casc_op *last = last_use(tensor, blk, 0);
  bool term_uses = term && last == term;
  casc_value *fo[2] = {q, tensor};
  casc_op *fr = casc_op_create_kind(ctx, CASC_OP_QUE_BIND_FREE_TENSOR,
                                    repl->loc, 2, fo, 0, NULL, NULL, 0);
  if (!fr)
    return false;
  if (at_last_use && !term_uses)
    casc_op_insert_after(last ? last : repl, fr);
  else if (term)
    casc_op_insert_before(term, fr);
  else
    casc_block_append(blk, fr);
  if (term_uses)
    casc_emit_warning(ctx, repl->loc,
                      "FreeTensor: materialize-tensor frees this tensor "
                      "before the block terminator, which still uses it");
  return true;
}

bool casc_pass_materialize_tensor(casc_ctx *ctx, casc_op *module,
                                  const char *options) {
  bool at_last_use = false;
  if (options && options[0]) {
    if (strcmp(options, "free-at-last-use") != 0) {
      casc_emit_error(ctx, module->loc,
                      "ascendc-materialize-tensor: unknown option '%s' "
                      "(known: free-at-last-use)",
                      options);
      return false;
    }
    at_last_use = true;
  }
  bool ok = true;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next) {
    if (f->kind != CASC_OP_FUNC_FUNC || !f->nregions ||
        !casc_op_regions(f)[0].first)
      continue;
    auto_list l = {0};
    casc_walk_pre(f, collect_auto, &l);
    if (l.oom) {
      casc_free(l.ops);
      casc_emit_error(ctx, f->loc, "out of memory");
      return false;
    }
    /* Last to first, as pyasc's rewriter: the frees placed before a
     * terminator come out in reverse allocation order. */
    for (unsigned i = l.n; i-- > 0;)
      ok &= materialize_one(ctx, l.ops[i], at_last_use);
    if (l.n)
      casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
    casc_free(l.ops);
  }
  return ok;
}
