/* The pipeline timing model (docs/timing.md, docs/ascendc-facts.md §2 and §6).
 *
 * It runs beside the functional interpreter and never changes what the
 * kernel computes: after each instruction has run, sim_tm_commit issues it
 * to the hardware. The scalar unit takes every instruction in program order
 * (scalar_cycles each: it executes scalar work itself and dispatches the
 * rest); a V / MTE2 / MTE3 op then starts on its pipe, in order, as soon as
 * the pipe's issue resource is free: it holds that resource for its cost
 * (at least the platform's min_op_cycles) and completes the pipe's latency
 * later. A V instruction costs its cost class's head plus cycles per repeat
 * (op_cost; the class comes from the kernel's arithmetic and operands, the
 * repeats from repeatTimes or the bytes of a count-mode op); an MTE
 * transfer costs the pipe's set-up plus each burst's bytes at its rate. So a
 * pipe starts its next op while earlier ones are still in flight
 * (docs/ascendc-facts.md §6), and a small transfer costs the pipe little
 * throughput but still takes the full latency to land. Pipes run in parallel
 * and meet only through flags: SetFlag<SRC_DST> is issued in SRC like any op
 * and sets the flag once every earlier op of SRC has completed (it does not
 * hold back SRC's later ops); WaitFlag<SRC_DST> holds DST's later ops until the
 * flag is set; PipeBarrier<p> holds p's later ops until its earlier ones have
 * completed. Queue ops make the flags of docs/ascendc-facts.md §2 (queue.c
 * calls sim_tm_flag), explicit set_flag / wait_flag / pipe_barrier are the
 * user's. A V op that touches UB an unfinished V op writes (or writes what one
 * reads) waits for V to drain: the PipeBarrier<PIPE_V> the compiler inserts
 * there.
 *
 * A WaitFlag may come before its SetFlag in program order (the wait is in
 * another pipe than the scalar unit, which goes on issuing): such a wait
 * and everything behind it in its pipe wait in a FIFO until the set runs.
 * Only the scalar unit itself can deadlock (a WaitFlag<X_S> or a barrier it
 * must wait for whose flag is issued later); that is reported.
 *
 * The same pass keeps a vector clock per pipe (the happens-before relation
 * of pipe order, issue order and flags) and hands every UB access to the
 * race detector (race.c) in an order consistent with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/grow.h"

#define NP CASC_SIM_PIPE_COUNT_
#define S CASC_SIM_PIPE_S
#define MAX_SLICES (1u << 17) /* per block; keeps a trace loadable */
#define MAX_LANES 64          /* chart tracks per pipe (ops in flight) */
#define MAX_V_INFLIGHT 32     /* V ops remembered for the dependency check */

typedef struct {
  int64_t lo, hi;
  bool write;
} tm_acc;

typedef enum { R_OP, R_SET, R_WAIT, R_BARRIER } rec_kind;

typedef struct {
  const sim_insn *in;
  uint8_t kind, pipe;
  int16_t evt;
  int8_t id;
  uint64_t ready; /* earliest start: when the scalar unit dispatched it */
  uint64_t occ;   /* R_OP: cycles it holds its pipe's issue resource */
  uint64_t lat;   /* R_OP: cycles from releasing the pipe to completion */
  uint64_t bytes;
  uint32_t vc_issue[NP]; /* the scalar unit's clock at dispatch */
  tm_acc *acc;           /* owned while the record waits in a FIFO */
  unsigned nacc;
} tm_rec;

typedef struct {
  tm_rec *items;
  unsigned head, n, cap;
} tm_fifo;

typedef struct {
  bool set;
  uint64_t time;
  uint32_t vc[NP];
  int32_t slice;
} tm_flag;

typedef struct {
  int16_t evt;
  int8_t id;
  uint8_t kind; /* R_SET, R_WAIT, R_BARRIER (evt = Pipe enum value) */
} tm_sync;

/* A V op that may still be in flight: the bounding ranges of the UB bytes
 * it writes and reads (empty: lo > hi), and when it completes. */
typedef struct {
  uint64_t complete;
  int64_t wlo, whi, rlo, rhi;
} tm_inflight;

struct sim_timing {
  const sim_launch *L;
  sim_race *race;
  /* per block */
  uint64_t t_s;         /* the scalar unit's clock: next free cycle */
  uint64_t free_at[NP]; /* a pipe's issue resource is free from here */
  uint64_t done[NP];    /* every op given to the pipe has completed here */
  tm_inflight vin[MAX_V_INFLIGHT];
  unsigned nvin;
  uint32_t seq[NP];
  uint32_t vc[NP][NP];
  tm_flag flags[SIM_NUM_EVENTS][SIM_EVENT_IDS];
  tm_fifo fifo[NP];
  casc_block_timing res;
  bool dead;
  /* the instruction being run */
  tm_acc *cur;
  unsigned ncur, capcur;
  uint64_t cur_bytes[SIM_MAX_ARGS];
  uint64_t cur_units[SIM_MAX_ARGS]; /* MTE: cycles of the bursts moved */
  int8_t cur_pool[SIM_MAX_ARGS];    /* pool of an operand's first access */
  tm_sync *sync;
  unsigned nsync, capsync;
  bool oom;
  /* the chart */
  sim_slices sl;
  int32_t scalar_run; /* open SIM_SL_SCALAR slice, or -1 */
  uint64_t lane_end[NP][MAX_LANES];
  uint16_t nlanes[NP];
};

