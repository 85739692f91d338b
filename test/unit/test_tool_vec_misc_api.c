/* The C API of casc/asc_vec_misc.h: GatherMask (+ GatherMaskParams), the
 * region-proposal ops, RpSort16 and CastDeq. A kernel making each call
 * prints exactly the IR pyasc's front end makes for the same Python kernel
 * (pyasc-jit-ir's codegen.mlir, locations dropped); GatherMask, which the
 * simulator runs, runs end to end; misuse is a located error naming the
 * API. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "lang_expect.h"

/* The C twin of this pyasc kernel:
 *   q = TQue(VECIN, 1), init_buffer(q, 1, 1024); a, b = half; m = uint16;
 *   f, g = float32 (all q.alloc_tensor); p = GatherMaskParams(1, 2, 8, 0);
 *   gather_mask(a, b, m, True, 128, p);
 *   gather_mask(f, g, 3, False, 64, p, GatherMaskMode.DEFAULT);
 *   GatherMaskParams(); proposal_concat(a, b, 2, 4);
 *   proposal_extract(f, g, 1, 0); rp_sort16(a, b, 3);
 *   i8 = int8, s16 = int16 tensors; cast_deq(i8, s16, 256) */
static void vx_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor a = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_local_tensor b = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_local_tensor m = asc_tquebind_alloc_tensor(q, ASC_UINT16);
  asc_local_tensor f = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_local_tensor g = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_gather_mask_params p = asc_gathermaskparams(1, 2, 8, 0);
  (void)asc_gather_mask(a, b, m, 1, 128u, p);
  (void)asc_gather_mask(f, g, 3u, 0, 64u, p, ASC_GATHERMASKMODE_DEFAULT);
  (void)asc_gathermaskparams();
  asc_proposal_concat(a, b, 2, 4);
  asc_proposal_extract(f, g, 1, 0);
  asc_rp_sort16(a, b, 3);
  asc_local_tensor i8 = asc_tquebind_alloc_tensor(q, ASC_INT8);
  asc_local_tensor s16 = asc_tquebind_alloc_tensor(q, ASC_INT16);
  asc_cast_deq(i8, s16, 256);
}

static const char pyasc_vx_ir[] =
    "module {\n"
    "  func.func @vx_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.pipe\n"
    "    %1 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xf16>\n"
    "    %3 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xf16>\n"
    "    %4 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xui16>\n"
    "    %5 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xf32>\n"
    "    %6 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xf32>\n"
    "    %c1_i32_0 = arith.constant 1 : i32\n"
    "    %c2_i32 = arith.constant 2 : i32\n"
    "    %c8_i32 = arith.constant 8 : i32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %7 = ascendc.construct !ascendc.gather_mask_params(%c1_i32_0, "
    "%c2_i32, %c8_i32, %c0_i32) [ui8, ui16, ui16, ui8] : i32, i32, i32, "
    "i32\n"
    "    %c1_i8 = arith.constant 1 : i8\n"
    "    %8 = \"emitc.constant\"() <{value = 128 : ui32}> : () -> ui32\n"
    "    %9 = ascendc.gather_mask %2, %3, %4, %c1_i8, %8, %7, default : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, "
    "!ascendc.local_tensor<*xui16>, i8, ui32, "
    "!ascendc.gather_mask_params -> ui64\n"
    "    %10 = \"emitc.constant\"() <{value = 3 : ui8}> : () -> ui8\n"
    "    %c0_i8 = arith.constant 0 : i8\n"
    "    %11 = \"emitc.constant\"() <{value = 64 : ui32}> : () -> ui32\n"
    "    %12 = ascendc.gather_mask %5, %6, %10, %c0_i8, %11, %7, default "
    ": !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui8, "
    "i8, ui32, !ascendc.gather_mask_params -> ui64\n"
    "    %c1_i32_1 = arith.constant 1 : i32\n"
    "    %c1_i32_2 = arith.constant 1 : i32\n"
    "    %c0_i32_3 = arith.constant 0 : i32\n"
    "    %c0_i32_4 = arith.constant 0 : i32\n"
    "    %13 = ascendc.construct !ascendc.gather_mask_params(%c1_i32_1, "
    "%c1_i32_2, %c0_i32_3, %c0_i32_4) [ui8, ui16, ui16, ui8] : i32, i32, "
    "i32, i32\n"
    "    %c2_i32_5 = arith.constant 2 : i32\n"
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    ascendc.proposal_concat %2, %3, %c2_i32_5, %c4_i32 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, "
    "i32\n"
    "    %c1_i32_6 = arith.constant 1 : i32\n"
    "    %c0_i32_7 = arith.constant 0 : i32\n"
    "    ascendc.proposal_extract %5, %6, %c1_i32_6, %c0_i32_7 : "
    "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, "
    "i32\n"
    "    %c3_i32 = arith.constant 3 : i32\n"
    "    ascendc.rp_sort16 %2, %3, %c3_i32 : "
    "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32\n"
    "    %14 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xi8>\n"
    "    %15 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xi16>\n"
    "    %c256_i32 = arith.constant 256 : i32\n"
    "    ascendc.cast_deq_l2 %14, %15, %c256_i32 : "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, i32\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The C twin of: q = TQue(VECIN, 1), init_buffer(q, 1, 1024), t =
 * q.alloc_tensor(uint64); info = VdeqInfo([0.5 * i], [i - 8], [i % 2 ==
 * 0]) for i in 0..15 (written out: pyasc's JIT has no comprehensions);
 * set_deq_scale(t, info). */
static void vq_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor t = asc_tquebind_alloc_tensor(q, ASC_UINT64);
  float scale[16];
  int16_t offset[16];
  bool sign[16];
  for (int i = 0; i < 16; i++) {
    scale[i] = 0.5f * (float)i;
    offset[i] = (int16_t)(i - 8);
    sign[i] = i % 2 == 0;
  }
  asc_set_deq_scale(t, asc_vdeqinfo(scale, offset, sign));
}

