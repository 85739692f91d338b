// The Ascend C of the parameter structs and calls the C front end builds
// for GatherMask, the proposal ops, RpSort16, CastDeq, VdeqInfo, AIPP,
// LoadImageToLocal, CheckLocalMemoryIA and ShapeInfo (the functions are
// casc's printing of test_tool_vec_misc_api's, test_tool_aipp_api's and
// test_tool_bufpool_desc_api's kernels,
// which equal pyasc's codegen.mlir) compiles against the stub: the structs
// are brace-initialised field by field and CastDeq's template arguments are
// <dst, src, ...> as in the public reference. (aipp_kernel's one-source
// set_aipp_functions is left out: pyasc prints it in a form ascir-opt
// does not parse back; casc does, text/aipp-optional-src1.mlir.)
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

// CHECK: AscendC::GatherMaskParams v9{static_cast<uint8_t>(c1_i32_1), static_cast<uint16_t>(c2_i32), static_cast<uint16_t>(c8_i32), static_cast<uint8_t>(c0_i32)};
// CHECK: AscendC::GatherMask<half, uint16_t, AscendC::defaultGatherMaskMode>(v4, v5, v6, c1_i8, v10, v9, v11);
// CHECK: AscendC::GatherMask<float, AscendC::defaultGatherMaskMode>(v7, v8, v12, c0_i8, v13, v9, v14);
// CHECK: AscendC::ProposalConcat(v4, v5, c2_i32_1, c4_i32);
// CHECK: AscendC::ProposalExtract(v7, v8, c1_i32_4, c0_i32_3);
// CHECK: AscendC::RpSort16(v4, v5, c3_i32);
// CHECK: AscendC::CastDeq<int8_t, int16_t, 0, 0>(v16, v17, c256_i32);
// CHECK: AscendC::AippParams<int8_t> v15;
// CHECK: AscendC::AippParams<half> v26;
// CHECK: AscendC::SetAippFunctions(v3, v4, AscendC::AippInputFormat::RGB888_U8, v26);
// CHECK: AscendC::LoadImageToLocal(v29, v30);
// CHECK: AscendC::CheckLocalMemoryIAParam v35{v32, v33, v34, c1_i1_4, c0_i1_6, c1_i1_5, c0_i1_7, c1_i1_6, c0_i1_8, c1_i1_7};
// CHECK: AscendC::CheckLocalMemoryIA(v35);
// CHECK: AscendC::VdeqInfo v8{v5, v6, v7};
// CHECK: AscendC::SetDeqScale(v4, v8);
// CHECK: AscendC::ShapeInfo v9{static_cast<uint8_t>(c2_i8), reinterpret_cast<uint32_t*>(v2), static_cast<uint8_t>(c3_i8), reinterpret_cast<uint32_t*>(v5), static_cast<AscendC::DataFormat>(c1_i8)};
// CHECK: AscendC::ShapeInfo v17;
// CHECK: AscendC::CastDeq<int8_t, int16_t, 1, 0, 0>(v4, v5, v7, c2_i8, v6);
// CHECK: AscendC::CastDeq<int8_t, int16_t, 0, 0, 0>(v4, v5, v4_mask_list0, c1_i8, v6);

