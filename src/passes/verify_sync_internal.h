/* The private interface between the pieces of -ascendc-verify-sync
 * (docs/verify-sync.md). The pass is split by job:
 *
 *   verify_sync.c            pass entry, per-function driver, diagnostics
 *                            (collected per op, reported in op order), the
 *                            path-independent checks and the end-of-function
 *                            checks
 *   verify_sync_numbering.c  pre-pass: numbers ops and values, finds queues,
 *                            pipes and tensor lifetimes, links conditions
 *   verify_sync_qinfo.c      what a queue type means on the hardware
 *                            (TPosition, HardEvents, memory)
 *   verify_sync_transfer.c   per-op transfer functions on one state
 *   verify_sync_flags.c      explicit SetFlag / WaitFlag: deadlocked waits
 *   verify_sync_domain.c     the remaining-iteration interval domain
 *   verify_sync_interp.c     the path-set interpreter: blocks, ops, scf.if,
 *                            calls, integer scalars
 *   verify_sync_loops.c      scf.for and scf.while
 *   verify_sync_state.c      one abstract state and the set of states
 *
 * Everything here is shared by at least two of those files or by the unit
 * tests (test/unit/test_passes_verify_sync_*.c), which reach the domain and
 * the state through this header. */
#ifndef CASC_PASSES_VERIFY_SYNC_INTERNAL_H
#define CASC_PASSES_VERIFY_SYNC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "casc/diag.h"
#include "dialect/ascend_hw.h"
#include "dialect/dialect.h"
#include "passes/verify_sync_state.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

/* ---- limits (docs/verify-sync.md "Limits") ------------------------------- */
#define VS_MAX_STATES 64        /* paths kept at once */
#define VS_MAX_LOOP_ITERS 80    /* fixpoint iterations of one loop */
#define VS_UNROLL_TRIPS 4096    /* known trip counts followed exactly */
#define VS_UNROLL_WORK 2000000u /* trips x body ops followed exactly */
#define VS_BUDGET 50000000ull   /* op x state steps per function */
/* The hardware's (ascend_hw.h): buffers of one TPipe, ids per HardEvent. */
#define VS_MAX_HELD CASC_HW_MAX_BUFFERS
#define VS_EVENT_IDS CASC_HW_EVENT_IDS
#define VS_MAX_BUFS CASC_HW_MAX_BUFFERS
#define VS_MAX_CALLS 8     /* nesting of calls followed into their callee */
#define VS_MAX_CALLEES 256 /* callee bodies numbered per function */
#define VS_MAX_NEST 16     /* loop depths whose iteration is recorded */

/* Diagnostic kinds, pyasc's first: for one op the lowest kind wins. */
enum {
  K_FREE_NO_ALLOC,
  K_DOUBLE_FREE,
  K_ALLOC_LEAK,
  K_DEQUE_EMPTY,
  K_ENQUE_LEAK,
  K_USE_BETWEEN,
  K_ALLOC_HANG,
  K_ALLOC_NO_INIT,
  K_ENQUE_FULL,
  K_FREE_WRONG_QUEUE,
  K_USE_AFTER_FREE,
  K_EVENT_LIMIT,
  K_INIT_MEM,
  K_INIT_COUNT,
  K_INIT_NUM,
  K_INIT_LEN,
  K_INIT_TYPE,
  K_INPLACE,
  K_WAIT_BLOCKS,
  K_COUNT_
};

#define VS_MAX_NOTES 8
typedef struct {
  uint32_t op; /* op index */
  uint32_t kind;
  char *msg;
  unsigned nnotes;
  casc_loc *note_loc[VS_MAX_NOTES];
  const char *note_msg[VS_MAX_NOTES]; /* static strings */
} vs_diag;

/* Static facts about one queue-like value. */
typedef struct {
  uint32_t decl;   /* value id of the queue value */
  int32_t depth;   /* from the type */
  int8_t tbuf;     /* a TBuf: Alloc/DeQue are Get, Free/EnQue no-ops */
  int8_t enq_evt;  /* HardEvent of EnQue->DeQue, -1 unknown */
  int8_t free_evt; /* HardEvent of Free->Alloc, -1 unknown */
  int8_t pos;      /* TPosition of the buffers */
  int8_t mem;      /* memory index (vs_mem_name), -1 none */
  int8_t pad[3];
} vs_qinfo;

