/* pyasc's python/test/generalization/basic/test_aipp.py in C: copy_in
 * configures AIPP (AippSwapParams(is_swap_rb=True), AippParams(int8),
 * set_aipp_functions(x_gm, RGB888_U8, config)) and then DataCopies the
 * tile GM -> VECIN; compute copies VECIN -> VECOUT; copy_out VECOUT -> GM;
 * one block, 16 x 16 x 3 elements, for the test's uint8, int8 and half.
 * What the test checks, in plain C: z equals x bit for bit (AIPP only acts
 * in LoadImageToLocal, which the kernel does not call).
 *
 * The IR of copy_in's AIPP part is pyasc's: the ops from the AippParams'
 * first field to set_aipp_functions, as pyasc-jit-ir's codegen.mlir prints
 * them for the test (Model backend; locations dropped), must equal casc's
 * up to SSA names (numbered here by first appearance: pyasc's copy_in is a
 * func.func of its own, the C kernel one function). pyasc calls
 * set_aipp_functions with a GlobalTensor of the data's dtype; the reference
 * asks for uint8 (the image format's), which the simulator does not hold
 * against it (docs/simulator.md, "AIPP"). */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"

enum { N = 16 * 16 * 3 };

typedef struct {
  asc_dtype dt;
  casc_dtype cdt;
  const char *ir_elem; /* the GlobalTensor's element type in the IR */
} kcase;

static void aipp_config_kernel(asc_kernel *k, void *user) {
  const kcase *c = user;
  asc_gm_addr x = asc_arg_gm(k, "x", c->dt), z = asc_arg_gm(k, "z", c->dt);
  asc_global_tensor x_gm = asc_globaltensor(), z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, x);
  asc_globaltensor_set_global_buffer(z_gm, z);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, 1);
  int bytes = N * (int)asc_dtype_sizeof(c->dt);
  asc_tpipe_init_buffer(pipe, in_q, 1, bytes);
  asc_tpipe_init_buffer(pipe, out_q, 1, bytes);
  /* copy_in */
  asc_local_tensor x_local = asc_tquebind_alloc_tensor(in_q, c->dt);
  asc_aipp_swap_params swap = asc_aippswapparams(1, 0, 0);
  asc_aipp_params cfg =
      asc_aippparams(ASC_INT8, NULL, &swap, NULL, NULL, NULL, NULL);
  asc_set_aipp_functions(x_gm, ASC_AIPPINPUTFORMAT_RGB888_U8, cfg);
  asc_data_copy(x_local, x_gm, N);
  asc_tquebind_enque(in_q, x_local);
  /* compute */
  asc_local_tensor xi = asc_tquebind_deque(in_q, c->dt);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(out_q, c->dt);
  asc_data_copy(zl, xi, N);
  asc_tquebind_enque(out_q, zl);
  asc_tquebind_free_tensor(in_q, xi);
  /* copy_out */
  asc_local_tensor zo = asc_tquebind_deque(out_q, c->dt);
  asc_data_copy(z_gm, zo, N);
  asc_tquebind_free_tensor(out_q, zo);
}

/* pyasc-jit-ir's codegen.mlir of test_aipp.py (uint8 launch), copy_in from
 * its alloc_tensor to set_aipp_functions, locations dropped. */