static const char pyasc_vq_ir[] =
    "module {\n"
    "  func.func @vq_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.pipe\n"
    "    %1 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xui64>\n"
    "    %alloca = memref.alloca() : memref<16xf32>\n"
    "    %cst = arith.constant 0.000000e+00 : f32\n"
    "    %c0 = arith.constant 0 : index\n"
    "    memref.store %cst, %alloca[%c0] : memref<16xf32>\n"
    "    %cst_0 = arith.constant 5.000000e-01 : f32\n"
    "    %c1 = arith.constant 1 : index\n"
    "    memref.store %cst_0, %alloca[%c1] : memref<16xf32>\n"
    "    %cst_1 = arith.constant 1.000000e+00 : f32\n"
    "    %c2 = arith.constant 2 : index\n"
    "    memref.store %cst_1, %alloca[%c2] : memref<16xf32>\n"
    "    %cst_2 = arith.constant 1.500000e+00 : f32\n"
    "    %c3 = arith.constant 3 : index\n"
    "    memref.store %cst_2, %alloca[%c3] : memref<16xf32>\n"
    "    %cst_3 = arith.constant 2.000000e+00 : f32\n"
    "    %c4 = arith.constant 4 : index\n"
    "    memref.store %cst_3, %alloca[%c4] : memref<16xf32>\n"
    "    %cst_4 = arith.constant 2.500000e+00 : f32\n"
    "    %c5 = arith.constant 5 : index\n"
    "    memref.store %cst_4, %alloca[%c5] : memref<16xf32>\n"
    "    %cst_5 = arith.constant 3.000000e+00 : f32\n"
    "    %c6 = arith.constant 6 : index\n"
    "    memref.store %cst_5, %alloca[%c6] : memref<16xf32>\n"
    "    %cst_6 = arith.constant 3.500000e+00 : f32\n"
    "    %c7 = arith.constant 7 : index\n"
    "    memref.store %cst_6, %alloca[%c7] : memref<16xf32>\n"
    "    %cst_7 = arith.constant 4.000000e+00 : f32\n"
    "    %c8 = arith.constant 8 : index\n"
    "    memref.store %cst_7, %alloca[%c8] : memref<16xf32>\n"
    "    %cst_8 = arith.constant 4.500000e+00 : f32\n"
    "    %c9 = arith.constant 9 : index\n"
    "    memref.store %cst_8, %alloca[%c9] : memref<16xf32>\n"
    "    %cst_9 = arith.constant 5.000000e+00 : f32\n"
    "    %c10 = arith.constant 10 : index\n"
    "    memref.store %cst_9, %alloca[%c10] : memref<16xf32>\n"
    "    %cst_10 = arith.constant 5.500000e+00 : f32\n"
    "    %c11 = arith.constant 11 : index\n"
    "    memref.store %cst_10, %alloca[%c11] : memref<16xf32>\n"
    "    %cst_11 = arith.constant 6.000000e+00 : f32\n"
    "    %c12 = arith.constant 12 : index\n"
    "    memref.store %cst_11, %alloca[%c12] : memref<16xf32>\n"
    "    %cst_12 = arith.constant 6.500000e+00 : f32\n"
    "    %c13 = arith.constant 13 : index\n"
    "    memref.store %cst_12, %alloca[%c13] : memref<16xf32>\n"
    "    %cst_13 = arith.constant 7.000000e+00 : f32\n"
    "    %c14 = arith.constant 14 : index\n"
    "    memref.store %cst_13, %alloca[%c14] : memref<16xf32>\n"
    "    %cst_14 = arith.constant 7.500000e+00 : f32\n"
    "    %c15 = arith.constant 15 : index\n"
    "    memref.store %cst_14, %alloca[%c15] : memref<16xf32>\n"
    "    %alloca_15 = memref.alloca() : memref<16xi16>\n"
    "    %c-8_i16 = arith.constant -8 : i16\n"
    "    %c0_16 = arith.constant 0 : index\n"
    "    memref.store %c-8_i16, %alloca_15[%c0_16] : memref<16xi16>\n"
    "    %c-7_i16 = arith.constant -7 : i16\n"
    "    %c1_17 = arith.constant 1 : index\n"
    "    memref.store %c-7_i16, %alloca_15[%c1_17] : memref<16xi16>\n"
    "    %c-6_i16 = arith.constant -6 : i16\n"
    "    %c2_18 = arith.constant 2 : index\n"
    "    memref.store %c-6_i16, %alloca_15[%c2_18] : memref<16xi16>\n"
    "    %c-5_i16 = arith.constant -5 : i16\n"
    "    %c3_19 = arith.constant 3 : index\n"
    "    memref.store %c-5_i16, %alloca_15[%c3_19] : memref<16xi16>\n"
    "    %c-4_i16 = arith.constant -4 : i16\n"
    "    %c4_20 = arith.constant 4 : index\n"
    "    memref.store %c-4_i16, %alloca_15[%c4_20] : memref<16xi16>\n"
    "    %c-3_i16 = arith.constant -3 : i16\n"
    "    %c5_21 = arith.constant 5 : index\n"
    "    memref.store %c-3_i16, %alloca_15[%c5_21] : memref<16xi16>\n"
    "    %c-2_i16 = arith.constant -2 : i16\n"
    "    %c6_22 = arith.constant 6 : index\n"
    "    memref.store %c-2_i16, %alloca_15[%c6_22] : memref<16xi16>\n"
    "    %c-1_i16 = arith.constant -1 : i16\n"
    "    %c7_23 = arith.constant 7 : index\n"
    "    memref.store %c-1_i16, %alloca_15[%c7_23] : memref<16xi16>\n"
    "    %c0_i16 = arith.constant 0 : i16\n"
    "    %c8_24 = arith.constant 8 : index\n"
    "    memref.store %c0_i16, %alloca_15[%c8_24] : memref<16xi16>\n"
    "    %c1_i16 = arith.constant 1 : i16\n"
    "    %c9_25 = arith.constant 9 : index\n"
    "    memref.store %c1_i16, %alloca_15[%c9_25] : memref<16xi16>\n"
    "    %c2_i16 = arith.constant 2 : i16\n"
    "    %c10_26 = arith.constant 10 : index\n"
    "    memref.store %c2_i16, %alloca_15[%c10_26] : memref<16xi16>\n"
    "    %c3_i16 = arith.constant 3 : i16\n"
    "    %c11_27 = arith.constant 11 : index\n"
    "    memref.store %c3_i16, %alloca_15[%c11_27] : memref<16xi16>\n"
    "    %c4_i16 = arith.constant 4 : i16\n"
    "    %c12_28 = arith.constant 12 : index\n"
    "    memref.store %c4_i16, %alloca_15[%c12_28] : memref<16xi16>\n"
    "    %c5_i16 = arith.constant 5 : i16\n"
    "    %c13_29 = arith.constant 13 : index\n"
    "    memref.store %c5_i16, %alloca_15[%c13_29] : memref<16xi16>\n"
    "    %c6_i16 = arith.constant 6 : i16\n"
    "    %c14_30 = arith.constant 14 : index\n"
    "    memref.store %c6_i16, %alloca_15[%c14_30] : memref<16xi16>\n"
    "    %c7_i16 = arith.constant 7 : i16\n"
    "    %c15_31 = arith.constant 15 : index\n"
    "    memref.store %c7_i16, %alloca_15[%c15_31] : memref<16xi16>\n"
    "    %alloca_32 = memref.alloca() : memref<16xi1>\n"
    "    %true = arith.constant true\n"
    "    %c0_33 = arith.constant 0 : index\n"
    "    memref.store %true, %alloca_32[%c0_33] : memref<16xi1>\n"
    "    %false = arith.constant false\n"
    "    %c1_34 = arith.constant 1 : index\n"
    "    memref.store %false, %alloca_32[%c1_34] : memref<16xi1>\n"
    "    %true_35 = arith.constant true\n"
    "    %c2_36 = arith.constant 2 : index\n"
    "    memref.store %true_35, %alloca_32[%c2_36] : memref<16xi1>\n"
    "    %false_37 = arith.constant false\n"
    "    %c3_38 = arith.constant 3 : index\n"
    "    memref.store %false_37, %alloca_32[%c3_38] : memref<16xi1>\n"
    "    %true_39 = arith.constant true\n"
    "    %c4_40 = arith.constant 4 : index\n"
    "    memref.store %true_39, %alloca_32[%c4_40] : memref<16xi1>\n"
    "    %false_41 = arith.constant false\n"
    "    %c5_42 = arith.constant 5 : index\n"
    "    memref.store %false_41, %alloca_32[%c5_42] : memref<16xi1>\n"
    "    %true_43 = arith.constant true\n"
    "    %c6_44 = arith.constant 6 : index\n"
    "    memref.store %true_43, %alloca_32[%c6_44] : memref<16xi1>\n"
    "    %false_45 = arith.constant false\n"
    "    %c7_46 = arith.constant 7 : index\n"
    "    memref.store %false_45, %alloca_32[%c7_46] : memref<16xi1>\n"
    "    %true_47 = arith.constant true\n"
    "    %c8_48 = arith.constant 8 : index\n"
    "    memref.store %true_47, %alloca_32[%c8_48] : memref<16xi1>\n"
    "    %false_49 = arith.constant false\n"
    "    %c9_50 = arith.constant 9 : index\n"
    "    memref.store %false_49, %alloca_32[%c9_50] : memref<16xi1>\n"
    "    %true_51 = arith.constant true\n"
    "    %c10_52 = arith.constant 10 : index\n"
    "    memref.store %true_51, %alloca_32[%c10_52] : memref<16xi1>\n"
    "    %false_53 = arith.constant false\n"
    "    %c11_54 = arith.constant 11 : index\n"
    "    memref.store %false_53, %alloca_32[%c11_54] : memref<16xi1>\n"
    "    %true_55 = arith.constant true\n"
    "    %c12_56 = arith.constant 12 : index\n"
    "    memref.store %true_55, %alloca_32[%c12_56] : memref<16xi1>\n"
    "    %false_57 = arith.constant false\n"
    "    %c13_58 = arith.constant 13 : index\n"
    "    memref.store %false_57, %alloca_32[%c13_58] : memref<16xi1>\n"
    "    %true_59 = arith.constant true\n"
    "    %c14_60 = arith.constant 14 : index\n"
    "    memref.store %true_59, %alloca_32[%c14_60] : memref<16xi1>\n"
    "    %false_61 = arith.constant false\n"
    "    %c15_62 = arith.constant 15 : index\n"
    "    memref.store %false_61, %alloca_32[%c15_62] : memref<16xi1>\n"
    "    %3 = ascendc.construct !ascendc.vdeq_info(%alloca, %alloca_15, "
    "%alloca_32) [memref<16xf32>, memref<16xi16>, memref<16xi1>] : "
    "memref<16xf32>, memref<16xi16>, memref<16xi1>\n"
    "    ascendc.set_deq_scale_l4 %2, %3 : "
    "!ascendc.local_tensor<*xui64>, !ascendc.vdeq_info\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The C twin of: q = TQue(VECIN, 1), init_buffer(q, 1, 1024); i8 / s16 =
 * int8 / int16 tensors; p = UnaryRepeatParams(1, 1, 4, 8);
 * cast_deq(i8, s16, 128, 2, p); cast_deq(i8, s16, [0xFFFF, 3], 1, p,
 * False) (the repeat forms, level 0 and level 1). */
