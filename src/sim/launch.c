/* Host side of a launch: argument checking, the thread pool that runs the
 * blocks, and the hand-over of each block's diagnostics to the context.
 *
 * Blocks are independent (own UB, TPipe, event pools, slots); a worker
 * takes the next block index from an atomic counter, so any thread count
 * gives the same per-block results. Diagnostics are kept per block and
 * emitted after all threads have joined, in block order; an identical
 * diagnostic from several blocks is emitted once, naming the blocks. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/issues_lost.h"
#include "sim/sim_internal.h"
#include "util/alloc.h"

#define MAX_BLOCK_DIM 65535u /* blockDim is a uint16 on the NPU */

typedef struct {
  const sim_launch *L;
  casc_sim_program *prog; /* L->prog, for its workspace cache */
  atomic_uint next;
  sim_issue_list *lists;
  sim_gm_acc_list *gm_acc; /* per block: its GM reads and writes */
  bool *failed;
  uint64_t *steps;
  casc_block_timing *bt;  /* with timing: per block */
  sim_slices *slices;     /* with trace: per block */
  sim_print_list *prints; /* with a print sink: per block */
  bool oom;
  pthread_mutex_t oom_lock;
  atomic_bool timing_oom; /* the timing model lost part of a block */
} pool_state;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A worker's block state, its UB and the UB's shadow. They are kept by the
 * program after a launch (sim_ws_cache_free frees them) so that a program run
 * again does not allocate and page in ~400 KiB per thread each time; a
 * reused UB holds stale bytes, which the shadow never lets a kernel see. */
struct sim_workspace {
  sim_block b;
  void *ub_raw;
  uint32_t ub_size; /* the platform's, for which the buffers were made */
  sim_workspace *next;
};

static void ws_destroy(sim_workspace *w) {
  if (!w)
    return;
  casc_free(w->b.slots);
  casc_free(w->ub_raw);
  casc_free(w->b.wfull);
  casc_free(w->b.wpart);
  casc_free(w->b.wbyte);
  casc_free(w->b.queues);
  sim_cube_ws_free(&w->b);
  sim_tm_free(w->b.tm);
  casc_free(w);
}

static sim_workspace *ws_create(const sim_launch *L) {
  sim_workspace *w = casc_calloc(1, sizeof *w);
  if (!w)
    return NULL;
  /* UB and its shadow are whole 32-byte blocks (a platform's ub_size may
   * not be a multiple of 32; the accesses are still checked against it). */
  uint32_t ub_size = L->plat->ub_size;
  uint32_t nblk = (uint32_t)(((uint64_t)ub_size + 31) / 32);
  w->ub_size = ub_size;
  w->b.slots = casc_malloc(L->prog->nslots * sizeof *w->b.slots);
  w->ub_raw = casc_malloc((size_t)nblk * 32 + 64);
  w->b.ub_words = (nblk + 63) / 64;
  w->b.wfull = casc_malloc(w->b.ub_words * sizeof *w->b.wfull);
  w->b.wpart = casc_malloc(w->b.ub_words * sizeof *w->b.wpart);
  w->b.wbyte = casc_malloc((size_t)nblk * 32);
  w->b.queues = casc_malloc(SIM_MAX_QUEUES * sizeof *w->b.queues);
  if (!w->b.slots || !w->ub_raw || !w->b.wfull || !w->b.wpart || !w->b.wbyte ||
      !w->b.queues || !sim_cube_ws_alloc(&w->b, L->plat)) {
    ws_destroy(w);
    return NULL;
  }
  /* 64-byte alignment so that typed tile loops see aligned data. */
  uintptr_t a = ((uintptr_t)w->ub_raw + 63) & ~(uintptr_t)63;
  w->b.mem[SIM_POOL_UB] = (uint8_t *)a;
  return w;
}

