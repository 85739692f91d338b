/* The scalar rows of scalar_ops.c against plain C: MLIR's ceil/floor
 * division, shifts, extended add/multiply, bitcast at 64/32/16 bits;
 * Ascend C's scalar bit functions and ScalarCast; maxnumf/minnumf/remf and
 * math.* (transcendental functions against double-precision libm within a
 * relative 2^-20 for float, 2^-9 for half: docs/simulator.md); and the
 * located errors (division by zero, a shift past the width, Trap). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "sim_env.h"

static const char *scalar_kernels =
    "module {\n"
    "  func.func @ints(%out: memref<?xi64, 22>, %a: i64, %b: i64, %s: i64) "
    "attributes {ascendc.global} {\n"
    "    %g = ascendc.global_tensor : !ascendc.global_tensor<*xi64>\n"
    "    ascendc.global_tensor.set_global_buffer %g, %out : "
    "!ascendc.global_tensor<*xi64>, memref<?xi64, 22>\n"
    "    %r0 = arith.ceildivsi %a, %b : i64\n"
    "    %k0 = arith.constant 0 : i64\n"
    "    %u0 = emitc.cast %k0 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u0, %r0 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r1 = arith.floordivsi %a, %b : i64\n"
    "    %k1 = arith.constant 1 : i64\n"
    "    %u1 = emitc.cast %k1 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u1, %r1 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r2 = arith.ceildivui %a, %b : i64\n"
    "    %k2 = arith.constant 2 : i64\n"
    "    %u2 = emitc.cast %k2 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u2, %r2 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r3 = arith.shli %a, %s : i64\n"
    "    %k3 = arith.constant 3 : i64\n"
    "    %u3 = emitc.cast %k3 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u3, %r3 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r4 = arith.shrsi %a, %s : i64\n"
    "    %k4 = arith.constant 4 : i64\n"
    "    %u4 = emitc.cast %k4 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u4, %r4 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r5 = arith.shrui %a, %s : i64\n"
    "    %k5 = arith.constant 5 : i64\n"
    "    %u5 = emitc.cast %k5 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u5, %r5 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r6:2 = arith.addui_extended %a, %b : i64, i1\n"
    "    %k6 = arith.constant 6 : i64\n"
    "    %u6 = emitc.cast %k6 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u6, %r6#0 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r7 = arith.extui %r6#1 : i1 to i64\n"
    "    %k7 = arith.constant 7 : i64\n"
    "    %u7 = emitc.cast %k7 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u7, %r7 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r8:2 = arith.mulsi_extended %a, %b : i64\n"
    "    %k8 = arith.constant 8 : i64\n"
    "    %u8 = emitc.cast %k8 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u8, %r8#0 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %k9 = arith.constant 9 : i64\n"
    "    %u9 = emitc.cast %k9 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u9, %r8#1 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r9:2 = arith.mului_extended %a, %b : i64\n"
    "    %k10 = arith.constant 10 : i64\n"
    "    %u10 = emitc.cast %k10 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u10, %r9#1 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %a32 = arith.trunci %a : i64 to i32\n"
    "    %b32 = arith.trunci %b : i64 to i32\n"
    "    %q32 = arith.ceildivsi %a32, %b32 : i32\n"
    "    %r10 = arith.extsi %q32 : i32 to i64\n"
    "    %k11 = arith.constant 11 : i64\n"
    "    %u11 = emitc.cast %k11 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u11, %r10 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %m32:2 = arith.mulsi_extended %a32, %b32 : i32\n"
    "    %r11 = arith.extsi %m32#1 : i32 to i64\n"
    "    %k12 = arith.constant 12 : i64\n"
    "    %u12 = emitc.cast %k12 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u12, %r11 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %a16 = arith.trunci %a : i64 to i16\n"
    "    %s16 = arith.trunci %s : i64 to i16\n"
    "    %h16 = arith.shrsi %a16, %s16 : i16\n"
    "    %r12 = arith.extsi %h16 : i16 to i64\n"
    "    %k13 = arith.constant 13 : i64\n"
    "    %u13 = emitc.cast %k13 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u13, %r12 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %au = emitc.cast %a : i64 to ui64\n"
    "    %r13 = ascendc.scalar_count_leading_zero %au : ui64 -> i64\n"
    "    %k14 = arith.constant 14 : i64\n"
    "    %u14 = emitc.cast %k14 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u14, %r13 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %one = arith.constant 1 : i32\n"
    "    %zero = arith.constant 0 : i32\n"
    "    %r14 = ascendc.scalar_get_count_of_value %au, %one : ui64, i32 -> "
    "i64\n"
    "    %k15 = arith.constant 15 : i64\n"
    "    %u15 = emitc.cast %k15 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u15, %r14 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r15 = ascendc.scalar_get_sff_value %au, %zero : ui64, i32 -> i64\n"
    "    %k16 = arith.constant 16 : i64\n"
    "    %u16 = emitc.cast %k16 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u16, %r15 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r16 = ascendc.count_bits_cnt_same_as_sign_bit %a : i64 -> i64\n"
    "    %k17 = arith.constant 17 : i64\n"
    "    %u17 = emitc.cast %k17 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u17, %r16 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r17 = ascendc.get_data_block_size_in_bytes : i64\n"
    "    %k18 = arith.constant 18 : i64\n"
    "    %u18 = emitc.cast %k18 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u18, %r17 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %r18 = ascendc.get_task_ratio : i64\n"
    "    %k19 = arith.constant 19 : i64\n"
    "    %u19 = emitc.cast %k19 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u19, %r18 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    %bf = arith.bitcast %a : i64 to f64\n"
    "    %r19 = arith.bitcast %bf : f64 to i64\n"
    "    %k20 = arith.constant 20 : i64\n"
    "    %u20 = emitc.cast %k20 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u20, %r19 : "
    "!ascendc.global_tensor<*xi64>, ui64, i64\n"
    "    return\n"
    "  }\n"
    "  func.func @floats(%out: memref<?xf32, 22>, %x: f32, %y: f32, %zf: f32) "
    "attributes {ascendc.global} {\n"
    "    %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "    ascendc.global_tensor.set_global_buffer %g, %out : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "    %f0 = arith.maxnumf %x, %y : f32\n"
    "    %k0 = arith.constant 0 : i64\n"
    "    %u0 = emitc.cast %k0 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u0, %f0 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %f1 = arith.minnumf %x, %y : f32\n"
    "    %k1 = arith.constant 1 : i64\n"
    "    %u1 = emitc.cast %k1 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u1, %f1 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %nan = arith.divf %zf, %zf : f32\n"
    "    %f2 = arith.maxnumf %nan, %y : f32\n"
    "    %k2 = arith.constant 2 : i64\n"
    "    %u2 = emitc.cast %k2 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u2, %f2 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %f3 = arith.remf %x, %y : f32\n"
    "    %k3 = arith.constant 3 : i64\n"
    "    %u3 = emitc.cast %k3 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u3, %f3 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m0 = math.absf %y : f32\n"
    "    %k4 = arith.constant 4 : i64\n"
    "    %u4 = emitc.cast %k4 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u4, %m0 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m1 = math.ceil %y : f32\n"
    "    %k5 = arith.constant 5 : i64\n"
    "    %u5 = emitc.cast %k5 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u5, %m1 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m2 = math.cos %x : f32\n"
    "    %k6 = arith.constant 6 : i64\n"
    "    %u6 = emitc.cast %k6 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u6, %m2 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m3 = math.erf %x : f32\n"
    "    %k7 = arith.constant 7 : i64\n"
    "    %u7 = emitc.cast %k7 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u7, %m3 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m4 = math.exp %x : f32\n"
    "    %k8 = arith.constant 8 : i64\n"
    "    %u8 = emitc.cast %k8 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u8, %m4 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m5 = math.exp2 %x : f32\n"
    "    %k9 = arith.constant 9 : i64\n"
    "    %u9 = emitc.cast %k9 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u9, %m5 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m6 = math.floor %y : f32\n"
    "    %k10 = arith.constant 10 : i64\n"
    "    %u10 = emitc.cast %k10 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u10, %m6 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m7 = math.log %x : f32\n"
    "    %k11 = arith.constant 11 : i64\n"
    "    %u11 = emitc.cast %k11 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u11, %m7 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m8 = math.log2 %x : f32\n"
    "    %k12 = arith.constant 12 : i64\n"
    "    %u12 = emitc.cast %k12 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u12, %m8 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m9 = math.round %y : f32\n"
    "    %k13 = arith.constant 13 : i64\n"
    "    %u13 = emitc.cast %k13 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u13, %m9 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m10 = math.rsqrt %x : f32\n"
    "    %k14 = arith.constant 14 : i64\n"
    "    %u14 = emitc.cast %k14 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u14, %m10 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m11 = math.sin %x : f32\n"
    "    %k15 = arith.constant 15 : i64\n"
    "    %u15 = emitc.cast %k15 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u15, %m11 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %m12 = math.sqrt %x : f32\n"
    "    %k16 = arith.constant 16 : i64\n"
    "    %u16 = emitc.cast %k16 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u16, %m12 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %t0 = math.atan2 %x, %y : f32\n"
    "    %k17 = arith.constant 17 : i64\n"
    "    %u17 = emitc.cast %k17 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u17, %t0 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %t1 = math.copysign %x, %y : f32\n"
    "    %k18 = arith.constant 18 : i64\n"
    "    %u18 = emitc.cast %k18 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u18, %t1 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %t2 = math.fma %x, %y, %x : f32\n"
    "    %k19 = arith.constant 19 : i64\n"
    "    %u19 = emitc.cast %k19 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u19, %t2 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %bi = arith.bitcast %x : f32 to i32\n"
    "    %sgn = arith.constant -2147483648 : i32\n"
    "    %bx = arith.xori %bi, %sgn : i32\n"
    "    %t3 = arith.bitcast %bx : i32 to f32\n"
    "    %k20 = arith.constant 20 : i64\n"
    "    %u20 = emitc.cast %k20 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u20, %t3 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %sc = ascendc.scalar_cast %x {dtype = i32, roundMode = 1 : i32} : f32 "
    "-> i32\n"
    "    %t4 = arith.sitofp %sc : i32 to f32\n"
    "    %k21 = arith.constant 21 : i64\n"
    "    %u21 = emitc.cast %k21 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u21, %t4 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %sh = ascendc.scalar_cast %x {dtype = f16, roundMode = 4 : i32} : f32 "
    "-> f16\n"
    "    %t5 = arith.extf %sh : f16 to f32\n"
    "    %k22 = arith.constant 22 : i64\n"
    "    %u22 = emitc.cast %k22 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u22, %t5 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    %hx = arith.truncf %x : f32 to f16\n"
    "    %hy = arith.truncf %y : f32 to f16\n"
    "    %hm = math.exp %hx : f16\n"
    "    %t6 = arith.extf %hm : f16 to f32\n"
    "    %k23 = arith.constant 23 : i64\n"
    "    %u23 = emitc.cast %k23 : i64 to ui64\n"
    "    ascendc.global_tensor.set_value %g, %u23, %t6 : "
    "!ascendc.global_tensor<*xf32>, ui64, f32\n"
    "    return\n"
    "  }\n"
    "}\n";

static void print_diags(const env *e) {
  for (unsigned i = 0; i < e->diags.n; i++)
    casc_diag_print(e->diags.items[i], stderr);
}

/* The bits below the sign bit equal to it, counted from the top. */
static int64_t same_as_sign(int64_t a) {
  uint64_t u = (uint64_t)a;
  unsigned sign = (unsigned)(u >> 63), n = 0;
  for (int bit = 62; bit >= 0 && ((u >> bit) & 1u) == sign; bit--)
    n++;
  return n;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static int64_t ceil_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) == (b < 0)))
    q++;
  return q;
}

