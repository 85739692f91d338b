/* The C API of casc/asc_bufpool.h and casc/asc_desc.h: TBufPool,
 * TPipe.init_buf_pool, get_tpipe_ptr, TensorDesc and ListTensorDesc. A
 * kernel making each call prints exactly the IR pyasc's front end makes for
 * the same Python kernel (the expected text is pyasc-jit-ir's codegen.mlir
 * of that kernel, locations dropped); misuse is a located error naming the
 * API. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

static casc_buf print_module(casc_ctx *ctx, casc_op *m) {
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  return text;
}

/* Build body as kernel `name`; its printed module equals want (casc's
 * text is shown when it does not). */
static void expect_printed(const char *name, asc_kernel_body body,
                           const char *want) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, name, body, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  casc_buf text = print_module(ctx, m);
  bool same = text.data && strcmp(text.data, want) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* The C twin of this pyasc kernel:
 *   pipe = TPipe(); p0, p1, p2 = TBufPool(VECCALC, 4) x3;
 *   pipe.init_buf_pool(p0, 1024); pipe.init_buf_pool(p1, 1024, p0);
 *   p0.init_buf_pool(p2, 512); p0.init_buf_pool(p2, 512, p1);
 *   q = TQue(VECIN, 1); p2.init_buffer(q, 1, 256); p2.reset();
 *   get_tpipe_ptr().init() */
static void bp_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_tpipe pipe = asc_tpipe();
  asc_tbufpool p0 = asc_tbufpool(ASC_TPOSITION_VECCALC, 4);
  asc_tbufpool p1 = asc_tbufpool(ASC_TPOSITION_VECCALC, 4);
  asc_tbufpool p2 = asc_tbufpool(ASC_TPOSITION_VECCALC, 4);
  (void)asc_tpipe_init_buf_pool(pipe, p0, 1024u);
  (void)asc_tpipe_init_buf_pool(pipe, p1, 1024u, p0);
  (void)asc_tbufpool_init_buf_pool(p0, p2, 512u);
  (void)asc_tbufpool_init_buf_pool(p0, p2, 512u, p1);
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tbufpool_init_buffer(p2, q, 1, 256);
  asc_tbufpool_reset(p2);
  asc_tpipe_init(asc_get_tpipe_ptr());
}

