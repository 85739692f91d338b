// set_aipp_functions with only src0: not an op (config is required).
func.func @aipp(%a: !ascendc.global_tensor<*xui8>) {
  // the next line is line 4
  ascendc.set_aipp_functions %a, format = RGB888_U8 : (!ascendc.global_tensor<*xui8>) -> ()
  return
}
