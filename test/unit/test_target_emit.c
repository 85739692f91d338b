/* Ascend C emitter: IR built with the builder API, emitted C++ compared
 * with the exact text (docs/ir.md §9.3 -> §9.4) and with the fixed pyasc bugs;
 * the emitted kernels are also compiled against test/ascendc-stub. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "casc/diag.h"
#include "casc/emit.h"
#include "check.h"
#include "dialect/dialect.h"

typedef struct {
  casc_ctx *ctx;
  casc_builder b;
  casc_diag_list diags;
  casc_op *module;
} fx;

static void fx_init(fx *f) {
  memset(f, 0, sizeof *f);
  f->ctx = casc_ctx_new();
  casc_ctx_set_diag_handler(f->ctx, casc_diag_collect, &f->diags);
  casc_builder_init(&f->b, f->ctx);
  f->module = casc_module_create(f->ctx, casc_loc_unknown(f->ctx));
  casc_builder_set_end(&f->b, casc_module_body(f->module));
  f->b.loc = casc_loc_unknown(f->ctx);
  casc_named_attr inc = {casc_intern_cstr(f->ctx, "include"),
                         casc_attr_string(f->ctx, "kernel_operator.h", 17)};
  casc_build(&f->b, CASC_OP_EMITC_INCLUDE, 0, NULL, 0, NULL,
             casc_attr_dict(f->ctx, 1, &inc), 0);
}

static void fx_free(fx *f) {
  casc_diag_list_free(&f->diags);
  casc_ctx_free(f->ctx);
}

static casc_attr *str(fx *f, const char *s) {
  return casc_attr_string(f->ctx, s, strlen(s));
}

/* func.func @name(args) -> res, body block set as insertion point. */
static casc_op *func(fx *f, const char *name, unsigned n, casc_type **args,
                     const char **argnames, unsigned nres, casc_type **res,
                     bool kernel) {
  casc_type *ft = casc_type_func(f->ctx, n, args, nres, res);
  casc_named_attr at[3] = {
      {casc_intern_cstr(f->ctx, "sym_name"), str(f, name)},
      {casc_intern_cstr(f->ctx, "function_type"), casc_attr_type(f->ctx, ft)},
      {casc_intern_cstr(f->ctx, "ascendc.global"), casc_attr_unit(f->ctx)}};
  casc_op *fn = casc_build(&f->b, CASC_OP_FUNC_FUNC, 0, NULL, 0, NULL,
                           casc_attr_dict(f->ctx, kernel ? 3 : 2, at), 1);
  casc_block *entry = casc_region_entry(f->ctx, casc_op_region(fn, 0));
  for (unsigned i = 0; i < n; i++)
    casc_block_add_arg(f->ctx, entry, args[i],
                       argnames && argnames[i]
                           ? casc_loc_name(f->ctx, argnames[i], NULL)
                           : casc_loc_unknown(f->ctx));
  casc_builder_set_end(&f->b, entry);
  return fn;
}

static casc_value *op1(fx *f, casc_op_kind k, unsigned n, casc_value **ops,
                       casc_type *res, casc_attr *attrs) {
  casc_op *o =
      casc_build(&f->b, k, n, ops, res ? 1 : 0, res ? &res : NULL, attrs, 0);
  return res ? casc_op_result(o, 0) : NULL;
}

static casc_attr *attr1(fx *f, const char *name, casc_attr *v) {
  casc_named_attr a = {casc_intern_cstr(f->ctx, name), v};
  return casc_attr_dict(f->ctx, 1, &a);
}

static casc_value *cst(fx *f, casc_type *t, int64_t v) {
  return op1(f, CASC_OP_ARITH_CONSTANT, 0, NULL, t,
             attr1(f, "value", casc_attr_int(f->ctx, t, v)));
}

static void ret(fx *f) {
  op1(f, CASC_OP_FUNC_RETURN, 0, NULL, NULL, NULL);
}

static char *emit(fx *f) {
  casc_buf out;
  casc_buf_init(&out);
  bool ok = casc_emit_ascendc_buf(f->ctx, f->module, &out);
  if (!ok) {
    for (unsigned i = 0; i < f->diags.n; i++)
      fprintf(stderr, "  diag: %s\n", f->diags.items[i]->msg);
    casc_buf_free(&out);
    return NULL;
  }
  char *s = strdup(out.data ? out.data : "");
  casc_buf_free(&out);
  return s;
}

