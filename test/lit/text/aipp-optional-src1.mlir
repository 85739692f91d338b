// ascendc.set_aipp_functions prints `$src0 (`,` $src1^)? `,` $config`:
// without src1 the `,` after src0 begins `, $config` as well, so the
// parser looks past `, %x` for another `, %` before taking the group
// (src/text/format.c, group_present_by_follow). Both forms read back and
// print the same; a missing config is still an error.
// RUN: casc opt %s | FileCheck %s
// RUN: casc opt %s | casc opt | FileCheck %s
// RUN: not casc opt %S/Inputs/aipp-no-config.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: ascendc.set_aipp_functions %arg0, %arg2, format = RGB888_U8 : (!ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()
// CHECK: ascendc.set_aipp_functions %arg0, %arg1, %arg2, format = YUV420SP_U8 : (!ascendc.global_tensor<*xui8>, !ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()
// BAD: aipp-no-config.mlir:4:{{[0-9]+}}: error:
func.func @aipp(%a: !ascendc.global_tensor<*xui8>, %b: !ascendc.global_tensor<*xui8>, %c: !ascendc.aipp_params) {
  ascendc.set_aipp_functions %a, %c, format = RGB888_U8 : (!ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()
  ascendc.set_aipp_functions %a, %b, %c, format = YUV420SP_U8 : (!ascendc.global_tensor<*xui8>, !ascendc.global_tensor<*xui8>, !ascendc.aipp_params) -> ()
  return
}
