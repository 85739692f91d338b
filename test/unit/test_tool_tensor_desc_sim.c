/* ListTensorDesc / TensorDesc on the simulator (src/sim/tensor_desc.c,
 * docs/simulator.md "Tensor descriptors"): a kernel reads a descriptor of
 * three float tensors of different shapes, built on the host with
 * casc/sim_desc.h, reaches each tensor a different way (GetDataObj,
 * TensorDesc.GetDataPtr, ListTensorDesc.GetDataPtr) and adds them, as many
 * elements of each as its shape holds; the sum and what GetSize, GetDim,
 * GetIndex and GetShape read are checked against plain C over the same
 * inputs. Each misuse (an address in no argument, an index or dimension out
 * of range, an inconsistent or truncated descriptor, a length that
 * disagrees, GetDesc before SetShapeAddr, SetShapeAddr(0), a shape larger
 * than its buffer, GetDesc of a pointer-only list) is an error located at
 * the call that makes it. */
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/sim_desc.h"
#include "check.h"
#include "sim_issue.h"

enum { NT = 3, DIM = 2, N = 64, META = 3 * NT + 1 };

/* tensor i's dims (element counts 64, 64 and 32) */
static const uint64_t g_shapes[NT * DIM] = {4, 16, 2, 32, 8, 4};

typedef enum {
  RUN_OK,
  BAD_INDEX,      /* GetDesc(desc, 3) of a list of 3 */
  BAD_SHAPE_DIM,  /* GetShape(2) of a 2-dim tensor */
  NO_SHAPE_ADDR,  /* GetDesc before SetShapeAddr */
  NULL_SHAPE,     /* SetShapeAddr(0) */
  BAD_LENGTH,     /* the constructor's length disagrees */
  LIST_PTR_RANGE, /* ListTensorDesc.GetDataPtr(3) */
  SMALL_X0,       /* the host passes x0 shorter than its shape */
  CTOR_ERROR      /* the host spoils the descriptor: the constructor fails */
} mode;

typedef struct {
  mode m;
  uint32_t length; /* the descriptor's bytes, for the constructor */
} kcfg;

static int g_line; /* the C line of the call that must fail */

static void desc_kernel(asc_kernel *k, void *user) {
  const kcfg *c = user;
  asc_gm_addr desc = asc_arg_gm(k, "desc", ASC_UINT64);
  (void)asc_arg_gm(k, "x0", ASC_FLOAT);
  (void)asc_arg_gm(k, "x1", ASC_FLOAT);
  (void)asc_arg_gm(k, "x2", ASC_FLOAT);
  asc_gm_addr z = asc_arg_gm(k, "z", ASC_FLOAT);
  asc_gm_addr o = asc_arg_gm(k, "o", ASC_INT32);
  asc_global_tensor z_gm = asc_globaltensor(), o_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(z_gm, z, N);
  asc_globaltensor_set_global_buffer(o_gm, o, META);
  uint32_t length = c->m == BAD_LENGTH ? c->length + 8u : c->length;
  if (c->m == BAD_LENGTH || c->m == CTOR_ERROR)
    g_line = __LINE__ + 1;
  asc_list_tensor_desc l = asc_listtensordesc(desc, length, NT);
  asc_tensor_desc d = asc_tensordesc(ASC_FLOAT);
  if (c->m == NULL_SHAPE)
    g_line = __LINE__ + 2;
  if (c->m != NO_SHAPE_ADDR)
    asc_tensordesc_set_shape_addr(d, c->m == NULL_SHAPE ? 0u : 0x1000u);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, in_q, 1, N * 4);
  asc_tpipe_init_buffer(pipe, out_q, 1, N * 4);
  asc_local_tensor acc = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
  asc_duplicate(acc, 0.0f, N);
  for (int i = 0; i < NT; i++) {
    if ((c->m == NO_SHAPE_ADDR && i == 0) || (c->m == BAD_INDEX && i == 2))
      g_line = __LINE__ + 1;
    asc_listtensordesc_get_desc(l, d, c->m == BAD_INDEX && i == 2 ? 3 : i);
    asc_int n =
        asc_mul(asc_tensordesc_get_shape(d, 0), asc_tensordesc_get_shape(d, 1));
    asc_global_tensor g;
    if (i == 0) {
      if (c->m == SMALL_X0)
        g_line = __LINE__ + 1;
      g = asc_tensordesc_get_data_obj(d);
    } else {
      g = asc_globaltensor();
      asc_gm_addr p = asc_tensordesc_get_data_ptr(d);
      if (i == 2) {
        if (c->m == LIST_PTR_RANGE)
          g_line = __LINE__ + 1;
        p = asc_listtensordesc_get_data_ptr(l, c->m == LIST_PTR_RANGE ? 3 : 2,
                                            ASC_FLOAT);
      }
      asc_globaltensor_set_global_buffer(g, p, n);
    }
    asc_local_tensor t = asc_tquebind_alloc_tensor(in_q, ASC_FLOAT);
    asc_data_copy(t, g, n);
    asc_tquebind_enque(in_q, t);
    t = asc_tquebind_deque(in_q, ASC_FLOAT);
    asc_add(acc, acc, t, n);
    asc_tquebind_free_tensor(in_q, t);
    asc_globaltensor_set_value(o_gm, 3 * i, asc_tensordesc_get_dim(d));
    asc_globaltensor_set_value(o_gm, 3 * i + 1, asc_tensordesc_get_index(d));
    asc_globaltensor_set_value(o_gm, 3 * i + 2, n);
  }
  if (c->m == BAD_SHAPE_DIM) {
    g_line = __LINE__ + 1;
    (void)asc_tensordesc_get_shape(d, 2);
  }
  asc_globaltensor_set_value(o_gm, 3 * NT, asc_listtensordesc_get_size(l));
  asc_tquebind_enque(out_q, acc);
  acc = asc_tquebind_deque(out_q, ASC_FLOAT);
  asc_data_copy(z_gm, acc, N);
  asc_tquebind_free_tensor(out_q, acc);
}