/* ---- events and pipes ------------------------------------------------------
 */

const char *casc_sim_pipe_name(casc_sim_pipe p) {
  const char *s = casc_hw_pipe_name(sim_hw_of_pipe((int)p));
  return s ? s : "?";
}

/* The pipe that runs SetFlag<evt> (set) or that WaitFlag<evt> holds; -1
 * when evt is not an event. */
static int flag_pipe(int evt, bool set) {
  return sim_pipe_of_hw(set ? casc_hw_event_src_pipe(evt)
                            : casc_hw_event_dst_pipe(evt));
}

static int pipe_of_insn(const sim_insn *in) {
  int p = sim_pipe_of_hw((casc_hw_pipe)in->pipe);
  return p >= 0 ? p : S; /* structural ops run on the scalar unit */
}

/* The pipe a PipeBarrier of Pipe enum value pe holds; -1 = every pipe
 * (PIPE_ALL, and the pipes 2201 does not have). */
static int barrier_pipe(int pe) {
  return sim_pipe_of_hw(casc_hw_pipe_of_enum(pe));
}

/* ---- state -----------------------------------------------------------------
 */

sim_timing *sim_tm_new(const sim_launch *L) {
  sim_timing *tm = casc_calloc(1, sizeof *tm);
  if (!tm)
    return NULL;
  tm->L = L;
  const casc_platform *pl = L->plat;
  uint32_t sizes[SIM_POOL_COUNT_] = {0};
  sizes[SIM_POOL_UB] = pl->ub_size;
  sizes[SIM_POOL_L1] = pl->l1_size;
  sizes[SIM_POOL_L0A] = pl->l0_a_size;
  sizes[SIM_POOL_L0B] = pl->l0_b_size;
  sizes[SIM_POOL_L0C] = pl->l0_c_size;
  sizes[SIM_POOL_BT] = pl->bt_size;
  sizes[SIM_POOL_FB] = pl->fb_size;
  tm->race = sim_race_new(sizes);
  if (!tm->race) {
    casc_free(tm);
    return NULL;
  }
  return tm;
}

static void fifo_clear(tm_fifo *f) {
  for (unsigned i = 0; i < f->n; i++)
    casc_free(f->items[f->head + i].acc);
  f->head = f->n = 0;
}

void sim_tm_free(sim_timing *tm) {
  if (!tm)
    return;
  for (int p = 0; p < NP; p++) {
    fifo_clear(&tm->fifo[p]);
    casc_free(tm->fifo[p].items);
  }
  sim_race_free(tm->race);
  casc_free(tm->cur);
  casc_free(tm->sync);
  casc_free(tm->sl.items);
  casc_free(tm);
}

void sim_tm_block_begin(sim_block *b) {
  sim_timing *tm = b->tm;
  tm->t_s = 0;
  memset(tm->free_at, 0, sizeof tm->free_at);
  memset(tm->done, 0, sizeof tm->done);
  tm->nvin = 0;
  memset(tm->nlanes, 0, sizeof tm->nlanes);
  memset(tm->seq, 0, sizeof tm->seq);
  memset(tm->vc, 0, sizeof tm->vc);
  memset(tm->flags, 0, sizeof tm->flags);
  for (int p = 0; p < NP; p++)
    fifo_clear(&tm->fifo[p]);
  memset(&tm->res, 0, sizeof tm->res);
  tm->dead = false;
  tm->ncur = tm->nsync = 0;
  memset(tm->cur_bytes, 0, sizeof tm->cur_bytes);
  memset(tm->cur_units, 0, sizeof tm->cur_units);
  memset(tm->cur_pool, -1, sizeof tm->cur_pool);
  tm->oom = false;
  tm->sl.n = 0;
  tm->sl.truncated = false;
  tm->scalar_run = -1;
  sim_race_reset(tm->race);
}

/* A report from the timing model: an error, but the functional run goes on
 * (its results must not depend on --timing), so the block is not stopped. */
static sim_issue *tm_report(sim_block *b, casc_sim_check c, const sim_insn *in,
                            const char *what) {
  bool failed = b->failed;
  sim_issue *is = sim_report(b, c, CASC_SEV_ERROR, in->op, "%s", what);
  b->failed = failed;
  return is;
}

/* ---- handler hooks ---------------------------------------------------------
 */

static uint64_t umax(uint64_t a, uint64_t b) {
  return a > b ? a : b;
}

static uint64_t umin(uint64_t a, uint64_t b) {
  return a < b ? a : b;
}

static uint64_t div_up(uint64_t a, uint64_t b) {
  return (a + b - 1) / b;
}

/* Bytes per cycle of a burst on pipe p into pool `dst` (V: the unit-cost
 * rate; MTE1 writes L0A and L0B at different rates). */
