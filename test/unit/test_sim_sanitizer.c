/* One kernel per sanitizer category: each runs on 4 blocks with the bug
 * only in block 2 (inside `scf.if block == 2`), and the test asserts the
 * category, the line of the offending op (marked `// MARK` in the kernel
 * text) and the block, plus that the diagnostic reached the context naming
 * the block. Clean blocks must report nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"

#define LT "!ascendc.local_tensor<*xf32>"
#define GT "!ascendc.global_tensor<*xf32>"
#define QI "!ascendc.queue<vecin, 1>"
#define QO "!ascendc.queue<vecout, 1>"

/* x and z have N = 1024 floats; qi and qo have two 256-byte buffers. */
static const char *prologue =
    "module {\n"
    "  func.func @k(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes "
    "{ascendc.global} {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %c3 = arith.constant 3 : i32\n"
    "    %c8 = arith.constant 8 : i32\n"
    "    %c9 = arith.constant 9 : i32\n"
    "    %c64 = arith.constant 64 : i32\n"
    "    %c128 = arith.constant 128 : i32\n"
    "    %c256 = arith.constant 256 : i32\n"
    "    %c1000 = arith.constant 1000 : i32\n"
    "    %f0 = arith.constant 0.0 : f32\n"
    "    %b = ascendc.get_block_idx : i32\n"
    "    %bad = arith.cmpi eq, %b, %c2 : i32\n"
    "    %xg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %xg, %x : " GT
    ", memref<?xf32, 22>\n"
    "    %zg = ascendc.global_tensor : " GT "\n"
    "    ascendc.global_tensor.set_global_buffer %zg, %z : " GT
    ", memref<?xf32, 22>\n"
    "    %pipe = ascendc.pipe\n"
    "    %qi = ascendc.queue : <vecin, 1>\n"
    "    %qo = ascendc.queue : <vecout, 1>\n"
    "    ascendc.pipe.init_queue %pipe, %qi, %c2, %c256 : " QI ", i32, i32\n"
    "    ascendc.pipe.init_queue %pipe, %qo, %c2, %c256 : " QO ", i32, i32\n";

static const char *epilogue = "    return\n  }\n}\n";

typedef struct {
  casc_ctx *ctx;
  casc_diag_list diags;
  casc_launch_result res;
  casc_launch_status st;
  unsigned mark_line;
  char *text;
} run;

static unsigned line_of(const char *text, const char *needle) {
  const char *p = strstr(text, needle);
  if (!p)
    return 0;
  unsigned line = 1;
  for (const char *q = text; q < p; q++)
    line += *q == '\n';
  return line;
}

/* Build prologue + `scf.if %bad { body }` + epilogue and run 4 blocks. */
static bool run_kernel(run *r, const char *body, bool wrap_if) {
  memset(r, 0, sizeof *r);
  size_t n = strlen(prologue) + strlen(body) + strlen(epilogue) + 64;
  r->text = malloc(n);
  snprintf(r->text, n, "%s%s%s%s%s", prologue,
           wrap_if ? "    scf.if %bad {\n" : "", body, wrap_if ? "    }\n" : "",
           epilogue);
  r->mark_line = line_of(r->text, "// MARK");
  r->ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(r->ctx, casc_diag_collect, &r->diags);
  casc_op *m = casc_parse_module(r->ctx, r->text, strlen(r->text), "s.mlir", 1);
  if (!m) {
    for (unsigned i = 0; i < r->diags.n; i++)
      casc_diag_print(r->diags.items[i], stderr);
    return false;
  }
  static float x[1024], z[1024];
  for (int i = 0; i < 1024; i++)
    x[i] = (float)i;
  casc_arg args[2] = {casc_arg_gm(x, CASC_DT_F32, 1024),
                      casc_arg_gm(z, CASC_DT_F32, 1024)};
  casc_launch_opts o = {.threads = 2};
  r->st = casc_launch(r->ctx, m, "k", 4, args, 2, &o, &r->res);
  return true;
}

static void run_free(run *r) {
  casc_diag_list_free(&r->diags);
  casc_ctx_free(r->ctx);
  free(r->text);
}

