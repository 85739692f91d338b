// !ascendc.load_data_3d_params_v2 has an optional element type: pyasc's type
// has no parameter (its mm.mlir writes it bare), while Ascend C's
// LoadData3DParamsV2 is a class template, which casc prints with the
// argument when the IR gives one (docs/pyasc-compat.md). Both forms read
// and print back as written.
// RUN: casc opt %s | FileCheck %s --check-prefix=IR
// RUN: casc opt -mlir-print-op-generic %s | casc opt | FileCheck %s --check-prefix=IR
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s

// IR: func.func @f(%arg0: !ascendc.load_data_3d_params_v2, %arg1: !ascendc.load_data_3d_params_v2<f16>)
// CHECK: void f(AscendC::LoadData3DParamsV2 v1, AscendC::LoadData3DParamsV2<half> v2) {
func.func @f(%a: !ascendc.load_data_3d_params_v2, %b: !ascendc.load_data_3d_params_v2<f16>) {
  return
}