static uint64_t burst_rate(const casc_platform *pl, int p, int dst) {
  switch (p) {
  case CASC_SIM_PIPE_MTE2:
    return pl->mte2_bytes_per_cycle;
  case CASC_SIM_PIPE_MTE3:
    return pl->mte3_bytes_per_cycle;
  case CASC_SIM_PIPE_MTE1:
    return dst == SIM_POOL_L0B  ? pl->mte1_l0b_bytes_per_cycle
           : dst == SIM_POOL_BT ? pl->mte1_bt_bytes_per_cycle
                                : pl->mte1_l0a_bytes_per_cycle;
  case CASC_SIM_PIPE_FIX:
    return pl->fix_bytes_per_cycle;
  default:
    return pl->vector_bytes_per_cycle;
  }
}

/* The local memory holding byte `addr` of the address space of
 * sim_pool_base. */
static int pool_at(const uint32_t *pool_size, int64_t addr) {
  int64_t base = 0;
  for (int p = 0; p < SIM_POOL_COUNT_; p++) {
    if (addr < base + (int64_t)pool_size[p])
      return p;
    base += pool_size[p];
  }
  return -1;
}

void sim_tm_access(sim_block *b, const sim_insn *in, unsigned opnd, int64_t lo,
                   int64_t bytes) {
  sim_timing *tm = b->tm;
  if (bytes <= 0)
    return;
  /* Operand 0 is the destination of every op that writes UB; GetValue
   * only reads its tensor. */
  bool write = opnd == 0 && in->opc != SIM_LT_GET_VALUE;
  if (opnd < SIM_MAX_ARGS) {
    if (tm->cur_pool[opnd] < 0)
      tm->cur_pool[opnd] = (int8_t)pool_at(b->pool_size, lo);
    tm->cur_bytes[opnd] += (uint64_t)bytes;
    /* Each call is one burst of a transfer (a DataCopyParams block): an
     * MTE moves a burst in whole cycles of its rate. */
    tm->cur_units[opnd] +=
        div_up((uint64_t)bytes,
               burst_rate(tm->L->plat, pipe_of_insn(in), tm->cur_pool[opnd]));
  }
  if (tm->ncur && tm->cur[tm->ncur - 1].hi == lo &&
      tm->cur[tm->ncur - 1].write == write) {
    tm->cur[tm->ncur - 1].hi = lo + bytes; /* DataCopyParams blocks */
    return;
  }
  if (tm->ncur == tm->capcur) {
    tm_acc *na = casc_grow(tm->cur, &tm->capcur, tm->ncur + 1, sizeof *na);
    if (!na) {
      tm->oom = true;
      return;
    }
    tm->cur = na;
  }
  tm->cur[tm->ncur++] = (tm_acc){lo, lo + bytes, write};
}

static void push_sync(sim_timing *tm, tm_sync s) {
  if (tm->nsync == tm->capsync) {
    tm_sync *ns = casc_grow(tm->sync, &tm->capsync, tm->nsync + 1, sizeof *ns);
    if (!ns) {
      tm->oom = true;
      return;
    }
    tm->sync = ns;
  }
  tm->sync[tm->nsync++] = s;
}

void sim_tm_flag_record(sim_block *b, int evt, int id, bool set) {
  if (!b->tm || evt < 0 || evt >= SIM_NUM_EVENTS || id < 0 ||
      id >= SIM_EVENT_IDS)
    return;
  push_sync(b->tm, (tm_sync){(int16_t)evt, (int8_t)id,
                             (uint8_t)(set ? R_SET : R_WAIT)});
}

void sim_tm_barrier_record(sim_block *b, int pipe_enum) {
  if (b->tm)
    push_sync(b->tm, (tm_sync){(int16_t)pipe_enum, 0, R_BARRIER});
}

/* ---- the chart -------------------------------------------------------------
 */

/* The first lane of the pipe free at `start` (slices of a pipe come in
 * order of start, so first fit uses as few lanes as ops overlap). With more
 * ops in flight than lanes, the one that frees first is shared. */
static uint16_t pick_lane(sim_timing *tm, int pipe, uint64_t start,
                          uint64_t end) {
  uint64_t *le = tm->lane_end[pipe];
  unsigned n = tm->nlanes[pipe], best = 0;
  for (unsigned k = 0; k < n; k++) {
    if (le[k] <= start) {
      le[k] = end;
      return (uint16_t)k;
    }
    if (le[k] < le[best])
      best = k;
  }
  if (n < MAX_LANES) {
    le[n] = end;
    tm->nlanes[pipe] = (uint16_t)(n + 1);
    return (uint16_t)n;
  }
  if (end > le[best])
    le[best] = end;
  return (uint16_t)best;
}

static int32_t add_slice(sim_timing *tm, const sim_insn *in, int kind, int pipe,
                         uint64_t start, uint64_t end) {
  if (!tm->L->trace)
    return -1;
  sim_slices *sl = &tm->sl;
  if (sl->n == MAX_SLICES) {
    sl->truncated = true;
    return -1;
  }
  if (sl->n == sl->cap) {
    /* A chart with slices missing would pass for the whole run: the
     * block's timing fails instead (sim_tm_block_end). */
    sim_slice *ni = casc_grow(sl->items, &sl->cap, sl->n + 1, sizeof *ni);
    if (!ni) {
      tm->oom = true;
      return -1;
    }
    sl->items = ni;
  }
  sim_slice *s = &sl->items[sl->n];
  memset(s, 0, sizeof *s);
  s->in = in;
  s->kind = (uint8_t)kind;
  s->pipe = (uint8_t)pipe;
  s->start = start;
  s->end = end;
  s->issue_end = end;
  s->count = 1;
  s->flow_from = -1;
  /* The scalar unit does one thing at a time: always lane 0. */
  s->lane = pipe == S ? 0 : pick_lane(tm, pipe, start, end);
  return (int32_t)sl->n++;
}