/* g++ -fsyntax-only against the stub header (the test runs in test/). */
static int compiles(const char *cpp) {
  char path[] = "/tmp/casc_emit_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return 0;
  size_t n = strlen(cpp);
  int ok = write(fd, cpp, n) == (ssize_t)n;
  close(fd);
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "c++ -std=c++17 -fsyntax-only -x c++ -I ascendc-stub %s", path);
  ok = ok && system(cmd) == 0;
  unlink(path);
  return ok;
}

/* The vector-add kernel of docs/ir.md §9.3, built op by op. */
static void build_add_custom(fx *f) {
  casc_ctx *c = f->ctx;
  casc_type *f16 = casc_type_float(c, CASC_F16), *i32 = casc_type_i32(c);
  casc_type *gm = casc_type_gm_memref(c, f16);
  casc_type *ffts = casc_type_gm_memref(c, casc_type_int(c, 64, CASC_UNSIGNED));
  casc_type *args[5] = {gm, gm, gm, i32, ffts};
  const char *names[5] = {"x", "y", "z", "block_length", "ffts_addr"};
  casc_op *fn = func(f, "add_custom", 5, args, names, 0, NULL, true);
  casc_block *entry = casc_op_regions(fn)[0].first;
  casc_value **a = entry->args;
  op1(f, CASC_OP_SET_FFTS_BASE_ADDR, 1, &a[4], NULL, NULL);
  casc_value *c2 = cst(f, i32, 2), *c512 = cst(f, i32, 512);
  casc_value *c0 = cst(f, i32, 0), *c8 = cst(f, i32, 8), *c1 = cst(f, i32, 1);
  casc_value *c256 = cst(f, i32, 256);
  casc_value *bid = op1(f, CASC_OP_GET_BLOCK_IDX, 0, NULL, i32, NULL);
  casc_value *mo[2] = {bid, a[3]};
  casc_value *off = op1(f, CASC_OP_ARITH_MULI, 2, mo, i32, NULL);
  casc_value *idx =
      op1(f, CASC_OP_ARITH_INDEX_CAST, 1, &off, casc_type_index(c), NULL);
  casc_type *gt = casc_type_global_tensor(c, f16);
  casc_value *g[3];
  for (int i = 0; i < 3; i++) {
    casc_value *po[2] = {a[i], idx};
    casc_value *p = op1(f, CASC_OP_EMITASC_PTR_OFFSET, 2, po, gm, NULL);
    g[i] = op1(f, CASC_OP_GLOBAL_TENSOR, 0, NULL, gt, NULL);
    casc_value *so[2] = {g[i], p};
    op1(f, CASC_OP_GLOBAL_TENSOR_SET_GLOBAL_BUFFER, 2, so, NULL, NULL);
  }
  casc_value *pipe = op1(f, CASC_OP_PIPE, 0, NULL, casc_type_pipe(c), NULL);
  casc_value *q[3];
  q[0] = op1(f, CASC_OP_QUEUE, 0, NULL, casc_type_queue(c, CASC_TPOS_VECIN, 2),
             NULL);
  q[1] = op1(f, CASC_OP_QUEUE, 0, NULL, casc_type_queue(c, CASC_TPOS_VECIN, 2),
             NULL);
  q[2] = op1(f, CASC_OP_QUEUE, 0, NULL, casc_type_queue(c, CASC_TPOS_VECOUT, 2),
             NULL);
  for (int i = 0; i < 3; i++) {
    casc_value *io[4] = {pipe, q[i], c2, c512};
    op1(f, CASC_OP_PIPE_INIT_QUEUE, 4, io, NULL, NULL);
  }
  casc_value *fo[3] = {c0, c8, c1};
  casc_op *loop = casc_build(&f->b, CASC_OP_SCF_FOR, 3, fo, 0, NULL, NULL, 1);
  casc_block *body = casc_region_entry(c, casc_op_region(loop, 0));
  casc_value *iv = casc_block_add_arg(c, body, i32, casc_loc_unknown(c));
  casc_builder_set_end(&f->b, body);
  casc_type *lt = casc_type_local_tensor(c, f16);
  casc_value *x = op1(f, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &q[0], lt, NULL);
  casc_value *y = op1(f, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &q[1], lt, NULL);
  casc_value *mo2[2] = {iv, c256};
  casc_value *t = op1(f, CASC_OP_ARITH_MULI, 2, mo2, i32, NULL);
  casc_value *s0o[2] = {g[0], t};
  casc_value *s0 = op1(f, CASC_OP_GLOBAL_TENSOR_SUBINDEX, 2, s0o, gt, NULL);
  casc_value *d0[3] = {x, s0, c256};
  op1(f, CASC_OP_DATA_COPY_L2, 3, d0, NULL, NULL);
  casc_value *s1o[2] = {g[1], t};
  casc_value *s1 = op1(f, CASC_OP_GLOBAL_TENSOR_SUBINDEX, 2, s1o, gt, NULL);
  casc_value *d1[3] = {y, s1, c256};
  op1(f, CASC_OP_DATA_COPY_L2, 3, d1, NULL, NULL);
  casc_value *e0[2] = {q[0], x}, *e1[2] = {q[1], y};
  op1(f, CASC_OP_QUE_BIND_ENQUE_TENSOR, 2, e0, NULL, NULL);
  op1(f, CASC_OP_QUE_BIND_ENQUE_TENSOR, 2, e1, NULL, NULL);
  casc_value *xd = op1(f, CASC_OP_QUE_BIND_DEQUE_TENSOR, 1, &q[0], lt, NULL);
  casc_value *yd = op1(f, CASC_OP_QUE_BIND_DEQUE_TENSOR, 1, &q[1], lt, NULL);
  casc_value *z = op1(f, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &q[2], lt, NULL);
  casc_value *ao[4] = {z, xd, yd, c256};
  op1(f, CASC_OP_ADD_L2, 4, ao, NULL, NULL);
  casc_value *e2[2] = {q[2], z};
  op1(f, CASC_OP_QUE_BIND_ENQUE_TENSOR, 2, e2, NULL, NULL);
  casc_value *f0[2] = {q[0], xd}, *f1[2] = {q[1], yd};
  op1(f, CASC_OP_QUE_BIND_FREE_TENSOR, 2, f0, NULL, NULL);
  op1(f, CASC_OP_QUE_BIND_FREE_TENSOR, 2, f1, NULL, NULL);
  casc_value *zd = op1(f, CASC_OP_QUE_BIND_DEQUE_TENSOR, 1, &q[2], lt, NULL);
  casc_value *s2o[2] = {g[2], t};
  casc_value *s2 = op1(f, CASC_OP_GLOBAL_TENSOR_SUBINDEX, 2, s2o, gt, NULL);
  casc_value *d2[3] = {s2, zd, c256};
  op1(f, CASC_OP_DATA_COPY_L2, 3, d2, NULL, NULL);
  casc_value *f2[2] = {q[2], zd};
  op1(f, CASC_OP_QUE_BIND_FREE_TENSOR, 2, f2, NULL, NULL);
  op1(f, CASC_OP_SCF_YIELD, 0, NULL, NULL, NULL);
  casc_builder_set_end(&f->b, entry);
  ret(f);
}