static const char pyasc_bp_ir[] =
    "module {\n"
    "  func.func @bp_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.pipe\n"
    "    %1 = ascendc.tBufPool : <veccalc, 4>\n"
    "    %2 = ascendc.tBufPool : <veccalc, 4>\n"
    "    %3 = ascendc.tBufPool : <veccalc, 4>\n"
    "    %4 = \"emitc.constant\"() <{value = 1024 : ui32}> : () -> ui32\n"
    "    %5 = ascendc.pipe.init_buf_pool(%0, %1, %4) : !ascendc.pipe, "
    "!ascendc.tbuf_pool<veccalc, 4>, ui32 -> i1\n"
    "    %6 = \"emitc.constant\"() <{value = 1024 : ui32}> : () -> ui32\n"
    "    %7 = ascendc.pipe.init_buf_pool(%0, %2, %6) ,  %1 : "
    "!ascendc.pipe, !ascendc.tbuf_pool<veccalc, 4>, ui32 ,  "
    "!ascendc.tbuf_pool<veccalc, 4> -> i1\n"
    "    %8 = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %9 = ascendc.tbuf_pool.init_buf_pool(%1, %3, %8) : <veccalc, "
    "4>, !ascendc.tbuf_pool<veccalc, 4>, ui32 -> i1\n"
    "    %10 = \"emitc.constant\"() <{value = 512 : ui32}> : () -> ui32\n"
    "    %11 = ascendc.tbuf_pool.init_buf_pool(%1, %3, %10) ,  %2 : "
    "<veccalc, 4>, !ascendc.tbuf_pool<veccalc, 4>, ui32 ,  "
    "!ascendc.tbuf_pool<veccalc, 4> -> i1\n"
    "    %12 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c256_i32 = arith.constant 256 : i32\n"
    "    ascendc.tbuf_pool.init_queue %3, %12, %c1_i32, %c256_i32 : "
    "!ascendc.tbuf_pool<veccalc, 4>, !ascendc.queue<vecin, 1>, i32, i32\n"
    "    ascendc.tbuf_pool.reset %3 : !ascendc.tbuf_pool<veccalc, 4>\n"
    "    ascendc.pipe.init %0 : !ascendc.pipe\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The C twin of:
 *   d = TensorDesc(); h = TensorDesc(dtype=half); l = ListTensorDesc();
 *   l.get_data_ptr(0, half); l.init(x, 8, 4); l1 = ListTensorDesc();
 *   l1.get_desc(d, 1); l3 = ListTensorDesc(); l3.get_size();
 *   d2 = TensorDesc(); d2.set_shape_addr(7); d.get_dim(); d.get_index();
 *   d.get_shape(2); h.get_data_ptr(); h.get_data_obj();
 *   ListTensorDesc(data=x, length=8, shape_size=4)
 * (a fresh ListTensorDesc / TensorDesc after init, get_desc, get_size and
 * set_shape_addr, which leave pyasc's object without an IR handle). */
static void desc_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  (void)asc_arg_gm(k, "s", ASC_FLOAT);
  asc_tensor_desc d = asc_tensordesc(ASC_FLOAT);
  asc_tensor_desc h = asc_tensordesc(ASC_HALF);
  asc_list_tensor_desc l = asc_listtensordesc();
  (void)asc_listtensordesc_get_data_ptr(l, 0u, ASC_HALF);
  asc_listtensordesc_init(l, x, 8u, 4u);
  asc_list_tensor_desc l1 = asc_listtensordesc();
  asc_listtensordesc_get_desc(l1, d, 1u);
  asc_list_tensor_desc l3 = asc_listtensordesc();
  (void)asc_listtensordesc_get_size(l3);
  asc_tensor_desc d2 = asc_tensordesc(ASC_FLOAT);
  asc_tensordesc_set_shape_addr(d2, 7u);
  (void)asc_tensordesc_get_dim(d);
  (void)asc_tensordesc_get_index(d);
  (void)asc_tensordesc_get_shape(d, 2);
  (void)asc_tensordesc_get_data_ptr(h);
  (void)asc_tensordesc_get_data_obj(h);
  (void)asc_listtensordesc(x, 8u, 4u);
}

