func.func @fixpipe_arg_config(%dst: !ascendc.global_tensor<f16>, %src: !ascendc.local_tensor<f32>, %p: !ascendc.fixpipe_params_v220, %cfg: !ascendc.fixpipe_config) {
  ascendc.fixpipe %dst, %src, %p, %cfg : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}
