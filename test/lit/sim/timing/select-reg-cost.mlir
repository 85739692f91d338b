// Select without a mask (select_reg, vec_select_reg.c) is a vsel: the timing
// model costs it in the select class, so select_head moves its cycles one
// for one (it was costed as a data move, which select_head did not touch).
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '[casc.timing]\nselect_head=6\n' > %t/a.ini
// RUN: printf '[casc.timing]\nselect_head=1006\n' > %t/b.ini
// RUN: casc run %s --arg x=zeros:8 --timing --platform %t/a.ini > %t/out 2>&1
// RUN: casc run %s --arg x=zeros:8 --timing --platform %t/b.ini >> %t/out 2>&1
// RUN: FileCheck %s < %t/out
// CHECK: block 0: [[#N:]] cycles
// CHECK: block 0: [[#N+1000]] cycles
func.func @k(%x: memref<?xf32, 22> loc("x")) attributes {ascendc.global} {
  %c1 = arith.constant 1 : i32
  %c1024 = arith.constant 1024 : i32
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %c1024 : !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %z = arith.constant 0.0 : f32
  %n = arith.constant 256 : i32
  ascendc.duplicate_l2 %t, %z, %n : !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.set_cmp_mask %t : !ascendc.local_tensor<*xf32>
  %s1 = arith.constant 1 : i32
  %s8 = arith.constant 8 : i32
  %p = ascendc.construct !ascendc.binary_repeat_params(%s1, %s1, %s1, %s8, %s8, %s8) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
  ascendc.select_reg %t, %t, %t, %c1, %p {selMode = 0 : i32} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, !ascendc.binary_repeat_params
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  return
}