static const char pyasc_desc_ir[] =
    "module {\n"
    "  func.func @desc_kernel(%arg0: memref<?xf32, 22>, %arg1: "
    "memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.tensor_desc f32 : !ascendc.tensor_desc\n"
    "    %1 = ascendc.tensor_desc f16 : !ascendc.tensor_desc\n"
    "    %2 = ascendc.list_tensor_desc : !ascendc.list_tensor_desc\n"
    "    %3 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "    %4 = ascendc.list_tensor_desc_get_data_ptr %2, %3 {dtype = f16} "
    ": memref<*xf16, 22>\n"
    "    %5 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    %6 = \"emitc.constant\"() <{value = 4 : ui32}> : () -> ui32\n"
    "    ascendc.list_tensor_desc_init %2, %arg0, %5, %6 : "
    "!ascendc.list_tensor_desc, memref<?xf32, 22>, ui32, ui32\n"
    "    %7 = ascendc.list_tensor_desc : !ascendc.list_tensor_desc\n"
    "    %8 = \"emitc.constant\"() <{value = 1 : ui32}> : () -> ui32\n"
    "    ascendc.list_tensor_desc_get_desc %7, %0, %8 : "
    "!ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32\n"
    "    %9 = ascendc.list_tensor_desc : !ascendc.list_tensor_desc\n"
    "    %10 = ascendc.list_tensor_desc_get_size %9 : "
    "!ascendc.list_tensor_desc\n"
    "    %11 = ascendc.tensor_desc f32 : !ascendc.tensor_desc\n"
    "    %12 = \"emitc.constant\"() <{value = 7 : ui64}> : () -> ui64\n"
    "    ascendc.tensor_desc_set_shape_addr %11, %12 : "
    "!ascendc.tensor_desc, ui64\n"
    "    %13 = ascendc.tensor_desc_get_dim %0 : !ascendc.tensor_desc, "
    "ui64\n"
    "    %14 = ascendc.tensor_desc_get_index %0 : !ascendc.tensor_desc, "
    "ui64\n"
    "    %c2_i32 = arith.constant 2 : i32\n"
    "    %15 = ascendc.tensor_desc_get_shape %0, %c2_i32 : "
    "!ascendc.tensor_desc, i64, i32\n"
    "    %16 = ascendc.tensor_desc_get_data_ptr %1 : "
    "!ascendc.tensor_desc, memref<*xf16, 22>\n"
    "    %17 = ascendc.tensor_desc_get_data_obj %1 : "
    "!ascendc.tensor_desc, <*xf16>\n"
    "    %18 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    %19 = \"emitc.constant\"() <{value = 4 : ui32}> : () -> ui32\n"
    "    %20 = ascendc.list_tensor_desc_v2 %arg0, %18, %19 : "
    "!ascendc.list_tensor_desc, memref<?xf32, 22>, ui32, ui32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The C twin of:
 *   a = array(uint32, [2, 3]); b = array(uint32, [4, 5, 6]);
 *   s1 = ShapeInfo(a, b, DataFormat.NZ); c = array(uint32, [7]);
 *   ShapeInfo(c); d = array(uint32, [8, 9]);
 *   ShapeInfo(d, data_format=DataFormat.NHWC); ShapeInfo(); s1.shape(1)
 * (C passes the arrays' values; each ShapeInfo stores its own arrays, as
 * the pyasc kernel that makes fresh ones for each). */
static void si_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  static const uint32_t a[2] = {2, 3}, b[3] = {4, 5, 6}, c[1] = {7},
                        d[2] = {8, 9};
  asc_shape_info s1 = asc_shapeinfo(a, 2, b, 3, ASC_DATAFORMAT_NZ);
  (void)asc_shapeinfo(c, 1);
  (void)asc_shapeinfo(d, 2, ASC_DATAFORMAT_NHWC);
  (void)asc_shapeinfo();
  (void)asc_shapeinfo_shape(s1, 1);
}