static void cd_kernel(asc_kernel *k, void *user) {
  (void)user;
  (void)asc_arg_gm(k, "x", ASC_FLOAT);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor i8 = asc_tquebind_alloc_tensor(q, ASC_INT8);
  asc_local_tensor s16 = asc_tquebind_alloc_tensor(q, ASC_INT16);
  asc_unary_repeat_params p = asc_unaryrepeatparams(1, 1, 4, 8);
  asc_cast_deq(i8, s16, 128u, 2, p);
  static const uint64_t bits[2] = {0xFFFF, 3};
  asc_cast_deq(i8, s16, bits, 1, p, false);
}

static const char pyasc_cd_ir[] =
    "module {\n"
    "  func.func @cd_kernel(%arg0: memref<?xf32, 22>) attributes "
    "{ascendc.aicore, ascendc.global} {\n"
    "    %0 = ascendc.pipe\n"
    "    %1 = ascendc.queue : <vecin, 1>\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c1024_i32 = arith.constant 1024 : i32\n"
    "    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : "
    "!ascendc.queue<vecin, 1>, i32, i32\n"
    "    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xi8>\n"
    "    %3 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, "
    "1>, !ascendc.local_tensor<*xi16>\n"
    "    %c1_i32_0 = arith.constant 1 : i32\n"
    "    %c1_i32_1 = arith.constant 1 : i32\n"
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    %c8_i32 = arith.constant 8 : i32\n"
    "    %4 = ascendc.construct !ascendc.unary_repeat_params(%c1_i32_0, "
    "%c1_i32_1, %c4_i32, %c8_i32) [ui16, ui16, ui8, ui8] : i32, i32, "
    "i32, i32\n"
    "    %5 = \"emitc.constant\"() <{value = 128 : ui64}> : () -> ui64\n"
    "    %c2_i8 = arith.constant 2 : i8\n"
    "    ascendc.cast_deq_l0 %2, %3, %5, %c2_i8, %4 {isSetMask} : "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, "
    "i8, !ascendc.unary_repeat_params\n"
    "    %6 = \"emitc.constant\"() <{value = 65535 : ui64}> : () -> "
    "ui64\n"
    "    %7 = \"emitc.constant\"() <{value = 3 : ui64}> : () -> ui64\n"
    "    %c1_i8 = arith.constant 1 : i8\n"
    "    ascendc.cast_deq_l1 %2, %3, %6, %7, %c1_i8, %4 : "
    "!ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, "
    "ui64, i8, !ascendc.unary_repeat_params\n"
    "    return\n"
    "  }\n"
    "}\n";

