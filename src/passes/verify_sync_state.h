/* The abstract state of verify-sync (see docs/verify-sync.md): one state
 * per explored path. A state is exact — counts are numbers, not ranges —
 * and the analysis keeps a set of them (a disjunction) instead of joining
 * them, so that a bug is only claimed on a path that really shows it.
 *
 *   queues  per queue: buffers held, allocations so far, FIFO sequence
 *   slots   one per buffer the path knows about (allocated here, or an
 *           outside tensor that went through a queue): its state, its
 *           owner and the ops that last touched it (for notes)
 *   env     tensor SSA value -> slot (sparse, sorted by value id; a value
 *           leaves the env after its last use)
 *   pipes   bytes per memory and buffer count per TPipe
 *
 * Every struct here is free of padding so that states compare with memcmp
 * after canonicalisation. */
#ifndef CASC_PASSES_VERIFY_SYNC_STATE_H
#define CASC_PASSES_VERIFY_SYNC_STATE_H

#include <stdbool.h>
#include <stdint.h>

/* Slot status. */
enum { VS_HELD = 1, VS_ENQ = 2, VS_FREED = 3 };
/* Slot flags. */
enum {
  VS_SF_EXT = 1,    /* a tensor from outside (argument, constructor) */
  VS_SF_UNK = 2,    /* contents unknown: its uses are never checked */
  VS_SF_POISON = 4, /* a bug was reported on it: no cascade of reports */
  VS_SF_NOLEAK = 8, /* escaped or havocked: no leak report */
  VS_SF_GONE = 16,  /* freed (or enqueued after its free) while queued:
                       its DeQue hands out freed memory */
  VS_SF_PRIOR = 32, /* untouched since before the running call of a helper
                       (the state the caller handed it) */
  VS_SF_LOST = 64   /* allocated by a helper that neither freed, queued nor
                       returned it: the helper's own leak */
};
/* Bindings that are not slots. A value without an env entry is unknown. */
enum {
  VS_B_UNKNOWN = -1,
  VS_B_TBUF_GET = -2,  /* TBuf.Get / GetWithOffset */
  VS_B_EXT = -3,       /* outside tensor not yet seen by a queue */
  VS_B_TBUF_ALLOC = -4 /* AllocTensor / DeQue on a TBuf (= Get) */
};
#define VS_NOQ 0xffffu

/* Queue flags. */
enum { VS_QF_INIT = 1, VS_QF_IMPRECISE = 2 };

typedef struct {
  uint32_t alloc;  /* op index of the AllocTensor (0 for outside tensors) */
  uint32_t last;   /* op index of the last EnQue / DeQue / FreeTensor */
  uint32_t decl;   /* outside tensors: value id of the tensor */
  uint32_t asite;  /* op index + 1 of the kernel's call that allocated it
                      (0: allocated outside any helper) */
  uint32_t lsite;  /* the same for its last EnQue / DeQue / FreeTensor */
  uint16_t owner;  /* queue that allocated it, VS_NOQ for outside tensors */
  uint16_t fifo_q; /* queue whose FIFO holds it (status VS_ENQ) */
  uint16_t seq;    /* FIFO order inside fifo_q */
  uint8_t status;
  uint8_t flags;
} vs_slot;
_Static_assert(sizeof(vs_slot) == 5 * sizeof(uint32_t) + 3 * sizeof(uint16_t) +
                                      2 * sizeof(uint8_t),
               "vs_slot is hashed and compared bytewise: no padding");

typedef struct {
  int32_t num;       /* InitBuffer num, -1 unknown */
  uint16_t held;     /* buffers not FREE */
  uint16_t allocs;   /* AllocTensor calls so far, saturated at num */
  uint16_t next_seq; /* next FIFO sequence number */
  uint8_t flags;
  uint8_t pad;
} vs_queue;
_Static_assert(sizeof(vs_queue) ==
                   sizeof(int32_t) + 3 * sizeof(uint16_t) + 2 * sizeof(uint8_t),
               "vs_queue is hashed and compared bytewise: no padding");

#define VS_NMEM 6 /* UB, L1, L0A, L0B, L0C, BiasTable */
typedef struct {
  int64_t bytes[VS_NMEM];
  int32_t bufs;
  int32_t pad;
} vs_pipe;
_Static_assert(sizeof(vs_pipe) ==
                   VS_NMEM * sizeof(int64_t) + 2 * sizeof(int32_t),
               "vs_pipe is hashed and compared bytewise: no padding");