static unsigned issue_line(const casc_sim_issue *is) {
  const casc_loc *l = is->loc ? casc_loc_find_file(is->loc) : NULL;
  return l ? l->u.file.line : 0;
}

/* Exactly one issue (category c, line of MARK, block 2, severity sev). */
static void expect_one(const char *body, casc_sim_check c, casc_severity sev,
                       const char *msg_part) {
  run r;
  bool ok = run_kernel(&r, body, true);
  CHECK(ok);
  if (!ok) {
    run_free(&r);
    return;
  }
  CHECK(r.mark_line > 0);
  bool match = r.res.nissues == 1 && r.res.issues[0].check == c &&
               r.res.issues[0].block == 2 && r.res.issues[0].sev == sev &&
               issue_line(&r.res.issues[0]) == r.mark_line;
  if (!match) {
    fprintf(stderr, "expected %s at line %u in block 2, got %u issue(s):\n",
            casc_sim_check_name(c), r.mark_line, r.res.nissues);
    for (unsigned i = 0; i < r.res.nissues; i++)
      fprintf(stderr, "  %s block %d line %u: %s\n",
              casc_sim_check_name(r.res.issues[i].check), r.res.issues[i].block,
              issue_line(&r.res.issues[i]), r.res.issues[i].msg);
  }
  CHECK(match);
  CHECK_EQ_INT(r.st, sev == CASC_SEV_ERROR ? CASC_LAUNCH_KERNEL_ERROR
                                           : CASC_LAUNCH_OK);
  /* The same diagnostic went through the context, naming the block. */
  bool seen = false;
  for (unsigned i = 0; i < r.diags.n; i++) {
    const casc_diag *d = r.diags.items[i];
    const casc_loc *l = casc_loc_find_file(d->loc);
    if (d->sev == sev && l && l->u.file.line == r.mark_line &&
        strncmp(d->msg, "block 2: ", 9) == 0 &&
        (!msg_part || strstr(d->msg, msg_part)))
      seen = true;
  }
  if (!seen)
    for (unsigned i = 0; i < r.diags.n; i++)
      casc_diag_print(r.diags.items[i], stderr);
  CHECK(seen);
  run_free(&r);
}

static void test_alloc_no_free_buffer(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      %t1 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      %t2 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_ALLOC_NO_FREE_BUFFER, CASC_SEV_ERROR, "hangs");
}

static void test_enque_full(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      %t1 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
             "      ascendc.data_copy_l2 %t1, %xg, %c64 : " LT ", " GT ", i32\n"
             "      ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n"
             "      ascendc.que_bind.enque_tensor %qi, %t1 : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_ENQUE_FULL, CASC_SEV_ERROR, "depth is 1");
}

static void test_deque_empty(void) {
  expect_one("      %t0 = ascendc.que_bind.deque_tensor %qi : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_DEQUE_EMPTY, CASC_SEV_ERROR, "empty");
}

static void test_double_free(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT "\n"
             "      ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_DOUBLE_FREE, CASC_SEV_ERROR, "double free");
}

static void test_wrong_queue(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.que_bind.free_tensor %qo, %t0 : " QO ", " LT
             " // MARK\n",
             CASC_CHECK_WRONG_QUEUE, CASC_SEV_ERROR, "queue #0");
}

static void test_free_tbuf(void) {
  expect_one(
      "      %tb = ascendc.tbuf : <veccalc>\n"
      "      ascendc.pipe.init_buffer %pipe, %tb, %c256 : "
      "!ascendc.tbuf<veccalc>, i32\n"
      "      %t0 = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, " LT
      "\n"
      "      ascendc.que_bind.free_tensor %tb, %t0 : "
      "!ascendc.tbuf<veccalc>, " LT " // MARK\n",
      CASC_CHECK_FREE_TBUF, CASC_SEV_ERROR, "TBuf");
}

/* TBuf.AllocTensor then FreeTensor on the same TBuf (pyasc's
 * test_bilinear_interpolation.py) is the library's Get and no-op: clean.
 * Freeing it through another queue is still an error. */