/* body built as kernel `name` prints exactly want (casc's text shown when
 * it does not). */
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
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  bool same = text.data && strcmp(text.data, want) == 0;
  CHECK(same);
  if (!same)
    fprintf(stderr, "casc printed:\n%s\n", text.data ? text.data : "");
  casc_buf_free(&text);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_ir_matches_pyasc(void) {
  expect_printed("vx_kernel", vx_kernel, pyasc_vx_ir);
  expect_printed("vq_kernel", vq_kernel, pyasc_vq_ir);
  expect_printed("cd_kernel", cd_kernel, pyasc_cd_ir);
}

/* GatherMask end to end: x (N floats) to UB, built-in pattern 1 (the first
 * of every two elements) over one repeat of 64 floats, the kept elements
 * and their count back to GM. */
enum { N = 64 };

static void gm_run_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_global_tensor xg = asc_globaltensor(), zg = asc_globaltensor(),
                    cg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, asc_arg_gm(k, "x", ASC_FLOAT), N);
  asc_globaltensor_set_global_buffer(zg, asc_arg_gm(k, "z", ASC_FLOAT), N);
  asc_globaltensor_set_global_buffer(cg, asc_arg_gm(k, "c", ASC_UINT64), 1);
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qi = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qo = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tpipe_init_buffer(pipe, qi, 1, N * 4);
  asc_tpipe_init_buffer(pipe, qo, 1, N * 4);
  asc_local_tensor x = asc_tquebind_alloc_tensor(qi, ASC_FLOAT);
  asc_data_copy(x, xg, N);
  asc_tquebind_enque(qi, x);
  x = asc_tquebind_deque(qi, ASC_FLOAT);
  asc_local_tensor z = asc_tquebind_alloc_tensor(qo, ASC_FLOAT);
  asc_duplicate(z, -1.0f, N);
  asc_int kept =
      asc_gather_mask(z, x, 1, 0, 0u, asc_gathermaskparams(1, 1, 0, 0));
  asc_globaltensor_set_value(cg, 0, kept);
  asc_tquebind_enque(qo, z);
  z = asc_tquebind_deque(qo, ASC_FLOAT);
  asc_data_copy(zg, z, N);
  asc_tquebind_free_tensor(qi, x);
  asc_tquebind_free_tensor(qo, z);
}