static const char add_custom_cpp[] =
    "extern \"C\"  __global__ __aicore__ void add_custom(__gm__ half* v1_x, "
    "__gm__ half* v2_y, __gm__ half* v3_z, int32_t v4_block_length, __gm__ "
    "uint64_t* v5_ffts_addr) {\n"
    "  set_ffts_base_addr(*v5_ffts_addr);\n"
    "  constexpr int32_t c2_i32 = 2;\n"
    "  constexpr int32_t c512_i32 = 512;\n"
    "  constexpr int32_t c0_i32 = 0;\n"
    "  constexpr int32_t c8_i32 = 8;\n"
    "  constexpr int32_t c1_i32 = 1;\n"
    "  constexpr int32_t c256_i32 = 256;\n"
    "  int32_t v6 = static_cast<int32_t>(AscendC::GetBlockIdx());\n"
    "  int32_t v7 = v6 * v4_block_length;\n"
    "  uint32_t v8 = static_cast<uint32_t>(v7);\n"
    "  __gm__ half* v9 = v1_x + v8;\n"
    "  AscendC::GlobalTensor<half> v10;\n"
    "  v10.SetGlobalBuffer(v9);\n"
    "  __gm__ half* v11 = v2_y + v8;\n"
    "  AscendC::GlobalTensor<half> v12;\n"
    "  v12.SetGlobalBuffer(v11);\n"
    "  __gm__ half* v13 = v3_z + v8;\n"
    "  AscendC::GlobalTensor<half> v14;\n"
    "  v14.SetGlobalBuffer(v13);\n"
    "  AscendC::TPipe v15;\n"
    "  AscendC::TQue<AscendC::TPosition::VECIN, 2> v16;\n"
    "  AscendC::TQue<AscendC::TPosition::VECIN, 2> v17;\n"
    "  AscendC::TQue<AscendC::TPosition::VECOUT, 2> v18;\n"
    "  v15.InitBuffer(v16, c2_i32, c512_i32);\n"
    "  v15.InitBuffer(v17, c2_i32, c512_i32);\n"
    "  v15.InitBuffer(v18, c2_i32, c512_i32);\n"
    "  for (int32_t v19 = c0_i32; v19 < c8_i32; v19 += c1_i32) {\n"
    "    AscendC::LocalTensor<half> v20 = v16.AllocTensor<half>();\n"
    "    AscendC::LocalTensor<half> v21 = v17.AllocTensor<half>();\n"
    "    int32_t v22 = v19 * c256_i32;\n"
    "    AscendC::GlobalTensor<half> v23 = v10[v22];\n"
    "    AscendC::DataCopy(v20, v23, c256_i32);\n"
    "    AscendC::GlobalTensor<half> v24 = v12[v22];\n"
    "    AscendC::DataCopy(v21, v24, c256_i32);\n"
    "    v16.EnQue(v20);\n"
    "    v17.EnQue(v21);\n"
    "    AscendC::LocalTensor<half> v25 = v16.DeQue<half>();\n"
    "    AscendC::LocalTensor<half> v26 = v17.DeQue<half>();\n"
    "    AscendC::LocalTensor<half> v27 = v18.AllocTensor<half>();\n"
    "    AscendC::Add(v27, v25, v26, c256_i32);\n"
    "    v18.EnQue(v27);\n"
    "    v16.FreeTensor(v25);\n"
    "    v17.FreeTensor(v26);\n"
    "    AscendC::LocalTensor<half> v28 = v18.DeQue<half>();\n"
    "    AscendC::GlobalTensor<half> v29 = v14[v22];\n"
    "    AscendC::DataCopy(v29, v28, c256_i32);\n"
    "    v18.FreeTensor(v28);\n"
    "  }\n"
    "  return;\n"
    "}\n"
    "\n";