/* Plain scalar instructions back to back become one slice. */
static void scalar_slice(sim_timing *tm, const sim_insn *in, uint64_t start,
                         uint64_t end) {
  if (!tm->L->trace)
    return;
  if (tm->scalar_run >= 0) {
    sim_slice *s = &tm->sl.items[tm->scalar_run];
    if (s->end == start) {
      s->end = s->issue_end = end;
      s->count++;
      return;
    }
  }
  tm->scalar_run = add_slice(tm, in, SIM_SL_SCALAR, S, start, end);
}

/* ---- executing on a pipe ---------------------------------------------------
 */

static void join(uint32_t *dst, const uint32_t *src) {
  for (int p = 0; p < NP; p++)
    if (src[p] > dst[p])
      dst[p] = src[p];
}

/* The cost class of a V instruction (docs/timing.md): its kernel's
 * arithmetic and, for plain ALU work, how many vector operands it reads. */
static casc_hw_vcost vcost_of(const sim_insn *in) {
  const sim_vkernel *k = sim_vkernel_get(in->kern);
  switch (in->opc) {
  case SIM_VEC_BINARY:
  case SIM_VEC_BINARY_REP:
  case SIM_VEC_BINARY_L3:
  case SIM_VEC_SCALAR:
  case SIM_VEC_SCALAR_REP:
  case SIM_VEC_UNARY:
  case SIM_VEC_UNARY_REP:
    if (k && k->arith == SIM_KA_TRANSC)
      return CASC_HW_VCOST_TRANSC;
    if (k && k->arith == SIM_KA_SQRT)
      return CASC_HW_VCOST_SQRT;
    if (k && k->arith == SIM_KA_DIV)
      return CASC_HW_VCOST_DIV;
    if (in->opc == SIM_VEC_BINARY || in->opc == SIM_VEC_BINARY_REP ||
        in->opc == SIM_VEC_BINARY_L3)
      return CASC_HW_VCOST_BINARY;
    if (in->opc == SIM_VEC_SCALAR || in->opc == SIM_VEC_SCALAR_REP)
      return CASC_HW_VCOST_SCALAR;
    return CASC_HW_VCOST_UNARY;
  case SIM_VEC_REDUCE:
  case SIM_VEC_REDUCE_REP:
  case SIM_WHOLE_REDUCE_SUM:
  case SIM_WHOLE_REDUCE_MAX:
  case SIM_WHOLE_REDUCE_MIN:
  case SIM_REPEAT_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_MAX:
  case SIM_BLOCK_REDUCE_MIN:
  case SIM_PAIR_REDUCE_SUM:
    return CASC_HW_VCOST_REDUCE;
  case SIM_COMPARE:
  case SIM_COMPARE_REG: /* the same vcmp, into the CMPMASK register */
    return CASC_HW_VCOST_BINARY;
  case SIM_COMPARE_SCALAR:
    return CASC_HW_VCOST_SCALAR;
  case SIM_SELECT_TENSOR: /* one vsel instruction whatever the mode */
  case SIM_SELECT_SCALAR:
  case SIM_SELECT_REG: /* vsel with the mask from CMPMASK */
    return CASC_HW_VCOST_SELECT;
  case SIM_CAST_L2:
  case SIM_CAST_REP:
    return CASC_HW_VCOST_CAST;
  case SIM_AXPY:
    return CASC_HW_VCOST_SCALAR;
  case SIM_DATA_COPY_L0: /* on V only from UB to UB */
  case SIM_DATA_COPY_L2:
  case SIM_DATA_COPY_PAD:
    return CASC_HW_VCOST_COPY;
  default: /* Duplicate, Brcb, Gather, ... */
    return CASC_HW_VCOST_MOVE;
  }
}

/* The repeats of a V instruction: level 0 / 1 give repeatTimes (the
 * operand sim_vec_repeat_operand names), whatever the mask
 * selects, since a masked repeat takes as long as a full one; level 2
 * (count mode) covers its largest operand in repeats of
 * vector_bytes_per_cycle bytes. */
static uint64_t v_repeats(const sim_block *b, const sim_insn *in,
                          uint64_t bytes) {
  int ri = sim_vec_repeat_operand(in);
  if (ri >= 0) {
    int64_t r = sim_rep_operand(b, in, (unsigned)ri);
    return r > 0 ? (uint64_t)r : 0;
  }
  return div_up(bytes, b->L->plat->vector_bytes_per_cycle);
}

/* The cycles an Mmad holds the cube (docs/timing.md): a head, then its
 * fractal products, ceil(m/16) x ceil(k/C0) x ceil(n/16) with C0 the
 * elements of 32 bytes of the input type, at the input type's rate. */