static void run_ints(int64_t a, int64_t b, int64_t s) {
  env e;
  REQUIRE(env_parse(&e, scalar_kernels));
  int64_t out[24];
  memset(out, 0x5a, sizeof out);
  casc_arg args[4] = {
      casc_arg_gm(out, CASC_DT_I64, 24), casc_arg_int(CASC_DT_I64, a),
      casc_arg_int(CASC_DT_I64, b), casc_arg_int(CASC_DT_I64, s)};
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "ints", 1, args, 4, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    print_diags(&e);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  CHECK(out[0] == ceil_div(a, b));
  CHECK(out[1] == floor_div(a, b));
  CHECK((uint64_t)out[2] == ua / ub + (ua % ub != 0));
  CHECK((uint64_t)out[3] == ua << s);
  CHECK(out[4] == floor_div(a, (int64_t)1 << s)); /* s < 63 here */
  CHECK((uint64_t)out[5] == ua >> s);
  CHECK((uint64_t)out[6] == ua + ub);
  CHECK(out[7] == (ua + ub < ua));
  __int128 sp = (__int128)a * b;
  CHECK(out[8] == (int64_t)(uint64_t)sp);
  CHECK(out[9] == (int64_t)(sp >> 64));
  unsigned __int128 up = (unsigned __int128)ua * ub;
  CHECK((uint64_t)out[10] == (uint64_t)(up >> 64));
  int32_t a32 = (int32_t)a, b32 = (int32_t)b;
  CHECK(out[11] == (int32_t)ceil_div(a32, b32));
  CHECK(out[12] == (int32_t)(((int64_t)a32 * b32) >> 32));
  int16_t a16 = (int16_t)a;
  CHECK(out[13] == (int16_t)floor_div(a16, (int64_t)1 << (s & 15)));
  CHECK(out[14] == (ua ? __builtin_clzll(ua) : 64));
  CHECK(out[15] == __builtin_popcountll(ua));
  CHECK(out[16] == (~ua ? __builtin_ctzll(~ua) : -1));
  CHECK(out[17] == same_as_sign(a));
  CHECK(out[18] == 32);
  CHECK(out[19] == 1);
  CHECK(out[20] == a);
  env_free(&e);
}