/* An scf.for being interpreted (see vs_state.rlo/rhi). */
typedef struct {
  uint32_t iv;    /* value id of the induction variable */
  uint32_t ub;    /* root of the upper bound (lin_form) */
  int64_t ub_off; /* upper bound = ub + ub_off */
  int64_t step;   /* > 0 */
  uint32_t mod;   /* the trip count is a multiple of mod (>= 1) */
  uint32_t op;    /* op index of the scf.for */
  bool track;     /* remaining iterations are tracked */
} vs_loop;

/* The analysis of one function: the numbering of its ops and values (and
 * of the callees it runs in place), what is known about each value on
 * every path, the interpreter's position and the diagnostics so far. */
typedef struct {
  casc_ctx *ctx;
  casc_op *module;
  casc_op *func;
  bool oom;
  bool aborted;
  uint64_t budget;
  /* numbering */
  casc_ptrmap vid, oid;
  casc_value **vals;
  uint32_t nv, capv;
  casc_op **ops;
  uint32_t nops, capo;
  /* per value */
  int32_t *vq, *vp;
  uint8_t *vtensor, *sknown, *assumed;
  int64_t *sval;
  uint32_t *taint;
  uint32_t *death;
  uint32_t *crep; /* i1 values: the condition they are (or negate) */
  uint8_t *cneg;  /* 1: the value is the negation of crep */
  uint32_t *dstart, *dlist;
  /* queues, pipes */
  vs_qinfo *qi;
  uint32_t nq, capq;
  uint32_t *pdecl; /* value id of each pipe */
  uint32_t np, capp;
  /* analysis */
  uint32_t depth;               /* active scf.for / scf.while nesting */
  vs_loop lp[VS_RLOOPS];        /* the loops at depths 0..VS_RLOOPS-1 */
  casc_op *calls[VS_MAX_CALLS]; /* callees being interpreted */
  uint32_t folded;              /* loops (bits) with a branch decided by a
                                   value that varies per iteration */
  uint32_t call_depth;
  /* Helpers (docs/verify-sync.md "Helper functions"): the kernel's call
   * being interpreted (op index + 1, 0: none), and whether the finding
   * about to be made is the call site's misuse of a correct helper (it is
   * then reported at the call, with a note at the helper's op). */
  uint32_t site;
  bool blame_caller;
  uint32_t nv_func, nops_func; /* values / ops of the verified function
                                  itself (numbered before its callees) */
  /* The iteration (from 1) every state is in, per loop depth: all paths of
   * a loop run in step, so it is the same on each (0: past VS_MAX_NEST). */
  uint32_t iter[VS_MAX_NEST];
  casc_op *loop_op[VS_MAX_NEST];
  uint32_t mute;       /* >0: no claims (iterations past what is assumed) */
  const vs_state *cur; /* the state a finding is made on, if any: a path
                          that skipped a loop of run-time trip count says
                          so in a note */
  /* diagnostics */
  vs_diag *diags;
  uint32_t nd, capd;
  casc_ptrmap dkeys;
} vs_ctx;

#define DEAD_NOW 0xfffffffeu
#define NO_DEATH 0xffffffffu
#define NO_ROOT 0xffffffffu /* lin_form: the value is a constant */

/* ---- small helpers (inline: they run once per op and state) -------------- */

static inline uint32_t vid_of(vs_ctx *c, const casc_value *v) {
  return casc_ptrmap_get(&c->vid, v, NO_DEATH);
}

static inline uint32_t oid_of(vs_ctx *c, const casc_op *op) {
  return casc_ptrmap_get(&c->oid, op, 0);
}

static inline casc_loc *value_loc(vs_ctx *c, const casc_value *v) {
  if (v->def)
    return v->def->loc;
  return casc_value_loc(v) ? casc_value_loc(v) : casc_loc_unknown(c->ctx);
}

static inline casc_loc *vid_loc(vs_ctx *c, uint32_t v) {
  return v < c->nv ? value_loc(c, c->vals[v]) : casc_loc_unknown(c->ctx);
}