static uint64_t mmad_cycles(const sim_block *b, const sim_insn *in) {
  const casc_platform *pl = b->L->plat;
  unsigned pi = in->op->nops - 1; /* the MmadParams, after any bias */
  if ((unsigned)in->imm < 3)
    return pl->cube_head;
  uint64_t m = (uint64_t)sim_field(b, in, pi, 0);
  uint64_t n = (uint64_t)sim_field(b, in, pi, 1);
  uint64_t k = (uint64_t)sim_field(b, in, pi, 2);
  /* MmadWithSparse multiplies A by the densified B, k / 2 rows: the cube
   * takes the half of the products the 4:2 sparsity leaves (what the
   * reference says it saves, "减少...计算量"), A's selection by the index
   * riding along with them. */
  if (in->opc == SIM_MMAD_SPARSE)
    k = div_up(k, 2);
  unsigned es = casc_dtype_size((casc_dtype)in->dt3);
  uint64_t c0 = 32 / (es ? es : 1);
  uint64_t fractals = div_up(m, 16) * div_up(k, c0) * div_up(n, 16);
  return pl->cube_head + fractals * (in->dt3 == CASC_DT_F32
                                         ? pl->cube_f32_cycles_per_fractal
                                         : pl->cube_cycles_per_fractal);
}

/* DataCopy GM ND -> L1 NZ moves, per ND matrix, nValue rows of dValue
 * elements from GM: one burst per row, like a DataCopyParams block. */
static uint64_t nd2nz_units(const sim_block *b, const sim_insn *in) {
  uint64_t nd = (uint64_t)sim_field(b, in, 2, 0);
  uint64_t nv = (uint64_t)sim_field(b, in, 2, 1);
  uint64_t dv = (uint64_t)sim_field(b, in, 2, 2);
  unsigned es = casc_dtype_size((casc_dtype)in->dt);
  return nd * nv * div_up(dv * (es ? es : 1), b->L->plat->mte2_bytes_per_cycle);
}

/* An op on a pipe (docs/timing.md): it holds the pipe's issue resource for
 * *occ cycles and completes *lat cycles after that. bytes: its largest
 * operand; units: the cycles its bursts take at the pipe's rate. */
static void op_cost(const sim_block *b, const sim_insn *in, int pipe,
                    uint64_t bytes, uint64_t units, uint64_t *occ,
                    uint64_t *lat) {
  const casc_platform *pl = b->L->plat;
  uint64_t c;
  switch (pipe) {
  case CASC_SIM_PIPE_V: {
    casc_hw_vcost k = vcost_of(in);
    /* The class's latency share of the head does not hold V: the next
     * independent instruction issues while this one completes. */
    uint64_t head_lat = umin(pl->vec_latency[k], pl->vec_head[k]);
    c = pl->vec_head[k] - head_lat +
        v_repeats(b, in, bytes) * pl->vec_cycles_per_repeat[k];
    *lat = pl->vector_latency + head_lat;
    break;
  }
  case CASC_SIM_PIPE_MTE2:
    if (in->opc == SIM_DATA_COPY_ND2NZ)
      units = nd2nz_units(b, in);
    c = pl->mte2_setup + units;
    *lat = pl->mte2_latency;
    break;
  case CASC_SIM_PIPE_MTE3:
    c = pl->mte3_setup + units;
    *lat = pl->mte3_latency;
    break;
  case CASC_SIM_PIPE_MTE1:
    c = pl->mte1_setup + units;
    *lat = pl->mte1_latency;
    break;
  case CASC_SIM_PIPE_M:
    c = in->opc == SIM_MMAD || in->opc == SIM_MMAD_SPARSE ? mmad_cycles(b, in)
                                                          : pl->min_op_cycles;
    *lat = pl->cube_latency;
    break;
  case CASC_SIM_PIPE_FIX:
    /* The nSize x mSize C elements the Fixpipe converts, 2 bytes each;
     * ndNum matrices of them on the ND (ROW_MAJOR) path (cube.c). */
    if (in->opc == SIM_FIXPIPE) {
      int64_t nd = sim_field(b, in, 2, 7);
      uint64_t nmat = sim_field(b, in, 3, 0) == 1 && nd > 1 ? (uint64_t)nd : 1;
      c = pl->fix_setup + div_up(nmat * (uint64_t)sim_field(b, in, 2, 0) *
                                     (uint64_t)sim_field(b, in, 2, 1) * 2,
                                 pl->fix_bytes_per_cycle);
    } else {
      c = pl->fix_setup + units;
    }
    *lat = pl->fix_latency;
    break;
  default:
    *occ = pl->scalar_cycles;
    *lat = 0;
    return;
  }
  *occ = umax(c, pl->min_op_cycles);
}

static bool overlaps(int64_t lo, int64_t hi, int64_t blo, int64_t bhi) {
  return lo < bhi && blo < hi;
}

/* Whether a V op starting at `start` with accesses acc touches UB that a V
 * op still in flight then writes, or writes UB one reads. Forgets the V ops
 * complete by `start`; a full table counts as a dependency. */