static void test_gather_mask_runs(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *m = casc_jit_build(ctx, "g", gm_run_kernel, NULL);
  if (!m)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(m != NULL);
  float x[N], z[N];
  uint64_t cnt = 0;
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i * 3 + 1);
    z[i] = 0.0f;
  }
  casc_arg args[3] = {casc_arg_gm(x, CASC_DT_F32, N),
                      casc_arg_gm(z, CASC_DT_F32, N),
                      casc_arg_gm(&cnt, CASC_DT_U64, 1)};
  casc_launch_status st = casc_launch(ctx, m, "g", 1, args, 3, NULL, NULL);
  if (st != CASC_LAUNCH_OK)
    for (unsigned i = 0; i < diags.n; i++)
      casc_diag_print(diags.items[i], stderr);
  REQUIRE(st == CASC_LAUNCH_OK);
  CHECK(cnt == N / 2);
  for (int i = 0; i < N / 2; i++)
    CHECK(z[i] == x[2 * i]);
  for (int i = N / 2; i < N; i++) /* untouched past the kept elements */
    CHECK(z[i] == -1.0f);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

/* CastDeq's other conversion, int32 -> half (pyasc's kernel above has
 * int16 -> int8). */
static void deq_i32_kernel(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECCALC, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor h = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_local_tensor s = asc_tquebind_alloc_tensor(q, ASC_INT32);
  asc_cast_deq(h, s, 64);
}