/* A workspace for this launch: an idle one of the program's, else new. */
static sim_workspace *ws_get(casc_sim_program *p, const sim_launch *L) {
  pthread_mutex_lock(&p->ws_lock);
  sim_workspace *w = p->ws_idle;
  if (w)
    p->ws_idle = w->next;
  pthread_mutex_unlock(&p->ws_lock);
  if (w &&
      (w->ub_size != L->plat->ub_size || !sim_cube_ws_fits(&w->b, L->plat))) {
    ws_destroy(w); /* made for another platform */
    w = NULL;
  }
  if (!w && !(w = ws_create(L)))
    return NULL;
  const casc_platform *pl = L->plat;
  sim_block *b = &w->b;
  b->L = L;
  b->pool_size[SIM_POOL_UB] = pl->ub_size;
  b->pool_size[SIM_POOL_L1] = pl->l1_size;
  b->pool_size[SIM_POOL_L0A] = pl->l0_a_size;
  b->pool_size[SIM_POOL_L0B] = pl->l0_b_size;
  b->pool_size[SIM_POOL_L0C] = pl->l0_c_size;
  b->pool_size[SIM_POOL_BT] = pl->bt_size;
  b->pool_size[SIM_POOL_FB] = pl->fb_size;
  b->tm = NULL;
  if (L->timing && !(b->tm = sim_tm_new(L))) {
    ws_destroy(w);
    return NULL;
  }
  return w;
}

static void ws_put(casc_sim_program *p, sim_workspace *w) {
  sim_tm_free(w->b.tm); /* per launch: it points at the launch */
  w->b.tm = NULL;
  w->b.L = NULL;
  pthread_mutex_lock(&p->ws_lock);
  w->next = p->ws_idle;
  p->ws_idle = w;
  pthread_mutex_unlock(&p->ws_lock);
}

void sim_ws_cache_free(casc_sim_program *p) {
  while (p->ws_idle) {
    sim_workspace *w = p->ws_idle;
    p->ws_idle = w->next;
    ws_destroy(w);
  }
}

static void run_block(sim_workspace *w, pool_state *ps, unsigned idx) {
  const sim_launch *L = ps->L;
  sim_block *b = &w->b;
  memcpy(b->slots, L->init, L->prog->nslots * sizeof *b->slots);
  /* Nothing written yet. The UB bytes themselves are left stale: the shadow
   * gives every byte the initial garbage before it is first read. */
  memset(b->wfull, 0, b->ub_words * sizeof *b->wfull);
  memset(b->wpart, 0, b->ub_words * sizeof *b->wpart);
  sim_cube_block_reset(b);
  sim_pipe_reset_state(b);
  memset(b->cmpmask, 0, sizeof b->cmpmask);
  b->cmpmask_set = false;
  b->fix_quant = 0;
  b->fix_quant_set = false;
  memset(b->mrg_taken, 0, sizeof b->mrg_taken);
  b->gather_mask_cnt = 0;
  sim_vmask_reset(b);
  memset(&b->deq, 0, sizeof b->deq);
  sim_load3d_block_reset(b);
  b->idx = (int)idx;
  b->failed = false;
  b->steps = 0;
  memset(&b->issues, 0, sizeof b->issues);
  memset(&b->prints, 0, sizeof b->prints);
  sim_sys_block_begin(b);
  sim_shape_info_block_begin(b);
  sim_aipp_block_begin(b);
  memset(&b->env, 0, sizeof b->env); /* sys_env.c */
  if (b->tm)
    sim_tm_block_begin(b);
  if (L->xsync)
    sim_xsync_block_start(L->xsync);
  sim_block_run(b);
  if (L->xsync)
    sim_xsync_block_end(L->xsync, (int)idx, b->failed, b->epoch);
  if (b->tm &&
      !sim_tm_block_end(b, &ps->bt[idx], L->trace ? &ps->slices[idx] : NULL))
    atomic_store(&ps->timing_oom, true);
  ps->lists[idx] = b->issues;
  memset(&b->issues, 0, sizeof b->issues);
  ps->gm_acc[idx] = b->gm_acc;
  memset(&b->gm_acc, 0, sizeof b->gm_acc);
  if (ps->prints)
    ps->prints[idx] = b->prints;
  memset(&b->prints, 0, sizeof b->prints);
  ps->failed[idx] = b->failed;
  ps->steps[idx] = b->steps;
}

