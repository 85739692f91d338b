/* -ascendc-insert-sync: the synchronisation pyasc adds when a kernel does
 * not manage its queues itself (python/asc/runtime/compiler.py runs it for
 * modules with local_tensor_auto). Per function with a body:
 *
 * 1. After each op writing a `dst` tensor: an `enque_tensor` on the tensor's
 *    queue when the tensor comes from `alloc_tensor`/`deque_tensor`;
 *    otherwise, for a local tensor, the sync that orders the write before
 *    the vector pipe: `pipe_barrier pipe_v` after a vector op, a
 *    SetFlag/WaitFlag pair on the `<pipe>_V` event after a copy or cube op
 *    (PIPE_ALL when the hardware has no such event).
 * 2. Before the first later user of each enqueued tensor (in the enqueue's
 *    region): a `deque_tensor`, whose result the users then read; an enqueue
 *    that does not dominate its dequeue is moved after its enclosing op.
 * 3. Around every get_value / set_value: V_S before, S_V after (around a
 *    loop whose body is just a set_value).
 * 4. `pipe_barrier pipe_all` before the function's return, and adjacent
 *    barriers merged (pipe_all absorbs).
 *
 * Where casc differs from pyasc on purpose (docs/passes.md): pyasc puts
 * `pipe_barrier pipe_v` after every write to a tensor not from a queue,
 * including data copies into GM and copies on the MTE pipes, which a
 * PIPE_V barrier does not order at all. casc adds nothing after a write to
 * a global tensor (the function's final PIPE_ALL orders it) and the event
 * pair of the writing pipe after a non-vector write to a local tensor. */
#include <ctype.h>
#include <string.h>

#include "casc/diag.h"
#include "dialect/ascend_hw.h"
#include "dialect/dialect.h"
#include "passes/cleanup.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"
#include "util/grow.h"

/* ---- order and dominance in structured IR ------------------------------ */

static casc_op *parent_op_of_block(const casc_block *b) {
  return b && b->parent ? b->parent->parent : NULL;
}

static bool before_in_block(const casc_op *a, const casc_op *b) {
  for (const casc_op *o = a ? a->next : NULL; o; o = o->next)
    if (o == b)
      return true;
  return false;
}

/* The ancestor of op (op itself included) whose block is blk, or NULL. */
static casc_op *ancestor_in_block(casc_op *op, const casc_block *blk) {
  for (; op; op = parent_op_of_block(op->parent))
    if (op->parent == blk)
      return op;
  return NULL;
}

/* The ancestor of op (op included) directly in a block of region r. */
static casc_op *ancestor_in_region(casc_op *op, const casc_region *r) {
  for (; op; op = parent_op_of_block(op->parent))
    if (op->parent && op->parent->parent == r)
      return op;
  return NULL;
}

/* pyasc's opPrecedes: a runs before b in the nearest block enclosing both
 * (ops nested in one region op are not ordered against each other). */
static bool op_precedes(casc_op *a, casc_op *b) {
  if (a == b)
    return false;
  for (casc_block *blk = a->parent; blk;) {
    casc_op *bb = ancestor_in_block(b, blk);
    if (bb) {
      casc_op *aa = ancestor_in_block(a, blk);
      return aa != bb && before_in_block(aa, bb);
    }
    casc_op *up = parent_op_of_block(blk);
    blk = up ? up->parent : NULL;
  }
  return false;
}

/* a dominates b: b (or its ancestor) is after a in a's block. */
static bool dominates(casc_op *a, casc_op *b) {
  casc_op *bb = ancestor_in_block(b, a->parent);
  return bb && bb != a && before_in_block(a, bb);
}

/* ---- building the sync ops --------------------------------------------- */

static casc_attr *enum_attr(casc_ctx *ctx, int64_t v) {
  return casc_attr_int(ctx, casc_type_i32(ctx), v);
}

