/* Fault injection (SQLite's malloc tests are the model): a representative
 * run - parse, verify, the default pipeline with verify-sync, print, emit
 * Ascend C, simulate - is repeated with allocation number N made to fail,
 * for every N the run makes, once with that one allocation failing and once
 * with it and every later one failing. Each run must either fail cleanly
 * (an error return reported by an error diagnostic, or by the API's own
 * out-of-memory flag) or succeed with exactly the output of the clean run.
 * A crash ends the test; a leak fails it under ASan and valgrind.
 *
 * Three runs are swept: ASC-IR text through the pipeline, a kernel
 * written with the C front end, printed with location aliases and run on
 * the timing model with a trace, and verify-sync alone on functions whose
 * analysis keeps sets of paths, with the warnings it gives. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/emit.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "util/alloc.h"

/* Front-end shaped IR, so that the pipeline has work to do: a helper to
 * inline, constants to hoist, automatic tensors to give queues. */
static const char kernel_text[] =
    "module {\n"
    "  func.func @tile_offset(%i: i32) -> i32 attributes {ascendc.aicore} {\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %0 = arith.muli %i, %c64 : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "  func.func @scale(%xm: memref<?xf32, 22>, %ym: memref<?xf32, 22>) "
    "attributes {ascendc.aicore, ascendc.global} {\n"
    "    %x = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %x, %xm : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %y = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %y, %ym : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c4 = arith.constant 4 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    scf.for %i = %c0 to %c4 step %c1 : i32 {\n"
    "      %in = ascendc.local_tensor_auto() : <64xf32>\n"
    "      %out = ascendc.local_tensor_auto() : <64xf32>\n"
    "      %off = func.call @tile_offset(%i) : (i32) -> i32\n"
    "      %xs = ascendc.global_tensor.subindex %x[%off] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "      %n = arith.constant 64 : i32\n"
    "      ascendc.data_copy_l2 %in, %xs, %n : !ascendc.local_tensor<64xf32>, "
    "!ascendc.global_tensor<*xf32>, i32\n"
    "      %k = arith.constant 2.5 : f32\n"
    "      ascendc.muls_l2 %out, %in, %k, %n {isSetMask} : "
    "!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32\n"
    "      %ys = ascendc.global_tensor.subindex %y[%off] : "
    "!ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>\n"
    "      ascendc.data_copy_l2 %ys, %out, %n : !ascendc.global_tensor<*xf32>, "
    "!ascendc.local_tensor<64xf32>, i32\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

enum { N = 256, TILE = 64 };

/* The same computation through the C front end: queues, a helper function,
 * a loop; y = 2.5 * x in tiles of 64, run on BLOCKS blocks, each taking its
 * own tiles (blocks that wrote the same tiles would race on GM). */
enum { BLOCKS = 2 };
static void scale_tile(asc_int i, asc_global_tensor x_gm,
                       asc_global_tensor y_gm, asc_tquebind in_q,
                       asc_tquebind out_q) {
  asc_local_tensor x = asc_tquebind_alloc_tensor(in_q, ASC_FLOAT);
  asc_data_copy(x, asc_globaltensor_subindex(x_gm, asc_mul(i, TILE)), TILE);
  asc_tquebind_enque(in_q, x);
  asc_local_tensor xin = asc_tquebind_deque(in_q, ASC_FLOAT);
  asc_local_tensor y = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
  asc_muls(y, xin, 2.5, TILE);
  asc_tquebind_enque(out_q, y);
  asc_tquebind_free_tensor(in_q, xin);
  asc_local_tensor yout = asc_tquebind_deque(out_q, ASC_FLOAT);
  asc_data_copy(asc_globaltensor_subindex(y_gm, asc_mul(i, TILE)), yout, TILE);
  asc_tquebind_free_tensor(out_q, yout);
}

static void scale_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, x);
  asc_globaltensor_set_global_buffer(y_gm, y);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, 2);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, 2);
  asc_tpipe_init_buffer(pipe, in_q, 2, TILE * 4);
  asc_tpipe_init_buffer(pipe, out_q, 2, TILE * 4);
  asc_int first = asc_mul(asc_get_block_idx(), N / TILE / BLOCKS);
  ASC_FOR(i, 0, N / TILE / BLOCKS) {
    scale_tile(asc_add(first, i), x_gm, y_gm, in_q, out_q);
  }
}