/* A block the launch stopped before it started: it reports why. */
static void skip_block(sim_workspace *w, pool_state *ps, unsigned idx,
                       int why) {
  sim_block *b = &w->b;
  b->idx = (int)idx;
  b->failed = false;
  memset(&b->issues, 0, sizeof b->issues);
  sim_report_stopped(b, (sim_stop_reason)why, NULL);
  if (ps->L->xsync) {
    sim_xsync_block_start(ps->L->xsync);
    sim_xsync_block_end(ps->L->xsync, (int)idx, true, 0);
  }
  ps->lists[idx] = b->issues;
  memset(&b->issues, 0, sizeof b->issues);
  ps->failed[idx] = true;
}

static void *worker(void *arg) {
  pool_state *ps = arg;
  sim_workspace *w = ws_get(ps->prog, ps->L);
  if (!w) {
    pthread_mutex_lock(&ps->oom_lock);
    ps->oom = true;
    pthread_mutex_unlock(&ps->oom_lock);
    return NULL;
  }
  for (;;) {
    unsigned idx = atomic_fetch_add(&ps->next, 1u);
    if (idx >= ps->L->block_dim)
      break;
    int why = atomic_load(&ps->L->stop->reason);
    if (why == SIM_STOP_NONE)
      run_block(w, ps, idx);
    else
      skip_block(w, ps, idx, why);
  }
  ws_put(ps->prog, w);
  return NULL;
}

/* ---- emission ---------------------------------------------------------------
 */

typedef struct {
  unsigned block;
  const sim_issue *is;
  int group; /* index of the first equal issue, or -1 for itself */
} flat_issue;

/* "block 3", "blocks 0-7", "blocks 0, 2, 5-7" (first ranges only). */
static void blocks_text(const unsigned *blocks, unsigned n, char *out,
                        size_t cap) {
  if (n == 1) {
    snprintf(out, cap, "block %u", blocks[0]);
    return;
  }
  size_t len = (size_t)snprintf(out, cap, "blocks ");
  unsigned ranges = 0;
  for (unsigned i = 0; i < n && len < cap;) {
    unsigned j = i;
    while (j + 1 < n && blocks[j + 1] == blocks[j] + 1)
      j++;
    if (ranges == 6) {
      snprintf(out + len, cap - len, ", ... (%u blocks)", n);
      return;
    }
    if (j == i)
      len += (size_t)snprintf(out + len, cap - len, "%s%u", ranges ? ", " : "",
                              blocks[i]);
    else
      len += (size_t)snprintf(out + len, cap - len, "%s%u-%u",
                              ranges ? ", " : "", blocks[i], blocks[j]);
    ranges++;
    i = j + 1;
  }
}

static const char *arena_str(casc_ctx *ctx, const char *s) {
  size_t n = strlen(s);
  char *p = casc_ctx_alloc(ctx, n + 1);
  if (p)
    memcpy(p, s, n + 1);
  return p ? p : "";
}

/* Emits the issues of every block; false when some were lost for lack of
 * memory (reported): `lost` issues that sim_report could not record, and
 * notes recorded without their text. */