static void test_int_rows(void) {
  run_ints(-1000003, 7, 3);
  run_ints(123456789012345, -97, 13);
  run_ints(-1, 1, 15);
  run_ints(INT64_MIN + 5, -3, 1);
  run_ints(-1, -1, 0); /* addui_extended carries; mului high = 2^64 - 2 */
  run_ints(0, 5, 2);   /* clz 64, no set bit: sff of 0 is bit 0 */
}

static bool near_rel(double got, double want, double rel) {
  if (isnan(want))
    return isnan(got);
  return fabs(got - want) <= rel * fabs(want) + 1e-30;
}

static void test_float_rows(void) {
  env e;
  REQUIRE(env_parse(&e, scalar_kernels));
  float out[32];
  const float x = 2.5f, y = -1.75f;
  casc_arg args[4] = {
      casc_arg_gm(out, CASC_DT_F32, 32), casc_arg_float(CASC_DT_F32, x),
      casc_arg_float(CASC_DT_F32, y), casc_arg_float(CASC_DT_F32, 0)};
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "floats", 1, args, 4, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    print_diags(&e);
  REQUIRE(st == CASC_LAUNCH_OK);
  const double f = 1.0 / (1 << 20); /* float transcendental tolerance */
  CHECK(out[0] == 2.5f);            /* maxnumf */
  CHECK(out[1] == -1.75f);          /* minnumf */
  CHECK(out[2] == -1.75f);          /* maxnumf(NaN, y): the number */
  CHECK(out[3] == 0.75f);           /* remf: fmod, the dividend's sign */
  CHECK(out[4] == 1.75f);           /* absf y */
  CHECK(out[5] == -1.0f);           /* ceil y */
  CHECK(near_rel(out[6], cos(2.5), f));
  CHECK(near_rel(out[7], erf(2.5), f));
  CHECK(near_rel(out[8], exp(2.5), f));
  CHECK(near_rel(out[9], exp2(2.5), f));
  CHECK(out[10] == -2.0f); /* floor y */
  CHECK(near_rel(out[11], log(2.5), f));
  CHECK(near_rel(out[12], log2(2.5), f));
  CHECK(out[13] == -2.0f); /* round y: -1.75 -> -2 */
  CHECK(near_rel(out[14], 1 / sqrt(2.5), f));
  CHECK(near_rel(out[15], sin(2.5), f));
  CHECK(out[16] == (float)sqrt(2.5)); /* correctly rounded */
  CHECK(near_rel(out[17], atan2(2.5, -1.75), f));
  CHECK(out[18] == -2.5f);                      /* copysign */
  CHECK(out[19] == (float)(2.5 * -1.75 + 2.5)); /* fma: one rounding */
  CHECK(out[20] == -2.5f);                      /* bitcast, flip the sign bit */
  CHECK(out[21] == 2.0f); /* ScalarCast CAST_RINT: 2.5 to even */
  CHECK(out[22] == 2.5f); /* ScalarCast to half, exact */
  CHECK(near_rel(out[23], exp(2.5), 1.0 / 512)); /* math.exp on half */
  env_free(&e);
}

