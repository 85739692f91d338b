// RUN: not casc translate -mlir-to-ascendc %s 2>&1 | FileCheck %s

// A FixpipeConfig that is not built from a constant has no layout to print.
func.func @config_arg(%g: !ascendc.global_tensor<*xf32>, %t: !ascendc.local_tensor<*xf32>, %fp: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
  // CHECK: error: 'ascendc.fixpipe' op needs its FixpipeConfig constructed from a constant CO2Layout (the template argument)
  ascendc.fixpipe %g, %t, %fp, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
