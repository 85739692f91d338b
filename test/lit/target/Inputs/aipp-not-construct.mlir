func.func @aipp(%g: !ascendc.global_tensor<*xi8>, %m: i32, %b: i1, %h: f16, %u: ui8, %s: i16, %ppa: !ascendc.aipp_padding_params) {
  %pp = ascendc.construct !ascendc.aipp_padding_params(%m, %h, %h, %h, %h) [ui32, f16, f16, f16, f16] : i32, f16, f16, f16, f16
  %sw = ascendc.construct !ascendc.aipp_swap_params(%b, %b, %b) [i8, i8, i8] : i1, i1, i1
  %sl = ascendc.construct !ascendc.aipp_single_line_params(%b) [i8] : i1
  %dt = ascendc.construct !ascendc.aipp_dtc_params(%u, %u, %u, %h, %h, %h, %h, %h, %h, %m) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, i32
  %cp = ascendc.construct !ascendc.aipp_cpadding_params(%m, %h) [ui32, f16] : i32, f16
  %cs = ascendc.construct !ascendc.aipp_csc_params(%b, %s, %s, %s, %s, %s, %s, %s, %s, %s, %u, %u, %u, %u, %u, %u) [i8, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8] : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
  %ap = ascendc.construct !ascendc.aipp_params(%ppa, %sw, %sl, %dt, %cp, %cs) [!ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params] : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
  "ascendc.set_aipp_functions"(%g, %ap) {format = 4 : i32} : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
  return
}
