/* The high-level Matmul of the C API (casc/asc_matmul.h): each call builds
 * its one pyasc op (ascendc.matmul.*, regist_matmul_obj, the TCubeTiling's
 * copy and members) at the caller's line, ASC_MATMUL_ITERATE is pyasc's
 * scf.while, and misuse is a located error at the C line of the mistake.
 * The printed IR against pyasc's is test/lit/lang/pyasc-test-matmul-ir.test's,
 * running it test/kernels/pyasc_matmul.c's. */
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "check.h"

typedef enum {
  OK,
  BAD_DTYPES,   /* C of int8 from half */
  A_DTYPE,      /* set_tensor_a of another dtype than A's type */
  BIAS_DTYPE,   /* a bias of another dtype than the bias type */
  BAD_FIELD,    /* a TCubeTiling field that does not exist */
  BAD_ATOMIC,   /* en_atomic 4 */
  C_DTYPE,      /* get_tensor_c into a bfloat16 tensor */
  BAD_PROPERTY, /* not an asc_property_id */
  EXTRA,        /* the other calls: each builds its op */
  BAD_MODE,     /* get_basic_config with batch mode 7 */
  BAD_MM_MODE   /* get_mm_config with mode 9 */
} mode;

static unsigned g_line, g_lines[16], g_extra[32];

/* The calls test_matmul does not make, one op each at g_extra[i]. */
static void extra_calls(asc_kernel *k, asc_matmul *mm, asc_tpipe pipe,
                        asc_gm_addr ws, asc_global_tensor ag,
                        asc_global_tensor cg, asc_tquebind q,
                        asc_cube_tiling t) {
  asc_gm_addr qv = asc_arg_gm(k, "quant", ASC_UINT64);
  asc_global_tensor qg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(qg, qv);
  asc_local_tensor r = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  unsigned i = 0;
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_org_shape(mm, 64, 64, 32, -1);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_single_shape(mm, 64, 64, 32);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_disable_bias(mm);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_wait_iterate_all(mm);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_wait_get_tensor_c(mm);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_wait_iterate_batch(mm);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_async_get_tensor_c(mm, r);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_batch_num(mm, 2, 2);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_hf32(mm, true, 0);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_quant_scalar(mm, 1065353216);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_quant_vector(mm, qg);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_sparse_index(mm, ag);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_user_def_info(mm, ws);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_self_define_data(mm, 7);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_workspace(mm, cg);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_iterate_batch(mm, cg, 2, 2, false, 0, 0, 0);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_iterate_n_batch(mm, 2, 2, 2, false, 0, 0, 0);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_tensor_a(mm, 1);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_set_tensor_b(mm, 2);
  g_extra[i++] = __LINE__ + 1;
  asc_global_tensor ct = asc_matmul_get_tensor_c(mm, 0, false);
  g_extra[i++] = __LINE__ + 1;
  asc_global_tensor bt = asc_matmul_get_batch_tensor_c(mm, 2, 2, false);
  g_extra[i++] = __LINE__ + 1;
  asc_matmul_get_batch_tensor_c(mm, r, 2, 2, true);
  g_extra[i++] = __LINE__ + 1;
  asc_matrix_offset off = asc_matmul_get_offset_c(mm);
  g_extra[i++] = __LINE__ + 1;
  ASC_MATMUL_ITERATE_WITH(mm, n, true, false, &r) {
    (void)n;
  }
  g_extra[i++] = __LINE__ + 1;
  asc_adv_register_matmul(pipe, ws, mm, t);
  /* the returned GlobalTensors are usable */
  asc_globaltensor_set_value(ct, 0, 1.0f);
  asc_globaltensor_set_value(bt, 0, 1.0f);
  (void)off;
  asc_tquebind_free_tensor(q, r);
}