static bool emit_all(casc_ctx *ctx, const casc_sim_program *p,
                     sim_issue_list *lists, unsigned long lost,
                     unsigned nblocks, casc_launch_result *res) {
  unsigned lost_notes = 0;
  for (unsigned i = 0; i < nblocks; i++)
    for (unsigned j = 0; j < lists[i].n; j++)
      for (unsigned k = 0; k < lists[i].items[j].nnotes; k++)
        lost_notes += !lists[i].items[j].notes[k].msg;
  if (lost)
    casc_emit_error(ctx, p->func->loc,
                    "out of memory: %lu simulator diagnostic(s) were lost",
                    lost);
  if (lost_notes)
    casc_emit_error(ctx, p->func->loc,
                    "out of memory: %u note(s) of the diagnostics below were "
                    "lost",
                    lost_notes);
  lost += lost_notes;
  unsigned total = 0;
  for (unsigned i = 0; i < nblocks; i++)
    total += lists[i].n;
  if (!total)
    return !lost;
  flat_issue *fl = casc_calloc(total, sizeof *fl);
  unsigned hcap = 16;
  while (hcap < total * 2)
    hcap *= 2;
  int *table = casc_malloc(hcap * sizeof *table);
  unsigned *blocks = casc_malloc(total * sizeof *blocks);
  casc_sim_issue *out = res ? casc_ctx_alloc(ctx, total * sizeof *out) : NULL;
  if (!fl || !table || !blocks) {
    casc_emit_error(ctx, p->func->loc,
                    "out of memory while reporting %u simulator diagnostics",
                    total);
    casc_free(fl);
    casc_free(table);
    casc_free(blocks);
    return false;
  }
  for (unsigned i = 0; i < hcap; i++)
    table[i] = -1;
  unsigned k = 0;
  for (unsigned bi = 0; bi < nblocks; bi++)
    for (unsigned j = 0; j < lists[bi].n; j++, k++) {
      const sim_issue *is = &lists[bi].items[j];
      fl[k].block = bi;
      fl[k].is = is;
      fl[k].group = -1;
      unsigned h = (unsigned)sim_issue_merge_hash(is) & (hcap - 1);
      while (table[h] >= 0 && !sim_issue_mergeable(fl[table[h]].is, is))
        h = (h + 1) & (hcap - 1);
      if (table[h] >= 0)
        fl[k].group = table[h];
      else
        table[h] = (int)k;
      if (out) {
        out[k].check = is->check;
        out[k].sev = is->sev;
        out[k].block = (int)bi;
        out[k].loc = is->loc;
        out[k].msg = arena_str(ctx, is->msg);
      }
    }
  if (res) {
    res->issues = out;
    res->nissues = out ? total : 0;
  }
  /* Emit each group once, at its first occurrence. */
  for (unsigned i = 0; i < total; i++) {
    if (fl[i].group >= 0)
      continue;
    unsigned nb = 0;
    bool figures_differ = false;
    for (unsigned j = i; j < total; j++)
      if (j == i || fl[j].group == (int)i) {
        if (!nb || blocks[nb - 1] != fl[j].block)
          blocks[nb++] = fl[j].block;
        figures_differ |= strcmp(fl[j].is->msg, fl[i].is->msg) != 0;
      }
    char bt[160];
    blocks_text(blocks, nb, bt, sizeof bt);
    const sim_issue *is = fl[i].is;
    casc_loc *loc = is->loc ? (casc_loc *)is->loc : p->func->loc;
    casc_diag *d =
        figures_differ
            ? casc_diag_begin(ctx, is->sev, loc,
                              "%s: %s (figures of block %u; the other "
                              "blocks' differ)",
                              bt, is->msg, fl[i].block)
            : casc_diag_begin(ctx, is->sev, loc, "%s: %s", bt, is->msg);
    for (unsigned n = 0; n < is->nnotes; n++)
      if (is->notes[n].msg)
        casc_diag_note(d, (casc_loc *)is->notes[n].loc, "%s", is->notes[n].msg);
    casc_diag_emit(d);
  }
  casc_free(fl);
  casc_free(table);
  casc_free(blocks);
  return !lost;
}

/* ---- arguments
 * ------------------------------------------------------------------- */

