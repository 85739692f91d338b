// AippParams is filled member by member, as pyasc's translator does (its
// C++ class is a template on the padding value type, so the brace form of
// the six structs would not compile): the member structs' constructs print
// an empty statement `;` when only AippParams uses them, as pyasc does (and
// the AippParams construct one after its last assignment), and normally
// otherwise (pyasc drops them even then, leaving an undeclared name):
// declared and filled member by member as AippParams is (a braced list of
// the operands would narrow i8 into the bool fields, a C++ error). Checked
// against ascir-translate except for that case, and compiled.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -Werror=narrowing -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/aipp-not-construct.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: void aipp(
// CHECK-NEXT:   ;
// CHECK-NEXT:   AscendC::AippSwapParams v7;
// CHECK-NEXT:   v7.isSwapRB = v3;
// CHECK-NEXT:   v7.isSwapUV = v3;
// CHECK-NEXT:   v7.isSwapAX = v3;
// CHECK-NEXT:   ;
// CHECK-NEXT:   ;
// CHECK-NEXT:   ;
// CHECK-NEXT:   ;
// CHECK-NEXT:   AscendC::AippParams<half> v8;
// CHECK-NEXT:   v8.paddingParams.paddingMode = v2;
// CHECK-NEXT:   v8.paddingParams.paddingValueCh0 = v4;
// CHECK:        v8.swapParams.isSwapRB = v3;
// CHECK:        v8.cscParams.cscBiasOut2 = v5;
// CHECK-NEXT:   ;
// CHECK-NEXT:   AscendC::SetAippFunctions(v1, AscendC::AippInputFormat::RGB888_U8, v8);
// CHECK-NEXT:   use_swap(v7);
// CHECK-NEXT:   AscendC::AippChannelPaddingParams<half> v9;
// CHECK-NEXT:   v9.cPaddingMode = v2;
// CHECK-NEXT:   v9.cPaddingValue = v4;
// CHECK-NEXT:   use_cpad(v9);
// CHECK-NEXT:   return;

// A user of a templated struct is itself a template.
emitc.verbatim "template <typename U> void use_cpad(AscendC::AippChannelPaddingParams<U>);"
func.func private @use_swap(!ascendc.aipp_swap_params)
// BAD: aipp-not-construct.mlir:{{.*}}: error: 'ascendc.construct' op needs operand 0 built by an ascendc.construct of its paddingParams
func.func @aipp(%g: !ascendc.global_tensor<*xi8>, %m: i32, %b: i1, %h: f16, %u: ui8, %s: i16) {
  %pp = ascendc.construct !ascendc.aipp_padding_params(%m, %h, %h, %h, %h) [ui32, f16, f16, f16, f16] : i32, f16, f16, f16, f16
  %sw = ascendc.construct !ascendc.aipp_swap_params(%b, %b, %b) [i8, i8, i8] : i1, i1, i1
  %sl = ascendc.construct !ascendc.aipp_single_line_params(%b) [i8] : i1
  %dt = ascendc.construct !ascendc.aipp_dtc_params(%u, %u, %u, %h, %h, %h, %h, %h, %h, %m) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, i32
  %cp = ascendc.construct !ascendc.aipp_cpadding_params(%m, %h) [ui32, f16] : i32, f16
  %cs = ascendc.construct !ascendc.aipp_csc_params(%b, %s, %s, %s, %s, %s, %s, %s, %s, %s, %u, %u, %u, %u, %u, %u) [i8, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
  %ap = ascendc.construct !ascendc.aipp_params(%pp, %sw, %sl, %dt, %cp, %cs) [!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
  "ascendc.set_aipp_functions"(%g, %ap) {format = 4 : i32} : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
  func.call @use_swap(%sw) : (!ascendc.aipp_swap_params) -> ()
  %cp2 = ascendc.construct !ascendc.aipp_cpadding_params(%m, %h) [ui32, f16] : i32, f16
  emitasc.call_opaque "use_cpad" (%cp2) : (!ascendc.aipp_cpadding_params) -> ()
  return
}

