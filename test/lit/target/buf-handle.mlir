// TQueBind::InitStartBufHandle / InitBufHandle, the members a user-defined
// TBufPool calls (public Ascend C reference; pyasc's translator has no
// printer for either). The TBufPool is passed by address (T* bufPool), a
// TBufHandle is a uint8_t*.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

// CHECK-LABEL: void buf_handles(
// CHECK:        v4.InitStartBufHandle(v2, v5, v6);
// CHECK-NEXT:   constexpr uint32_t v7 = 0;
// CHECK-NEXT:   v4.InitBufHandle(&v1, v7, v2, v3, v6);
func.func @buf_handles(%pool: !ascendc.tbuf_pool<vecin, 4>, %h: memref<?xui8>, %addr: i32) {
  %q = ascendc.queue : <vecin, 2>
  %n = "emitc.constant"() <{value = 2 : ui8}> : () -> ui8
  %len = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
  ascendc.que_bind.init_start_buf_handle %q, %h, %n, %len : !ascendc.queue<vecin, 2>, memref<?xui8>, ui8, ui32
  %i = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  ascendc.que_bind.init_buf_handle %q, %pool, %i, %h, %addr, %len : !ascendc.queue<vecin, 2>, !ascendc.tbuf_pool<vecin, 4>, ui32, memref<?xui8>, i32, ui32
  return
}