static const char pyasc_si_ir[] =
    "module {\n"
    "  func.func @si_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %alloca = memref.alloca() {ascendc.emit_as_unsigned} : "
    "memref<2xui32>\n"
    "    %0 = \"emitc.constant\"() <{value = 2 : ui32}> : () -> ui32\n"
    "    %c0 = arith.constant 0 : index\n"
    "    memref.store %0, %alloca[%c0] : memref<2xui32>\n"
    "    %1 = \"emitc.constant\"() <{value = 3 : ui32}> : () -> ui32\n"
    "    %c1 = arith.constant 1 : index\n"
    "    memref.store %1, %alloca[%c1] : memref<2xui32>\n"
    "    %alloca_0 = memref.alloca() {ascendc.emit_as_unsigned} : "
    "memref<3xui32>\n"
    "    %2 = \"emitc.constant\"() <{value = 4 : ui32}> : () -> ui32\n"
    "    %c0_1 = arith.constant 0 : index\n"
    "    memref.store %2, %alloca_0[%c0_1] : memref<3xui32>\n"
    "    %3 = \"emitc.constant\"() <{value = 5 : ui32}> : () -> ui32\n"
    "    %c1_2 = arith.constant 1 : index\n"
    "    memref.store %3, %alloca_0[%c1_2] : memref<3xui32>\n"
    "    %4 = \"emitc.constant\"() <{value = 6 : ui32}> : () -> ui32\n"
    "    %c2 = arith.constant 2 : index\n"
    "    memref.store %4, %alloca_0[%c2] : memref<3xui32>\n"
    "    %c2_i8 = arith.constant 2 : i8\n"
    "    %c3_i8 = arith.constant 3 : i8\n"
    "    %c1_i8 = arith.constant 1 : i8\n"
    "    %5 = ascendc.construct !ascendc.shape_info(%c2_i8, %alloca, "
    "%c3_i8, %alloca_0, %c1_i8) [ui8, memref<*xui32>, ui8, "
    "memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8, "
    "memref<3xui32>, i8\n"
    "    %alloca_3 = memref.alloca() {ascendc.emit_as_unsigned} : "
    "memref<1xui32>\n"
    "    %6 = \"emitc.constant\"() <{value = 7 : ui32}> : () -> ui32\n"
    "    %c0_4 = arith.constant 0 : index\n"
    "    memref.store %6, %alloca_3[%c0_4] : memref<1xui32>\n"
    "    %c1_i8_5 = arith.constant 1 : i8\n"
    "    %c0_i8 = arith.constant 0 : i8\n"
    "    %7 = ascendc.construct !ascendc.shape_info(%c1_i8_5, %alloca_3, "
    "%c0_i8) [ui8, memref<*xui32>, !ascendc.data_format] : i8, "
    "memref<1xui32>, i8\n"
    "    %alloca_6 = memref.alloca() {ascendc.emit_as_unsigned} : "
    "memref<2xui32>\n"
    "    %8 = \"emitc.constant\"() <{value = 8 : ui32}> : () -> ui32\n"
    "    %c0_7 = arith.constant 0 : index\n"
    "    memref.store %8, %alloca_6[%c0_7] : memref<2xui32>\n"
    "    %9 = \"emitc.constant\"() <{value = 9 : ui32}> : () -> ui32\n"
    "    %c1_8 = arith.constant 1 : index\n"
    "    memref.store %9, %alloca_6[%c1_8] : memref<2xui32>\n"
    "    %c2_i8_9 = arith.constant 2 : i8\n"
    "    %c4_i8 = arith.constant 4 : i8\n"
    "    %10 = ascendc.construct !ascendc.shape_info(%c2_i8_9, "
    "%alloca_6, %c4_i8) [ui8, memref<*xui32>, !ascendc.data_format] : "
    "i8, memref<2xui32>, i8\n"
    "    %11 = ascendc.construct !ascendc.shape_info() []\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %12 = ascendc.shape_info.shape %5, %c1_i32 i32, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_ir_matches_pyasc(void) {
  expect_printed("bp_kernel", bp_kernel, pyasc_bp_ir);
  expect_printed("desc_kernel", desc_kernel, pyasc_desc_ir);
  expect_printed("si_kernel", si_kernel, pyasc_si_ir);
}

/* The forms the pyasc kernels above leave out: TBufPool.init_buffer of a
 * TBuf (pyasc's TBuf also builds a stray que_bind, docs/ir.md §10.12, so
 * its whole function differs by that op), init_buf_pool's default len 0,
 * ListTensorDesc.init's and the data constructor's default lengths. */
static void forms_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_tpipe pipe = asc_tpipe();
  asc_tbufpool p = asc_tbufpool(ASC_TPOSITION_VECIN, 2);
  (void)asc_tpipe_init_buf_pool(pipe, p);
  asc_tbuf b = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbufpool_init_buffer(p, b, 128);
  asc_list_tensor_desc l = asc_listtensordesc(x, 3u);
  asc_listtensordesc_init(l, x);
}

