// arith.mului_extended's high half is the high half of the *unsigned*
// product: the (signed C++) operands are zero-extended. pyasc prints
// static_cast<uint64_t>(v1), which sign-extends a negative v1. The
// functions are also compiled for the host and run on values where the
// two readings differ (Inputs/mul-extended.cpp).
// RUN: casc translate -mlir-to-ascendc %s | FileCheck %s
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp
// RUN: g++ -std=c++17 -include %S/Inputs/host-prelude.h -include %t.cpp %S/Inputs/mul-extended.cpp -o %t.exe
// RUN: %t.exe

// CHECK-LABEL: int32_t hi_u32(int32_t v1, int32_t v2) {
// CHECK-NEXT:   int32_t v3 = v1 * v2;
// CHECK-NEXT:   int32_t v4 = (static_cast<uint64_t>(static_cast<uint32_t>(v1)) * static_cast<uint64_t>(static_cast<uint32_t>(v2))) >> 32;
func.func @hi_u32(%a: i32, %b: i32) -> i32 {
  %lo, %hi = arith.mului_extended %a, %b : i32
  return %hi : i32
}
// CHECK-LABEL: int16_t hi_u16(int16_t v1, int16_t v2) {
// CHECK:        int16_t v4 = (static_cast<uint32_t>(static_cast<uint16_t>(v1)) * static_cast<uint32_t>(static_cast<uint16_t>(v2))) >> 16;
func.func @hi_u16(%a: i16, %b: i16) -> i16 {
  %lo, %hi = arith.mului_extended %a, %b : i16
  return %hi : i16
}
// CHECK-LABEL: int8_t hi_u8(int8_t v1, int8_t v2) {
// CHECK:        int8_t v4 = (static_cast<uint16_t>(static_cast<uint8_t>(v1)) * static_cast<uint16_t>(static_cast<uint8_t>(v2))) >> 8;
func.func @hi_u8(%a: i8, %b: i8) -> i8 {
  %lo, %hi = arith.mului_extended %a, %b : i8
  return %hi : i8
}
// The signed form sign-extends.
// CHECK-LABEL: int32_t hi_s32(int32_t v1, int32_t v2) {
// CHECK:        int32_t v4 = (static_cast<int64_t>(v1) * static_cast<int64_t>(v2)) >> 32;
func.func @hi_s32(%a: i32, %b: i32) -> i32 {
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  return %hi : i32
}