static bool v_depends(sim_timing *tm, uint64_t start, const tm_acc *acc,
                      unsigned nacc) {
  unsigned k = 0;
  bool dep = false;
  for (unsigned i = 0; i < tm->nvin; i++) {
    const tm_inflight *f = &tm->vin[i];
    if (f->complete <= start)
      continue;
    for (unsigned j = 0; j < nacc && !dep; j++)
      dep = overlaps(acc[j].lo, acc[j].hi, f->wlo, f->whi) ||
            (acc[j].write && overlaps(acc[j].lo, acc[j].hi, f->rlo, f->rhi));
    tm->vin[k++] = *f;
  }
  tm->nvin = k;
  return dep || k == MAX_V_INFLIGHT;
}

static void v_remember(sim_timing *tm, uint64_t complete, const tm_acc *acc,
                       unsigned nacc) {
  tm_inflight f = {complete, INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN};
  for (unsigned j = 0; j < nacc; j++) {
    int64_t *lo = acc[j].write ? &f.wlo : &f.rlo;
    int64_t *hi = acc[j].write ? &f.whi : &f.rhi;
    if (acc[j].lo < *lo)
      *lo = acc[j].lo;
    if (acc[j].hi > *hi)
      *hi = acc[j].hi;
  }
  if (tm->nvin < MAX_V_INFLIGHT)
    tm->vin[tm->nvin++] = f;
}

static bool rec_ready(const sim_timing *tm, const tm_rec *r) {
  return r->kind != R_WAIT || tm->flags[r->evt][r->id].set;
}

static void check_accesses(sim_timing *tm, sim_block *b, const tm_rec *r,
                           const tm_acc *acc, unsigned nacc) {
  for (unsigned i = 0; i < nacc; i++)
    tm->res.races +=
        sim_race_access(tm->race, b, r->in, r->pipe, tm->vc[r->pipe], acc[i].lo,
                        acc[i].hi, acc[i].write);
}

/* Run record r on its pipe (not S), now that it can start: once it has
 * been dispatched and the pipe's issue resource is free. It holds that
 * resource `busy` cycles, lets it go at `freed` and completes at `end`. */
static void exec_rec(sim_timing *tm, sim_block *b, const tm_rec *r,
                     const tm_acc *acc, unsigned nacc) {
  const casc_platform *pl = tm->L->plat;
  int p = r->pipe;
  uint64_t start = umax(r->ready, tm->free_at[p]), end, busy, freed;
  bool dep = false;
  join(tm->vc[p], r->vc_issue);
  int kind = SIM_SL_OP;
  tm_flag *f =
      r->kind == R_SET || r->kind == R_WAIT ? &tm->flags[r->evt][r->id] : NULL;
  switch (r->kind) {
  case R_SET:
    /* Issued like any op; the flag is set once every earlier op of the
     * pipe has completed. The pipe's later ops do not wait for it. */
    busy = pl->set_flag_cycles;
    freed = start + busy;
    end = umax(freed, tm->done[p]);
    kind = SIM_SL_SET;
    break;
  case R_WAIT:
    /* Holds the pipe until the flag is set, then wait_flag_cycles. */
    busy = pl->wait_flag_cycles;
    end = freed = umax(start, f->time) + busy;
    join(tm->vc[p], f->vc);
    f->set = false;
    kind = SIM_SL_WAIT;
    break;
  case R_BARRIER:
    /* Holds the pipe until its earlier ops have completed. */
    busy = pl->barrier_cycles;
    end = freed = umax(start, tm->done[p]) + busy;
    kind = SIM_SL_BARRIER;
    break;
  default:
    if (p == CASC_SIM_PIPE_V && v_depends(tm, start, acc, nacc)) {
      start = umax(start, tm->done[p]); /* the compiler's PipeBarrier */
      tm->nvin = 0;                     /* every earlier V op is complete */
      dep = true;
    }
    busy = r->occ;
    freed = start + busy;
    end = freed + r->lat;
    if (p == CASC_SIM_PIPE_V)
      v_remember(tm, end, acc, nacc);
    break;
  }
  tm->vc[p][p] = ++tm->seq[p];
  tm->free_at[p] = freed;
  tm->done[p] = umax(tm->done[p], end);
  tm->res.busy[p] += busy;
  tm->res.ops[p]++;
  check_accesses(tm, b, r, acc, nacc);
  int32_t si = add_slice(tm, r->in, kind, p, start, end);
  if (si >= 0) {
    sim_slice *s = &tm->sl.items[si];
    s->issue_end = freed;
    s->evt = r->evt;
    s->id = r->id;
    s->bytes = r->bytes;
    s->after_barrier = dep;
    if (r->kind == R_WAIT)
      s->flow_from = f->slice;
  }
  if (r->kind == R_SET) {
    f->set = true;
    f->time = end;
    memcpy(f->vc, tm->vc[p], sizeof f->vc);
    f->slice = si;
  }
}

/* Run whatever the FIFOs hold that can run now, until nothing moves (a set
 * may release a wait in another pipe, which releases more). */
static void drain_fifos(sim_timing *tm, sim_block *b) {
  bool progress = true;
  while (progress) {
    progress = false;
    for (int p = 0; p < NP; p++) {
      tm_fifo *f = &tm->fifo[p];
      while (f->n && rec_ready(tm, &f->items[f->head])) {
        tm_rec *r = &f->items[f->head];
        exec_rec(tm, b, r, r->acc, r->nacc);
        casc_free(r->acc);
        f->head++;
        f->n--;
        progress = true;
      }
      if (!f->n)
        f->head = 0;
    }
  }
}