typedef struct {
  uint64_t desc[32];
  size_t words;
  size_t desc_count; /* elements of desc the launch passes */
  float x[NT][N], z[N];
  size_t x0_count;
  int32_t o[META];
} bufs;

static void fill(bufs *B) {
  memset(B, 0, sizeof *B);
  for (int i = 0; i < NT; i++)
    for (int j = 0; j < N; j++)
      B->x[i][j] = (float)((i + 1) * 100 + j) * 0.5f;
  void *data[NT] = {B->x[0], B->x[1], B->x[2]};
  B->words = casc_sim_list_desc_build(B->desc, 32, NT, DIM, g_shapes, data);
  B->desc_count = B->words;
  B->x0_count = N;
}

static casc_launch_result run(casc_ctx *ctx, mode m, bufs *B) {
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  kcfg c = {m, (uint32_t)(B->words * 8)};
  casc_op *mod = casc_jit_build(ctx, "k", desc_kernel, &c);
  casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
  CHECK(p != NULL);
  if (!p)
    return res;
  casc_arg args[6] = {casc_arg_gm(B->desc, CASC_DT_U64, B->desc_count),
                      casc_arg_gm(B->x[0], CASC_DT_F32, B->x0_count),
                      casc_arg_gm(B->x[1], CASC_DT_F32, N),
                      casc_arg_gm(B->x[2], CASC_DT_F32, N),
                      casc_arg_gm(B->z, CASC_DT_F32, N),
                      casc_arg_gm(B->o, CASC_DT_I32, META)};
  casc_sim_run_timed(p, 1, args, 6, NULL, NULL, &res);
  casc_sim_program_free(p);
  return res;
}

static void test_layout(void) {
  /* the words casc_sim_list_desc_build writes, against the layout the
   * docs give */
  int a = 0, b = 0;
  void *data[2] = {&a, &b};
  const uint64_t shapes[4] = {3, 5, 7, 9};
  uint64_t w[16];
  CHECK_EQ_INT((int)casc_sim_list_desc_words(2, 2), 9);
  REQUIRE(casc_sim_list_desc_build(w, 16, 2, 2, shapes, data) == 9);
  CHECK(w[0] == 7 * 8);
  CHECK(w[1] == 2 && w[2] == 3 && w[3] == 5);
  CHECK(w[4] == (2 | (uint64_t)1 << 32) && w[5] == 7 && w[6] == 9);
  CHECK(w[7] == (uint64_t)(uintptr_t)&a && w[8] == (uint64_t)(uintptr_t)&b);
  /* data pointers only: the count in entry 0, the marker, the table at 24 */
  REQUIRE(casc_sim_list_desc_build(w, 16, 2, 0, NULL, data) == 5);
  CHECK(w[0] == 24 && w[1] == (uint64_t)2 << 32 && w[2] == 0xffffffffu);
  CHECK(w[3] == (uint64_t)(uintptr_t)&a);
  /* too small a buffer, no tensors: nothing */
  CHECK(casc_sim_list_desc_build(w, 8, 2, 2, shapes, data) == 0);
  CHECK(casc_sim_list_desc_build(w, 16, 0, 2, shapes, data) == 0);
}