static bool bind_args(casc_ctx *ctx, const casc_sim_program *p,
                      const casc_arg *args, unsigned nargs, sim_gm *gm,
                      int64_t *scal_i, double *scal_f, uint64_t *ffts_word) {
  unsigned nffts = 0;
  for (unsigned i = 0; i < p->nparams; i++)
    nffts += p->pffts[i];
  bool skip_ffts = nargs + nffts == p->nparams && nffts > 0;
  if (nargs != p->nparams && !skip_ffts) {
    casc_emit_error(ctx, p->func->loc,
                    "kernel @%s takes %u argument(s)%s, the launch passes %u",
                    casc_func_name(p->func), p->nparams - nffts,
                    nffts ? " (plus ffts_addr)" : "", nargs);
    return false;
  }
  bool ok = true;
  unsigned ai = 0;
  for (unsigned i = 0; i < p->nparams; i++) {
    casc_type *t = p->ptypes[i];
    bool is_gm =
        t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF;
    gm[i].name = p->pnames[i];
    gm[i].bytes = -1;
    if (skip_ffts && p->pffts[i]) {
      /* pyasc's trailing ffts_addr: a one-word buffer the kernel may read. */
      gm[i].base = (uint8_t *)ffts_word;
      gm[i].bytes = sizeof *ffts_word;
      gm[i].dtype = CASC_DT_U64;
      continue;
    }
    const casc_arg *a = &args[ai++];
    const char *nm = a->name ? a->name : p->pnames[i];
    if (is_gm) {
      casc_dtype want = casc_dtype_of_type(casc_type_elem(t));
      if (a->kind != CASC_ARG_GM) {
        casc_emit_error(ctx, p->func->loc,
                        "argument '%s' of @%s is a GM buffer of %s; the "
                        "launch passes a scalar",
                        nm, casc_func_name(p->func), casc_dtype_name(want));
        ok = false;
        continue;
      }
      if (a->dtype != want) {
        casc_emit_error(ctx, p->func->loc,
                        "argument '%s' of @%s is a GM buffer of %s; the "
                        "launch passes %s",
                        nm, casc_func_name(p->func), casc_dtype_name(want),
                        casc_dtype_name(a->dtype));
        ok = false;
        continue;
      }
      if (!a->data && a->count) {
        casc_emit_error(ctx, p->func->loc,
                        "argument '%s': NULL buffer of %zu elements", nm,
                        a->count);
        ok = false;
        continue;
      }
      if (a->count > (size_t)INT64_MAX / 8) {
        casc_emit_error(ctx, p->func->loc, "argument '%s' is too large", nm);
        ok = false;
        continue;
      }
      gm[i].name = nm;
      gm[i].base = a->data;
      gm[i].bytes = (int64_t)(a->count * casc_dtype_size(want));
      gm[i].dtype = want;
      gm[i].stream = gm[i].bytes >= SIM_GM_STREAM_MIN;
      continue;
    }
    unsigned dt = casc_dtype_of_type(t);
    if (a->kind != CASC_ARG_SCALAR) {
      casc_emit_error(ctx, p->func->loc,
                      "argument '%s' of @%s is a scalar %s; the launch "
                      "passes a GM buffer",
                      nm, casc_func_name(p->func), casc_dtype_name(dt));
      ok = false;
      continue;
    }
    bool afloat = sim_dt_is_float(a->dtype);
    if (sim_dt_is_float(dt))
      scal_f[i] = sim_fround(afloat ? a->f : (double)a->i, dt);
    else if (afloat) {
      casc_emit_error(ctx, p->func->loc,
                      "argument '%s' of @%s is an integer %s; the launch "
                      "passes a float",
                      nm, casc_func_name(p->func), casc_dtype_name(dt));
      ok = false;
    } else {
      scal_i[i] = sim_norm(a->i, dt);
    }
  }
  return ok;
}

/* The launch as the hardware runs it: after launch_cycles of start-up,
 * blocks go, in order, to whichever of the vector_core_cnt cores is free
 * first (lowest core on a tie), so a block_dim above the core count runs
 * in waves. Deterministic. */
static bool summarize_timing(casc_ctx *ctx, const casc_platform *plat, bool mix,
                             casc_block_timing *bt, unsigned n,
                             casc_timing *out) {
  unsigned ncores = plat->vector_core_cnt ? plat->vector_core_cnt : 1;
  if (ncores > n)
    ncores = n;
  uint64_t *core_free = casc_calloc(ncores, sizeof *core_free);
  memset(out, 0, sizeof *out);
  if (!core_free) {
    casc_emit_error(ctx, NULL, "out of memory for the timing summary");
    return false;
  }
  /* The task's start-up (launch_cycles; a MIX task's is longer, ``Mix
   * mode'' in docs/timing.md) passes before any core runs. */
  uint64_t start = plat->launch_cycles + (mix ? plat->mix_launch_cycles : 0);
  for (unsigned k = 0; k < ncores; k++)
    core_free[k] = start;
  out->cycles = start;
  uint64_t busy[CASC_SIM_PIPE_COUNT_] = {0}, total = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned c = 0;
    for (unsigned k = 1; k < ncores; k++)
      if (core_free[k] < core_free[c])
        c = k;
    bt[i].core = c;
    bt[i].start = core_free[c];
    core_free[c] += bt[i].cycles;
    if (core_free[c] > out->cycles)
      out->cycles = core_free[c];
    total += bt[i].cycles;
    for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
      busy[p] += bt[i].busy[p];
    out->races += bt[i].races;
  }
  casc_free(core_free);
  out->valid = true;
  out->clock_mhz = plat->cube_freq_mhz;
  out->seconds = (double)out->cycles / ((double)plat->cube_freq_mhz * 1e6);
  out->nblocks = n;
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    out->busy_fraction[p] = total ? (double)busy[p] / (double)total : 0.0;
  out->blocks = casc_ctx_alloc(ctx, n * sizeof *bt);
  if (!out->blocks)
    return false; /* reported by the context */
  memcpy(out->blocks, bt, n * sizeof *bt);
  return true;
}

