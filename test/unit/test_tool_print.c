/* DumpTensor and printf from a C kernel on the simulator: what each block
 * prints reaches the launch's print sink, block by block, as the Ascend C
 * library prints it (header line with desc, addr, data type, position and
 * dump size, then the values; printf's conversions); a mismatched printf
 * value is a located error; without a sink nothing is kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { N = 8, BLOCKS = 3 };

typedef struct {
  bool bad_printf; /* %d given a float */
} kparams;

/* Each block copies its N floats of x into UB, dumps them and the first
 * four of its GM slice of k, and prints its index and first value. */
static void kernel(asc_kernel *k, void *user) {
  const kparams *p = user;
  asc_gm_addr xa = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr ka = asc_arg_gm(k, "k", ASC_INT32);
  asc_int off = asc_mul(asc_get_block_idx(), N);
  asc_global_tensor xg = asc_globaltensor(), kg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_gm_addr_add(xa, off), N);
  asc_globaltensor_set_global_buffer(kg, asc_gm_addr_add(ka, off), N);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, N * 4);
  asc_local_tensor x = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_data_copy(x, xg, N);
  asc_tquebind_enque(q, x);
  x = asc_tquebind_deque(q, ASC_FLOAT);
  asc_dump_tensor(x, 5, N);
  asc_dump_tensor(kg, 7, 4);
  asc_float x0 = asc_localtensor_get_value_float(x, 0);
  if (p->bad_printf)
    asc_printf("x0=%d\n", x0);
  else
    asc_printf("block %d of %d: x0=%.2f, %x%%\n", asc_get_block_idx(),
               asc_get_block_num(), x0, 255);
  asc_tquebind_free_tensor(q, x);
}

typedef struct {
  casc_buf text[BLOCKS];
  unsigned calls;
  int last_block;
  bool in_order;
  bool located;
} sink;

static void collect(const casc_sim_print *p, void *user) {
  sink *s = user;
  s->calls++;
  s->in_order &= p->block >= s->last_block;
  s->last_block = p->block;
  s->located &= p->loc != NULL;
  if (p->block >= 0 && p->block < BLOCKS)
    casc_buf_puts(&s->text[p->block], p->text);
}

static void count_diag(const casc_diag *d, void *user) {
  unsigned *n = user;
  ++*n;
  (void)d;
}

/* res's issues live in the context: the first one's text is copied to
 * first (when given) before the context goes. */
static casc_launch_status run(bool bad, casc_sim_print_fn fn, void *user,
                              casc_launch_result *res, unsigned *ndiag,
                              float *x, int32_t *kv, char *first) {
  casc_ctx *ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(ctx, count_diag, ndiag);
  kparams p = {bad};
  casc_op *m = casc_jit_build(ctx, "dump", kernel, &p);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  if (m) {
    casc_arg args[] = {casc_arg_gm(x, CASC_DT_F32, N * BLOCKS),
                       casc_arg_gm(kv, CASC_DT_I32, N * BLOCKS)};
    casc_launch_opts o = {.threads = 2, .print = fn, .print_user = user};
    st = casc_launch(ctx, m, "dump", BLOCKS, args, 2, &o, res);
    if (first)
      snprintf(first, 256, "%s", res->nissues ? res->issues[0].msg : "");
  }
  CHECK(m != NULL);
  casc_ctx_free(ctx);
  return st;
}

static void fill(float *x, int32_t *kv) {
  for (int i = 0; i < N * BLOCKS; i++) {
    x[i] = (float)(i * 0.5 - 3.25);
    kv[i] = i * 7 - 40;
  }
}

static void test_dump_and_printf(void) {
  float x[N * BLOCKS];
  int32_t kv[N * BLOCKS];
  fill(x, kv);
  sink s = {.last_block = 0, .in_order = true, .located = true};
  for (int b = 0; b < BLOCKS; b++)
    casc_buf_init(&s.text[b]);
  casc_launch_result res;
  unsigned ndiag = 0;
  CHECK_EQ_INT(run(false, collect, &s, &res, &ndiag, x, kv, NULL),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(ndiag, 0);
  CHECK_EQ_INT(s.calls, 3 * BLOCKS);
  CHECK(s.in_order);
  CHECK(s.located);
  for (int b = 0; b < BLOCKS; b++) {
    /* The reference text, built from the inputs the way the library
     * formats them. */
    casc_buf want;
    casc_buf_init(&want);
    casc_buf_printf(&want,
                    "DumpTensor: desc=5, addr=0, data_type=float32, "
                    "position=UB, dump_size=%d\n[",
                    N);
    for (int i = 0; i < N; i++)
      casc_buf_printf(&want, "%s%f", i ? ", " : "", x[b * N + i]);
    casc_buf_printf(&want,
                    "]\nDumpTensor: desc=7, addr=%d, data_type=int32, "
                    "position=GM, dump_size=4\n[",
                    b * N * 4);
    for (int i = 0; i < 4; i++)
      casc_buf_printf(&want, "%s%d", i ? ", " : "", kv[b * N + i]);
    casc_buf_printf(&want, "]\nblock %d of %d: x0=%.2f, ff%%\n", b, BLOCKS,
                    x[b * N]);
    CHECK_STREQ(casc_buf_str(&s.text[b]), casc_buf_str(&want));
    casc_buf_free(&want);
    casc_buf_free(&s.text[b]);
  }
}

/* The ready-made sink prefixes every line with the block and location. */
static void test_print_stream(void) {
  float x[N * BLOCKS];
  int32_t kv[N * BLOCKS];
  fill(x, kv);
  FILE *f = tmpfile();
  REQUIRE(f != NULL);
  casc_launch_result res;
  unsigned ndiag = 0;
  CHECK_EQ_INT(run(false, casc_sim_print_stream, f, &res, &ndiag, x, kv, NULL),
               CASC_LAUNCH_OK);
  rewind(f);
  char line[512];
  unsigned lines = 0, prefixed = 0;
  while (fgets(line, sizeof line, f)) {
    char want[32];
    snprintf(want, sizeof want, "[block %u] ", lines / 5);
    lines++;
    prefixed += strncmp(line, want, strlen(want)) == 0 &&
                strstr(line, "test_tool_print.c:") != NULL;
  }
  fclose(f);
  CHECK_EQ_INT(lines, 5 * BLOCKS); /* two dumps of two lines, one printf */
  CHECK_EQ_INT(prefixed, lines);
}

static void test_bad_printf_and_no_sink(void) {
  float x[N * BLOCKS];
  int32_t kv[N * BLOCKS];
  fill(x, kv);
  casc_launch_result res;
  unsigned ndiag = 0;
  char first[256];
  CHECK_EQ_INT(run(true, NULL, NULL, &res, &ndiag, x, kv, first),
               CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, BLOCKS);
  CHECK(strstr(first, "%d takes an integer") != NULL);
  /* The good kernel without a sink: runs clean, prints nowhere. */
  CHECK_EQ_INT(run(false, NULL, NULL, &res, &ndiag, x, kv, NULL),
               CASC_LAUNCH_OK);
  CHECK_EQ_INT(res.nissues, 0);
}

int main(void) {
  RUN_TEST(test_dump_and_printf);
  RUN_TEST(test_print_stream);
  RUN_TEST(test_bad_printf_and_no_sink);
  return CHECK_SUMMARY();
}