static void test_tbuf_alloc_free_is_noop(void) {
  run r;
  bool ok = run_kernel(
      &r,
      "    %tb = ascendc.tbuf : <veccalc>\n"
      "    ascendc.pipe.init_buffer %pipe, %tb, %c256 : "
      "!ascendc.tbuf<veccalc>, i32\n"
      "    %t0 = ascendc.que_bind.alloc_tensor %tb : "
      "!ascendc.tbuf<veccalc>, " LT "\n"
      "    ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
      "    ascendc.que_bind.free_tensor %tb, %t0 : !ascendc.tbuf<veccalc>, " LT
      "\n",
      false);
  CHECK(ok);
  if (ok) {
    CHECK_EQ_INT(r.st, CASC_LAUNCH_OK);
    CHECK_EQ_INT(r.res.nissues, 0);
  }
  run_free(&r);
  expect_one("      %tb = ascendc.tbuf : <veccalc>\n"
             "      ascendc.pipe.init_buffer %pipe, %tb, %c256 : "
             "!ascendc.tbuf<veccalc>, i32\n"
             "      %t0 = ascendc.que_bind.alloc_tensor %tb : "
             "!ascendc.tbuf<veccalc>, " LT "\n"
             "      ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_FREE_TBUF, CASC_SEV_ERROR, "TBuf");
}

static void test_use_after_free(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
             "      ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %zg, %t0, %c64 : " GT ", " LT
             ", i32 // MARK\n",
             CASC_CHECK_USE_AFTER_FREE, CASC_SEV_ERROR, "after FreeTensor");
}

static void test_use_while_enqueued(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
             "      ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %zg, %t0, %c64 : " GT ", " LT
             ", i32 // MARK\n",
             CASC_CHECK_USE_WHILE_ENQUEUED, CASC_SEV_ERROR,
             "between EnQue and DeQue");
}

static void test_ub_out_of_bounds(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c128 : " LT ", " GT
             ", i32 // MARK\n",
             CASC_CHECK_UB_OUT_OF_BOUNDS, CASC_SEV_ERROR, "[0, 512)");
}

static void test_gm_out_of_bounds(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      %xs = ascendc.global_tensor.subindex %xg[%c1000] : " GT
             ", i32, " GT "\n"
             "      ascendc.data_copy_l2 %t0, %xs, %c64 : " LT ", " GT
             ", i32 // MARK\n",
             CASC_CHECK_GM_OUT_OF_BOUNDS, CASC_SEV_ERROR,
             "elements [1000, 1064), but the buffer has 1024");
}

static void test_unaligned(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      %t1 = ascendc.local_tensor.subindex %t0[%c1] : " LT
             ", i32, " LT "\n"
             "      ascendc.data_copy_l2 %t1, %xg, %c8 : " LT ", " GT
             ", i32 // MARK\n",
             CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, "32-byte aligned");
}

static void test_partial_overlap(void) {
  expect_one(
      "      %tb = ascendc.tbuf : <veccalc>\n"
      "      ascendc.pipe.init_buffer %pipe, %tb, %c1000 : "
      "!ascendc.tbuf<veccalc>, i32\n"
      "      %t0 = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, " LT
      "\n"
      "      ascendc.duplicate_l2 %t0, %f0, %c128 : " LT ", f32, i32\n"
      "      %t1 = ascendc.local_tensor.subindex %t0[%c8] : " LT ", i32, " LT
      "\n"
      "      ascendc.add_l2 %t1, %t0, %t0, %c64 : " LT ", " LT ", " LT
      ", i32 // MARK\n",
      CASC_CHECK_PARTIAL_OVERLAP, CASC_SEV_ERROR, "partially overlap");
}

static void test_ub_capacity(void) {
  expect_one("      %big = arith.constant 100000 : i32\n"
             "      %q = ascendc.queue : <vecin, 1>\n"
             "      ascendc.pipe.init_queue %pipe, %q, %c2, %big : " QI
             ", i32, i32 // MARK\n",
             CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, "196608");
}

static void test_too_many_buffers(void) {
  expect_one("      %n40 = arith.constant 40 : i32\n"
             "      %n30 = arith.constant 30 : i32\n"
             "      %q1 = ascendc.queue : <vecin, 1>\n"
             "      %q2 = ascendc.queue : <vecin, 1>\n"
             "      ascendc.pipe.init_queue %pipe, %q1, %n40, %c64 : " QI
             ", i32, i32\n"
             "      ascendc.pipe.init_queue %pipe, %q2, %n30, %c64 : " QI
             ", i32, i32 // MARK\n",
             CASC_CHECK_TOO_MANY_BUFFERS, CASC_SEV_ERROR, "at most 64");
}