static void kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  asc_gm_addr a = asc_arg_gm(k, "a", ASC_HALF);
  asc_gm_addr b = asc_arg_gm(k, "b", ASC_HALF);
  asc_gm_addr c = asc_arg_gm(k, "c", ASC_FLOAT);
  asc_cube_tiling t = asc_arg_cube_tiling(k, "tiling");
  asc_gm_addr ws = asc_arg_gm(k, "workspace", ASC_UINT8);
  asc_global_tensor ag = asc_globaltensor(), bg = asc_globaltensor();
  asc_global_tensor cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(ag, a);
  asc_globaltensor_set_global_buffer(bg, b);
  asc_globaltensor_set_global_buffer(cg, c);
  asc_property_id pid =
      m == BAD_PROPERTY ? (asc_property_id)9 : ASC_PROPERTY_TOTAL_L1_SIZE;
  if (m == BAD_PROPERTY)
    g_line = __LINE__ + 1;
  asc_int l1 = asc_property(pid);
  asc_cube_tiling_set(t, "shareL1Size", l1);
  if (m == BAD_FIELD)
    g_line = __LINE__ + 1;
  asc_int bm = asc_cube_tiling_get(t, m == BAD_FIELD ? "base_m" : "baseM");
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, q, 2, asc_mul(asc_mul(bm, bm), 4));
  if (m == BAD_DTYPES)
    g_line = __LINE__ + 2;
  asc_matmul mm =
      asc_matmul(asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                 asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                 asc_matmultype(ASC_TPOSITION_VECCALC,
                                m == BAD_DTYPES ? ASC_INT8 : ASC_FLOAT, false),
                 NULL, NULL);
  g_lines[0] = __LINE__ + 1;
  asc_adv_register_matmul(pipe, ws, &mm);
  g_lines[1] = __LINE__ + 1;
  asc_matmul_init(&mm, t);
  if (m == A_DTYPE)
    g_line = __LINE__ + 2;
  g_lines[2] = __LINE__ + 1;
  asc_matmul_set_tensor_a(&mm, m == A_DTYPE ? cg : ag, false);
  g_lines[3] = __LINE__ + 1;
  asc_matmul_set_tensor_b(&mm, bg, true);
  if (m == BIAS_DTYPE) {
    g_line = __LINE__ + 1;
    asc_matmul_set_bias(&mm, ag);
  }
  g_lines[4] = __LINE__ + 1;
  asc_matmul_set_tail(&mm, 64, -1, -1);
  g_lines[5] = __LINE__ + 1;
  ASC_MATMUL_ITERATE(&mm, count) {
    asc_local_tensor r =
        asc_tquebind_alloc_tensor(q, m == C_DTYPE ? ASC_BF16 : ASC_FLOAT);
    if (m == C_DTYPE || m == BAD_ATOMIC)
      g_line = __LINE__ + 2;
    g_lines[6] = __LINE__ + 1;
    asc_matmul_get_tensor_c(&mm, r, m == BAD_ATOMIC ? 4 : 0, true);
    asc_tquebind_free_tensor(q, r);
    (void)count;
  }
  g_lines[7] = __LINE__ + 1;
  asc_matmul_iterate_all(&mm, cg);
  g_lines[8] = __LINE__ + 1;
  asc_matmul_end(&mm);
  if (m == EXTRA)
    extra_calls(k, &mm, pipe, ws, ag, cg, q, t);
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
 * `line`. */
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