/* A kernel of one op that fails at run time, and the message. */
static void expect_error(const char *text, const char *kernel,
                         const casc_arg *args, unsigned nargs,
                         casc_sim_check check, const char *msg) {
  env e;
  REQUIRE(env_parse(&e, text));
  casc_launch_result res;
  casc_launch_status st =
      casc_launch(e.ctx, e.module, kernel, 1, args, nargs, NULL, &res);
  CHECK_EQ_INT(st, CASC_LAUNCH_KERNEL_ERROR);
  CHECK_EQ_INT(res.nissues, 1);
  if (res.nissues == 1) {
    CHECK_EQ_INT(res.issues[0].check, check);
    CHECK(strstr(res.issues[0].msg, msg) != NULL);
    if (!strstr(res.issues[0].msg, msg))
      fprintf(stderr, "message: %s\n", res.issues[0].msg);
  }
  env_free(&e);
}

static const char *error_kernels =
    "module {\n"
    "  func.func @div(%a: i32, %b: i32) attributes {ascendc.global} {\n"
    "    %q = arith.floordivsi %a, %b : i32\n"
    "    return\n"
    "  }\n"
    "  func.func @shl(%a: i16, %b: i16) attributes {ascendc.global} {\n"
    "    %q = arith.shli %a, %b : i16\n"
    "    return\n"
    "  }\n"
    "  func.func @trap() attributes {ascendc.global} {\n"
    "    ascendc.trap\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_errors(void) {
  casc_arg div0[2] = {casc_arg_int(CASC_DT_I32, 7),
                      casc_arg_int(CASC_DT_I32, 0)};
  expect_error(error_kernels, "div", div0, 2, CASC_CHECK_ARITH,
               "'arith.floordivsi': division by zero");
  casc_arg ovf[2] = {casc_arg_int(CASC_DT_I32, INT32_MIN),
                     casc_arg_int(CASC_DT_I32, -1)};
  expect_error(error_kernels, "div", ovf, 2, CASC_CHECK_ARITH,
               "signed division overflows");
  casc_arg sh[2] = {casc_arg_int(CASC_DT_I16, 1),
                    casc_arg_int(CASC_DT_I16, 16)};
  expect_error(error_kernels, "shl", sh, 2, CASC_CHECK_ARITH,
               "shift amount 16 is not below the bit width 16");
  expect_error(error_kernels, "trap", NULL, 0, CASC_CHECK_TRAP,
               "Trap: the kernel trapped here");
}

