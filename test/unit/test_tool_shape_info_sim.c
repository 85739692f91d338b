/* ShapeInfo built and run through the C API (casc/asc_desc.h's
 * asc_shapeinfo and asc_get_shape_size, casc/asc_sys.h's Get/SetShapeInfo
 * and shape getters): a ShapeInfo set on a queue tensor comes back from the
 * tensor DeQue returns, one set on a GlobalTensor from that tensor, and
 * reading a dimension past the shape is a located bad-value error
 * (docs/simulator.md, "Tensor bookkeeping"). Expected values are the arrays the
 * kernel passes (and their product, GetShapeSize). */
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim_issue.h"

static const uint32_t g_shape[2] = {4, 6}, g_orig[3] = {2, 3, 5};
static const uint32_t g_gshape[3] = {7, 8, 9};
static int g_line; /* the C line of the misread */

static void shape_kernel(asc_kernel *k, void *user) {
  bool misread = *(const bool *)user;
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT32);
  asc_global_tensor og = asc_globaltensor();
  asc_globaltensor_set_global_buffer(og, o);
  asc_shape_info s = asc_shapeinfo(g_shape, 2, g_orig, 3, ASC_DATAFORMAT_NZ);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 256);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_localtensor_set_shape_info(t, s);
  asc_tquebind_enque(q, t);
  asc_local_tensor d = asc_tquebind_deque(q, ASC_FLOAT);
  asc_shape_info si = asc_localtensor_get_shape_info(d);
  asc_globaltensor_set_value(og, 0, asc_shapeinfo_shape(si, 0));
  asc_globaltensor_set_value(og, 1, asc_shapeinfo_shape(si, 1));
  asc_globaltensor_set_value(og, 2, asc_shapeinfo_original_shape(si, 0));
  asc_globaltensor_set_value(og, 3, asc_shapeinfo_original_shape(si, 2));
  asc_globaltensor_set_value(og, 6, asc_get_shape_size(si));
  asc_tquebind_free_tensor(q, d);
  /* the shape-only form: the original is the shape */
  asc_globaltensor_set_shape_info(og, asc_shapeinfo(g_gshape, 3));
  asc_shape_info gi = asc_globaltensor_get_shape_info(og);
  asc_globaltensor_set_value(og, 4, asc_shapeinfo_shape(gi, 2));
  asc_globaltensor_set_value(og, 5, asc_shapeinfo_original_shape(gi, 1));
  if (misread) {
    g_line = __LINE__ + 1;
    asc_globaltensor_set_value(og, 7, asc_shapeinfo_shape(si, 2));
  }
}

static casc_launch_result run(casc_ctx *ctx, bool misread, int32_t *o) {
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_op *mod = casc_jit_build(ctx, "k", shape_kernel, &misread);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[1] = {casc_arg_gm(o, CASC_DT_I32, 8)};
  casc_sim_run_timed(p, 1, args, 1, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

static void test_shapes_travel(void) {
  casc_ctx *ctx = casc_ctx_new();
  int32_t o[8] = {0};
  casc_launch_result res = run(ctx, false, o);
  CHECK_EQ_INT((int)res.nissues, 0);
  const int32_t want[7] = {(int32_t)g_shape[0],
                           (int32_t)g_shape[1],
                           (int32_t)g_orig[0],
                           (int32_t)g_orig[2],
                           (int32_t)g_gshape[2],
                           (int32_t)g_gshape[1],
                           (int32_t)(g_shape[0] * g_shape[1])};
  for (int i = 0; i < 7; i++)
    CHECK_EQ_INT(o[i], want[i]);
  casc_ctx_free(ctx);
}

static void test_misread_is_located(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  int32_t o[8] = {0};
  casc_launch_result res = run(ctx, true, o);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), "bad-value");
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_shapes_travel);
  RUN_TEST(test_misread_is_located);
  return CHECK_SUMMARY();
}
