// GetHcclContext<index> / SetHcclContext<index>: the communication domain
// is a template argument (0 or 1 in the public Ascend C reference). A
// constant index is a constexpr variable and is passed as pyasc passes it;
// any other value is no constant expression (pyasc's `GetHcclContext<v2>()`
// does not compile), so casc chooses between the two domains at run time.
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp && g++ -std=c++17 -fsyntax-only -x c++ -I%casc_src/test/ascendc-stub -include kernel_operator.h %t.cpp

// CHECK-LABEL: void hccl(__gm__ uint8_t* v1, uint32_t v2) {
// CHECK-NEXT:   constexpr uint32_t v3 = 0;
// CHECK-NEXT:   __gm__ uint8_t* v4 = AscendC::GetHcclContext<v3>();
// CHECK-NEXT:   constexpr uint32_t c1_ui32 = 1;
// CHECK-NEXT:   AscendC::SetHcclContext<c1_ui32>(v1);
// CHECK-NEXT:   __gm__ uint8_t* v5 = (v2 == 0 ? AscendC::GetHcclContext<0>() : AscendC::GetHcclContext<1>());
// CHECK-NEXT:   (v2 == 0 ? AscendC::SetHcclContext<0>(v5) : AscendC::SetHcclContext<1>(v5));
// CHECK-NEXT:   return;
func.func @hccl(%ctx: memref<?xui8, 22>, %i: ui32) {
  %c0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %0 = ascendc.get_hccl_context %c0 : ui32, memref<?xui8, 22>
  %c1 = arith.constant 1 : ui32
  ascendc.set_hccl_context %c1, %ctx : ui32, memref<?xui8, 22>
  %1 = ascendc.get_hccl_context %i : ui32, memref<?xui8, 22>
  ascendc.set_hccl_context %i, %1 : ui32, memref<?xui8, 22>
  return
}