/* Local arrays and variables in slots, GM element access (memref.c). */
static const char *memref_kernel =
    "module {\n"
    "  func.func @k(%out: memref<?xi32, 22>, %n: i32) attributes "
    "{ascendc.global} {\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %c1 = arith.constant 1 : index\n"
    "    %c2 = arith.constant 2 : index\n"
    "    %c3 = arith.constant 3 : index\n"
    "    %a = memref.alloca() : memref<2x3xi32>\n"
    "    %v = emitasc.variable %n : i32, memref<1xi32>\n"
    "    %s = emitasc.variable {staticInit = 5 : i32}, memref<1xi32>\n"
    "    scf.for %i = %c0 to %c2 step %c1 {\n"
    "      scf.for %j = %c0 to %c3 step %c1 {\n"
    "        %ii = arith.index_cast %i : index to i32\n"
    "        %jj = arith.index_cast %j : index to i32\n"
    "        %t = arith.muli %ii, %n : i32\n"
    "        %u = arith.addi %t, %jj : i32\n"
    "        memref.store %u, %a[%i, %j] : memref<2x3xi32>\n"
    "      }\n"
    "    }\n"
    "    %x = memref.load %a[%c1, %c2] : memref<2x3xi32>\n"
    "    %y = emitasc.dereference %v : memref<1xi32>, i32\n"
    "    %z = emitasc.dereference %s : memref<1xi32>, i32\n"
    "    %sum = arith.addi %x, %y : i32\n"
    "    %sum2 = arith.addi %sum, %z : i32\n"
    "    memref.store %sum2, %out[%c0] : memref<?xi32, 22>\n"
    "    %w = memref.load %out[%c0] : memref<?xi32, 22>\n"
    "    %w2 = arith.addi %w, %w : i32\n"
    "    memref.store %w2, %out[%c1] : memref<?xi32, 22>\n"
    "    %cast = memref.cast %a : memref<2x3xi32> to memref<?xi32>\n"
    "    %e = memref.load %cast[%c3] : memref<?xi32>\n"
    "    memref.store %e, %out[%c2] : memref<?xi32, 22>\n"
    "    %f = emitasc.reinterpret_cast %e : i32 to f32\n"
    "    %g = emitasc.reinterpret_cast %f : f32 to i32\n"
    "    memref.store %g, %out[%c3] : memref<?xi32, 22>\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_memref_rows(void) {
  env e;
  REQUIRE(env_parse(&e, memref_kernel));
  int32_t out[8] = {0};
  casc_arg args[2] = {casc_arg_gm(out, CASC_DT_I32, 8),
                      casc_arg_int(CASC_DT_I32, 10)};
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "k", 1, args, 2, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    print_diags(&e);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  int32_t a[2][3];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      a[i][j] = i * 10 + j;
  CHECK_EQ_INT(out[0], a[1][2] + 10 + 5); /* + the two variables */
  CHECK_EQ_INT(out[1], 2 * out[0]);       /* read back from GM */
  CHECK_EQ_INT(out[2], a[1][0]);          /* element 3 through the cast */
  CHECK_EQ_INT(out[3], a[1][0]);          /* i32 -> f32 -> i32 bits */
  env_free(&e);
  /* an index past its dimension */
  static const char *oob =
      "module {\n"
      "  func.func @k(%i: index) attributes {ascendc.global} {\n"
      "    %a = memref.alloca() : memref<4xf32>\n"
      "    %x = memref.load %a[%i] : memref<4xf32>\n"
      "    return\n"
      "  }\n"
      "}\n";
  casc_arg idx[1] = {casc_arg_int(CASC_DT_I64, 4)};
  expect_error(oob, "k", idx, 1, CASC_CHECK_BAD_VALUE,
               "'memref.load': index 4 is outside dimension 0 of size 4");
}