static casc_attr *one_attr(casc_ctx *ctx, const char *name, casc_attr *v) {
  casc_named_attr e = {casc_intern_cstr(ctx, name), v};
  return casc_attr_dict(ctx, 1, &e);
}

static int64_t pipe_enum(const char *kw) {
  return casc_enum_parse(CASC_ENUM_PIPE, kw, strlen(kw));
}

static bool build_barrier(casc_builder *b, int64_t pipe) {
  return casc_build(b, CASC_OP_PIPE_BARRIER, 0, NULL, 0, NULL,
                    one_attr(b->ctx, "pipe", enum_attr(b->ctx, pipe)),
                    0) != NULL;
}

/* `%p = ascendc.pipe; %e = fetch_event_id %p, evt : i8; set_flag evt, %e;
 * wait_flag evt, %e` (pyasc's own pipe per sync; unify-pipe merges them). */
static bool build_event_pair(casc_builder *b, int64_t evt) {
  casc_ctx *ctx = b->ctx;
  casc_type *pipe_t = casc_type_pipe(ctx);
  casc_type *i8 = casc_type_int(ctx, 8, CASC_SIGNLESS);
  casc_attr *ev = one_attr(ctx, "event", enum_attr(ctx, evt));
  casc_op *pipe = casc_build(b, CASC_OP_PIPE, 0, NULL, 1, &pipe_t, NULL, 0);
  if (!pipe)
    return false;
  casc_value *pv = casc_op_result(pipe, 0);
  casc_op *id =
      casc_build(b, CASC_OP_PIPE_FETCH_EVENT_ID, 1, &pv, 1, &i8, ev, 0);
  if (!id)
    return false;
  casc_value *iv = casc_op_result(id, 0);
  return casc_build(b, CASC_OP_SET_FLAG, 1, &iv, 0, NULL, ev, 0) &&
         casc_build(b, CASC_OP_WAIT_FLAG, 1, &iv, 0, NULL, ev, 0);
}

static int64_t hard_event(const char *kw) {
  return casc_enum_parse(CASC_ENUM_HARDEVENT, kw, strlen(kw));
}

/* ---- 1. enqueue / barrier after each write ----------------------------- */

static casc_value *dst_operand(casc_op *op) {
  const casc_op_info *info = casc_op_info_get(op->kind);
  int i = info ? casc_op_info_operand(info, "dst", 3) : -1;
  unsigned begin, count;
  if (i < 0 || !casc_op_operand_group(op, (unsigned)i, &begin, &count) ||
      count != 1)
    return NULL;
  return op->operands[begin].value;
}

static casc_value *queue_of(casc_value *tensor) {
  casc_op *d = tensor->def;
  if (d && (d->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR ||
            d->kind == CASC_OP_QUE_BIND_DEQUE_TENSOR))
    return d->operands[0].value;
  return NULL;
}

/* The pipe op runs on; a copy's from its operands (GM source: MTE2, GM
 * destination: MTE3, local to local: V). */
static casc_hw_pipe pipe_of(casc_op *op) {
  const casc_op_info *info = casc_op_info_get(op->kind);
  if (!info || info->pipe != CASC_PIPE_COPY)
    return info ? info->pipe : CASC_PIPE_NONE;
  casc_value *dst = dst_operand(op);
  if (dst && casc_type_is_global_tensor(dst->type))
    return CASC_PIPE_MTE3;
  for (unsigned i = 0; i < op->nops; i++)
    if (casc_type_is_global_tensor(op->operands[i].value->type))
      return CASC_PIPE_MTE2;
  return CASC_PIPE_V;
}

/* The buffer a local tensor value lives in: through views (ops making a
 * local tensor out of another, e.g. `bracket`) to the op that hands the
 * buffer out, or a block argument. */