typedef struct {
  const char *failed_at; /* the step that failed, NULL: all succeeded */
  bool reported;         /* the failure was reported (see above) */
  bool said_oom;         /* some error diagnostic says "out of memory" */
  casc_buf ir, cpp;      /* printed IR after the pipeline, Ascend C */
  casc_buf trace;        /* the timing model's trace (C front end) */
  float y[N];            /* the kernel's output */
  unsigned warnings;
} outcome;

static void outcome_free(outcome *o) {
  casc_buf_free(&o->ir);
  casc_buf_free(&o->cpp);
  casc_buf_free(&o->trace);
}

static void note_diags(outcome *o, const casc_diag_list *dl) {
  for (unsigned i = 0; i < dl->n; i++) {
    if (dl->items[i]->sev == CASC_SEV_WARNING)
      o->warnings++;
    if (dl->items[i]->sev == CASC_SEV_ERROR &&
        strstr(dl->items[i]->msg, "out of memory"))
      o->said_oom = true;
  }
}

/* One whole run, from text or (from_c) from the C front end. A step that
 * fails sets failed_at; `reported` says whether the failure reached the
 * caller as the API promises. */
static void run_once(outcome *o, bool from_c) {
  memset(o, 0, sizeof *o);
  casc_buf_init(&o->ir);
  casc_buf_init(&o->cpp);
  casc_buf_init(&o->trace);
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) { /* the documented way casc_ctx_new fails */
    o->failed_at = "context";
    o->reported = o->said_oom = true;
    return;
  }
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  float x[N];
  for (unsigned i = 0; i < N; i++)
    x[i] = (float)i * 0.5f - 3.0f;

  casc_op *m = from_c
                   ? casc_jit_build(ctx, "scale", scale_kernel, NULL)
                   : casc_parse_module(ctx, kernel_text, sizeof kernel_text - 1,
                                       "kernel.mlir", 1);
  if (!m)
    o->failed_at = from_c ? "build" : "parse";
  else if (!casc_verify(ctx, m))
    o->failed_at = "verify";
  else if (!casc_compile(ctx, m, NULL))
    o->failed_at = "compile";
  else if (!casc_verify(ctx, m))
    o->failed_at = "verify after the pipeline";
  if (o->failed_at) {
    o->reported = casc_ctx_error_count(ctx) > 0;
    goto done;
  }
  /* Printing and emitting report running out of memory through the
   * buffer: a clean failure that needs no diagnostic. */
  casc_print_flags pf = {.debuginfo = from_c};
  casc_print_op(ctx, m, &pf, &o->ir);
  if (o->ir.oom) {
    o->failed_at = "print";
    o->reported = true;
    goto done;
  }
  if (!casc_emit_ascendc_buf(ctx, m, &o->cpp) || o->cpp.oom) {
    o->failed_at = "emit";
    o->reported = o->cpp.oom || casc_ctx_error_count(ctx) > 0;
    goto done;
  }
  casc_arg args[2] = {casc_arg_gm(x, CASC_DT_F32, N),
                      casc_arg_gm(o->y, CASC_DT_F32, N)};
  /* One thread: the order of allocations, and so the sweep, is then the
   * same in every run. */
  casc_launch_opts opts = {.threads = 1};
  casc_launch_result res;
  casc_launch_status st;
  if (from_c) {
    casc_sim_program *p = casc_sim_compile(ctx, m, "scale");
    st = p ? casc_sim_run_timed(p, BLOCKS, args, 2, &opts, &o->trace, &res)
           : CASC_LAUNCH_BAD_LAUNCH;
    casc_sim_program_free(p);
    if (st == CASC_LAUNCH_OK && o->trace.oom) {
      o->failed_at = "trace";
      o->reported = true;
      goto done;
    }
  } else {
    st = casc_launch(ctx, m, "scale", 1, args, 2, &opts, &res);
  }
  if (st != CASC_LAUNCH_OK) {
    o->failed_at = "simulate";
    o->reported = casc_ctx_error_count(ctx) > 0;
  }