/* scf.index_switch with a negative case and a default. */
static const char *switch_kernel =
    "func.func @sw(%o: memref<?xi32, 22>, %a: index) attributes "
    "{ascendc.global} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c10 = arith.constant 10 : i32\n"
    "  %c20 = arith.constant 20 : i32\n"
    "  %c30 = arith.constant 30 : i32\n"
    "  %0 = scf.index_switch %a -> i32\n"
    "  case 2 {\n"
    "    scf.yield %c10 : i32\n"
    "  }\n"
    "  case -5 {\n"
    "    scf.yield %c20 : i32\n"
    "  }\n"
    "  default {\n"
    "    scf.yield %c30 : i32\n"
    "  }\n"
    "  memref.store %0, %o[%c0] : memref<?xi32, 22>\n"
    "  return\n"
    "}\n";

static void test_index_switch(void) {
  env e;
  REQUIRE(env_parse(&e, switch_kernel));
  const int64_t in[4] = {2, -5, 7, 0};
  const int32_t want[4] = {10, 20, 30, 30};
  for (int i = 0; i < 4; i++) {
    int32_t out[8] = {0};
    casc_arg args[2] = {casc_arg_gm(out, CASC_DT_I32, 8),
                        casc_arg_int(CASC_DT_I64, in[i])};
    casc_launch_status st =
        casc_launch(e.ctx, e.module, "sw", 1, args, 2, NULL, NULL);
    CHECK_EQ_INT(st, CASC_LAUNCH_OK);
    CHECK_EQ_INT(out[0], want[i]);
  }
  env_free(&e);
}