static inline const casc_type *queue_type(const casc_value *v) {
  const casc_type *t = v->type;
  return casc_type_is_queue_like(t) ? t : NULL;
}

static inline bool is_tbuf_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_ASC && t->u.asc.id == CASC_ASC_TBUF;
}

static inline bool is_pipe_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_ASC && t->u.asc.id == CASC_ASC_PIPE;
}

/* A warning may be given on s: the path is feasible and not muted. */
static inline bool claims(const vs_ctx *c, const vs_state *s) {
  return s->cert && !c->mute;
}

/* Queue q's state is known exactly on s. */
static inline bool precise(const vs_state *s, int32_t q) {
  return q >= 0 && !(s->q[q].flags & VS_QF_IMPRECISE);
}

static inline uint32_t loop_bit(uint32_t depth) {
  return depth < 31 ? 1u << depth : 1u << 31;
}

/* Bits of the loops enclosing the current point. */
static inline uint32_t active_loops(const vs_ctx *c) {
  return c->depth >= 32 ? 0xffffffffu : (c->depth ? (1u << c->depth) - 1 : 0);
}

/* A value's binding in s. */
static inline int32_t vs_bind_of(vs_ctx *c, const vs_state *s,
                                 const casc_value *v) {
  uint32_t id = vid_of(c, v);
  return id < c->nv ? vs_env_get(s, id) : VS_B_UNKNOWN;
}

/* Binds tensor value v in s, unless v is no tensor or is dead already. */
static inline void vs_set_bind(vs_ctx *c, vs_state *s, const casc_value *v,
                               int32_t b) {
  uint32_t id = vid_of(c, v);
  if (id >= c->nv || c->death[id] == DEAD_NOW || !c->vtensor[id])
    return;
  if (!vs_env_set(s, id, b))
    c->oom = true;
}

/* Loop-carried block arguments are bound even when the body never uses
 * them: the loop's results are read back from them. */
static inline void vs_set_bind_arg(vs_ctx *c, vs_state *s, const casc_value *v,
                                   int32_t b) {
  uint32_t id = vid_of(c, v);
  if (id >= c->nv || !c->vtensor[id])
    return;
  if (!vs_env_set(s, id, b))
    c->oom = true;
}

/* ---- verify_sync.c: the context, diagnostics ----------------------------- */

/* An empty context for verifying func of module (nothing numbered yet). */
void vs_ctx_init(vs_ctx *c, casc_ctx *ctx, casc_op *module, casc_op *func);
/* Frees everything the context holds (not c itself). */
void vs_ctx_free(vs_ctx *c);

/* Starts a diagnostic; NULL when an equal one (same op, same kind) exists
 * or memory ran out. */
vs_diag *vs_diag_new(vs_ctx *c, uint32_t op, uint32_t kind, const char *fmt,
                     ...) __attribute__((format(printf, 4, 5)));
void vs_diag_note(vs_diag *d, casc_loc *loc, const char *msg);

/* ---- verify_sync_numbering.c: the pre-pass ------------------------------- */

/* Numbers c->func (after vs_ctx_init) and the
 * callees it can run in place, then fills the per-value tables. False when
 * out of memory. */
bool vs_number(vs_ctx *c);
/* The func.func a func.call runs, when the analysis can follow it. */
casc_op *vs_resolve_callee(casc_op *module, const casc_op *caller,
                           casc_op *call);
/* CmpIPredicate with its operands swapped, -1 for an unknown one. */
int64_t vs_pred_swap(int64_t p);
/* v is a constant with bit 0 set (`true` as an i1). */
bool vs_is_true_const(const casc_value *v);

/* ---- verify_sync_qinfo.c: hardware facts of queue types ------------------ */

void vs_fill_qinfo(vs_qinfo *qi, const casc_type *t);
/* What the class library makes of a queue-like type (ascend_hw.h); false
 * for a type that is no queue. */
bool vs_queue_facts(const casc_type *t, casc_hw_queue *f);
/* Ascend910B1 memory sizes and names, indexed by vs_qinfo.mem. */

/* ---- verify_sync_transfer.c: one op on one state ------------------------- */

/* Applies a region-free op to every state of S; a path that ends there
 * (the NPU hangs, or its synchronisation breaks) is dropped. */
