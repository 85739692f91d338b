func.func @sync(%q: !ascendc.que_bind<gm, vecin, 1>, %t: !ascendc.local_tensor<64xf32>) attributes {ascendc.aicore} {
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  %e = ascendc.pipe.fetch_event_id %pipe, mte2_v : i32
  ascendc.set_flag mte2_v, %e : i32
  ascendc.wait_flag mte2_v, %e : i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe.release_event_id %pipe, %e {event = 4 : i32} : i32
  %n = emitc.constant {value = 64 : ui32} : ui32
  return
}
