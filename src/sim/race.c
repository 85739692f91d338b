/* The race detector's shadow of the unified buffer (docs/timing.md).
 *
 * One cell per 32 bytes (the UB's block size: every tile operand is 32-byte
 * aligned) remembers the last write (pipe, sequence number, op) and, per
 * pipe, the last read since that write. The timing model hands over every
 * UB access with the vector clock of its pipe, in an order consistent with
 * happens-before; an earlier access by another pipe that the clock does not
 * cover, where one of the two writes, is a race: nothing (no flag, no
 * barrier, no issue order) makes the hardware finish one before the other.
 *
 * Each pair of ops is reported once per block, as an error at the later op
 * with a note at the earlier one, naming both pipes and the byte range. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"

#define NP CASC_SIM_PIPE_COUNT_
#define CELL 32
#define MAX_PAIRS 64 /* distinct races reported per block */

typedef struct {
  uint32_t wseq;
  uint8_t wpipe;
  uint32_t rseq[NP];
  const sim_insn *win;
  const sim_insn *rin[NP];
} cell;

typedef struct {
  const sim_insn *a, *b;
} pair;

struct sim_race {
  cell *cells;
  uint32_t ncells;
  uint32_t pool_size[SIM_POOL_COUNT_]; /* the address space's layout */
  pair seen[MAX_PAIRS];
  unsigned nseen;
};

sim_race *sim_race_new(const uint32_t *pool_size) {
  sim_race *r = casc_calloc(1, sizeof *r);
  if (!r)
    return NULL;
  memcpy(r->pool_size, pool_size, sizeof r->pool_size);
  int64_t total = sim_pool_base(pool_size, SIM_POOL_COUNT_);
  r->ncells = (uint32_t)((total + CELL - 1) / CELL);
  r->cells = casc_calloc(r->ncells ? r->ncells : 1, sizeof *r->cells);
  if (!r->cells) {
    casc_free(r);
    return NULL;
  }
  return r;
}

void sim_race_free(sim_race *r) {
  if (!r)
    return;
  casc_free(r->cells);
  casc_free(r);
}

void sim_race_reset(sim_race *r) {
  memset(r->cells, 0, r->ncells * sizeof *r->cells);
  r->nseen = 0;
}

/* One conflict found while scanning an access: the other op, its pipe,
 * whether it wrote, and the cells involved. */
typedef struct {
  const sim_insn *other;
  int pipe;
  bool other_writes;
  uint32_t c0, c1;
} conflict;

/* Pipes and events are named by the hardware facts (ascend_hw.h), not by
 * the timing model that hands the accesses over. */
static const char *pipe_name(int p) {
  const char *s = casc_hw_pipe_name(sim_hw_of_pipe(p));
  return s ? s : "?";
}

/* The HardEvent whose SetFlag / WaitFlag pair would order pipe a before
 * pipe b ("MTE2_V"), or NULL if the hardware has none. */
static const char *event_between(int a, int b) {
  return casc_hw_event_name(
      casc_hw_event_between(sim_hw_of_pipe(a), sim_hw_of_pipe(b)));
}

static bool report(sim_race *r, sim_block *b, const sim_insn *in, int pipe,
                   bool write, int64_t lo, int64_t hi, const conflict *c) {
  for (unsigned i = 0; i < r->nseen; i++)
    if (r->seen[i].a == in && r->seen[i].b == c->other)
      return false;
  if (r->nseen == MAX_PAIRS)
    return false;
  r->seen[r->nseen++] = (pair){in, c->other};
  int64_t a = (int64_t)c->c0 * CELL, z = (int64_t)(c->c1 + 1) * CELL;
  if (a < lo)
    a = lo;
  if (z > hi)
    z = hi;
  /* Back from the one address space to a memory and its offsets. */
  unsigned pool = 0;
  while (pool + 1 < SIM_POOL_COUNT_ &&
         a >= sim_pool_base(r->pool_size, pool + 1))
    pool++;
  int64_t base = sim_pool_base(r->pool_size, pool);
  a -= base;
  z -= base;
  const char *api = sim_api_name(in->op), *oapi = sim_api_name(c->other->op);
  const char *evt = event_between(c->pipe, pipe);
  char hint[96] = "";
  if (evt)
    snprintf(hint, sizeof hint, " (is a SetFlag/WaitFlag<%s> pair missing?)",
             evt);
  /* Not an error that stops the block: the functional run goes on. */
  bool failed = b->failed;
  sim_issue *is = sim_report(
      b, CASC_CHECK_RACE, CASC_SEV_ERROR, in->op,
      "data race on %s bytes [%lld, %lld): %s on pipe %s %s them while %s on "
      "pipe %s %s them, and no flag or barrier orders the two%s",
      casc_hw_mem_name((casc_hw_mem)pool), (long long)a, (long long)z, api,
      pipe_name(pipe), write ? "writes" : "reads", oapi, pipe_name(c->pipe),
      c->other_writes ? "writes" : "reads", hint);
  b->failed = failed;
  sim_note_add(is, c->other->op->loc, "%s on pipe %s %s them here", oapi,
               pipe_name(c->pipe), c->other_writes ? "writes" : "reads");
  return true;
}

static void note_conflict(conflict *cs, unsigned *n, const sim_insn *other,
                          int pipe, bool other_writes, uint32_t ci) {
  for (unsigned i = 0; i < *n; i++)
    if (cs[i].other == other && cs[i].pipe == pipe) {
      if (ci > cs[i].c1)
        cs[i].c1 = ci;
      return;
    }
  if (*n < 4)
    cs[(*n)++] = (conflict){other, pipe, other_writes, ci, ci};
}

unsigned sim_race_access(sim_race *r, sim_block *b, const sim_insn *in,
                         int pipe, const uint32_t *vc, int64_t lo, int64_t hi,
                         bool write) {
  if (lo < 0 || hi <= lo)
    return 0;
  uint32_t c0 = (uint32_t)(lo / CELL), c1 = (uint32_t)((hi - 1) / CELL);
  if (c1 >= r->ncells)
    c1 = r->ncells - 1;
  conflict cs[4];
  unsigned n = 0;
  uint32_t seq = vc[pipe];
  for (uint32_t ci = c0; ci <= c1; ci++) {
    cell *c = &r->cells[ci];
    if (c->wseq && c->wpipe != pipe && vc[c->wpipe] < c->wseq)
      note_conflict(cs, &n, c->win, c->wpipe, true, ci);
    if (write) {
      for (int p = 0; p < NP; p++)
        if (p != pipe && c->rseq[p] && vc[p] < c->rseq[p])
          note_conflict(cs, &n, c->rin[p], p, false, ci);
      c->wseq = seq;
      c->wpipe = (uint8_t)pipe;
      c->win = in;
      memset(c->rseq, 0, sizeof c->rseq);
    } else {
      c->rseq[pipe] = seq;
      c->rin[pipe] = in;
    }
  }
  unsigned reported = 0;
  for (unsigned i = 0; i < n; i++)
    reported += report(r, b, in, pipe, write, lo, hi, &cs[i]);
  return reported;
}
