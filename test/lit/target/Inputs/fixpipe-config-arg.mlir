// The config is an argument: no constant to put in the template.
func.func @config_arg(%g : !ascendc.global_tensor<*xf32>, %l : !ascendc.local_tensor<*xf32>, %p : !ascendc.fixpipe_params_v220, %cfg : !ascendc.fixpipe_config) {
  // ERR: fixpipe-config-arg.mlir:[[@LINE+1]]:3: error: 'ascendc.fixpipe' op needs its FixpipeConfig constructed from a constant CO2Layout (the template argument)
  ascendc.fixpipe %g, %l, %p, %cfg : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