/* The ops without effect on values run, and change nothing: a value
 * written to GM before them reads back after them. */
static const char *no_effect_kernel =
    "func.func @k(%o: memref<?xi64, 22>) attributes {ascendc.global} {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %v = arith.constant 77 : i64\n"
    "  %n = arith.constant 128 : i64\n"
    "  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi64>\n"
    "  ascendc.global_tensor.set_global_buffer %g, %o : "
    "!ascendc.global_tensor<*xi64>, memref<?xi64, 22>\n"
    "  memref.store %v, %o[%c1] : memref<?xi64, 22>\n"
    "  ascendc.noop\n"
    "  ascendc.init_soc_state\n"
    "  ascendc.metrics_prof_start\n"
    "  ascendc.data_sync_barrier {memDsbType = 0 : i32} :\n"
    "  ascendc.data_cache_preload %g, %n : !ascendc.global_tensor<*xi64>, i64\n"
    "  ascendc.data_cache_clean_invalid_global %g {entireType = 1 : i32, "
    "dcciDst = 2 : i32} : !ascendc.global_tensor<*xi64>\n"
    "  ascendc.global_tensor.set_l2_cache_hint %g {mode = 0 : i32, rwMode = 1 "
    ": i32} : !ascendc.global_tensor<*xi64>\n"
    "  ascendc.icache_preload %n : i64\n"
    "  ascendc.metrics_prof_stop\n"
    "  %s = ascendc.get_icache_preload_status : i64\n"
    "  %w = memref.load %o[%c1] : memref<?xi64, 22>\n"
    "  %t = arith.addi %s, %w : i64\n"
    "  memref.store %t, %o[%c0] : memref<?xi64, 22>\n"
    "  return\n"
    "}\n";

static void test_no_effect_rows(void) {
  env e;
  REQUIRE(env_parse(&e, no_effect_kernel));
  int64_t out[4] = {5, 5, 5, 5};
  casc_arg args[1] = {casc_arg_gm(out, CASC_DT_I64, 4)};
  casc_launch_status st =
      casc_launch(e.ctx, e.module, "k", 1, args, 1, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    print_diags(&e);
  CHECK_EQ_INT(st, CASC_LAUNCH_OK);
  CHECK_EQ_INT(out[0], 77); /* status 0 + the value stored before */
  CHECK_EQ_INT(out[2], 5);
  env_free(&e);
}

int main(void) {
  RUN_TEST(test_no_effect_rows);
  RUN_TEST(test_index_switch);
  RUN_TEST(test_memref_rows);
  RUN_TEST(test_int_rows);
  RUN_TEST(test_float_rows);
  RUN_TEST(test_errors);
  return CHECK_SUMMARY();
}