static casc_value *storage_root(casc_value *v) {
  for (int depth = 0; v->def && depth < 1000; depth++) {
    casc_op *d = v->def;
    casc_value *src = NULL;
    for (unsigned i = 0; i < d->nops && !src; i++)
      if (casc_type_is_local_tensor(d->operands[i].value->type))
        src = d->operands[i].value;
    if (!src || d->kind == CASC_OP_QUE_BIND_ALLOC_TENSOR ||
        d->kind == CASC_OP_QUE_BIND_DEQUE_TENSOR)
      break;
    v = src;
  }
  return v;
}

/* The queue or TBuf a root buffer comes from, or NULL when unknown (an
 * argument, a tensor built by hand). */
static casc_value *buffer_owner(casc_value *root) {
  casc_op *d = root->def;
  if (!d)
    return NULL;
  switch (d->kind) {
  case CASC_OP_QUE_BIND_ALLOC_TENSOR:
  case CASC_OP_QUE_BIND_DEQUE_TENSOR:
  case CASC_OP_TBUF_GET_TENSOR:
  case CASC_OP_TBUF_GET_WITH_OFFSET:
    return d->operands[0].value;
  default:
    return NULL;
  }
}

/* Conservative: two tensors are apart only when both come from known,
 * different queues or TBufs (the pipe gives each its own memory) or are
 * different local_tensor_auto. */
static bool may_alias(casc_value *a, casc_value *b) {
  casc_value *ra = storage_root(a), *rb = storage_root(b);
  if (ra == rb)
    return true;
  if (ra->def && rb->def && ra->def->kind == CASC_OP_LOCAL_TENSOR_AUTO &&
      rb->def->kind == CASC_OP_LOCAL_TENSOR_AUTO)
    return false;
  casc_value *oa = buffer_owner(ra), *ob = buffer_owner(rb);
  return !oa || !ob || oa == ob;
}

/* The pipes of the ops that may touch `dst` after `w` (reading or writing
 * it): those after w at each nesting level, and, inside a loop, the whole
 * loop body (the next iteration). The search ends at the first later op
 * that certainly runs and writes the tensor on a hardware pipe: the sync
 * after that op orders everything after it (w before it, it before them). */
typedef struct {
  casc_value *dst;
  bool pipes[CASC_PIPE_COPY + 1];
} consumers;

static bool note_consumer(casc_op *op, void *user) {
  consumers *c = user;
  casc_hw_pipe p = pipe_of(op);
  if (p == CASC_PIPE_NONE || p == CASC_PIPE_S || c->pipes[p])
    return true;
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *v = op->operands[i].value;
    if (casc_type_is_local_tensor(v->type) && may_alias(v, c->dst)) {
      c->pipes[p] = true;
      break;
    }
  }
  return true;
}

/* After FreeTensor the queue itself orders the buffer's next use
 * (AllocTensor waits for the free event). */
static bool frees(casc_op *op, casc_value *dst) {
  return op->kind == CASC_OP_QUE_BIND_FREE_TENSOR && op->nops == 2 &&
         may_alias(op->operands[1].value, dst);
}

static bool rewrites(casc_op *op, casc_value *dst) {
  casc_value *d = op->nregions ? NULL : dst_operand(op);
  casc_hw_pipe p = pipe_of(op);
  return d && p != CASC_PIPE_NONE && p != CASC_PIPE_S &&
         casc_type_is_local_tensor(d->type) && may_alias(d, dst);
}

static void find_consumers(casc_op *w, consumers *c) {
  for (casc_op *a = w; a && a->kind != CASC_OP_FUNC_FUNC;
       a = casc_op_parent_op(a)) {
    for (casc_op *o = a->next; o; o = o->next) {
      if (frees(o, c->dst))
        return;
      casc_walk_pre(o, note_consumer, c);
      if (rewrites(o, c->dst))
        return;
    }
    casc_op *up = casc_op_parent_op(a);
    if (up && (up->kind == CASC_OP_SCF_FOR || up->kind == CASC_OP_SCF_WHILE))
      for (unsigned r = 0; r < up->nregions; r++)
        casc_walk_region_pre(&casc_op_regions(up)[r], note_consumer, c);
  }
}