void vs_transfer(vs_ctx *c, vs_set *S, casc_op *op);
/* Everything s knows about queues and buffers becomes unknown. */
void vs_havoc_all(vs_ctx *c, vs_state *s);

/* ---- verify_sync_flags.c: SetFlag / WaitFlag ----------------------------- */

/* Applies an explicit SetFlag / WaitFlag to s; false when the wait never
 * returns (the path ends there, reported when the path is vouched for). */
bool vs_flag_op(vs_ctx *c, vs_state *s, casc_op *op);

/* ---- verify_sync_domain.c: remaining iterations -------------------------- */

/* A set of values of r, the iterations that follow the current one:
 * [lo, hi] (hi INT64_MAX: unbounded; lo > hi: empty). */
typedef struct {
  int64_t lo, hi;
} vs_rset;

/* What a condition says about r of a loop: when true r is in t, when false
 * in f; zt / zf: it may be true / false when the loop runs no iteration at
 * all (a run-time trip count of 0). `ok` false: the condition is not
 * (exactly) about r. */
typedef struct {
  bool ok;
  vs_rset t, f;
  bool zt, zf;
} vs_rcond;

/* [lo, hi] with lo raised to 0 (r is never negative). */
vs_rset vs_rset_make(int64_t lo, int64_t hi);
/* Every r: [0, INT64_MAX]. */
vs_rset vs_rset_all(void);
bool vs_rset_is_all(vs_rset r);
/* Intersection (may be empty). */
vs_rset vs_rset_meet(vs_rset a, vs_rset b);
/* The condition `ub - iv > t` of a loop of this step (> 0). */
vs_rcond vs_rcond_gt(int64_t t, int64_t step);
/* The negated condition: its arms swapped. */
vs_rcond vs_rcond_not(vs_rcond a);
/* a && b, exact only when one side's false set is everything (ok false
 * otherwise); a side that does not depend on the loop is vs_rset_all() on
 * both arms. */
vs_rcond vs_rcond_and(vs_rcond a, vs_rcond b);
/* `iv + cc P ub` for CmpIPredicate P, in a loop of this step. */
vs_rcond vs_rcond_cmp(int64_t pred, int64_t cc, int64_t step);
/* What condition value v says about r of the tracked loop at depth L. */
vs_rcond vs_decode_rcond(vs_ctx *c, uint32_t v, uint32_t L);
/* Narrows the state's interval of loop L; false when it becomes empty (the
 * path is infeasible; s is then unchanged). */
bool vs_rnarrow(vs_state *s, uint32_t L, vs_rset r);
/* The loop record of depth d for an scf.for (lb, step known, step > 0). */
void vs_loop_setup(vs_ctx *c, uint32_t d, casc_op *op, uint32_t ivv, int64_t lb,
                   int64_t st, bool track);
/* What the decisions of s say about condition v: 1 true, 0 false, -1
 * either. Beyond a decision on v itself, a guard on the same value (`n > 0`
 * before `scf.while` tests `i < n` with i = 0) settles it when its interval
 * lies inside the condition's or outside it. */
int vs_cond_decided(vs_ctx *c, const vs_state *s, uint32_t v);
/* Loop entry: decisions taken before the loop bound r; a state that cannot
 * enter the loop at all moves to `skip`, and a copy of a state on which the
 * run-time trip count may also be 0 goes there too, marked (zloop). */
void vs_loop_entry(vs_ctx *c, uint32_t d, vs_set *S, vs_set *skip);
/* After iteration k: the states that may leave go (copied) to `exits`,
 * those that may go on stay with r decremented. */
void vs_loop_iterate(vs_ctx *c, uint32_t d, uint32_t k, vs_set *S,
                     vs_set *exits);

/* ---- verify_sync_interp.c / verify_sync_loops.c: control flow ------------ */

void vs_run_block(vs_ctx *c, casc_block *b, vs_set *S);
/* Moves every state of src to dst (src is left empty). */
void vs_move_set(vs_set *dst, vs_set *src);
void vs_run_for(vs_ctx *c, casc_op *op, vs_set *S);
void vs_run_while(vs_ctx *c, casc_op *op, vs_set *S);

#endif
