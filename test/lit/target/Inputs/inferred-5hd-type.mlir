func.func @five_hd_unknown(%dst: !ascendc.local_tensor<16xui64>, %src: !ascendc.local_tensor<16xui64>, %params: !ascendc.trans_data_to_5hd_params) {
  ascendc.trans_data_to_5hd %dst, %src, %params : !ascendc.local_tensor<16xui64>, !ascendc.local_tensor<16xui64>, !ascendc.trans_data_to_5hd_params
  return
}