static void test_builds_pyasc_ops_at_the_callers_line(void) {
  built r = build(OK);
  for (unsigned i = 0; i < r.diags.n; i++)
    casc_diag_print(r.diags.items[i], stderr);
  REQUIRE(r.module != NULL);
  CHECK_EQ_INT(r.diags.n, 0);
  static const char *const ops[] = {
      "ascendc.regist_matmul_obj",   "ascendc.matmul.init",
      "ascendc.matmul.set_tensor_a", "ascendc.matmul.set_tensor_b",
      "ascendc.matmul.set_tail",     "ascendc.matmul.iterate",
      "ascendc.matmul.get_tensor_c", "ascendc.matmul.iterate_all",
      "ascendc.matmul.end"};
  for (unsigned i = 0; i < 9; i++) {
    op_count c = count(r.module, ops[i], g_lines[i]);
    CHECK_EQ_INT(c.n, 1);
    CHECK_EQ_INT(c.at_line, 1);
    if (c.at_line != 1)
      fprintf(stderr, "%s: %u of %u at line %u\n", ops[i], c.at_line, c.n,
              g_lines[i]);
  }
  /* no basic cube op: the work is the Matmul's */
  CHECK_EQ_INT(count(r.module, "ascendc.mmad", 0).n, 0);
  CHECK_EQ_INT(count(r.module, "ascendc.fixpipe", 0).n, 0);
  /* the loop is pyasc's scf.while, its condition the Iterate */
  CHECK_EQ_INT(count(r.module, "scf.while", g_lines[5]).at_line, 1);
  CHECK_EQ_INT(count(r.module, "scf.condition", 0).n, 1);
  /* MatmulConfig's construct and the object's */
  CHECK_EQ_INT(count(r.module, "ascendc.construct", 0).n, 2);
  CHECK_EQ_INT(count(r.module, "emitasc.copy_struct", 0).n, 1);
  CHECK_EQ_INT(count(r.module, "emitasc.set_member", 0).n, 1);
  done(&r);
}

/* Configs: pyasc's presets, each one construct; a Matmul made with one
 * spells its fields in its type and builds no config of its own. */
static void config_kernel(asc_kernel *k, void *user) {
  mode m = *(const mode *)user;
  (void)k;
  asc_matmul_config basic =
      asc_adv_get_basic_config(32, 48, 16, false, false, m == BAD_MODE ? 7 : 1);
  (void)asc_adv_get_ib_share_norm_config(false, false, false, 1, true, true);
  (void)asc_adv_get_mdl_config(false, false, 1, false, false, false, false,
                               true, true, false, false, false);
  (void)asc_adv_get_normal_config(false, false, false, 1, true,
                                  ASC_ITERATEORDER_ORDER_N,
                                  ASC_SCHEDULETYPE_OUTER_PRODUCT, true);
  (void)asc_adv_get_special_basic_config(32, 32, 32, 64, 64, 64, 2, 2, false,
                                         false, 1);
  (void)asc_adv_get_special_mdl_config(false, false, 2, false, false, false);
  asc_matmul_shape_params shape =
      asc_matmulshapeparams(128, 128, 64, 64, 64, 32);
  asc_matmul_func_params func = asc_matmulfuncparams();
  func.iterate_order = ASC_ITERATEORDER_ORDER_N;
  (void)asc_adv_get_mm_config(
      m == BAD_MM_MODE ? 9 : ASC_MATMULCONFIGMODE_CONFIG_MDL, &shape, NULL,
      NULL, &func);
  (void)asc_quantconfig(1, 2, 3, 4);
  asc_matmul mm = asc_matmul(asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                             asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false),
                             asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false),
                             NULL, &basic);
  (void)mm;
}

static bool type_has(casc_op *op, void *user) {
  const char **want = user;
  if (strcmp(casc_op_name(op), "ascendc.construct") == 0 && op->nres == 1) {
    const casc_type *t = casc_op_result(op, 0)->type;
    if (t->kind == CASC_TYPE_OPAQUE && strstr(t->u.opaque.body, *want))
      *want = NULL;
  }
  return true;
}