static void test_cast_deq_i32(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_jit_build(ctx, "d", deq_i32_kernel, NULL);
  REQUIRE(m != NULL);
  casc_buf text;
  casc_buf_init(&text);
  casc_print_op(ctx, m, NULL, &text);
  CHECK(text.data && strstr(text.data, "ascendc.cast_deq_l2 %2, %3, %c64_i32 : "
                                       "!ascendc.local_tensor<*xf16>, "
                                       "!ascendc.local_tensor<*xi32>, i32\n"));
  casc_buf_free(&text);
  casc_ctx_free(ctx);
}

/* Misuse: one located error naming the API. */
static asc_local_tensor ub(asc_dtype dt) {
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECCALC, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  return asc_tquebind_alloc_tensor(q, dt);
}

static void gm_bad_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_INT8);
  (void)asc_gather_mask(t, t, 1, 0, 0u, asc_gathermaskparams());
}

static void gm_mixed(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECCALC, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor h = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_local_tensor s = asc_tquebind_alloc_tensor(q, ASC_INT16);
  (void)asc_gather_mask(h, s, 1, 0, 0u, asc_gathermaskparams());
}

static void gm_bad_pattern_tensor(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECCALC, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor f = asc_tquebind_alloc_tensor(q, ASC_FLOAT);
  asc_local_tensor p = asc_tquebind_alloc_tensor(q, ASC_UINT16);
  (void)asc_gather_mask(f, f, p, 0, 0u, asc_gathermaskparams());
}