static bool fifo_push(sim_timing *tm, const tm_rec *r, const tm_acc *acc,
                      unsigned nacc) {
  tm_fifo *f = &tm->fifo[r->pipe];
  if (f->head + f->n == f->cap) {
    if (f->head) {
      memmove(f->items, f->items + f->head, f->n * sizeof *f->items);
      f->head = 0;
    }
    if (f->n == f->cap) {
      tm_rec *ni = casc_grow(f->items, &f->cap, f->n + 1, sizeof *ni);
      if (!ni)
        return false;
      f->items = ni;
    }
  }
  tm_rec *d = &f->items[f->head + f->n];
  *d = *r;
  d->acc = NULL;
  d->nacc = 0;
  if (nacc) {
    d->acc = casc_malloc(nacc * sizeof *acc);
    if (!d->acc)
      return false;
    memcpy(d->acc, acc, nacc * sizeof *acc);
    d->nacc = nacc;
  }
  f->n++;
  return true;
}

/* Hand record r to its pipe: run it at once, or queue it behind a wait. */
static void submit(sim_timing *tm, sim_block *b, const tm_rec *r,
                   const tm_acc *acc, unsigned nacc) {
  if (!tm->fifo[r->pipe].n && rec_ready(tm, r)) {
    exec_rec(tm, b, r, acc, nacc);
    if (r->kind == R_SET)
      drain_fifos(tm, b);
    return;
  }
  if (!fifo_push(tm, r, acc, nacc))
    tm->oom = true;
}

static void deadlock(sim_timing *tm, sim_block *b, const sim_insn *in,
                     const char *what) {
  tm_report(b, CASC_CHECK_PIPE_DEADLOCK, in, what);
  tm->dead = true;
}

/* The scalar unit waits until every op given to any pipe has completed
 * (PipeBarrier<PIPE_ALL>, and the compiler's sync before a scalar access
 * to UB). False after reporting a deadlock. */
static bool scalar_drain(sim_timing *tm, sim_block *b, const sim_insn *in,
                         const char *why) {
  drain_fifos(tm, b);
  for (int p = 0; p < NP; p++) {
    if (p == S)
      continue;
    if (tm->fifo[p].n) {
      const tm_rec *r = &tm->fifo[p].items[tm->fifo[p].head];
      char msg[320];
      snprintf(msg, sizeof msg,
               "%s makes the scalar unit wait for pipe %s, which is held by "
               "WaitFlag<%s>(%d) whose SetFlag is only issued later: on the "
               "NPU this hangs",
               why, casc_sim_pipe_name((casc_sim_pipe)p),
               casc_enum_cxx(CASC_ENUM_HARDEVENT, r->evt), r->id);
      deadlock(tm, b, in, msg);
      return false;
    }
    tm->t_s = umax(tm->t_s, tm->done[p]);
    join(tm->vc[S], tm->vc[p]);
  }
  return true;
}

/* A flag or barrier record on the scalar unit itself. */
static void exec_scalar_sync(sim_timing *tm, sim_block *b, const tm_rec *r) {
  const casc_platform *pl = tm->L->plat;
  uint64_t start = tm->t_s, end, busy;
  tm_flag *f = r->kind != R_BARRIER ? &tm->flags[r->evt][r->id] : NULL;
  int kind;
  if (r->kind == R_WAIT) {
    drain_fifos(tm, b);
    if (!f->set) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "WaitFlag<%s>(%d) stalls the scalar unit before the SetFlag "
               "it waits for is issued: on the NPU this hangs",
               casc_enum_cxx(CASC_ENUM_HARDEVENT, r->evt), r->id);
      deadlock(tm, b, r->in, msg);
      return;
    }
    busy = pl->wait_flag_cycles;
    end = umax(start, f->time) + busy;
    join(tm->vc[S], f->vc);
    f->set = false;
    kind = SIM_SL_WAIT;
  } else {
    busy = r->kind == R_SET ? pl->set_flag_cycles : pl->barrier_cycles;
    end = start + busy;
    kind = r->kind == R_SET ? SIM_SL_SET : SIM_SL_BARRIER;
  }
  tm->vc[S][S] = ++tm->seq[S];
  tm->t_s = end;
  tm->res.busy[S] += busy;
  tm->res.ops[S]++;
  int32_t si = add_slice(tm, r->in, kind, S, start, end);
  if (si >= 0) {
    tm->sl.items[si].evt = r->evt;
    tm->sl.items[si].id = r->id;
    if (r->kind == R_WAIT)
      tm->sl.items[si].flow_from = f->slice;
  }
  if (r->kind == R_SET) {
    f->set = true;
    f->time = end;
    memcpy(f->vc, tm->vc[S], sizeof f->vc);
    f->slice = si;
    drain_fifos(tm, b);
  }
}