static void test_add_custom_exact(void) {
  fx f;
  fx_init(&f);
  build_add_custom(&f);
  REQUIRE(casc_verify(f.ctx, f.module));
  char *s = emit(&f);
  REQUIRE(s != NULL);
  const char *head = "#include \"kernel_operator.h\"\n";
  CHECK(strncmp(s, head, strlen(head)) == 0);
  CHECK_STREQ(s + strlen(head), add_custom_cpp);
  CHECK(compiles(s));
  free(s);
  fx_free(&f);
}

/* Constants: uniqued names, true/false for i1, float spellings. */
static void test_constants(void) {
  fx f;
  fx_init(&f);
  casc_ctx *c = f.ctx;
  casc_type *i1 = casc_type_i1(c), *i32 = casc_type_i32(c);
  func(&f, "consts", 0, NULL, NULL, 0, NULL, false);
  cst(&f, i32, 7);
  cst(&f, i32, 7);
  cst(&f, i32, -3);
  cst(&f, i1, 1);
  cst(&f, i1, 0);
  casc_type *f32 = casc_type_float(c, CASC_F32);
  op1(&f, CASC_OP_ARITH_CONSTANT, 0, NULL, f32,
      attr1(&f, "value", casc_attr_float(c, f32, 0.25)));
  casc_type *f16 = casc_type_float(c, CASC_F16);
  op1(&f, CASC_OP_ARITH_CONSTANT, 0, NULL, f16,
      attr1(&f, "value", casc_attr_float(c, f16, 1.5)));
  ret(&f);
  char *s = emit(&f);
  REQUIRE(s != NULL);
  CHECK_CONTAINS(s, "__inline__ __attribute__((always_inline)) __aicore__ "
                    "void consts() {\n");
  CHECK_CONTAINS(s, "  constexpr int32_t c7_i32 = 7;\n"
                    "  constexpr int32_t c7_i32_1 = 7;\n"
                    "  constexpr int32_t cm3_i32 = -3;\n"
                    "  constexpr bool c1_i1 = true;\n"
                    "  constexpr bool c0_i1 = false;\n"
                    "  constexpr float c0_25_f32 = (float)2.500000000e-01;\n"
                    "  half c1_5_f16 = 1.50000e+00;\n"
                    "  return;\n}\n");
  CHECK(compiles(s));
  free(s);
  fx_free(&f);
}