static const char pyasc_copy_in_aipp[] =
    "%c0_i32 = arith.constant 0 : i32\n"
    "%c0_i8 = arith.constant 0 : i8\n"
    "%c0_i8_0 = arith.constant 0 : i8\n"
    "%c0_i8_1 = arith.constant 0 : i8\n"
    "%c0_i8_2 = arith.constant 0 : i8\n"
    "%1 = ascendc.construct !ascendc.aipp_padding_params(%c0_i32, %c0_i8, "
    "%c0_i8_0, %c0_i8_1, %c0_i8_2) [ui32, i8, i8, i8, i8] : i32, i8, i8, i8, "
    "i8\n"
    "%true = arith.constant true\n"
    "%false = arith.constant false\n"
    "%false_3 = arith.constant false\n"
    "%2 = ascendc.construct !ascendc.aipp_swap_params(%true, %false, %false_3) "
    "[i8, i8, i8] : i1, i1, i1\n"
    "%false_4 = arith.constant false\n"
    "%3 = ascendc.construct !ascendc.aipp_single_line_params(%false_4) [i8] : "
    "i1\n"
    "%4 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%5 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%6 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%cst = arith.constant 0.000000e+00 : f16\n"
    "%cst_5 = arith.constant 0.000000e+00 : f16\n"
    "%cst_6 = arith.constant 0.000000e+00 : f16\n"
    "%cst_7 = arith.constant 1.000000e+00 : f16\n"
    "%cst_8 = arith.constant 1.000000e+00 : f16\n"
    "%cst_9 = arith.constant 1.000000e+00 : f16\n"
    "%7 = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
    "%8 = ascendc.construct !ascendc.aipp_dtc_params(%4, %5, %6, %cst, %cst_5, "
    "%cst_6, %cst_7, %cst_8, %cst_9, %7) [ui8, ui8, ui8, f16, f16, f16, f16, "
    "f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32\n"
    "%c0_i32_10 = arith.constant 0 : i32\n"
    "%c0_i8_11 = arith.constant 0 : i8\n"
    "%9 = ascendc.construct !ascendc.aipp_cpadding_params(%c0_i32_10, "
    "%c0_i8_11) [ui32, i8] : i32, i8\n"
    "%false_12 = arith.constant false\n"
    "%c0_i16 = arith.constant 0 : i16\n"
    "%c0_i16_13 = arith.constant 0 : i16\n"
    "%c0_i16_14 = arith.constant 0 : i16\n"
    "%c0_i16_15 = arith.constant 0 : i16\n"
    "%c0_i16_16 = arith.constant 0 : i16\n"
    "%c0_i16_17 = arith.constant 0 : i16\n"
    "%c0_i16_18 = arith.constant 0 : i16\n"
    "%c0_i16_19 = arith.constant 0 : i16\n"
    "%c0_i16_20 = arith.constant 0 : i16\n"
    "%10 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%11 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%12 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%13 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%14 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%15 = \"emitc.constant\"() <{value = 0 : ui8}> : () -> ui8\n"
    "%16 = ascendc.construct !ascendc.aipp_csc_params(%false_12, %c0_i16, "
    "%c0_i16_13, %c0_i16_14, %c0_i16_15, %c0_i16_16, %c0_i16_17, %c0_i16_18, "
    "%c0_i16_19, %c0_i16_20, %10, %11, %12, %13, %14, %15) [i8, i16, i16, i16, "
    "i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, i16, "
    "i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8\n"
    "%17 = ascendc.construct !ascendc.aipp_params(%1, %2, %3, %8, %9, %16) "
    "[!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, "
    "!ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, "
    "!ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : "
    "!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, "
    "!ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, "
    "!ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params\n"
    "ascendc.set_aipp_functions %arg0, %17, format = RGB888_U8 : "
    "(!ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()\n";

/* s with every SSA name replaced by %<its first appearance's number>, one
 * op a line without indentation. */
static void normalise(const char *s, casc_buf *out) {
  char names[128][48];
  unsigned n = 0;
  bool line_start = true;
  while (*s) {
    if (line_start && *s == ' ') {
      s++;
      continue;
    }
    line_start = *s == '\n';
    if (*s != '%') {
      casc_buf_putc(out, *s++);
      continue;
    }
    size_t len = 1;
    while (isalnum((unsigned char)s[len]) || s[len] == '_')
      len++;
    unsigned i = 0;
    while (i < n && !(strlen(names[i]) == len && !strncmp(names[i], s, len)))
      i++;
    if (i == n && n < 128 && len < sizeof names[0]) {
      memcpy(names[n], s, len);
      names[n++][len] = '\0';
    }
    casc_buf_printf(out, "%%v%u", i);
    s += len;
  }
}

