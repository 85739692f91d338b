// Fixpipe takes its FixpipeConfig as a template argument (the Ascend C
// reference's Fixpipe page): the emitter reads the CO2Layout constant the
// config is constructed from, as pyasc's printFixpipeTemplate does. A
// config that is not built from a constant has no C++ form: a located error.
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp
// RUN: not casc translate -mlir-to-ascendc %S/Inputs/fixpipe-config-arg.mlir 2>&1 | FileCheck %S/Inputs/fixpipe-config-arg.mlir --check-prefix=ERR

// CHECK: void nz(
// CHECK: AscendC::FixpipeConfig [[C:v[0-9]+]]{
// CHECK: AscendC::Fixpipe<half, float, AscendC::CFG_NZ>([[G:v[0-9]+]], [[L:v[0-9]+]], [[P:v[0-9]+]]);
func.func @nz(%g : !ascendc.global_tensor<*xf16>, %l : !ascendc.local_tensor<*xf32>, %p : !ascendc.fixpipe_params_v220) {
  %c0 = arith.constant 0 : i32
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c0) [!ascendc.co2_layout] : i32
  ascendc.fixpipe %g, %l, %p, %cfg : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}

// CHECK: void row_major_workspace(
// CHECK: AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}});
func.func @row_major_workspace(%g : !ascendc.global_tensor<*xf32>, %l : !ascendc.local_tensor<*xf32>, %w : !ascendc.local_tensor<*xui64>, %p : !ascendc.fixpipe_params_v220) {
  %c1 = arith.constant 1 : i32
  %cfg = ascendc.construct !ascendc.fixpipe_config(%c1) [!ascendc.co2_layout] : i32
  ascendc.fixpipe_with_workspace %g, %l, %w, %p, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui64>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