/* Unsigned predicates and ops work on unsigned operands; bf16 is
 * bfloat16_t; an external function is a declaration. */
static void test_pyasc_bug_fixes(void) {
  fx f;
  fx_init(&f);
  casc_ctx *c = f.ctx;
  casc_type *i32 = casc_type_i32(c), *i1 = casc_type_i1(c);
  casc_type *bf16 = casc_type_float(c, CASC_BF16);
  casc_type *dargs[1] = {i32};
  casc_op *decl = func(&f, "ext", 1, dargs, NULL, 1, &i32, false);
  (void)decl;
  casc_builder_set_end(&f.b, casc_module_body(f.module));
  /* The declaration must have an empty region: func() created an entry
   * block; build a fresh declaration instead. */
  casc_op_erase(decl);
  casc_type *ft = casc_type_func(c, 1, dargs, 1, &i32);
  casc_named_attr da[3] = {
      {casc_intern_cstr(c, "sym_name"), str(&f, "ext")},
      {casc_intern_cstr(c, "function_type"), casc_attr_type(c, ft)},
      {casc_intern_cstr(c, "sym_visibility"), str(&f, "private")}};
  casc_build(&f.b, CASC_OP_FUNC_FUNC, 0, NULL, 0, NULL,
             casc_attr_dict(c, 3, da), 1);
  casc_type *args[3] = {i32, i32, bf16};
  casc_op *fn = func(&f, "fixes", 3, args, NULL, 0, NULL, false);
  casc_value **a = casc_op_regions(fn)[0].first->args;
  casc_value *ab[2] = {a[0], a[1]};
  op1(&f, CASC_OP_ARITH_CMPI, 2, ab, i1,
      attr1(&f, "predicate", casc_attr_int(c, casc_type_i64(c), 6))); /* ult */
  op1(&f, CASC_OP_ARITH_CMPI, 2, ab, i1,
      attr1(&f, "predicate", casc_attr_int(c, casc_type_i64(c), 2))); /* slt */
  op1(&f, CASC_OP_ARITH_DIVUI, 2, ab, i32, NULL);
  casc_value *callee_args[1] = {a[0]};
  casc_attr *sym = casc_attr_symref(c, 1, (const char *const[]){"ext"});
  op1(&f, CASC_OP_FUNC_CALL, 1, callee_args, i32, attr1(&f, "callee", sym));
  ret(&f);
  char *s = emit(&f);
  REQUIRE(s != NULL);
  CHECK_CONTAINS(s, "__aicore__ int32_t ext(int32_t);\n");
  CHECK_CONTAINS(s, "void fixes(int32_t v1, int32_t v2, bfloat16_t v3) {\n");
  CHECK_CONTAINS(s, "  bool v4 = static_cast<uint32_t>(v1) < "
                    "static_cast<uint32_t>(v2);\n");
  CHECK_CONTAINS(s, "  bool v5 = v1 < v2;\n");
  CHECK_CONTAINS(s, "  int32_t v6 = static_cast<int32_t>(static_cast<uint32_t>"
                    "(v1) / static_cast<uint32_t>(v2));\n");
  CHECK_CONTAINS(s, "  int32_t v7 = ext(v1);\n");
  CHECK(compiles(s));
  free(s);
  fx_free(&f);
}