done:
  note_diags(o, &dl);
  /* A diagnostic that could not be kept still counted as an error. */
  if (dl.dropped && casc_ctx_error_count(ctx))
    o->said_oom = true;
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

typedef struct {
  unsigned runs, failed, succeeded, unreported, wrong_output, no_oom_message;
  unsigned not_injected;
  unsigned long first_bad; /* N of the first bad run, 0: none */
  const char *first_bad_step;
} sweep_result;

static void sweep(const outcome *clean, unsigned long total, bool from_c,
                  bool persistent, sweep_result *r) {
  memset(r, 0, sizeof *r);
  for (unsigned long n = 1; n <= total; n++) {
    outcome o;
    casc_alloc_fail_nth(n, persistent);
    run_once(&o, from_c);
    bool injected = casc_alloc_failures() > 0;
    casc_alloc_fail_off();
    bool bad = false;
    r->runs++;
    if (!injected) {
      r->not_injected++;
      bad = true;
    }
    if (o.failed_at) {
      r->failed++;
      if (!o.reported) {
        r->unreported++;
        bad = true;
      } else if (!o.said_oom && !o.ir.oom && !o.cpp.oom && !o.trace.oom) {
        r->no_oom_message++;
        bad = true;
      }
    } else {
      r->succeeded++;
      if (strcmp(o.ir.data, clean->ir.data) != 0 ||
          strcmp(o.cpp.data, clean->cpp.data) != 0 ||
          strcmp(casc_buf_str(&o.trace), casc_buf_str(&clean->trace)) != 0 ||
          memcmp(o.y, clean->y, sizeof o.y) != 0 ||
          o.warnings != clean->warnings) {
        r->wrong_output++;
        bad = true;
      }
    }
    if (bad && !r->first_bad) {
      r->first_bad = n;
      r->first_bad_step = o.failed_at ? o.failed_at : "(succeeded)";
    }
    outcome_free(&o);
  }
}

static void report(const char *what, bool persistent, const sweep_result *r) {
  fprintf(stderr,
          "%s, %s: %u runs: %u failed cleanly, %u succeeded; bad: %u "
          "unreported, %u without an out-of-memory message, %u wrong "
          "output, %u not injected",
          what, persistent ? "fail N and after" : "fail N only", r->runs,
          r->failed - r->unreported - r->no_oom_message,
          r->succeeded - r->wrong_output, r->unreported, r->no_oom_message,
          r->wrong_output, r->not_injected);
  if (r->first_bad)
    fprintf(stderr, "; first bad: N=%lu (%s)", r->first_bad, r->first_bad_step);
  fprintf(stderr, "\n");
}

/* Sweeps every allocation of one kind of run, in both modes. */
static void sweep_both(bool from_c) {
  /* The clean run: the reference outputs and the allocation count. */
  outcome clean;
  casc_alloc_fail_nth(0, false);
  run_once(&clean, from_c);
  unsigned long total = casc_alloc_count();
  casc_alloc_fail_off();
  REQUIRE(clean.failed_at == NULL);
  CHECK_EQ_INT(clean.warnings, 0);
  CHECK(clean.y[10] == 2.5f * (10 * 0.5f - 3.0f));
  CHECK(clean.y[N - 1] == 2.5f * ((N - 1) * 0.5f - 3.0f));
  if (from_c)
    CHECK_CONTAINS(clean.trace.data, "traceEvents");
  CHECK_CONTAINS(clean.cpp.data, "AscendC::Muls");
  /* The sweep must really cover a whole pipeline. */
  CHECK(total > 100);

  for (int persistent = 0; persistent <= 1; persistent++) {
    sweep_result r;
    sweep(&clean, total, from_c, persistent, &r);
    report(from_c ? "C front end" : "ASC-IR text", persistent, &r);
    CHECK_EQ_INT(r.runs, total);
    CHECK_EQ_INT(r.not_injected, 0);
    CHECK_EQ_INT(r.unreported, 0);
    CHECK_EQ_INT(r.no_oom_message, 0);
    CHECK_EQ_INT(r.wrong_output, 0);
    CHECK(r.failed > 0);
  }
  outcome_free(&clean);
}