static void test_other_forms(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(ctx, "f", forms_kernel, NULL);
  REQUIRE(m != NULL);
  casc_buf text = print_module(ctx, m);
  REQUIRE(text.data != NULL);
  CHECK(strstr(text.data, "%1 = ascendc.tBufPool : <vecin, 2>\n"));
  CHECK(strstr(text.data, "%2 = \"emitc.constant\"() <{value = 0 : ui32}> : "
                          "() -> ui32\n    %3 = ascendc.pipe.init_buf_pool(%0, "
                          "%1, %2) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, "
                          "2>, ui32 -> i1\n"));
  CHECK(strstr(text.data, "ascendc.tbuf_pool.init_buffer %1, %4, %c128_i32 : "
                          "!ascendc.tbuf_pool<vecin, 2>, !ascendc.tbuf<veccalc>"
                          ", i32\n"));
  CHECK(strstr(text.data, "%6 = \"emitc.constant\"() <{value = 4294967295 : "
                          "ui32}> : () -> ui32\n    %7 = "
                          "ascendc.list_tensor_desc_v2 %arg0, %5, %6 : "));
  CHECK(strstr(text.data, "ascendc.list_tensor_desc_init %7, %arg0, %8, %9 : "
                          "!ascendc.list_tensor_desc, memref<?xf16, 22>, ui32, "
                          "ui32\n"));
  /* the printed text parses back to itself */
  casc_op *back = casc_parse_module(ctx, text.data, text.len, "f", 1);
  CHECK(back != NULL);
  if (back) {
    casc_buf again = print_module(ctx, back);
    CHECK(again.data && strcmp(again.data, text.data) == 0);
    casc_buf_free(&again);
  }
  casc_buf_free(&text);
  casc_ctx_free(ctx);
}

/* Misuse: one located error naming the API. */
static void bad_pool_pos(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_tbufpool((asc_tposition)12, 4);
}

static void bad_pool_size(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_tbufpool(ASC_TPOSITION_VECCALC, -1);
}

static void null_pool(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tbufpool none = {0};
  (void)asc_tpipe_init_buf_pool(pipe, none, 64);
}

static void no_pipe(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe_init(asc_get_tpipe_ptr());
}

static void bad_desc_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  (void)asc_tensordesc((asc_dtype)99);
}

static void bad_list_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_list_tensor_desc l = asc_listtensordesc();
  (void)asc_listtensordesc_get_data_ptr(l, 0u, ASC_DTYPE_INVALID_);
}

static void bad_list_index(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_list_tensor_desc l = asc_listtensordesc();
  asc_tensor_desc d = asc_tensordesc(ASC_FLOAT);
  asc_listtensordesc_get_desc(l, d, -1);
}

static void si_too_many(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  static const uint32_t s[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  (void)asc_shapeinfo(s, 9);
}

static void si_null_orig(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  static const uint32_t s[2] = {1, 2};
  (void)asc_shapeinfo(s, 2, NULL, 2);
}

static void si_bad_format(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  static const uint32_t s[2] = {1, 2};
  (void)asc_shapeinfo(s, 2, (asc_dataformat)5);
}

static void test_misuse(void) {
  expect_build_error(bad_pool_pos, "asc_tbufpool: position: 12 is not a valid "
                                   "TPosition");
  expect_build_error(bad_pool_size,
                     "asc_tbufpool: buf_id_size -1 is not a uint32");
  expect_build_error(null_pool, "asc_tpipe_init_buf_pool: buf_pool");
  expect_build_error(no_pipe, "asc_get_tpipe_ptr: the kernel has no TPipe yet");
  expect_build_error(bad_desc_dtype, "asc_tensordesc: dtype");
  expect_build_error(bad_list_dtype, "asc_listtensordesc_get_data_ptr: dtype");
  expect_build_error(bad_list_index, "asc_listtensordesc_get_desc: index");
  expect_build_error(si_too_many,
                     "asc_shapeinfo: shape must have 1..8 dimensions, got 9");
  expect_build_error(si_null_orig, "asc_shapeinfo: original_shape must have "
                                   "1..8 dimensions, got 2 (NULL)");
  expect_build_error(si_bad_format,
                     "asc_shapeinfo: 5 is not a valid DataFormat");
  /* outside a build: the per-thread error, no crash */
  casc_lang_clear_errors();
  asc_tbufpool none = asc_tbufpool(ASC_TPOSITION_VECCALC, 4);
  CHECK(none.p_ == NULL);
  CHECK(casc_lang_last_error() &&
        strstr(casc_lang_last_error(), "asc_tbufpool must be called while"));
  casc_lang_clear_errors();
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_other_forms);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