/* casc's copy_in AIPP ops: the lines after the VECIN alloc_tensor up to
 * the set_aipp_functions. */
static void casc_segment(const char *ir, casc_buf *out) {
  const char *a = strstr(ir, "ascendc.que_bind.alloc_tensor");
  const char *e = a ? strstr(a, "ascendc.set_aipp_functions") : NULL;
  if (!e)
    return;
  a = strchr(a, '\n') + 1;
  const char *end = strchr(e, '\n');
  casc_buf_printf(out, "%.*s", (int)(end - a + 1), a);
}

static void test_ir_is_pyasc(const kcase *c) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m =
      casc_jit_build(ctx, "aipp_config_kernel", aipp_config_kernel, (void *)c);
  REQUIRE(m != NULL);
  casc_buf text, seg, got, want, exp;
  casc_buf_init(&text);
  casc_buf_init(&seg);
  casc_buf_init(&got);
  casc_buf_init(&want);
  casc_buf_init(&exp);
  casc_print_op(ctx, m, NULL, &text);
  casc_segment(text.data, &seg);
  normalise(seg.data ? seg.data : "", &got);
  /* the GlobalTensor's type is the launch's dtype */
  const char *p = pyasc_copy_in_aipp, *u;
  while ((u = strstr(p, "xui8")) != NULL) {
    casc_buf_printf(&exp, "%.*sx%s", (int)(u - p), p, c->ir_elem);
    p = u + 4;
  }
  casc_buf_puts(&exp, p);
  normalise(exp.data, &want);
  bool same = got.data && strcmp(got.data, want.data) == 0;
  if (!same)
    fprintf(stderr, "casc:\n%s\npyasc:\n%s\n", got.data ? got.data : "",
            want.data);
  CHECK(same);
  casc_buf_free(&text);
  casc_buf_free(&seg);
  casc_buf_free(&got);
  casc_buf_free(&want);
  casc_buf_free(&exp);
  casc_ctx_free(ctx);
}

static uint8_t X[N * 2], Z[N * 2];

static void test_runs_as_a_copy(const kcase *c) {
  int bytes = N * (int)asc_dtype_sizeof(c->dt);
  /* test_aipp.py: randint(0, 127) for the integer types, randn for half */
  for (int i = 0; i < N; i++) {
    if (c->dt == ASC_HALF) {
      uint16_t h = casc_f32_to_f16((float)((i * 7919 % 2001) - 1000) / 400.0f);
      memcpy(X + 2 * i, &h, 2);
    } else {
      X[i] = (uint8_t)(i * 31 % 127);
    }
  }
  memset(Z, 0, sizeof Z);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m =
      casc_jit_build(ctx, "aipp_config_kernel", aipp_config_kernel, (void *)c);
  REQUIRE(m != NULL);
  casc_arg args[2] = {casc_arg_gm(X, c->cdt, N), casc_arg_gm(Z, c->cdt, N)};
  casc_launch_result res;
  CHECK_EQ_INT(
      casc_launch(ctx, m, "aipp_config_kernel", 1, args, 2, NULL, &res),
      CASC_LAUNCH_OK);
  CHECK_EQ_INT((int)res.nissues, 0);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK_EQ_INT((int)diags.n, 0);
  /* the test's torch.allclose(result, x.clone()) */
  CHECK(memcmp(Z, X, (size_t)bytes) == 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static const kcase cases[] = {{ASC_UINT8, CASC_DT_U8, "ui8"},
                              {ASC_INT8, CASC_DT_I8, "i8"},
                              {ASC_HALF, CASC_DT_F16, "f16"}};

static void test_aipp_config_integration(void) {
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    test_ir_is_pyasc(&cases[i]);
    test_runs_as_a_copy(&cases[i]);
  }
}

int main(void) {
  RUN_TEST(test_aipp_config_integration);
  return CHECK_SUMMARY();
}