/* Functions of test/lit/passes/verify-sync-loops.mlir: trip counts known
 * only at run time (a fixpoint over sets of states), branches in loops,
 * a tensor carried through iter_args, nested loops; three misuse their
 * queue, so warnings with notes are built, sorted and reported. */
static const char sync_text[] =
    "module {\n"
    "func.func @free_inside(%n : i32) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c512 = arith.constant 512 : i32\n"
    "  %pipe = ascendc.pipe\n"
    "  %q = ascendc.queue : <vecin, 1>\n"
    "  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
    "    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func @prefetch(%n : i32, %g : !ascendc.global_tensor<*xf16>) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c128 = arith.constant 128 : i32\n"
    "  %c512 = arith.constant 512 : i32\n"
    "  %pipe = ascendc.pipe\n"
    "  %q = ascendc.queue : <vecin, 2>\n"
    "  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : "
    "!ascendc.queue<vecin, 2>, i32, i32\n"
    "  %t0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  ascendc.data_copy_l2 %t0, %g, %c128 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.global_tensor<*xf16>, i32\n"
    "  ascendc.que_bind.enque_tensor %q, %t0 : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
    "    %next = arith.addi %i, %c1 : i32\n"
    "    %more = arith.cmpi slt, %next, %n : i32\n"
    "    scf.if %more {\n"
    "      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "      ascendc.data_copy_l2 %t, %g, %c128 : !ascendc.local_tensor<*xf16>, "
    "!ascendc.global_tensor<*xf16>, i32\n"
    "      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    }\n"
    "    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func @no_prologue(%g : !ascendc.global_tensor<*xf16>) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c8 = arith.constant 8 : i32\n"
    "  %c512 = arith.constant 512 : i32\n"
    "  %pipe = ascendc.pipe\n"
    "  %q = ascendc.queue : <vecin, 2>\n"
    "  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : "
    "!ascendc.queue<vecin, 2>, i32, i32\n"
    "  scf.for %i = %c0 to %c8 step %c1 : i32 {\n"
    "    %cond = arith.cmpi sgt, %i, %c0 : i32\n"
    "    scf.if %cond {\n"
    "      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "      ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    }\n"
    "    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 2>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func @carry(%g : !ascendc.global_tensor<*xf16>) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c16 = arith.constant 16 : i32\n"
    "  %c128 = arith.constant 128 : i32\n"
    "  %c512 = arith.constant 512 : i32\n"
    "  %pipe = ascendc.pipe\n"
    "  %q = ascendc.queue : <vecin, 1>\n"
    "  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "  %first = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  %last = scf.for %i = %c0 to %c16 step %c1 iter_args(%cur = %first) -> "
    "(!ascendc.local_tensor<*xf16>) : i32 {\n"
    "    %nxt = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    ascendc.adds_l2 %nxt, %cur, %c128, %c128 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32\n"
    "    ascendc.que_bind.free_tensor %q, %cur : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "    scf.yield %nxt : !ascendc.local_tensor<*xf16>\n"
    "  }\n"
    "  ascendc.que_bind.free_tensor %q, %last : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf16>\n"
    "  return\n"
    "}\n"
    "func.func @nested(%n : i32) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2 = arith.constant 2 : i32\n"
    "  %c4 = arith.constant 4 : i32\n"
    "  %c64 = arith.constant 64 : i32\n"
    "  %c512 = arith.constant 512 : i32\n"
    "  %pipe = ascendc.pipe\n"
    "  %q = ascendc.queue : <vecin, 1>\n"
    "  ascendc.pipe.init_queue %pipe, %q, %c2, %c512 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
    "    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    scf.for %j = %c0 to %c4 step %c1 : i32 {\n"
    "      ascendc.muls_l2 %t, %t, %c64, %c64 : !ascendc.local_tensor<*xf32>, "
    "!ascendc.local_tensor<*xf32>, i32, i32\n"
    "      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, "
    "!ascendc.local_tensor<*xf32>\n"
    "    }\n"
    "  }\n"
    "  return\n"
    "}\n"
    "}\n";

typedef struct {
  bool failed;         /* parsing or the pass failed */
  bool reported;       /* ... with an error diagnostic */
  bool said_oom;       /* some error says "out of memory" */
  char warnings[4096]; /* every warning and note: "file:line:col: message" */
  size_t len;
  unsigned nwarnings;
} sync_outcome;