static void test_event_ids_exhausted(void) {
  /* One buffer after the other is freed; each FreeTensor holds a V_MTE2 id
   * until that buffer is allocated again: the 9th free finds none. */
  expect_one(
      "      %q = ascendc.queue : <vecin, 1>\n"
      "      ascendc.pipe.init_queue %pipe, %q, %c9, %c64 : " QI ", i32, i32\n"
      "      scf.for %i = %c0 to %c9 step %c1 : i32 {\n"
      "        %t = ascendc.que_bind.alloc_tensor %q : " QI ", " LT "\n"
      "        ascendc.que_bind.free_tensor %q, %t : " QI ", " LT " // MARK\n"
      "      }\n",
      CASC_CHECK_EVENT_IDS_EXHAUSTED, CASC_SEV_ERROR, "V_MTE2");
}

static void test_leak(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT
             " // MARK\n",
             CASC_CHECK_LEAK, CASC_SEV_ERROR, "kernel end");
}

static void test_leak_enqueued(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT
             " // MARK\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
             "      ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n",
             CASC_CHECK_LEAK, CASC_SEV_ERROR, "still enqueued");
}

static void test_unpaired_flag(void) {
  expect_one("      ascendc.set_flag mte2_v, %c0 : i32 // MARK\n",
             CASC_CHECK_UNPAIRED_FLAG, CASC_SEV_ERROR, "no matching WaitFlag");
}

static void test_uninit_read(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qo : " QO ", " LT "\n"
             "      ascendc.data_copy_l2 %zg, %t0, %c64 : " GT ", " LT
             ", i32 // MARK\n"
             "      ascendc.que_bind.free_tensor %qo, %t0 : " QO ", " LT "\n",
             CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, "never written");
}

static void test_copy_truncated(void) {
  expect_one("      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
             "      ascendc.data_copy_l2 %t0, %xg, %c9 : " LT ", " GT
             ", i32 // MARK\n"
             "      ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT "\n",
             CASC_CHECK_COPY_TRUNCATED, CASC_SEV_WARNING, "only 32 bytes");
}

/* A correct pipeline in every block reports nothing. Each block reads and
 * writes its own 64 elements, as blocks that run at the same time must. */
static void test_clean_kernel(void) {
  run r;
  bool ok = run_kernel(
      &r,
      "    %off = arith.muli %b, %c64 : i32\n"
      "    %xb = ascendc.global_tensor.subindex %xg[%off] : " GT ", i32, " GT
      "\n"
      "    %zb = ascendc.global_tensor.subindex %zg[%off] : " GT ", i32, " GT
      "\n"
      "    %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
      "    ascendc.data_copy_l2 %t0, %xb, %c64 : " LT ", " GT ", i32\n"
      "    ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n"
      "    %t1 = ascendc.que_bind.deque_tensor %qi : " QI ", " LT "\n"
      "    %t2 = ascendc.que_bind.alloc_tensor %qo : " QO ", " LT "\n"
      "    ascendc.add_l2 %t2, %t1, %t1, %c64 : " LT ", " LT ", " LT ", i32\n"
      "    ascendc.que_bind.enque_tensor %qo, %t2 : " QO ", " LT "\n"
      "    ascendc.que_bind.free_tensor %qi, %t1 : " QI ", " LT "\n"
      "    %t3 = ascendc.que_bind.deque_tensor %qo : " QO ", " LT "\n"
      "    ascendc.data_copy_l2 %zb, %t3, %c64 : " GT ", " LT ", i32\n"
      "    ascendc.que_bind.free_tensor %qo, %t3 : " QO ", " LT "\n"
      "    ascendc.set_flag mte2_v, %c0 : i32\n"
      "    ascendc.wait_flag mte2_v, %c0 : i32\n",
      false);
  CHECK(ok);
  if (ok) {
    CHECK_EQ_INT(r.st, CASC_LAUNCH_OK);
    CHECK_EQ_INT(r.res.nissues, 0);
    CHECK_EQ_INT(r.diags.n, 0);
  }
  run_free(&r);
}