static casc_launch_status run(casc_sim_program *p, unsigned block_dim,
                              const casc_arg *args, unsigned nargs,
                              const casc_launch_opts *opts, bool timing,
                              casc_buf *trace, casc_launch_result *res) {
  casc_launch_opts dflt = {.threads = 0};
  if (!opts)
    opts = &dflt;
  if (res)
    memset(res, 0, sizeof *res);
  if (!p)
    return CASC_LAUNCH_BAD_LAUNCH;
  casc_ctx *ctx = p->ctx;
  unsigned errs0 = casc_ctx_error_count(ctx);
  casc_platform plat;
  if (opts->platform)
    plat = *opts->platform;
  else
    casc_platform_default(&plat);
  if (block_dim == 0 || block_dim > MAX_BLOCK_DIM) {
    casc_emit_error(ctx, p->func->loc, "block_dim is %u; it must be in 1 ~ %u",
                    block_dim, MAX_BLOCK_DIM);
    if (res)
      res->errors = 1;
    return CASC_LAUNCH_BAD_LAUNCH;
  }
  if (plat.ub_size < 32) {
    casc_emit_error(ctx, p->func->loc, "the platform's ub_size is %u bytes",
                    plat.ub_size);
    if (res)
      res->errors = 1;
    return CASC_LAUNCH_BAD_LAUNCH;
  }
  sim_gm *gm = casc_calloc(p->nparams + 1, sizeof *gm);
  int64_t *si = casc_calloc(p->nparams + 1, sizeof *si);
  double *sf = casc_calloc(p->nparams + 1, sizeof *sf);
  uint64_t ffts_word = 0;
  sim_issue_list *lists = casc_calloc(block_dim, sizeof *lists);
  sim_gm_acc_list *gm_acc = casc_calloc(block_dim, sizeof *gm_acc);
  bool *failed = casc_calloc(block_dim, sizeof *failed);
  uint64_t *steps = casc_calloc(block_dim, sizeof *steps);
  casc_block_timing *bt = timing ? casc_calloc(block_dim, sizeof *bt) : NULL;
  sim_slices *slices = trace ? casc_calloc(block_dim, sizeof *slices) : NULL;
  sim_print_list *prints =
      opts->print ? casc_calloc(block_dim, sizeof *prints) : NULL;
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  if (!gm || !si || !sf || !lists || !gm_acc || !failed || !steps ||
      (timing && !bt) || (trace && !slices) || (opts->print && !prints)) {
    casc_emit_error(ctx, p->func->loc, "out of memory for the launch");
    st = CASC_LAUNCH_OUT_OF_MEMORY;
    goto out;
  }
  if (!bind_args(ctx, p, args, nargs, gm, si, sf, &ffts_word))
    goto out;

  /* Scalars go into the initial slot image of a private copy. */
  sim_slot *init = casc_malloc(p->nslots * sizeof *init);
  if (!init) {
    casc_emit_error(ctx, p->func->loc, "out of memory for the launch");
    st = CASC_LAUNCH_OUT_OF_MEMORY;
    goto out;
  }
  memcpy(init, p->init, p->nslots * sizeof *init);
  for (unsigned i = 0; i < p->nparams; i++) {
    sim_slot *s = &init[p->pslots[i]];
    if (gm[i].bytes >= 0) {
      memset(&s->t, 0, sizeof s->t);
      s->t.buf = (int16_t)i;
      s->t.len = -1;
    } else if (sim_dt_is_float(casc_dtype_of_type(p->ptypes[i]))) {
      s->f = sf[i];
    } else {
      s->i = si[i];
    }
  }

  sim_launch L;
  memset(&L, 0, sizeof L);
  L.prog = p;
  L.plat = &plat;
  L.block_dim = block_dim;
  L.gm = gm;
  L.max_steps = opts->max_steps ? opts->max_steps : (uint64_t)1 << 32;
  L.init = init;
  L.timing = timing;
  L.trace = trace != NULL;
  sim_stop stop;
  memset(&stop, 0, sizeof stop);
  atomic_init(&stop.reason, SIM_STOP_NONE);
  pthread_mutex_init(&stop.lock, NULL);
  stop.timeout = p->time_limit;
  stop.blocks_run_alike = block_dim > 1 && sim_blocks_run_alike(p);
  L.stop = &stop;
  L.print = opts->print;
  L.print_user = opts->print_user;
  bool xerr;
  L.xsync = sim_xsync_new(ctx, p, &plat, block_dim, &xerr);
  if (xerr) {
    pthread_mutex_destroy(&stop.lock);
    casc_free(init);
    goto out;
  }

  unsigned nthreads = opts->threads;
  if (!nthreads) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    nthreads = n > 0 ? (unsigned)n : 1;
  }
  if (nthreads > block_dim)
    nthreads = block_dim;
  if (nthreads > 256)
    nthreads = 256;
  /* SyncAll: every block at once, each on a thread (sync_all.c) */
  if (L.xsync)
    nthreads = sim_xsync_threads(L.xsync);

  pool_state ps;
  memset(&ps, 0, sizeof ps);
  ps.L = &L;
  ps.prog = p;
  atomic_init(&ps.next, 0u);
  atomic_init(&ps.timing_oom, false);
  ps.lists = lists;
  ps.gm_acc = gm_acc;
  ps.failed = failed;
  ps.steps = steps;
  ps.bt = bt;
  ps.slices = slices;
  ps.prints = prints;
  pthread_mutex_init(&ps.oom_lock, NULL);

  unsigned long lost0 = sim_issues_lost();
  double t0 = now_seconds();
  if (p->time_limit > 0)
    stop.deadline = t0 + p->time_limit;
  pthread_t tids[256];
  unsigned started = 0;
  for (unsigned t = 1; t < nthreads; t++) {
    if (pthread_create(&tids[started], NULL, worker, &ps) != 0)
      break; /* fewer threads: the same results, only slower */
    started++;
  }
  if (L.xsync)
    sim_xsync_set_workers(L.xsync, started + 1);
  worker(&ps); /* the calling thread works too */
  for (unsigned t = 0; t < started; t++)
    pthread_join(tids[t], NULL);
  double t1 = now_seconds();
  pthread_mutex_destroy(&ps.oom_lock);
  pthread_mutex_destroy(&stop.lock);
  casc_free(init);
  if (res)
    res->timed_out = atomic_load(&stop.reason) == SIM_STOP_TIMEOUT;

  if (ps.oom && atomic_load(&ps.next) < block_dim) {
    casc_emit_error(ctx, p->func->loc,
                    "out of memory for the simulator's per-thread state");
    st = CASC_LAUNCH_OUT_OF_MEMORY;
    sim_xsync_free(L.xsync);
    goto out;
  }
  /* Races between blocks on GM, before the issues are emitted. */
  bool gm_complete = sim_gm_check_races(&L, gm_acc, lists, failed, block_dim);
  /* after the check: it reads the order the block flags gave */
  sim_xsync_free(L.xsync);
  L.xsync = NULL;
  if (!gm_complete)
    casc_emit_error(ctx, p->func->loc,
                    "out of memory while tracking GM accesses: races between "
                    "blocks may be missed");
  if (prints)
    sim_prints_deliver(&L, prints, block_dim);
  bool complete =
      emit_all(ctx, p, lists, sim_issues_lost() - lost0, block_dim, res) &&
      gm_complete;
  /* The functional results are whole; the figures are not. */
  bool timing_oom = atomic_load(&ps.timing_oom);
  if (timing_oom) {
    casc_emit_error(ctx, p->func->loc,
                    "out of memory in the timing model: its figures%s miss "
                    "part of the run",
                    trace ? " and its trace" : "");
    complete = false;
  }
  unsigned errors = 0, warnings = 0, nfail = 0;
  uint64_t total_steps = 0;
  for (unsigned i = 0; i < block_dim; i++) {
    for (unsigned j = 0; j < lists[i].n; j++) {
      errors += lists[i].items[j].sev == CASC_SEV_ERROR;
      warnings += lists[i].items[j].sev == CASC_SEV_WARNING;
    }
    nfail += failed[i];
    total_steps += steps[i];
  }
  if (res) {
    res->errors = errors;
    res->warnings = warnings;
    res->blocks_failed = nfail;
    res->steps = total_steps;
    res->seconds = t1 - t0;
  }
  if (timing) {
    casc_timing tmg;
    complete &= summarize_timing(ctx, &plat, p->mix, bt, block_dim, &tmg);
    if (res)
      res->timing = tmg;
    if (trace && tmg.valid && !timing_oom)
      sim_trace_write(trace, p, &plat, slices, bt, block_dim);
  }
  st = !complete ? CASC_LAUNCH_OUT_OF_MEMORY
       : errors  ? CASC_LAUNCH_KERNEL_ERROR
                 : CASC_LAUNCH_OK;