static void test_add_three(void) {
  casc_ctx *ctx = casc_ctx_new();
  static bufs B;
  fill(&B);
  casc_launch_result res = run(ctx, RUN_OK, &B);
  CHECK_EQ_INT((int)res.nissues, 0);
  for (int j = 0; j < N; j++) {
    float want = 0.0f;
    for (int i = 0; i < NT; i++)
      if ((uint64_t)j < g_shapes[i * DIM] * g_shapes[i * DIM + 1])
        want += B.x[i][j];
    CHECK(B.z[j] == want);
  }
  for (int i = 0; i < NT; i++) {
    CHECK_EQ_INT(B.o[3 * i], DIM);
    CHECK_EQ_INT(B.o[3 * i + 1], i);
    CHECK_EQ_INT(B.o[3 * i + 2],
                 (int)(g_shapes[i * DIM] * g_shapes[i * DIM + 1]));
  }
  CHECK_EQ_INT(B.o[3 * NT], NT);
  casc_ctx_free(ctx);
}

/* The first error of a run of mode m over B: its check and line. */
static void expect_error(mode m, bufs *B, const char *check, const char *text) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  g_line = -1;
  casc_launch_result res = run(ctx, m, B);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), check);
  CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
  if (!strstr(is->msg, text))
    CHECK_STREQ(is->msg, text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_misuse_is_located(void) {
  static bufs B;
  fill(&B);
  expect_error(BAD_INDEX, &B, "bad-value",
               "GetDesc: index 3, but the list holds 3 tensors");
  expect_error(BAD_SHAPE_DIM, &B, "bad-value",
               "GetShape: dimension 2 of a tensor of 2 dimensions");
  expect_error(NO_SHAPE_ADDR, &B, "bad-value", "SetShapeAddr must come first");
  expect_error(NULL_SHAPE, &B, "bad-value",
               "SetShapeAddr: a null shape address");
  expect_error(BAD_LENGTH, &B, "bad-value",
               "length 112 and shapeSize 3 disagree with the descriptor: 3 "
               "tensors, 104 bytes");
  expect_error(LIST_PTR_RANGE, &B, "bad-value",
               "GetDataPtr: index 3, but the list holds 3 tensors");
}

static void test_bad_descriptors(void) {
  static bufs B;
  /* tensor 1's pointer names a buffer the launch was not given */
  static float elsewhere[N];
  fill(&B);
  B.desc[B.words - 2] = (uint64_t)(uintptr_t)elsewhere;
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_launch_result res = run(ctx, RUN_OK, &B);
  const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
  REQUIRE(is != NULL);
  CHECK_STREQ(casc_sim_check_name(is->check), "bad-value");
  CHECK(strstr(is->msg, "GetDesc: tensor 1's data pointer: address 0x") &&
        strstr(is->msg, "is in no GM argument"));
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  /* entry 0 claims 3 dims: the count comes from the word 4 words before
   * the table (a shape word, 32: count 1), and 2 entries of 4 words fit */
  fill(&B);
  B.desc[1] = 3;
  expect_error(CTOR_ERROR, &B, "bad-value",
               "a count of 1 tensors, but the pointer table at byte 80 "
               "leaves room for 2 entries of 3 dimensions");
  /* 9 dims: more than a TensorDesc's shape storage holds */
  fill(&B);
  B.desc[1] = 9;
  expect_error(CTOR_ERROR, &B, "bad-value",
               "entry 0 says the tensors have 9 dimensions");
  /* the launch passes fewer words than the descriptor: its pointer table
   * lies outside the buffer */
  fill(&B);
  B.desc_count = B.words - 2;
  expect_error(CTOR_ERROR, &B, "gm-out-of-bounds",
               "the pointer table of 3 tensors runs to byte 104 of GM 'desc', "
               "which has 88 bytes");
  /* tensor 0's buffer is smaller than its shape */
  fill(&B);
  B.x0_count = 32;
  expect_error(SMALL_X0, &B, "gm-out-of-bounds",
               "GetDataObj: the shape describes 64 elements, but GM 'x0' has "
               "32 from the data pointer");
}

/* A list of data pointers only (dim 0): GetSize and GetDataPtr read it;
 * element 5 of each tensor, read through its pointer, goes to y[i]; GetDesc
 * of such a list is a located error. */
static void ptr_kernel(asc_kernel *k, void *user) {
  bool get_desc = *(const bool *)user;
  asc_gm_addr desc = asc_arg_gm(k, "desc", ASC_UINT64);
  (void)asc_arg_gm(k, "x0", ASC_FLOAT);
  (void)asc_arg_gm(k, "x1", ASC_FLOAT);
  (void)asc_arg_gm(k, "x2", ASC_FLOAT);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_global_tensor y_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(y_gm, y, NT + 1);
  asc_list_tensor_desc l = asc_listtensordesc();
  asc_listtensordesc_init(l, desc);
  for (int i = 0; i < NT; i++) {
    asc_global_tensor g = asc_globaltensor();
    asc_globaltensor_set_global_buffer(
        g, asc_listtensordesc_get_data_ptr(l, i, ASC_FLOAT), N);
    asc_globaltensor_set_value(y_gm, i, asc_globaltensor_get_value_float(g, 5));
  }
  asc_globaltensor_set_value(
      y_gm, NT,
      asc_to_float(asc_to_int(asc_listtensordesc_get_size(l), ASC_INT32),
                   ASC_FLOAT));
  if (get_desc) {
    asc_tensor_desc d = asc_tensordesc(ASC_FLOAT);
    asc_tensordesc_set_shape_addr(d, 8u);
    g_line = __LINE__ + 1;
    asc_listtensordesc_get_desc(l, d, 0);
  }
}

static void test_pointer_only_list(void) {
  static bufs B;
  fill(&B);
  void *data[NT] = {B.x[2], B.x[0], B.x[1]};
  size_t w = casc_sim_list_desc_build(B.desc, 32, NT, 0, NULL, data);
  REQUIRE(w == 1 + 2 + NT);
  for (int bad = 0; bad < 2; bad++) {
    casc_ctx *ctx = casc_ctx_new();
    casc_diag_list diags = {0};
    casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
    bool get_desc = bad;
    casc_op *mod = casc_jit_build(ctx, "k", ptr_kernel, &get_desc);
    casc_sim_program *p = mod ? casc_sim_compile(ctx, mod, "k") : NULL;
    for (unsigned i = 0; !p && i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
    REQUIRE(p != NULL);
    float y[NT + 1] = {0};
    casc_arg args[5] = {casc_arg_gm(B.desc, CASC_DT_U64, w),
                        casc_arg_gm(B.x[0], CASC_DT_F32, N),
                        casc_arg_gm(B.x[1], CASC_DT_F32, N),
                        casc_arg_gm(B.x[2], CASC_DT_F32, N),
                        casc_arg_gm(y, CASC_DT_F32, NT + 1)};
    casc_launch_result res;
    memset(&res, 0, sizeof res);
    casc_sim_run_timed(p, 1, args, 5, NULL, NULL, &res);
    if (!bad) {
      CHECK_EQ_INT((int)res.nissues, 0);
      for (int i = 0; i < NT; i++)
        CHECK(y[i] == ((const float *)data[i])[5]);
      CHECK(y[NT] == (float)NT);
    } else {
      const casc_sim_issue *is = first_issue(&res, CASC_SEV_ERROR);
      REQUIRE(is != NULL);
      CHECK_EQ_INT((int)is->loc->u.file.line, g_line);
      CHECK(strstr(is->msg, "GetDesc: the list holds data pointers only") !=
            NULL);
    }
    casc_sim_program_free(p);
    casc_diag_list_free(&diags);
    casc_ctx_free(ctx);
  }
}

int main(void) {
  RUN_TEST(test_layout);
  RUN_TEST(test_add_three);
  RUN_TEST(test_misuse_is_located);
  RUN_TEST(test_bad_descriptors);
  RUN_TEST(test_pointer_only_list);
  return CHECK_SUMMARY();
}