static void test_configs(void) {
  mode m = OK;
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_jit_build(ctx, "k", config_kernel, &m);
  REQUIRE(mod != NULL);
  /* seven configs, a QuantConfig and the Matmul */
  CHECK_EQ_INT(count(mod, "ascendc.construct", 0).n, 9);
  const char *want = "basic_m = 32 : i32, basic_n = 48 : i32, basic_k = 16 "
                     ": i32";
  casc_walk_post(mod, type_has, &want);
  CHECK(want == NULL);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  m = BAD_MM_MODE;
  ctx = casc_ctx_new();
  diags = (casc_diag_list){0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", config_kernel, &m) == NULL);
  CHECK_EQ_INT(diags.n, 1);
  if (diags.n >= 1)
    CHECK_CONTAINS(diags.items[0]->msg,
                   "asc_adv_get_mm_config: mode 9 is not a MatmulConfigMode");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  m = BAD_MODE;
  ctx = casc_ctx_new();
  diags = (casc_diag_list){0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", config_kernel, &m) == NULL);
  CHECK(diags.n >= 1);
  if (diags.n >= 1)
    CHECK_CONTAINS(diags.items[0]->msg,
                   "asc_adv_get_basic_config: batch_mode 7");
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static unsigned g_null_cfg_line;

static void null_cfg_kernel(asc_kernel *k, void *user) {
  (void)k, (void)user;
  asc_matmul_type t = asc_matmultype(ASC_TPOSITION_GM, ASC_HALF, false);
  g_null_cfg_line = __LINE__ + 1;
  (void)asc_adv_get_matmul_api_tiling(NULL, t, t, t, t, -1);
}

static void test_api_tiling_misuse(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(casc_jit_build(ctx, "k", null_cfg_kernel, NULL) == NULL);
  CHECK_EQ_INT(diags.n, 1);
  if (diags.n == 1) {
    CHECK_CONTAINS(diags.items[0]->msg,
                   "asc_adv_get_matmul_api_tiling: the MatmulConfig is NULL");
    const casc_loc *l = casc_loc_find_file(diags.items[0]->loc);
    CHECK(l && l->u.file.line == g_null_cfg_line);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_the_other_calls(void) {
  built r = build(EXTRA);
  for (unsigned i = 0; i < r.diags.n; i++)
    casc_diag_print(r.diags.items[i], stderr);
  REQUIRE(r.module != NULL);
  static const char *const ops[] = {
      "ascendc.matmul.set_org_shape",
      "ascendc.matmul.set_single_shape",
      "ascendc.matmul.disable_bias",
      "ascendc.matmul.wait_iterate_all",
      "ascendc.matmul.wait_get_tensor_c",
      "ascendc.matmul.wait_iterate_batch",
      "ascendc.matmul.async_get_tensor_c",
      "ascendc.matmul.set_batch_num",
      "ascendc.matmul.set_hf32",
      "ascendc.matmul.set_quant_scalar",
      "ascendc.matmul.set_quant_vector",
      "ascendc.matmul.set_sparse_index",
      "ascendc.matmul.set_user_def_info",
      "ascendc.matmul.set_self_define_data",
      "ascendc.matmul.set_workspace",
      "ascendc.matmul.iterate_batch",
      "ascendc.matmul.iterate_n_batch",
      "ascendc.matmul.set_tensor_a_scalar",
      "ascendc.matmul.set_tensor_b_scalar",
      "ascendc.matmul.get_tensor_c_return",
      "ascendc.matmul.get_batch_tensor_c",
      "ascendc.matmul.get_batch_tensor_c_local_mem",
      "ascendc.matmul.get_offset_c",
      "ascendc.matmul.iterate",
      "ascendc.regist_matmul_obj"};
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    op_count c = count(r.module, ops[i], g_extra[i]);
    CHECK_EQ_INT(c.at_line, 1);
    if (c.at_line != 1)
      fprintf(stderr, "%s: %u of %u at line %u\n", ops[i], c.at_line, c.n,
              g_extra[i]);
  }
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
  expect(BAD_DTYPES, "A, B and C have dtypes float16, float16 and int8");
  expect(A_DTYPE, "a has dtype float32 but the Matmul's a type is float16");
  expect(BIAS_DTYPE,
         "bias has dtype float16 but the Matmul's bias type is float32");
  expect(BAD_FIELD, "'base_m' is not a field of TCubeTiling");
  expect(BAD_ATOMIC, "en_atomic should be in [0, 1, 2, 3]");
  expect(C_DTYPE, "Tensor type bfloat16 is not supported in get_tensor_c");
  expect(BAD_PROPERTY, "9 is not an asc_property_id");
}

int main(void) {
  RUN_TEST(test_builds_pyasc_ops_at_the_callers_line);
  RUN_TEST(test_the_other_calls);
  RUN_TEST(test_configs);
  RUN_TEST(test_api_tiling_misuse);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