/* The Pipe enum value of a hardware pipe: "pipe_" + its lower-case name. */
static int64_t barrier_of(casc_hw_pipe p) {
  char kw[16] = "pipe_";
  const char *name = casc_hw_pipe_name(p);
  for (size_t i = 0; name && name[i] && 5 + i + 1 < sizeof kw; i++)
    kw[5 + i] = (char)tolower((unsigned char)name[i]);
  return pipe_enum(kw);
}

/* After a write on pipe p to a local tensor not from a queue: for each
 * pipe that may touch the tensor later, the sync ordering the two: a
 * PipeBarrier for the same pipe (vector ops after a vector op), the
 * SetFlag/WaitFlag pair of the HardEvent between two pipes (PIPE_ALL when
 * there is none). Nothing when no later op touches it. */
static bool sync_local_write(casc_builder *b, casc_op *w, casc_value *dst) {
  casc_hw_pipe p = pipe_of(w);
  if (p == CASC_PIPE_NONE || p == CASC_PIPE_S)
    return true; /* in program order with the scalar unit */
  consumers c = {.dst = dst};
  find_consumers(w, &c);
  for (int q = 0; q <= CASC_PIPE_COPY; q++) {
    if (!c.pipes[q])
      continue;
    int evt = q == (int)p ? -1 : casc_hw_event_between(p, (casc_hw_pipe)q);
    bool ok = q == (int)p ? build_barrier(b, barrier_of(p))
              : evt >= 0  ? build_event_pair(b, evt)
                          : build_barrier(b, pipe_enum("pipe_all"));
    if (!ok)
      return false;
  }
  return true;
}

/* The pipe whose work EnQue on this queue orders before the DeQue: the
 * setting pipe of the queue's enQueEvt (VECIN: MTE2, VECOUT: V). */
static casc_hw_pipe enque_pipe(casc_value *queue) {
  const casc_type *t = queue->type;
  casc_hw_queue q;
  if (casc_type_is_asc(t, CASC_ASC_QUEUE) ? !casc_hw_tque(t->u.asc.p[0], &q)
      : casc_type_is_asc(t, CASC_ASC_QUE_BIND)
          ? !casc_hw_tquebind(t->u.asc.p[0], t->u.asc.p[1], &q)
          : true)
    return CASC_PIPE_NONE;
  return casc_hw_event_src_pipe(q.enq_event);
}

/* Some op after w other than free_tensor uses t. */
static bool read_later(casc_op *w, casc_value *t) {
  for (casc_use *u = t->first_use; u; u = u->next)
    if (u->user->kind != CASC_OP_QUE_BIND_FREE_TENSOR &&
        op_precedes(w, u->user))
      return true;
  return false;
}

static bool sync_after_write(casc_ctx *ctx, casc_op *op) {
  casc_value *dst = dst_operand(op);
  if (!dst || (!casc_type_is_local_tensor(dst->type) &&
               !casc_type_is_global_tensor(dst->type)))
    return true;
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_after(&b, op);
  b.loc = op->loc;
  casc_value *queue = queue_of(dst);
  if (queue && pipe_of(op) == enque_pipe(queue) && read_later(op, dst)) {
    casc_value *ops[2] = {queue, dst};
    return casc_build(&b, CASC_OP_QUE_BIND_ENQUE_TENSOR, 2, ops, 0, NULL, NULL,
                      0) != NULL;
  }
  if (casc_type_is_global_tensor(dst->type))
    return true; /* GM: ordered by the final PIPE_ALL */
  return sync_local_write(&b, op, dst);
}

/* ---- 2. dequeue before the first user ---------------------------------- */

typedef struct {
  casc_op **ops;
  unsigned n, cap;
} op_vec;