typedef struct {
  uint32_t v; /* value id */
  int32_t b;  /* slot index or VS_B_* */
} vs_bind;
_Static_assert(sizeof(vs_bind) == 2 * sizeof(uint32_t),
               "vs_bind is hashed and compared bytewise: no padding");

typedef struct {
  uint32_t v;   /* value id of an i1 condition */
  uint32_t val; /* 0 or 1 */
} vs_assume;
_Static_assert(sizeof(vs_assume) == 2 * sizeof(uint32_t),
               "vs_assume is hashed and compared bytewise: no padding");

#define VS_NEVENTS 36
/* Loop levels whose remaining iterations are tracked (the innermost
 * scf.for of unknown trip count at nesting depth < VS_RLOOPS). */
#define VS_RLOOPS 4
#define VS_RINF INT16_MAX /* no upper bound */

typedef struct {
  uint32_t cert;  /* claims allowed: the path is known to be feasible */
  uint32_t corr;  /* loops (bit = depth) whose exit this path's branch
                     decisions may be correlated with */
  uint32_t zloop; /* op index + 1 of the first scf.for this path skipped
                     because its run-time trip count may be 0 (0: none);
                     findings on the path say so */
  vs_queue *q;    /* nq queues, then np pipes in the same block */
  vs_pipe *p;
  uint8_t uevt[VS_NEVENTS]; /* event ids taken by AllocEventID */
  /* SetFlag / WaitFlag with a HardEvent and a constant id: per event, the
   * ids whose flag is set (bit id), and whether the path lost track of the
   * event (an id not known, a queue op or a call that may set it). */
  uint8_t fset[VS_NEVENTS];
  uint8_t funk[VS_NEVENTS];
  /* Per loop depth: the iterations that follow the current one on this
   * path lie in [rlo, rhi] (VS_RINF: unbounded). Decisions on conditions
   * such as `i + 1 < n` narrow it; a path whose interval becomes empty is
   * infeasible. Depths not in a tracked loop hold [0, VS_RINF]. */
  int16_t rlo[VS_RLOOPS], rhi[VS_RLOOPS];
  vs_slot *slots;
  uint32_t ns, cs;
  vs_bind *env;
  uint32_t ne, ce;
  vs_assume *as;
  uint32_t na, ca;
  int32_t *carry; /* bindings of the operands of the last scf.yield */
  uint32_t nc, cc;
  uint64_t hash; /* valid after vs_state_canon */
} vs_state;

typedef struct {
  vs_state **s;
  uint32_t n, cap;
} vs_set;

/* All functions return false (or NULL) only when out of memory. */
vs_state *vs_state_new(uint32_t nq, uint32_t np);
vs_state *vs_state_copy(const vs_state *s, uint32_t nq, uint32_t np);
void vs_state_free(vs_state *s);
/* Resets the remaining-iteration interval of loop depth d to [0, inf). */
void vs_state_rreset(vs_state *s, uint32_t d);

int32_t vs_env_get(const vs_state *s, uint32_t v);
bool vs_env_set(vs_state *s, uint32_t v, int32_t b);
void vs_env_remove(vs_state *s, uint32_t v);
/* New slot (zeroed), its index or -1. */
int32_t vs_slot_new(vs_state *s);
/* Assumption on condition v: 0/1, or -1 if none. */
int vs_assume_get(const vs_state *s, uint32_t v);
bool vs_assume_set(vs_state *s, uint32_t v, uint32_t val);
void vs_assume_drop(vs_state *s, uint32_t v);
bool vs_carry_set(vs_state *s, uint32_t n, const int32_t *b);

/* Drops slots nothing refers to that carry no information (freed, or
 * outside tensors at rest), renumbers slots and FIFO sequences into a
 * canonical order and computes the hash. Returns false when out of
 * memory. */
bool vs_state_canon(vs_state *s, uint32_t nq, uint32_t np);
bool vs_state_equal(const vs_state *a, const vs_state *b, uint32_t nq,
                    uint32_t np);

void vs_set_init(vs_set *set);
/* Appends (takes ownership; frees s when out of memory). */
bool vs_set_push(vs_set *set, vs_state *s);
void vs_set_clear(vs_set *set); /* frees the states, keeps the array */
void vs_set_free(vs_set *set);
/* Canonicalises every state and removes duplicates, keeping the first of
 * each, then keeps at most `cap` states (the first ones): dropping paths
 * only loses reports, never invents one. */
bool vs_set_dedup(vs_set *set, uint32_t nq, uint32_t np, uint32_t cap);

#endif