/* ---- races between blocks on GM ------------------------------------------
 * Each block handles two rows of 64 floats: z[row] = x[row] + x[row]. The
 * arguments have no NameLoc, so messages call z 'arg1'. */

/* The loop over a block's rows; ROW computes %row (elements) from %i. */
#define ROWS_LOOP(ROW)                                                         \
  "    scf.for %i = %c0 to %c2 step %c1 : i32 {\n" ROW                         \
  "      %xs = ascendc.global_tensor.subindex %xg[%row] : " GT ", i32, " GT    \
  "\n"                                                                         \
  "      %zs = ascendc.global_tensor.subindex %zg[%row] : " GT ", i32, " GT    \
  "\n"                                                                         \
  "      %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"           \
  "      ascendc.data_copy_l2 %t0, %xs, %c64 : " LT ", " GT ", i32\n"          \
  "      ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n"            \
  "      %t1 = ascendc.que_bind.deque_tensor %qi : " QI ", " LT "\n"           \
  "      %t2 = ascendc.que_bind.alloc_tensor %qo : " QO ", " LT "\n"           \
  "      ascendc.add_l2 %t2, %t1, %t1, %c64 : " LT ", " LT ", " LT ", i32\n"   \
  "      ascendc.que_bind.enque_tensor %qo, %t2 : " QO ", " LT "\n"            \
  "      ascendc.que_bind.free_tensor %qi, %t1 : " QI ", " LT "\n"             \
  "      %t3 = ascendc.que_bind.deque_tensor %qo : " QO ", " LT "\n"           \
  "      ascendc.data_copy_l2 %zs, %t3, %c64 : " GT ", " LT ", i32 // MARK\n"  \
  "      ascendc.que_bind.free_tensor %qo, %t3 : " QO ", " LT "\n"             \
  "    }\n"

/* The note of diagnostic d at line `line` whose text contains part. */
static bool has_note(const casc_diag *d, unsigned line, const char *part) {
  for (unsigned i = 0; i < d->nnotes; i++) {
    const casc_loc *l = casc_loc_find_file(d->notes[i].loc);
    if (l && l->u.file.line == line && strstr(d->notes[i].msg, part))
      return true;
  }
  return false;
}

static void print_diags(const run *r) {
  for (unsigned i = 0; i < r->diags.n; i++)
    casc_diag_print(r->diags.items[i], stderr);
}

/* The row from the loop counter alone: every block writes rows 0 and 1. */
static void test_gm_race_local_row(void) {
  run r;
  bool ok = run_kernel(
      &r, ROWS_LOOP("      %row = arith.muli %i, %c64 : i32\n"), false);
  REQUIRE(ok);
  /* One report for the pair of ops (the copy out against itself), in the
   * higher block, naming the other block at the same line. */
  CHECK_EQ_INT(r.st, CASC_LAUNCH_KERNEL_ERROR);
  REQUIRE(r.res.nissues == 1);
  const casc_sim_issue *is = &r.res.issues[0];
  CHECK_STREQ(casc_sim_check_name(is->check), "gm-race");
  CHECK_EQ_INT(is->sev, CASC_SEV_ERROR);
  CHECK_EQ_INT(issue_line(is), r.mark_line);
  CHECK(strstr(is->msg, "GM 'arg1' elements [0, 128)"));
  REQUIRE(r.diags.n == 1);
  const casc_diag *d = r.diags.items[0];
  /* Blocks 0 and 1 are the first pair the sweep meets. */
  bool named =
      strncmp(d->msg, "block 1: DataCopy: block 1 writes GM 'arg1'", 43) == 0 &&
      strstr(d->msg, "which block 0 writes");
  if (!CHECK(named && has_note(d, r.mark_line, "block 0 writes them here")))
    print_diags(&r);
  run_free(&r);
}