static bool is_user(const op_vec *v, const casc_op *op) {
  for (unsigned i = 0; i < v->n; i++)
    if (v->ops[i] == op)
      return true;
  return false;
}

static bool dequeue_one(casc_ctx *ctx, casc_op *enq, op_vec *users) {
  casc_value *queue = enq->operands[0].value;
  casc_value *tensor = enq->operands[1].value;
  users->n = 0;
  casc_op *first = NULL;
  for (casc_use *u = tensor->first_use; u; u = u->next) {
    casc_op *user = u->user;
    if (user->kind == CASC_OP_QUE_BIND_FREE_TENSOR || !op_precedes(enq, user) ||
        is_user(users, user))
      continue;
    casc_op **grown =
        casc_grow(users->ops, &users->cap, users->n + 1, sizeof *grown);
    if (!grown) {
      casc_ctx_report_oom(ctx);
      return false;
    }
    users->ops = grown;
    users->ops[users->n++] = user;
    if (!first || op_precedes(user, first))
      first = user;
  }
  if (!first)
    return true;
  casc_op *same = ancestor_in_region(first, enq->parent->parent);
  if (same)
    first = same;
  casc_builder b;
  casc_builder_init(&b, ctx);
  casc_builder_set_before(&b, first);
  b.loc = enq->loc;
  casc_type *tt = tensor->type;
  casc_op *deq =
      casc_build(&b, CASC_OP_QUE_BIND_DEQUE_TENSOR, 1, &queue, 1, &tt, NULL, 0);
  if (!deq)
    return false;
  if (!dominates(enq, deq)) {
    casc_op *outer = ancestor_in_region(enq, deq->parent->parent);
    if (!outer) {
      casc_emit_error(ctx, enq->loc,
                      "'%s' op failed to be hoisted to tensor deque op scope",
                      casc_op_name(enq));
      return false;
    }
    /* Right after the op enclosing it (there is no move-after: put it
     * before outer, then outer before it). */
    casc_op_move_before(outer, enq);
    casc_op_move_before(enq, outer);
  }
  for (unsigned i = 0; i < users->n; i++)
    for (unsigned k = 0; k < users->ops[i]->nops; k++)
      if (users->ops[i]->operands[k].value == tensor)
        casc_op_set_operand(users->ops[i], k, casc_op_result(deq, 0));
  return true;
}

static bool dequeue_region(casc_ctx *ctx, casc_region *r, op_vec *users) {
  bool ok = true;
  for (casc_block *blk = r->first; blk; blk = blk->next) {
    for (casc_op *op = blk->first, *next; op; op = next) {
      next = op->next; /* a moved enqueue lands after the current op */
      if (op->kind != CASC_OP_QUE_BIND_ENQUE_TENSOR) {
        for (unsigned i = 0; i < op->nregions; i++)
          ok &= dequeue_region(ctx, &casc_op_regions(op)[i], users);
        continue;
      }
      if (!dequeue_one(ctx, op, users))
        return false;
    }
  }
  return ok;
}

/* ---- 3. scalar access to tensor elements ------------------------------- */

static bool is_get_value(const casc_op *op) {
  return op->kind == CASC_OP_LOCAL_TENSOR_GET_VALUE ||
         op->kind == CASC_OP_GLOBAL_TENSOR_GET_VALUE;
}

static bool is_set_value(const casc_op *op) {
  return op->kind == CASC_OP_LOCAL_TENSOR_SET_VALUE ||
         op->kind == CASC_OP_GLOBAL_TENSOR_SET_VALUE;
}

static casc_op *enclosing_for(casc_op *op) {
  for (casc_op *p = casc_op_parent_op(op); p; p = casc_op_parent_op(p))
    if (p->kind == CASC_OP_SCF_FOR)
      return p;
  return NULL;
}