/* Renders each warning as it comes, without the heap: a handler that
 * allocated would fail under injection itself (casc_diag_collect drops
 * what it cannot keep), and a lost warning must be the library's. */
static void sync_handler(const casc_diag *d, void *user) {
  sync_outcome *o = user;
  if (d->sev == CASC_SEV_ERROR && strstr(d->msg, "out of memory"))
    o->said_oom = true;
  if (d->sev != CASC_SEV_WARNING)
    return;
  o->nwarnings++;
  for (unsigned k = 0; k <= d->nnotes && o->len < sizeof o->warnings; k++) {
    char where[64];
    casc_loc_format(k ? d->notes[k - 1].loc : d->loc, where, sizeof where);
    o->len += (size_t)snprintf(
        o->warnings + o->len, sizeof o->warnings - o->len, "%s%s: %s\n",
        k ? "  note " : "", where, k ? d->notes[k - 1].msg : d->msg);
  }
}

/* verify-sync on sync_text with allocation n failing (0: none), alone or
 * with every later one. */
static void sync_once(sync_outcome *o, unsigned long n, bool persistent) {
  memset(o, 0, sizeof *o);
  casc_alloc_fail_nth(n, persistent);
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) {
    casc_alloc_fail_off();
    o->failed = o->reported = o->said_oom = true;
    return;
  }
  casc_ctx_set_diag_handler(ctx, sync_handler, o);
  const char *flag = "ascendc-verify-sync";
  casc_op *m =
      casc_parse_module(ctx, sync_text, sizeof sync_text - 1, "sync.mlir", 1);
  o->failed =
      !m || !casc_run_pass(ctx, m, casc_pass_lookup(flag, strlen(flag)), NULL);
  casc_alloc_fail_off();
  o->reported = casc_ctx_error_count(ctx) > 0;
  casc_ctx_free(ctx);
}

static void test_verify_sync_fails_cleanly(void) {
  sync_outcome clean;
  casc_alloc_fail_nth(0, false);
  sync_once(&clean, 0, false);
  unsigned long total = casc_alloc_count();
  REQUIRE(!clean.failed);
  /* The three misuses, each a warning with its note, and the three leaks
   * of the prologues before loops of run-time length (verify-sync reports
   * them for the path where the loop runs zero times). */
  CHECK_EQ_INT(clean.nwarnings, 6);
  CHECK_CONTAINS(clean.warnings, "if the loop at line 28 runs zero times");
  CHECK_CONTAINS(clean.warnings, "freed before its last use");
  CHECK_CONTAINS(clean.warnings, "DeQue: there is no corresponding call to "
                                 "EnQue");
  CHECK_CONTAINS(clean.warnings, "use of tensor memory after its FreeTensor");
  CHECK_CONTAINS(clean.warnings, "note sync.mlir:");
  CHECK(total > 100);
  for (int persistent = 0; persistent <= 1; persistent++) {
    unsigned failed = 0, bad = 0;
    unsigned long first_bad = 0;
    for (unsigned long n = 1; n <= total; n++) {
      sync_outcome o;
      sync_once(&o, n, persistent);
      bool ok = o.failed ? o.reported && o.said_oom
                         : strcmp(o.warnings, clean.warnings) == 0;
      failed += o.failed;
      if (!ok && !bad++)
        first_bad = n;
    }
    fprintf(stderr,
            "verify-sync, %s: %lu runs: %u failed, %u bad; first bad: N=%lu\n",
            persistent ? "fail N and after" : "fail N only", total, failed, bad,
            first_bad);
    CHECK_EQ_INT(bad, 0);
    CHECK(failed > 0);
  }
}

/* ---- compiling for the simulator on two threads at once ----------------- */

typedef struct {
  pthread_barrier_t *ready, *go;
  bool built;      /* the kernel parsed and went through the pipeline */
  bool compiled;   /* casc_sim_compile gave a program */
  bool said_oom;   /* ... or an error said "out of memory" */
  unsigned errors; /* errors of the compile */
} compile_job;

/* No heap: the handler runs while allocations fail. */
static void oom_flag_handler(const casc_diag *d, void *user) {
  compile_job *j = user;
  if (d->sev == CASC_SEV_ERROR && strstr(d->msg, "out of memory"))
    j->said_oom = true;
}

