/* The high-level Matmul of the C API (casc/asc_matmul.h): what it emits
 * (the basic cube ops of one tiling, at the caller's line) and its misuse
 * as located errors at the C line of the mistake. Running it is
 * test/lit/lang/matmul_mix.test's (the simulator is not this layer's). */
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "check.h"

typedef enum {
  OK,
  F32_B_NOT_TRANSPOSED, /* LoadData cannot transpose 32-bit fractals */
  F32_A_TRANSPOSED,     /* nor A's */
  ITERATE_WITHOUT_A,
  BIAS_WITHOUT_TYPE,
  BAD_TILING, /* base_m not a multiple of 16 */
  RESULT_NOT_TAKEN
} mode;

static unsigned g_line, g_all_line;

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_dtype in =
      m == F32_B_NOT_TRANSPOSED || m == F32_A_TRANSPOSED ? ASC_FLOAT : ASC_HALF;
  asc_gm_addr a = asc_arg_gm(k, "a", in);
  asc_gm_addr b = asc_arg_gm(k, "b", in);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_gm_addr ws = asc_arg_gm(k, "workspace", ASC_FLOAT);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  asc_tcube_tiling t = {1,  64, 32, 48, 48, 64, 32, 48,
                        32, 32, 16, 1,  1,  1,  1,  0};
  if (m == BAD_TILING)
    t.base_m = 24;
  asc_tpipe pipe = asc_tpipe();
  asc_matmul mm = asc_matmul_new(
      asc_matmul_type_(ASC_TPOSITION_GM, in, false),
      asc_matmul_type_(ASC_TPOSITION_GM, in, false),
      asc_matmul_type_(ASC_TPOSITION_GM, ASC_FLOAT, false), NULL);
  if (m == BAD_TILING)
    g_line = __LINE__ + 1;
  asc_register_matmul(pipe, ws, &mm, &t);
  if (m == F32_A_TRANSPOSED)
    g_line = __LINE__ + 2;
  if (m != ITERATE_WITHOUT_A)
    asc_matmul_set_tensor_a(&mm, ag, m == F32_A_TRANSPOSED);
  if (m == F32_B_NOT_TRANSPOSED)
    g_line = __LINE__ + 1;
  asc_matmul_set_tensor_b(&mm, bg, m == F32_A_TRANSPOSED);
  if (m == BIAS_WITHOUT_TYPE) {
    g_line = __LINE__ + 1;
    asc_matmul_set_bias(&mm, cg);
  }
  if (m == ITERATE_WITHOUT_A)
    g_line = __LINE__ + 2;
  g_all_line = __LINE__ + 1;
  asc_matmul_iterate_all(&mm, cg);
  if (m == RESULT_NOT_TAKEN) {
    ASC_FOR(i, 0, 1) {
      asc_matmul_iterate_at(__FILE__, __LINE__, &mm, i);
    }
    g_line = __LINE__ + 1;
    asc_matmul_end(&mm);
  }
}

typedef struct {
  casc_ctx *ctx;
  casc_diag_list diags;
  casc_op *module;
} built;

static built build(mode m) {
  built r;
  memset(&r, 0, sizeof r);
  r.ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(r.ctx, casc_diag_collect, &r.diags);
  r.module = casc_jit_build(r.ctx, "k", kernel, &m);
  return r;
}

static void done(built *r) {
  casc_diag_list_free(&r->diags);
  casc_ctx_free(r->ctx);
}

/* Counts ops called name, and how many of them are at this file's line
 * `line` (0: any). */
typedef struct {
  const char *name;
  unsigned line, n, at_line;
} op_count;

static bool count_op(casc_op *op, void *user) {
  op_count *c = user;
  if (strcmp(casc_op_name(op), c->name) == 0) {
    c->n++;
    const casc_loc *l = casc_loc_find_file(op->loc);
    if (l && l->u.file.line == c->line)
      c->at_line++;
  }
  return true;
}

static op_count count(casc_op *module, const char *name, unsigned line) {
  op_count c = {name, line, 0, 0};
  casc_walk_post(module, count_op, &c);
  return c;
}

static void test_emits_the_cube_ops_at_the_callers_line(void) {
  built r = build(OK);
  REQUIRE(r.module != NULL);
  CHECK_EQ_INT(r.diags.n, 0);
  /* iterate_all: one loop over the tiles with, per K step, two Nd2Nz
   * copies, the LoadData of A's rows and of B's fractal rows, and one
   * Mmad; then one Fixpipe per tile. All at the iterate_all line. */
  const char *ops[] = {"ascendc.mmad", "ascendc.data_copy_nd2nz",
                       "ascendc.load_data_l0", "ascendc.fixpipe"};
  unsigned want[] = {1, 2, 2, 1};
  for (unsigned i = 0; i < 4; i++) {
    op_count c = count(r.module, ops[i], g_all_line);
    CHECK_EQ_INT(c.n, want[i]);
    CHECK_EQ_INT(c.at_line, want[i]);
  }
  CHECK_EQ_INT(count(r.module, "ascendc.mmad_with_bias", 0).n, 0);
  done(&r);
}

static void expect(mode m, const char *text) {
  built r = build(m);
  CHECK(r.module == NULL);
  CHECK(r.diags.n >= 1);
  if (r.diags.n >= 1) {
    const casc_diag *d = r.diags.items[0];
    CHECK(d->sev == CASC_SEV_ERROR);
    CHECK_CONTAINS(d->msg, text);
    const casc_loc *l = casc_loc_find_file(d->loc);
    CHECK(l != NULL);
    if (l)
      CHECK_EQ_INT(l->u.file.line, g_line);
  }
  done(&r);
}

static void test_misuse(void) {
  expect(F32_B_NOT_TRANSPOSED, "must be given transposed");
  expect(F32_A_TRANSPOSED, "a transposed A of dtype float32 is not supported");
  expect(ITERATE_WITHOUT_A, "set_tensor_a and set_tensor_b must come first");
  expect(BIAS_WITHOUT_TYPE, "without a bias type");
  expect(BAD_TILING, "base_m, base_n multiples of 16");
  expect(RESULT_NOT_TAKEN, "result was not taken");
}

int main(void) {
  RUN_TEST(test_emits_the_cube_ops_at_the_callers_line);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
