/* -ascendc-hoist-que-bind and -ascendc-hoist-ub-allocation: pyasc's
 * HoistOpPattern. An op of the hoisted kinds that sits inside a region op
 * (scf.for, scf.if) moves right before that region op when all its operands
 * are defined outside it, repeatedly, so it climbs to the function body.
 *   hoist-que-bind:      ascendc.queue / que_bind / tbuf, pipe.init_buffer,
 *                        pipe.init_queue, tbuf.get_tensor
 *   hoist-ub-allocation: local_tensor_auto that is neither input nor output
 * The order in which ops move (and so their order before the region op) is
 * that of MLIR's greedy driver, which pyasc runs the pattern with (see
 * hoist_one). Then the greedy driver's cleanup (fold, hoist constants, drop
 * dead ops). */
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

static bool hoistable_que_bind(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_QUEUE:
  case CASC_OP_QUE_BIND:
  case CASC_OP_TBUF:
  case CASC_OP_PIPE_INIT_BUFFER:
  case CASC_OP_PIPE_INIT_QUEUE:
  case CASC_OP_TBUF_GET_TENSOR:
    return true;
  default:
    return false;
  }
}

static bool hoistable_ub(const casc_op *op) {
  return op->kind == CASC_OP_LOCAL_TENSOR_AUTO && !casc_op_attr(op, "input") &&
         !casc_op_attr(op, "output");
}

/* Operand v is available before `parent`: it is not defined by parent
 * or inside it (a block argument belongs to the op owning its region). */
static bool outside(const casc_value *v, const casc_op *parent) {
  const casc_op *owner = v->def;
  const casc_block *b = casc_value_block(v);
  if (!owner)
    owner = b && b->parent ? b->parent->parent : NULL;
  return owner && !casc_op_is_ancestor(parent, owner);
}

/* MLIR's greedy driver's worklist, as far as the order of hoisting
 * depends on it: a stack (last pushed, first processed) in which an op
 * appears at most once and keeps its place when pushed again. */
typedef struct {
  casc_op **ops;
  unsigned n, cap;
  casc_ptrmap at; /* op -> 1 while it is on the stack */
  bool oom;
} worklist;

static void wl_push(worklist *w, casc_op *op) {
  if (w->oom || casc_ptrmap_get(&w->at, op, 0))
    return;
  casc_op **grown = casc_grow(w->ops, &w->cap, w->n + 1, sizeof *grown);
  if (!grown || !casc_ptrmap_put(&w->at, op, 1)) {
    if (grown)
      w->ops = grown;
    w->oom = true;
    return;
  }
  w->ops = grown;
  w->ops[w->n++] = op;
}

static casc_op *wl_pop(worklist *w) {
  if (!w->n)
    return NULL;
  casc_op *op = w->ops[--w->n];
  if (!casc_ptrmap_put(&w->at, op, 0))
    w->oom = true;
  return op;
}

/* True when v has no user other than op (MLIR pushes the defining op of
 * such an operand when the replaced original is erased: it may now fold). */
static bool only_user(const casc_value *v, const casc_op *op) {
  for (const casc_use *u = v->first_use; u; u = u->next)
    if (u->user != op)
      return false;
  return true;
}

/* pyasc's HoistOpPattern clones the op before its parent and replaces the
 * original; the driver then pushes the clone, the original's users and
 * (on erasing it) the producers of its operands. casc moves the op instead
 * and pushes the same ops in the same order, so that ops hoist in pyasc's
 * order: bottom-up from the post-order list, each hoisted op followed at
 * once by what it unblocks. */
static void hoist_one(worklist *w, casc_op *op, casc_op *parent) {
  casc_op_move_before(parent, op);
  wl_push(w, op);
  for (unsigned r = 0; r < op->nres; r++)
    for (casc_use *u = casc_op_result(op, r)->first_use; u; u = u->next)
      wl_push(w, u->user);
  for (unsigned k = 0; k < op->nops; k++) {
    casc_value *v = op->operands[k].value;
    if (v->def && only_user(v, op))
      wl_push(w, v->def);
  }
}

/* One sweep of the driver over f: true if something moved. */
static bool hoist_round(casc_ctx *ctx, casc_op *f,
                        bool (*pred)(const casc_op *), worklist *w) {
  casc_op_list l;
  if (!casc_collect_ops(ctx, f, true, &l)) {
    casc_op_list_free(&l);
    w->oom = true;
    return false;
  }
  for (size_t i = 0; i < l.n; i++)
    if (l.ops[i] != f)
      wl_push(w, l.ops[i]);
  casc_op_list_free(&l);
  bool any = false;
  for (casc_op *op; !w->oom && (op = wl_pop(w));) {
    if (!pred(op))
      continue;
    casc_op *parent = casc_op_parent_op(op);
    if (!parent || parent->kind == CASC_OP_FUNC_FUNC)
      continue;
    bool ok = true;
    for (unsigned k = 0; k < op->nops && ok; k++)
      ok = outside(op->operands[k].value, parent);
    if (!ok)
      continue;
    hoist_one(w, op, parent);
    any = true;
  }
  return any;
}

static bool hoist_func(casc_ctx *ctx, casc_op *f,
                       bool (*pred)(const casc_op *)) {
  worklist w = {0};
  casc_ptrmap_init(&w.at);
  /* Every round moves an op out of one region at least, so the rounds end;
   * the bound only guards against a bug. */
  for (int round = 0; round < 64 && hoist_round(ctx, f, pred, &w); round++)
    ;
  bool ok = !w.oom;
  casc_free(w.ops);
  casc_ptrmap_free(&w.at);
  if (!ok) {
    casc_ctx_report_oom(ctx);
    return false;
  }
  casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
  return true;
}

static bool run(casc_ctx *ctx, casc_op *module, bool (*pred)(const casc_op *)) {
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions &&
        casc_op_regions(f)[0].first && !hoist_func(ctx, f, pred))
      return false;
  return true;
}

bool casc_pass_hoist_que_bind(casc_ctx *ctx, casc_op *module,
                              const char *options) {
  (void)options;
  return run(ctx, module, hoistable_que_bind);
}

bool casc_pass_hoist_ub_allocation(casc_ctx *ctx, casc_op *module,
                                   const char *options) {
  (void)options;
  return run(ctx, module, hoistable_ub);
}