/* PipeBarrier<PIPE_ALL>: every pipe and the scalar unit meet. */
static void barrier_all(sim_timing *tm, sim_block *b, const tm_rec *r) {
  if (!scalar_drain(tm, b, r->in, "PipeBarrier<PIPE_ALL>"))
    return;
  uint64_t t = tm->t_s, end = t + tm->L->plat->barrier_cycles;
  uint32_t all[NP];
  memcpy(all, tm->vc[S], sizeof all);
  for (int p = 0; p < NP; p++) {
    memcpy(tm->vc[p], all, sizeof all);
    tm->free_at[p] = tm->done[p] = end;
  }
  tm->t_s = end;
  int32_t si = add_slice(tm, r->in, SIM_SL_BARRIER, S, t, end);
  if (si >= 0)
    tm->sl.items[si].evt = r->evt;
}

static void issue_sync(sim_timing *tm, sim_block *b, const sim_insn *in,
                       const tm_sync *s) {
  tm_rec r;
  memset(&r, 0, sizeof r);
  r.in = in;
  r.kind = s->kind;
  r.evt = s->evt;
  r.id = s->id;
  r.ready = tm->t_s;
  memcpy(r.vc_issue, tm->vc[S], sizeof r.vc_issue);
  int p;
  if (s->kind == R_BARRIER) {
    p = barrier_pipe(s->evt);
    if (p < 0) {
      barrier_all(tm, b, &r);
      return;
    }
  } else {
    p = flag_pipe(s->evt, s->kind == R_SET);
    if (p < 0)
      return; /* not a pipe pair (the sanitizer reported the event) */
  }
  r.pipe = (uint8_t)p;
  if (p == S)
    exec_scalar_sync(tm, b, &r);
  else
    submit(tm, b, &r, NULL, 0);
}

void sim_tm_commit(sim_block *b, const sim_insn *in) {
  sim_timing *tm = b->tm;
  const casc_platform *pl = tm->L->plat;
  if (tm->dead || tm->oom)
    goto reset;
  int p = pipe_of_insn(in);
  if (p == S && tm->ncur) {
    /* A scalar access to UB (GetValue / SetValue): the compiler makes the
     * scalar unit wait for the pipes first (docs/ascendc-facts.md §2); modelled
     * as waiting for all of them. */
    if (!scalar_drain(tm, b, in, sim_api_name(in->op)))
      goto reset;
    tm->vc[S][S] = ++tm->seq[S];
    for (unsigned i = 0; i < tm->ncur; i++)
      tm->res.races +=
          sim_race_access(tm->race, b, in, S, tm->vc[S], tm->cur[i].lo,
                          tm->cur[i].hi, tm->cur[i].write);
  }
  uint64_t issue = tm->t_s;
  tm->t_s += pl->scalar_cycles;
  tm->res.busy[S] += pl->scalar_cycles;
  /* ---- MIX kernels (matmul.c; docs/timing.md, "Mix mode and the Matmul
   * object"): a Matmul call holds the AIV's scalar unit until the AIC
   * answers. */
  tm->t_s += sim_mm_wait_cycles(b, in);
  if (in->pipe == CASC_PIPE_S) {
    tm->res.ops[S]++;
    add_slice(tm, in, SIM_SL_OP, S, issue, tm->t_s);
  } else {
    if (p == S)
      tm->res.ops[S]++;
    scalar_slice(tm, in, issue, tm->t_s);
  }
  if (p != S) {
    tm_rec r;
    memset(&r, 0, sizeof r);
    r.in = in;
    r.kind = R_OP;
    r.pipe = (uint8_t)p;
    r.evt = -1;
    r.ready = tm->t_s;
    uint64_t units = 0;
    for (unsigned i = 0; i < SIM_MAX_ARGS; i++)
      if (tm->cur_bytes[i] > r.bytes) {
        r.bytes = tm->cur_bytes[i];
        units = tm->cur_units[i];
      }
    op_cost(b, in, p, r.bytes, units, &r.occ, &r.lat);
    memcpy(r.vc_issue, tm->vc[S], sizeof r.vc_issue);
    submit(tm, b, &r, tm->cur, tm->ncur);
  }
  for (unsigned i = 0; i < tm->nsync && !tm->dead; i++)
    issue_sync(tm, b, in, &tm->sync[i]);
reset:
  tm->ncur = tm->nsync = 0;
  memset(tm->cur_bytes, 0, sizeof tm->cur_bytes);
  memset(tm->cur_units, 0, sizeof tm->cur_units);
  memset(tm->cur_pool, -1, sizeof tm->cur_pool);
}

bool sim_tm_block_end(sim_block *b, casc_block_timing *out, sim_slices *sl) {
  sim_timing *tm = b->tm;
  bool stuck = false;
  for (int p = 0; p < NP; p++) {
    stuck |= tm->fifo[p].n > 0; /* a wait whose flag never came */
    fifo_clear(&tm->fifo[p]);
  }
  uint64_t end = tm->t_s;
  for (int p = 0; p < NP; p++)
    end = umax(end, tm->done[p]);
  *out = tm->res;
  out->cycles = end;
  out->complete = !tm->dead && !tm->oom && !stuck && !b->failed;
  if (sl) {
    *sl = tm->sl;
    memset(&tm->sl, 0, sizeof tm->sl);
  }
  tm->ncur = tm->nsync = 0;
  return !tm->oom;
}