/* V_S before `first`, S_V after `last`, both at op's location. */
static bool sync_scalar_access(casc_ctx *ctx, casc_op *op, casc_op *first,
                               casc_op *last) {
  casc_builder b;
  casc_builder_init(&b, ctx);
  b.loc = op->loc;
  casc_builder_set_before(&b, first);
  if (!build_event_pair(&b, hard_event("v_s")))
    return false;
  casc_builder_set_after(&b, last);
  return build_event_pair(&b, hard_event("s_v"));
}

/* pyasc's order: every get_value first, then every set_value. A set_value
 * that is the whole body of its innermost enclosing loop is synchronised
 * around that loop instead of in every iteration. */
static bool sync_scalar_accesses(casc_ctx *ctx, casc_op *f, bool set) {
  casc_op_list l;
  if (!casc_collect_ops(ctx, f, true, &l)) {
    casc_op_list_free(&l);
    return false;
  }
  bool ok = true;
  for (unsigned i = 0; i < l.n && ok; i++) {
    casc_op *op = l.ops[i];
    if (set ? !is_set_value(op) : !is_get_value(op))
      continue;
    casc_op *around = op;
    casc_op *loop = set ? enclosing_for(op) : NULL;
    casc_block *body = loop && casc_op_regions(loop)[0].first
                           ? casc_op_regions(loop)[0].first
                           : NULL;
    if (body && body->first && body->first->next == body->last &&
        body->last->kind == CASC_OP_SCF_YIELD)
      around = loop;
    ok = sync_scalar_access(ctx, op, around, around);
  }
  casc_op_list_free(&l);
  return ok;
}

/* ---- 4. PIPE_ALL at the end, adjacent barriers merged ------------------ */

static bool merge_barriers(casc_ctx *ctx, casc_op *f) {
  casc_op_list l;
  if (!casc_collect_ops(ctx, f, false, &l)) {
    casc_op_list_free(&l);
    return false;
  }
  /* Backwards, so that a merge never erases an op still to be visited. */
  for (unsigned i = l.n; i-- > 0;)
    if (l.ops[i]->kind == CASC_OP_PIPE_BARRIER)
      casc_canon_barrier(l.ops[i]);
  casc_op_list_free(&l);
  return true;
}

static bool insert_sync_func(casc_ctx *ctx, casc_op *f) {
  casc_op_list l;
  if (!casc_collect_ops(ctx, f, true, &l)) {
    casc_op_list_free(&l);
    return false;
  }
  bool ok = true;
  for (unsigned i = 0; i < l.n && ok; i++)
    ok = sync_after_write(ctx, l.ops[i]);
  casc_op_list_free(&l);
  op_vec users = {0};
  ok = ok && dequeue_region(ctx, &casc_op_regions(f)[0], &users);
  casc_free(users.ops);
  ok = ok && sync_scalar_accesses(ctx, f, false) &&
       sync_scalar_accesses(ctx, f, true);
  if (!ok)
    return false;
  casc_block *last = casc_op_regions(f)[0].last;
  casc_builder b;
  casc_builder_init(&b, ctx);
  if (last->last)
    casc_builder_set_before(&b, last->last);
  else
    casc_builder_set_end(&b, last);
  b.loc = casc_loc_unknown(ctx);
  if (!build_barrier(&b, pipe_enum("pipe_all")) || !merge_barriers(ctx, f))
    return false;
  /* The rest of what MLIR's greedy driver does around the merge pattern. */
  casc_cleanup_func(ctx, f, CASC_CLEANUP_ALL);
  return true;
}

bool casc_pass_insert_sync(casc_ctx *ctx, casc_op *module,
                           const char *options) {
  (void)options;
  for (casc_op *f = casc_module_body(module)->first; f; f = f->next)
    if (f->kind == CASC_OP_FUNC_FUNC && f->nregions &&
        casc_op_regions(f)[0].first && !insert_sync_func(ctx, f))
      return false;
  return true;
}