/* Builds the kernel on a context of its own, waits while the main thread
 * arms the injection, then lowers it for the simulator. */
static void *compile_thread(void *arg) {
  compile_job *j = arg;
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = ctx ? casc_parse_module(ctx, kernel_text, sizeof kernel_text - 1,
                                       "k.mlir", 1)
                   : NULL;
  j->built = m && casc_compile(ctx, m, NULL);
  if (ctx)
    casc_ctx_set_diag_handler(ctx, oom_flag_handler, j);
  pthread_barrier_wait(j->ready);
  pthread_barrier_wait(j->go);
  casc_sim_program *p = NULL;
  if (j->built) {
    unsigned e0 = casc_ctx_error_count(ctx);
    p = casc_sim_compile(ctx, m, "scale");
    j->errors = casc_ctx_error_count(ctx) - e0;
  }
  j->compiled = p != NULL;
  pthread_barrier_wait(j->ready); /* injection ends before anything else */
  casc_sim_program_free(p);
  casc_ctx_free(ctx);
  return NULL;
}

/* Both threads lower with allocation n and every later one failing (n 0:
 * none fails); the allocations counted are in *count. False when the
 * kernel could not be built. */
static bool compile_pair(unsigned long n, compile_job jobs[2],
                         unsigned long *count) {
  pthread_barrier_t ready, go;
  pthread_barrier_init(&ready, NULL, 3);
  pthread_barrier_init(&go, NULL, 3);
  pthread_t t[2];
  unsigned started = 0;
  for (unsigned i = 0; i < 2; i++) {
    memset(&jobs[i], 0, sizeof jobs[i]);
    jobs[i].ready = &ready;
    jobs[i].go = &go;
  }
  for (; started < 2; started++)
    if (pthread_create(&t[started], NULL, compile_thread, &jobs[started])) {
      /* A started thread waits at a barrier for three: nothing to undo. */
      fprintf(stderr, "cannot start a thread\n");
      exit(1);
    }
  pthread_barrier_wait(&ready);
  casc_alloc_fail_nth(n, true);
  pthread_barrier_wait(&go);
  pthread_barrier_wait(&ready);
  *count = casc_alloc_count();
  casc_alloc_fail_off();
  for (unsigned i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  pthread_barrier_destroy(&ready);
  pthread_barrier_destroy(&go);
  return jobs[0].built && jobs[1].built;
}

/* Two threads lower a kernel at once while the allocations from number N
 * on fail, for every N the pair makes: each compile gives a program or
 * fails saying "out of memory". A failed emit hands out a scratch
 * instruction for its caller to fill in; it was a static one, written by
 * both threads at once (a data race, which ThreadSanitizer reports here). */
static void test_parallel_compiles_fail_cleanly(void) {
  compile_job jobs[2];
  unsigned long total;
  REQUIRE(compile_pair(0, jobs, &total));
  CHECK(jobs[0].compiled && jobs[1].compiled);
  CHECK(total > 20);
  unsigned bad = 0, failed = 0;
  for (unsigned long n = 1; n <= total; n++) {
    unsigned long count;
    REQUIRE(compile_pair(n, jobs, &count));
    for (unsigned i = 0; i < 2; i++) {
      failed += !jobs[i].compiled;
      bad += !jobs[i].compiled && !(jobs[i].errors && jobs[i].said_oom);
    }
  }
  fprintf(stderr,
          "two threads compiling, fail N and after: %lu runs: %u compiles "
          "failed, %u bad\n",
          total, failed, bad);
  CHECK_EQ_INT(bad, 0);
  CHECK(failed > 0);
}

static void test_text_run_fails_cleanly(void) {
  sweep_both(false);
}

static void test_c_front_end_run_fails_cleanly(void) {
  sweep_both(true);
}

int main(void) {
  RUN_TEST(test_text_run_fails_cleanly);
  RUN_TEST(test_c_front_end_run_fails_cleanly);
  RUN_TEST(test_verify_sync_fails_cleanly);
  RUN_TEST(test_parallel_compiles_fail_cleanly);
  return CHECK_SUMMARY();
}