/* An op with no C++ form: a located error naming it, and no output. */
static void test_unprintable_op(void) {
  fx f;
  fx_init(&f);
  casc_ctx *c = f.ctx;
  func(&f, "auto_tensor", 0, NULL, NULL, 0, NULL, false);
  f.b.loc = casc_loc_file(c, "k.mlir", 3, 5);
  op1(&f, CASC_OP_LOCAL_TENSOR_AUTO, 0, NULL,
      casc_type_local_tensor(c, casc_type_float(c, CASC_F32)), NULL);
  f.b.loc = casc_loc_unknown(c);
  ret(&f);
  casc_buf out;
  casc_buf_init(&out);
  casc_buf_puts(&out, "keep");
  CHECK(!casc_emit_ascendc_buf(c, f.module, &out));
  CHECK_STREQ(out.data, "keep");
  REQUIRE(f.diags.n == 1);
  CHECK_STREQ(f.diags.items[0]->msg,
              "'ascendc.local_tensor_auto' op unable to find printer for op");
  char where[64];
  casc_loc_format(f.diags.items[0]->loc, where, sizeof where);
  CHECK_STREQ(where, "k.mlir:3:5");
  casc_buf_free(&out);
  fx_free(&f);
}

/* L1 mask lists get distinct names in one function (docs/ir.md §10.18); scf.if
 * results become variables. */
static void test_mask_lists_and_if(void) {
  fx f;
  fx_init(&f);
  casc_ctx *c = f.ctx;
  casc_type *f32 = casc_type_float(c, CASC_F32);
  casc_type *lt = casc_type_local_tensor(c, f32);
  casc_type *u64 = casc_type_int(c, 64, CASC_UNSIGNED);
  casc_type *u8 = casc_type_int(c, 8, CASC_UNSIGNED);
  casc_type *rp =
      casc_type_asc(c, CASC_ASC_BINARY_REPEAT_PARAMS, 0, NULL, 0, NULL, NULL);
  casc_type *i1 = casc_type_i1(c), *i32 = casc_type_i32(c);
  casc_type *args[8] = {lt, lt, lt, u64, u64, u8, rp, i1};
  casc_op *fn = func(&f, "masks", 8, args, NULL, 0, NULL, false);
  casc_value **a = casc_op_regions(fn)[0].first->args;
  casc_value *o[7] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6]};
  op1(&f, CASC_OP_AND_L1, 7, o, NULL,
      attr1(&f, "isSetMask", casc_attr_unit(c)));
  op1(&f, CASC_OP_OR_L1, 7, o, NULL, NULL);
  casc_op *iff = casc_build(&f.b, CASC_OP_SCF_IF, 1, &a[7], 1, &i32, NULL, 2);
  casc_block *entry = casc_op_regions(fn)[0].first;
  casc_builder_set_end(&f.b, casc_region_entry(c, casc_op_region(iff, 0)));
  casc_value *one = cst(&f, i32, 1);
  op1(&f, CASC_OP_SCF_YIELD, 1, &one, NULL, NULL);
  casc_builder_set_end(&f.b, casc_region_entry(c, casc_op_region(iff, 1)));
  casc_value *two = cst(&f, i32, 2);
  op1(&f, CASC_OP_SCF_YIELD, 1, &two, NULL, NULL);
  casc_builder_set_end(&f.b, entry);
  ret(&f);
  char *s = emit(&f);
  REQUIRE(s != NULL);
  CHECK_CONTAINS(s, "  uint64_t v1_mask_list0[] = {v4, v5};\n"
                    "  AscendC::And<float, 1>(v1, v2, v3, v1_mask_list0, v6, "
                    "v7);\n"
                    "  uint64_t v1_mask_list1[] = {v4, v5};\n"
                    "  AscendC::Or<float, 0>(v1, v2, v3, v1_mask_list1, v6, "
                    "v7);\n");
  CHECK_CONTAINS(s, "  int32_t v9;\n"
                    "  if (v8) {\n"
                    "    constexpr int32_t c1_i32 = 1;\n"
                    "    v9 = c1_i32;\n"
                    "  } else {\n"
                    "    constexpr int32_t c2_i32 = 2;\n"
                    "    v9 = c2_i32;\n"
                    "  }\n"
                    "  return;\n");
  CHECK(compiles(s));
  free(s);
  fx_free(&f);
}

int main(void) {
  RUN_TEST(test_add_custom_exact);
  RUN_TEST(test_constants);
  RUN_TEST(test_pyasc_bug_fixes);
  RUN_TEST(test_unprintable_op);
  RUN_TEST(test_mask_lists_and_if);
  return CHECK_SUMMARY();
}