/* The correct twin: row = block * 2 + i, each block its own rows. */
static void test_gm_race_global_row(void) {
  run r;
  bool ok = run_kernel(&r,
                       ROWS_LOOP("      %g = arith.muli %b, %c2 : i32\n"
                                 "      %gi = arith.addi %g, %i : i32\n"
                                 "      %row = arith.muli %gi, %c64 : i32\n"),
                       false);
  REQUIRE(ok);
  CHECK_EQ_INT(r.st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(r.res.nissues, 0);
  if (!CHECK_EQ_INT(r.diags.n, 0))
    print_diags(&r);
  run_free(&r);
}

/* Each block writes its own 64 elements of z, then reads the next block's
 * (as if the blocks could see each other's output): a read of bytes
 * another block writes, with nothing ordering the two. */
static void test_gm_race_read_after_write(void) {
  run r;
  bool ok = run_kernel(
      &r,
      "    %off = arith.muli %b, %c64 : i32\n"
      "    %zb = ascendc.global_tensor.subindex %zg[%off] : " GT ", i32, " GT
      "\n"
      "    %c4 = arith.constant 4 : i32\n"
      "    %b1 = arith.addi %b, %c1 : i32\n"
      "    %nb = arith.remsi %b1, %c4 : i32\n"
      "    %noff = arith.muli %nb, %c64 : i32\n"
      "    %zn = ascendc.global_tensor.subindex %zg[%noff] : " GT ", i32, " GT
      "\n"
      "    %t0 = ascendc.que_bind.alloc_tensor %qo : " QO ", " LT "\n"
      "    ascendc.duplicate_l2 %t0, %f0, %c64 : " LT ", f32, i32\n"
      "    ascendc.que_bind.enque_tensor %qo, %t0 : " QO ", " LT "\n"
      "    %t1 = ascendc.que_bind.deque_tensor %qo : " QO ", " LT "\n"
      "    ascendc.data_copy_l2 %zb, %t1, %c64 : " GT ", " LT ", i32 // WRITE\n"
      "    ascendc.que_bind.free_tensor %qo, %t1 : " QO ", " LT "\n"
      "    %t2 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
      "    ascendc.data_copy_l2 %t2, %zn, %c64 : " LT ", " GT ", i32 // READ\n"
      "    ascendc.que_bind.free_tensor %qi, %t2 : " QI ", " LT "\n",
      false);
  REQUIRE(ok);
  unsigned wline = line_of(r.text, "// WRITE"),
           rline = line_of(r.text, "// READ");
  CHECK_EQ_INT(r.st, CASC_LAUNCH_KERNEL_ERROR);
  /* One report for the pair (write, read): block 3 reads z[0, 64), which
   * block 0 writes (the pair the sweep meets first). */
  REQUIRE(r.res.nissues == 1);
  CHECK_STREQ(casc_sim_check_name(r.res.issues[0].check), "gm-race");
  CHECK_EQ_INT(r.res.issues[0].block, 3);
  CHECK_EQ_INT(issue_line(&r.res.issues[0]), rline);
  REQUIRE(r.diags.n == 1);
  const casc_diag *d = r.diags.items[0];
  bool ok2 = strstr(d->msg, "block 3 reads GM 'arg1' elements [0, 64), which "
                            "block 0 writes") &&
             has_note(d, wline, "block 0 writes them here");
  if (!CHECK(ok2))
    print_diags(&r);
  run_free(&r);
}

/* ---- waits that never end --------------------------------------------------
 * One tile per iteration through qi and qo; SYNC_LOOP(PRE, TOP, END, POST)
 * puts PRE before the loop, TOP at the top of its body, END at its end and
 * POST after it. The user's MTE3_MTE2 flag orders a tile's copy in after
 * the previous tile's copy out. */
#define SYNC_LOOP(PRE, TOP, END, POST)                                         \
  "      %off = arith.muli %b, %c64 : i32\n"                                   \
  "      %xb = ascendc.global_tensor.subindex %xg[%off] : " GT ", i32, " GT    \
  "\n"                                                                         \
  "      %zb = ascendc.global_tensor.subindex %zg[%off] : " GT ", i32, " GT    \
  "\n" PRE "      scf.for %i = %c0 to %c3 step %c1 : i32 {\n" TOP              \
  "        %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"         \
  "        ascendc.data_copy_l2 %t0, %xb, %c64 : " LT ", " GT ", i32\n"        \
  "        ascendc.que_bind.enque_tensor %qi, %t0 : " QI ", " LT "\n"          \
  "        %t1 = ascendc.que_bind.deque_tensor %qi : " QI ", " LT "\n"         \
  "        %t2 = ascendc.que_bind.alloc_tensor %qo : " QO ", " LT "\n"         \
  "        ascendc.add_l2 %t2, %t1, %t1, %c64 : " LT ", " LT ", " LT ", i32\n" \
  "        ascendc.que_bind.enque_tensor %qo, %t2 : " QO ", " LT "\n"          \
  "        ascendc.que_bind.free_tensor %qi, %t1 : " QI ", " LT "\n"           \
  "        %t3 = ascendc.que_bind.deque_tensor %qo : " QO ", " LT "\n"         \
  "        ascendc.data_copy_l2 %zb, %t3, %c64 : " GT ", " LT ", i32\n"        \
  "        ascendc.que_bind.free_tensor %qo, %t3 : " QO ", " LT "\n" END       \
  "      }\n" POST

#define WAIT_M3M2 "ascendc.wait_flag mte3_mte2, %c0 : i32"
#define SET_M3M2 "ascendc.set_flag mte3_mte2, %c0 : i32"

/* Without a SetFlag before the loop, the first iteration's WaitFlag holds
 * MTE2; the copy in behind it never lands, so V's DeQue waits, so the copy
 * out's DeQue on MTE3 waits, and the SetFlag MTE2 waits for is behind it:
 * the flags balance at kernel end, but the NPU hangs in iteration 0. */
static void test_wait_never_set_in_loop(void) {
  expect_one(SYNC_LOOP("", "        " WAIT_M3M2 " // MARK\n",
                       "        " SET_M3M2 "\n", ""),
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "WaitFlag<MTE3_MTE2>(0) in iteration 0 of the loop at line ");
}

/* The flag is set again only after iteration 0: iteration 2's wait hangs. */
static void test_wait_never_set_later_iteration(void) {
  expect_one(SYNC_LOOP("        " SET_M3M2 "\n",
                       "        " WAIT_M3M2 " // MARK\n",
                       "        %first = arith.cmpi eq, %i, %c0 : i32\n"
                       "        scf.if %first {\n"
                       "          " SET_M3M2 "\n"
                       "        }\n",
                       ""),
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "in iteration 2 of the loop at line ");
}

/* A wait with no SetFlag at all: reported at the wait, not only as an
 * unpaired flag at kernel end. */
static void test_wait_never_set_at_end(void) {
  expect_one("      ascendc.wait_flag mte2_v, %c0 : i32 // MARK\n",
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "holds pipe V until SetFlag<MTE2_V>(0) runs in pipe MTE2, and the "
             "kernel ends without running it");
}

/* The circle closes only when a set releases V, which then runs into its
 * kept WaitFlag<MTE3_V>: MTE3's set of it is behind MTE3's wait for V's
 * SetFlag<V_MTE3>, which is behind that wait. MTE3 was held first. */
static void test_wait_circle_after_release(void) {
  expect_one("      ascendc.wait_flag mte2_v, %c0 : i32\n"
             "      ascendc.wait_flag mte3_v, %c0 : i32\n"
             "      ascendc.set_flag v_mte3, %c0 : i32\n"
             "      ascendc.wait_flag v_mte3, %c0 : i32 // MARK\n"
             "      ascendc.set_flag mte3_v, %c0 : i32\n"
             "      ascendc.set_flag mte2_v, %c0 : i32\n",
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "holds pipe MTE3 until SetFlag<V_MTE3>(0) runs in pipe V, and "
             "that pipe is held by waits that come back to this one");
}

/* The scalar unit waits for a flag nothing has set: it never issues the
 * SetFlag after it. */
static void test_wait_stalls_scalar(void) {
  expect_one("      ascendc.wait_flag mte2_s, %c0 : i32 // MARK\n"
             "      ascendc.set_flag mte2_s, %c0 : i32\n",
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "WaitFlag<MTE2_S>(0) stalls the scalar unit");
}

/* PipeBarrier<PIPE_ALL> while V waits for a set issued after it. */
static void test_wait_then_barrier_all(void) {
  expect_one("      ascendc.wait_flag mte2_v, %c0 : i32 // MARK\n"
             "      ascendc.pipe_barrier pipe_all\n"
             "      ascendc.set_flag mte2_v, %c0 : i32\n",
             CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR,
             "the scalar unit waits for every pipe");
}

/* The correct twins: the flag set once before the loop (and waited for
 * once after it), and a wait before its set in program order whose set
 * comes from a pipe that does not wait (V stalls until MTE2 gets there):
 * legal on the NPU, silent here. */
static void test_wait_flags_correct(void) {
  const char *bodies[] = {
      SYNC_LOOP("      " SET_M3M2 "\n", "        " WAIT_M3M2 "\n",
                "        " SET_M3M2 "\n", "      " WAIT_M3M2 "\n"),
      "    %t0 = ascendc.que_bind.alloc_tensor %qi : " QI ", " LT "\n"
      "    ascendc.wait_flag mte2_v, %c0 : i32\n"
      "    ascendc.data_copy_l2 %t0, %xg, %c64 : " LT ", " GT ", i32\n"
      "    ascendc.set_flag mte2_v, %c0 : i32\n"
      "    ascendc.que_bind.free_tensor %qi, %t0 : " QI ", " LT "\n",
  };
  for (unsigned k = 0; k < 2; k++) {
    run r;
    bool ok = run_kernel(&r, bodies[k], false);
    CHECK(ok);
    if (ok) {
      CHECK_EQ_INT(r.st, CASC_LAUNCH_OK);
      CHECK_EQ_INT(r.res.nissues, 0);
      if (!CHECK_EQ_INT(r.diags.n, 0))
        print_diags(&r);
    }
    run_free(&r);
  }
}

/* The same bug in every block is reported once, naming all blocks. */
static void test_grouped_report(void) {
  run r;
  bool ok = run_kernel(&r,
                       "    %t0 = ascendc.que_bind.deque_tensor %qi : " QI
                       ", " LT " // MARK\n",
                       false);
  CHECK(ok);
  if (ok) {
    CHECK_EQ_INT(r.res.nissues, 4);
    CHECK_EQ_INT(r.diags.n, 1);
    if (r.diags.n == 1)
      CHECK(strncmp(r.diags.items[0]->msg, "blocks 0-3: ", 12) == 0);
  }
  run_free(&r);
}

int main(void) {
  RUN_TEST(test_alloc_no_free_buffer);
  RUN_TEST(test_enque_full);
  RUN_TEST(test_deque_empty);
  RUN_TEST(test_double_free);
  RUN_TEST(test_wrong_queue);
  RUN_TEST(test_free_tbuf);
  RUN_TEST(test_tbuf_alloc_free_is_noop);
  RUN_TEST(test_use_after_free);
  RUN_TEST(test_use_while_enqueued);
  RUN_TEST(test_ub_out_of_bounds);
  RUN_TEST(test_gm_out_of_bounds);
  RUN_TEST(test_unaligned);
  RUN_TEST(test_partial_overlap);
  RUN_TEST(test_ub_capacity);
  RUN_TEST(test_too_many_buffers);
  RUN_TEST(test_event_ids_exhausted);
  RUN_TEST(test_leak);
  RUN_TEST(test_leak_enqueued);
  RUN_TEST(test_unpaired_flag);
  RUN_TEST(test_uninit_read);
  RUN_TEST(test_copy_truncated);
  RUN_TEST(test_clean_kernel);
  RUN_TEST(test_grouped_report);
  RUN_TEST(test_gm_race_local_row);
  RUN_TEST(test_gm_race_global_row);
  RUN_TEST(test_gm_race_read_after_write);
  RUN_TEST(test_wait_never_set_in_loop);
  RUN_TEST(test_wait_never_set_later_iteration);
  RUN_TEST(test_wait_never_set_at_end);
  RUN_TEST(test_wait_circle_after_release);
  RUN_TEST(test_wait_stalls_scalar);
  RUN_TEST(test_wait_then_barrier_all);
  RUN_TEST(test_wait_flags_correct);
  return CHECK_SUMMARY();
}