static void gm_bad_pattern(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_FLOAT);
  (void)asc_gather_mask(t, t, 8, 0, 0u, asc_gathermaskparams());
}

static void gm_bad_reduce(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_FLOAT);
  (void)asc_gather_mask(t, t, 1, 2, 0u, asc_gathermaskparams());
}

static void gm_bad_mode(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_FLOAT);
  (void)asc_gather_mask(t, t, 1, 0, 0u, asc_gathermaskparams(),
                        (asc_gathermaskmode)1);
}

static void concat_bad_dtype(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_INT32);
  asc_proposal_concat(t, t, 1, 4);
}

static void extract_bad_mode(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_HALF);
  asc_proposal_extract(t, t, 1, 6);
}

static void sort16_bad_repeat(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_FLOAT);
  asc_rp_sort16(t, t, 256);
}

static void deq_bad_src(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_local_tensor t = ub(ASC_INT8);
  asc_cast_deq(t, t, 32);
}

static void vdeq_bad_tensor(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  static const float sc[16] = {0};
  static const int16_t of[16] = {0};
  static const bool sg[16] = {0};
  asc_local_tensor t = ub(ASC_UINT32);
  asc_set_deq_scale(t, asc_vdeqinfo(sc, of, sg));
}

static void vdeq_null(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  static const float sc[16] = {0};
  (void)asc_vdeqinfo(sc, NULL, NULL);
}

static void deq_bad_repeat(asc_kernel *k, void *user) {
  (void)k;
  (void)user;
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECCALC, 1);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor d = asc_tquebind_alloc_tensor(q, ASC_UINT8);
  asc_local_tensor s = asc_tquebind_alloc_tensor(q, ASC_INT16);
  asc_cast_deq(d, s, 64u, 200, asc_unaryrepeatparams(1, 1, 8, 8));
}

static void test_misuse(void) {
  expect_build_error(gm_bad_dtype, "asc_gather_mask: dst has dtype int8; "
                                   "GatherMask supports half, uint16, int16, "
                                   "float, uint32, int32");
  expect_build_error(gm_mixed,
                     "asc_gather_mask: src0 has dtype int16, dst half");
  expect_build_error(gm_bad_pattern_tensor,
                     "asc_gather_mask: src1_pattern has dtype uint16; for "
                     "float data it must be uint32");
  expect_build_error(gm_bad_pattern, "asc_gather_mask: src1_pattern 8 is out "
                                     "of range [1, 7]");
  expect_build_error(gm_bad_reduce, "asc_gather_mask: reduce_mode 2 is out of "
                                    "range [0, 1]");
  expect_build_error(gm_bad_mode,
                     "asc_gather_mask: 1 is not a valid GatherMaskMode");
  expect_build_error(concat_bad_dtype, "asc_proposal_concat: dst has dtype "
                                       "int32; it must be half or float");
  expect_build_error(extract_bad_mode, "asc_proposal_extract: mode_number 6 "
                                       "is out of range [0, 5]");
  expect_build_error(sort16_bad_repeat, "asc_rp_sort16: repeat_time 256 is "
                                        "out of range [0, 255]");
  expect_build_error(deq_bad_repeat, "asc_cast_deq: repeat_times");
  expect_build_error(vdeq_bad_tensor, "asc_set_deq_scale: vdeq has dtype "
                                      "uint32; SetDeqScale's tensor is uint64");
  expect_build_error(vdeq_null, "asc_vdeqinfo: scale, offset and sign_mode "
                                "must each be 16 values");
  expect_build_error(
      deq_bad_src,
      "asc_cast_deq: dst int8, src int8; CastDeq converts int16 to "
      "int8 or uint8, and int32 to half");
}

int main(void) {
  RUN_TEST(test_ir_matches_pyasc);
  RUN_TEST(test_gather_mask_runs);
  RUN_TEST(test_cast_deq_i32);
  RUN_TEST(test_misuse);
  return CHECK_SUMMARY();
}