out:
  if ((st == CASC_LAUNCH_BAD_LAUNCH || st == CASC_LAUNCH_OUT_OF_MEMORY) && res)
    res->errors = casc_ctx_error_count(ctx) - errs0;
  if (lists)
    for (unsigned i = 0; i < block_dim; i++)
      sim_issue_list_free(&lists[i]);
  casc_free(lists);
  if (gm_acc)
    for (unsigned i = 0; i < block_dim; i++)
      sim_gm_acc_list_free(&gm_acc[i]);
  casc_free(gm_acc);
  if (slices)
    for (unsigned i = 0; i < block_dim; i++)
      casc_free(slices[i].items);
  casc_free(slices);
  if (prints)
    for (unsigned i = 0; i < block_dim; i++)
      sim_print_list_free(&prints[i]);
  casc_free(prints);
  casc_free(bt);
  casc_free(failed);
  casc_free(steps);
  casc_free(gm);
  casc_free(si);
  casc_free(sf);
  return st;
}

void casc_sim_set_time_limit(casc_sim_program *p, double seconds) {
  if (p)
    p->time_limit = seconds > 0 ? seconds : 0;
}

casc_launch_status casc_sim_run(casc_sim_program *p, unsigned block_dim,
                                const casc_arg *args, unsigned nargs,
                                const casc_launch_opts *opts,
                                casc_launch_result *res) {
  return run(p, block_dim, args, nargs, opts, false, NULL, res);
}

casc_launch_status casc_sim_run_timed(casc_sim_program *p, unsigned block_dim,
                                      const casc_arg *args, unsigned nargs,
                                      const casc_launch_opts *opts,
                                      casc_buf *trace,
                                      casc_launch_result *res) {
  return run(p, block_dim, args, nargs, opts, true, trace, res);
}

casc_launch_status casc_launch(casc_ctx *ctx, casc_op *module,
                               const char *kernel, unsigned block_dim,
                               const casc_arg *args, unsigned nargs,
                               const casc_launch_opts *opts,
                               casc_launch_result *res) {
  if (res)
    memset(res, 0, sizeof *res);
  casc_sim_program *p = casc_sim_compile(ctx, module, kernel);
  if (!p) {
    if (res)
      res->errors = 1;
    return CASC_LAUNCH_BAD_LAUNCH;
  }
  casc_launch_status st = casc_sim_run(p, block_dim, args, nargs, opts, res);
  casc_sim_program_free(p);
  return st;
}