module {
  func.func @vx_kernel(%arg0: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.pipe
    %1 = ascendc.queue : <vecin, 1>
    %c1_i32 = arith.constant 1 : i32
    %c1024_i32 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %3 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf16>
    %4 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xui16>
    %5 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %6 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
    %c1_i32_0 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %7 = ascendc.construct !ascendc.gather_mask_params(%c1_i32_0, %c2_i32, %c8_i32, %c0_i32) [ui8, ui16, ui16, ui8] : i32, i32, i32, i32
    %c1_i8 = arith.constant 1 : i8
    %8 = "emitc.constant"() <{value = 128 : ui32}> : () -> ui32
    %9 = ascendc.gather_mask %2, %3, %4, %c1_i8, %8, %7, default : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui16>, i8, ui32, !ascendc.gather_mask_params -> ui64
    %10 = "emitc.constant"() <{value = 3 : ui8}> : () -> ui8
    %c0_i8 = arith.constant 0 : i8
    %11 = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
    %12 = ascendc.gather_mask %5, %6, %10, %c0_i8, %11, %7, default : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui8, i8, ui32, !ascendc.gather_mask_params -> ui64
    %c1_i32_1 = arith.constant 1 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %c0_i32_3 = arith.constant 0 : i32
    %c0_i32_4 = arith.constant 0 : i32
    %13 = ascendc.construct !ascendc.gather_mask_params(%c1_i32_1, %c1_i32_2, %c0_i32_3, %c0_i32_4) [ui8, ui16, ui16, ui8] : i32, i32, i32, i32
    %c2_i32_5 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    ascendc.proposal_concat %2, %3, %c2_i32_5, %c4_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32
    %c1_i32_6 = arith.constant 1 : i32
    %c0_i32_7 = arith.constant 0 : i32
    ascendc.proposal_extract %5, %6, %c1_i32_6, %c0_i32_7 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32
    %c3_i32 = arith.constant 3 : i32
    ascendc.rp_sort16 %2, %3, %c3_i32 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
    %14 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xi8>
    %15 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xi16>
    %c256_i32 = arith.constant 256 : i32
    ascendc.cast_deq_l2 %14, %15, %c256_i32 : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, i32
    return
  }
  func.func @aipp_kernel(%arg0: memref<?xui8, 22>, %arg1: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
    ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
    ascendc.global_tensor.set_global_buffer %1, %arg1 : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
    %c1_i32 = arith.constant 1 : i32
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %c4_i8 = arith.constant 4 : i8
    %c5_i8 = arith.constant 5 : i8
    %2 = ascendc.construct !ascendc.aipp_padding_params(%c1_i32, %c2_i8, %c3_i8, %c4_i8, %c5_i8) [ui32, i8, i8, i8, i8] : i32, i8, i8, i8, i8
    %true = arith.constant true
    %false = arith.constant false
    %true_0 = arith.constant true
    %3 = ascendc.construct !ascendc.aipp_swap_params(%true, %false, %true_0) [i8, i8, i8] : i1, i1, i1
    %true_1 = arith.constant true
    %4 = ascendc.construct !ascendc.aipp_single_line_params(%true_1) [i8] : i1
    %5 = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    %6 = "emitc.constant"() <{value = 2 : ui8}> : () -> ui8
    %7 = "emitc.constant"() <{value = 3 : ui8}> : () -> ui8
    %cst = arith.constant 5.000000e-01 : f16
    %cst_2 = arith.constant 1.500000e+00 : f16
    %cst_3 = arith.constant 2.500000e+00 : f16
    %cst_4 = arith.constant 1.000000e+00 : f16
    %cst_5 = arith.constant 2.000000e+00 : f16
    %cst_6 = arith.constant 3.000000e+00 : f16
    %8 = "emitc.constant"() <{value = 1 : ui32}> : () -> ui32
    %9 = ascendc.construct !ascendc.aipp_dtc_params(%5, %6, %7, %cst, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %8) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32
    %c1_i32_7 = arith.constant 1 : i32
    %c7_i8 = arith.constant 7 : i8
    %10 = ascendc.construct !ascendc.aipp_cpadding_params(%c1_i32_7, %c7_i8) [ui32, i8] : i32, i8
    %true_8 = arith.constant true
    %c1_i16 = arith.constant 1 : i16
    %c2_i16 = arith.constant 2 : i16
    %c3_i16 = arith.constant 3 : i16
    %c4_i16 = arith.constant 4 : i16
    %c5_i16 = arith.constant 5 : i16
    %c6_i16 = arith.constant 6 : i16
    %c7_i16 = arith.constant 7 : i16
    %c8_i16 = arith.constant 8 : i16
    %c9_i16 = arith.constant 9 : i16
    %11 = "emitc.constant"() <{value = 10 : ui8}> : () -> ui8
    %12 = "emitc.constant"() <{value = 11 : ui8}> : () -> ui8
    %13 = "emitc.constant"() <{value = 12 : ui8}> : () -> ui8
    %14 = "emitc.constant"() <{value = 13 : ui8}> : () -> ui8
    %15 = "emitc.constant"() <{value = 14 : ui8}> : () -> ui8
    %16 = "emitc.constant"() <{value = 15 : ui8}> : () -> ui8
    %17 = ascendc.construct !ascendc.aipp_csc_params(%true_8, %c1_i16, %c2_i16, %c3_i16, %c4_i16, %c5_i16, %c6_i16, %c7_i16, %c8_i16, %c9_i16, %11, %12, %13, %14, %15, %16) [i8, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
    %18 = ascendc.construct !ascendc.aipp_params(%2, %3, %4, %9, %10, %17) [!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
    %c0_i32 = arith.constant 0 : i32
    %cst_9 = arith.constant 0.000000e+00 : f16
    %cst_10 = arith.constant 0.000000e+00 : f16
    %cst_11 = arith.constant 0.000000e+00 : f16
    %cst_12 = arith.constant 0.000000e+00 : f16
    %19 = ascendc.construct !ascendc.aipp_padding_params(%c0_i32, %cst_9, %cst_10, %cst_11, %cst_12) [ui32, f16, f16, f16, f16] : i32, f16, f16, f16, f16
    %false_13 = arith.constant false
    %false_14 = arith.constant false
    %false_15 = arith.constant false
    %20 = ascendc.construct !ascendc.aipp_swap_params(%false_13, %false_14, %false_15) [i8, i8, i8] : i1, i1, i1
    %false_16 = arith.constant false
    %21 = ascendc.construct !ascendc.aipp_single_line_params(%false_16) [i8] : i1
    %22 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %23 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %24 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %cst_17 = arith.constant 0.000000e+00 : f16
    %cst_18 = arith.constant 0.000000e+00 : f16
    %cst_19 = arith.constant 0.000000e+00 : f16
    %cst_20 = arith.constant 1.000000e+00 : f16
    %cst_21 = arith.constant 1.000000e+00 : f16
    %cst_22 = arith.constant 1.000000e+00 : f16
    %25 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %26 = ascendc.construct !ascendc.aipp_dtc_params(%22, %23, %24, %cst_17, %cst_18, %cst_19, %cst_20, %cst_21, %cst_22, %25) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32
    %c0_i32_23 = arith.constant 0 : i32
    %cst_24 = arith.constant 0.000000e+00 : f16
    %27 = ascendc.construct !ascendc.aipp_cpadding_params(%c0_i32_23, %cst_24) [ui32, f16] : i32, f16
    %false_25 = arith.constant false
    %c0_i16 = arith.constant 0 : i16
    %c0_i16_26 = arith.constant 0 : i16
    %c0_i16_27 = arith.constant 0 : i16
    %c0_i16_28 = arith.constant 0 : i16
    %c0_i16_29 = arith.constant 0 : i16
    %c0_i16_30 = arith.constant 0 : i16
    %c0_i16_31 = arith.constant 0 : i16
    %c0_i16_32 = arith.constant 0 : i16
    %c0_i16_33 = arith.constant 0 : i16
    %28 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %29 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %30 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %31 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %32 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %33 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %34 = ascendc.construct !ascendc.aipp_csc_params(%false_25, %c0_i16, %c0_i16_26, %c0_i16_27, %c0_i16_28, %c0_i16_29, %c0_i16_30, %c0_i16_31, %c0_i16_32, %c0_i16_33, %28, %29, %30, %31, %32, %33) [i8, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
    %35 = ascendc.construct !ascendc.aipp_params(%19, %20, %21, %26, %27, %34) [!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
    ascendc.set_aipp_functions %0, %1, %35, format = RGB888_U8 : (!ascendc.global_tensor<*xui8>, !ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()
    %36 = ascendc.pipe
    %37 = ascendc.queue : <a1, 1>
    %c1_i32_34 = arith.constant 1 : i32
    %c1024_i32 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %36, %37, %c1_i32_34, %c1024_i32 : !ascendc.queue<a1, 1>, i32, i32
    %38 = ascendc.que_bind.alloc_tensor %37 : !ascendc.queue<a1, 1>, !ascendc.local_tensor<*xf16>
    %c4_i32 = arith.constant 4 : i32
    %c4_i32_35 = arith.constant 4 : i32
    %c0_i32_36 = arith.constant 0 : i32
    %c1_i32_37 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c0_i32_38 = arith.constant 0 : i32
    %c1_i32_39 = arith.constant 1 : i32
    %c0_i32_40 = arith.constant 0 : i32
    %c1_i32_41 = arith.constant 1 : i32
    %39 = ascendc.construct !ascendc.load_image_to_local_params(%c4_i32, %c4_i32_35, %c0_i32_36, %c1_i32_37, %c8_i32, %c0_i32_38, %c1_i32_39, %c0_i32_40, %c1_i32_41) [ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16] : i32, i32, i32, i32, i32, i32, i32, i32, i32
    ascendc.load_image_to_local %38, %39 : !ascendc.local_tensor<*xf16>, !ascendc.load_image_to_local_params
    %c2_i32 = arith.constant 2 : i32
    %c2_i32_42 = arith.constant 2 : i32
    %c0_i32_43 = arith.constant 0 : i32
    %c0_i32_44 = arith.constant 0 : i32
    %c2_i32_45 = arith.constant 2 : i32
    %c0_i32_46 = arith.constant 0 : i32
    %c0_i32_47 = arith.constant 0 : i32
    %c0_i32_48 = arith.constant 0 : i32
    %c0_i32_49 = arith.constant 0 : i32
    %40 = ascendc.construct !ascendc.load_image_to_local_params(%c2_i32, %c2_i32_42, %c0_i32_43, %c0_i32_44, %c2_i32_45, %c0_i32_46, %c0_i32_47, %c0_i32_48, %c0_i32_49) [ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16] : i32, i32, i32, i32, i32, i32, i32, i32, i32
    %41 = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
    %42 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %43 = "emitc.constant"() <{value = 256 : ui32}> : () -> ui32
    %true_50 = arith.constant true
    %false_51 = arith.constant false
    %true_52 = arith.constant true
    %false_53 = arith.constant false
    %true_54 = arith.constant true
    %false_55 = arith.constant false
    %true_56 = arith.constant true
    %44 = ascendc.construct !ascendc.check_local_memory_ia_param(%41, %42, %43, %true_50, %false_51, %true_52, %false_53, %true_54, %false_55, %true_56) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1
    ascendc.check_local_memory_ia %44 : !ascendc.check_local_memory_ia_param
    %45 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
    %46 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %47 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %false_57 = arith.constant false
    %false_58 = arith.constant false
    %false_59 = arith.constant false
    %false_60 = arith.constant false
    %false_61 = arith.constant false
    %false_62 = arith.constant false
    %false_63 = arith.constant false
    %48 = ascendc.construct !ascendc.check_local_memory_ia_param(%45, %46, %47, %false_57, %false_58, %false_59, %false_60, %false_61, %false_62, %false_63) [ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1] : ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1
    return
  }
  func.func @vq_kernel(%arg0: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.pipe
    %1 = ascendc.queue : <vecin, 1>
    %c1_i32 = arith.constant 1 : i32
    %c1024_i32 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xui64>
    %alloca = memref.alloca() : memref<16xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    memref.store %cst, %alloca[%c0] : memref<16xf32>
    %cst_0 = arith.constant 5.000000e-01 : f32
    %c1 = arith.constant 1 : index
    memref.store %cst_0, %alloca[%c1] : memref<16xf32>
    %cst_1 = arith.constant 1.000000e+00 : f32
    %c2 = arith.constant 2 : index
    memref.store %cst_1, %alloca[%c2] : memref<16xf32>
    %cst_2 = arith.constant 1.500000e+00 : f32
    %c3 = arith.constant 3 : index
    memref.store %cst_2, %alloca[%c3] : memref<16xf32>
    %cst_3 = arith.constant 2.000000e+00 : f32
    %c4 = arith.constant 4 : index
    memref.store %cst_3, %alloca[%c4] : memref<16xf32>
    %cst_4 = arith.constant 2.500000e+00 : f32
    %c5 = arith.constant 5 : index
    memref.store %cst_4, %alloca[%c5] : memref<16xf32>
    %cst_5 = arith.constant 3.000000e+00 : f32
    %c6 = arith.constant 6 : index
    memref.store %cst_5, %alloca[%c6] : memref<16xf32>
    %cst_6 = arith.constant 3.500000e+00 : f32
    %c7 = arith.constant 7 : index
    memref.store %cst_6, %alloca[%c7] : memref<16xf32>
    %cst_7 = arith.constant 4.000000e+00 : f32
    %c8 = arith.constant 8 : index
    memref.store %cst_7, %alloca[%c8] : memref<16xf32>
    %cst_8 = arith.constant 4.500000e+00 : f32
    %c9 = arith.constant 9 : index
    memref.store %cst_8, %alloca[%c9] : memref<16xf32>
    %cst_9 = arith.constant 5.000000e+00 : f32
    %c10 = arith.constant 10 : index
    memref.store %cst_9, %alloca[%c10] : memref<16xf32>
    %cst_10 = arith.constant 5.500000e+00 : f32
    %c11 = arith.constant 11 : index
    memref.store %cst_10, %alloca[%c11] : memref<16xf32>
    %cst_11 = arith.constant 6.000000e+00 : f32
    %c12 = arith.constant 12 : index
    memref.store %cst_11, %alloca[%c12] : memref<16xf32>
    %cst_12 = arith.constant 6.500000e+00 : f32
    %c13 = arith.constant 13 : index
    memref.store %cst_12, %alloca[%c13] : memref<16xf32>
    %cst_13 = arith.constant 7.000000e+00 : f32
    %c14 = arith.constant 14 : index
    memref.store %cst_13, %alloca[%c14] : memref<16xf32>
    %cst_14 = arith.constant 7.500000e+00 : f32
    %c15 = arith.constant 15 : index
    memref.store %cst_14, %alloca[%c15] : memref<16xf32>
    %alloca_15 = memref.alloca() : memref<16xi16>
    %c-8_i16 = arith.constant -8 : i16
    %c0_16 = arith.constant 0 : index
    memref.store %c-8_i16, %alloca_15[%c0_16] : memref<16xi16>
    %c-7_i16 = arith.constant -7 : i16
    %c1_17 = arith.constant 1 : index
    memref.store %c-7_i16, %alloca_15[%c1_17] : memref<16xi16>
    %c-6_i16 = arith.constant -6 : i16
    %c2_18 = arith.constant 2 : index
    memref.store %c-6_i16, %alloca_15[%c2_18] : memref<16xi16>
    %c-5_i16 = arith.constant -5 : i16
    %c3_19 = arith.constant 3 : index
    memref.store %c-5_i16, %alloca_15[%c3_19] : memref<16xi16>
    %c-4_i16 = arith.constant -4 : i16
    %c4_20 = arith.constant 4 : index
    memref.store %c-4_i16, %alloca_15[%c4_20] : memref<16xi16>
    %c-3_i16 = arith.constant -3 : i16
    %c5_21 = arith.constant 5 : index
    memref.store %c-3_i16, %alloca_15[%c5_21] : memref<16xi16>
    %c-2_i16 = arith.constant -2 : i16
    %c6_22 = arith.constant 6 : index
    memref.store %c-2_i16, %alloca_15[%c6_22] : memref<16xi16>
    %c-1_i16 = arith.constant -1 : i16
    %c7_23 = arith.constant 7 : index
    memref.store %c-1_i16, %alloca_15[%c7_23] : memref<16xi16>
    %c0_i16 = arith.constant 0 : i16
    %c8_24 = arith.constant 8 : index
    memref.store %c0_i16, %alloca_15[%c8_24] : memref<16xi16>
    %c1_i16 = arith.constant 1 : i16
    %c9_25 = arith.constant 9 : index
    memref.store %c1_i16, %alloca_15[%c9_25] : memref<16xi16>
    %c2_i16 = arith.constant 2 : i16
    %c10_26 = arith.constant 10 : index
    memref.store %c2_i16, %alloca_15[%c10_26] : memref<16xi16>
    %c3_i16 = arith.constant 3 : i16
    %c11_27 = arith.constant 11 : index
    memref.store %c3_i16, %alloca_15[%c11_27] : memref<16xi16>
    %c4_i16 = arith.constant 4 : i16
    %c12_28 = arith.constant 12 : index
    memref.store %c4_i16, %alloca_15[%c12_28] : memref<16xi16>
    %c5_i16 = arith.constant 5 : i16
    %c13_29 = arith.constant 13 : index
    memref.store %c5_i16, %alloca_15[%c13_29] : memref<16xi16>
    %c6_i16 = arith.constant 6 : i16
    %c14_30 = arith.constant 14 : index
    memref.store %c6_i16, %alloca_15[%c14_30] : memref<16xi16>
    %c7_i16 = arith.constant 7 : i16
    %c15_31 = arith.constant 15 : index
    memref.store %c7_i16, %alloca_15[%c15_31] : memref<16xi16>
    %alloca_32 = memref.alloca() : memref<16xi1>
    %true = arith.constant true
    %c0_33 = arith.constant 0 : index
    memref.store %true, %alloca_32[%c0_33] : memref<16xi1>
    %false = arith.constant false
    %c1_34 = arith.constant 1 : index
    memref.store %false, %alloca_32[%c1_34] : memref<16xi1>
    %true_35 = arith.constant true
    %c2_36 = arith.constant 2 : index
    memref.store %true_35, %alloca_32[%c2_36] : memref<16xi1>
    %false_37 = arith.constant false
    %c3_38 = arith.constant 3 : index
    memref.store %false_37, %alloca_32[%c3_38] : memref<16xi1>
    %true_39 = arith.constant true
    %c4_40 = arith.constant 4 : index
    memref.store %true_39, %alloca_32[%c4_40] : memref<16xi1>
    %false_41 = arith.constant false
    %c5_42 = arith.constant 5 : index
    memref.store %false_41, %alloca_32[%c5_42] : memref<16xi1>
    %true_43 = arith.constant true
    %c6_44 = arith.constant 6 : index
    memref.store %true_43, %alloca_32[%c6_44] : memref<16xi1>
    %false_45 = arith.constant false
    %c7_46 = arith.constant 7 : index
    memref.store %false_45, %alloca_32[%c7_46] : memref<16xi1>
    %true_47 = arith.constant true
    %c8_48 = arith.constant 8 : index
    memref.store %true_47, %alloca_32[%c8_48] : memref<16xi1>
    %false_49 = arith.constant false
    %c9_50 = arith.constant 9 : index
    memref.store %false_49, %alloca_32[%c9_50] : memref<16xi1>
    %true_51 = arith.constant true
    %c10_52 = arith.constant 10 : index
    memref.store %true_51, %alloca_32[%c10_52] : memref<16xi1>
    %false_53 = arith.constant false
    %c11_54 = arith.constant 11 : index
    memref.store %false_53, %alloca_32[%c11_54] : memref<16xi1>
    %true_55 = arith.constant true
    %c12_56 = arith.constant 12 : index
    memref.store %true_55, %alloca_32[%c12_56] : memref<16xi1>
    %false_57 = arith.constant false
    %c13_58 = arith.constant 13 : index
    memref.store %false_57, %alloca_32[%c13_58] : memref<16xi1>
    %true_59 = arith.constant true
    %c14_60 = arith.constant 14 : index
    memref.store %true_59, %alloca_32[%c14_60] : memref<16xi1>
    %false_61 = arith.constant false
    %c15_62 = arith.constant 15 : index
    memref.store %false_61, %alloca_32[%c15_62] : memref<16xi1>
    %3 = ascendc.construct !ascendc.vdeq_info(%alloca, %alloca_15, %alloca_32) [memref<16xf32>, memref<16xi16>, memref<16xi1>] : memref<16xf32>, memref<16xi16>, memref<16xi1>
    ascendc.set_deq_scale_l4 %2, %3 : !ascendc.local_tensor<*xui64>, !ascendc.vdeq_info
    return
  }
  func.func @si_kernel(%arg0: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
    %alloca = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xui32>
    %0 = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %c0 = arith.constant 0 : index
    memref.store %0, %alloca[%c0] : memref<2xui32>
    %1 = "emitc.constant"() <{value = 3 : ui32}> : () -> ui32
    %c1 = arith.constant 1 : index
    memref.store %1, %alloca[%c1] : memref<2xui32>
    %alloca_0 = memref.alloca() {ascendc.emit_as_unsigned} : memref<3xui32>
    %2 = "emitc.constant"() <{value = 4 : ui32}> : () -> ui32
    %c0_1 = arith.constant 0 : index
    memref.store %2, %alloca_0[%c0_1] : memref<3xui32>
    %3 = "emitc.constant"() <{value = 5 : ui32}> : () -> ui32
    %c1_2 = arith.constant 1 : index
    memref.store %3, %alloca_0[%c1_2] : memref<3xui32>
    %4 = "emitc.constant"() <{value = 6 : ui32}> : () -> ui32
    %c2 = arith.constant 2 : index
    memref.store %4, %alloca_0[%c2] : memref<3xui32>
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %c1_i8 = arith.constant 1 : i8
    %5 = ascendc.construct !ascendc.shape_info(%c2_i8, %alloca, %c3_i8, %alloca_0, %c1_i8) [ui8, memref<*xui32>, ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8, memref<3xui32>, i8
    %alloca_3 = memref.alloca() {ascendc.emit_as_unsigned} : memref<1xui32>
    %6 = "emitc.constant"() <{value = 7 : ui32}> : () -> ui32
    %c0_4 = arith.constant 0 : index
    memref.store %6, %alloca_3[%c0_4] : memref<1xui32>
    %c1_i8_5 = arith.constant 1 : i8
    %c0_i8 = arith.constant 0 : i8
    %7 = ascendc.construct !ascendc.shape_info(%c1_i8_5, %alloca_3, %c0_i8) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<1xui32>, i8
    %alloca_6 = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xui32>
    %8 = "emitc.constant"() <{value = 8 : ui32}> : () -> ui32
    %c0_7 = arith.constant 0 : index
    memref.store %8, %alloca_6[%c0_7] : memref<2xui32>
    %9 = "emitc.constant"() <{value = 9 : ui32}> : () -> ui32
    %c1_8 = arith.constant 1 : index
    memref.store %9, %alloca_6[%c1_8] : memref<2xui32>
    %c2_i8_9 = arith.constant 2 : i8
    %c4_i8 = arith.constant 4 : i8
    %10 = ascendc.construct !ascendc.shape_info(%c2_i8_9, %alloca_6, %c4_i8) [ui8, memref<*xui32>, !ascendc.data_format] : i8, memref<2xui32>, i8
    %11 = ascendc.construct !ascendc.shape_info() []
    %c1_i32 = arith.constant 1 : i32
    %12 = ascendc.shape_info.shape %5, %c1_i32 i32, i32
    return
  }
  func.func @cd_kernel(%arg0: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.pipe
    %1 = ascendc.queue : <vecin, 1>
    %c1_i32 = arith.constant 1 : i32
    %c1024_i32 = arith.constant 1024 : i32
    ascendc.pipe.init_queue %0, %1, %c1_i32, %c1024_i32 : !ascendc.queue<vecin, 1>, i32, i32
    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xi8>
    %3 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xi16>
    %c1_i32_0 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c8_i32 = arith.constant 8 : i32
    %4 = ascendc.construct !ascendc.unary_repeat_params(%c1_i32_0, %c1_i32_1, %c4_i32, %c8_i32) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32
    %5 = "emitc.constant"() <{value = 128 : ui64}> : () -> ui64
    %c2_i8 = arith.constant 2 : i8
    ascendc.cast_deq_l0 %2, %3, %5, %c2_i8, %4 {isSetMask} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, i8, !ascendc.unary_repeat_params
    %6 = "emitc.constant"() <{value = 65535 : ui64}> : () -> ui64
    %7 = "emitc.constant"() <{value = 3 : ui64}> : () -> ui64
    %c1_i8 = arith.constant 1 : i8
    ascendc.cast_deq_l1 %2, %3, %6, %7, %c1_i8, %4 : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xi16>, ui64, ui64, i8, !ascendc.unary_repeat_params
    return
  }
}
