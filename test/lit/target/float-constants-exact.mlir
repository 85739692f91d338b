// The decimal text of a float constant reads back as the same value: the
// emitted functions are compiled for the host and their results compared
// bit for bit with the IR's values (Inputs/float-constants-exact.cpp).
// RUN: casc translate -mlir-to-ascendc %s -o %t.cpp
// RUN: g++ -std=c++17 -include %S/Inputs/host-prelude.h -include %t.cpp %S/Inputs/float-constants-exact.cpp -o %t.exe
// RUN: %t.exe

func.func @f32_a() -> f32 {
  %c = arith.constant 1.23 : f32
  return %c : f32
}
func.func @f32_tie() -> f32 {
  %c = arith.constant 6.103515625e-05 : f32
  return %c : f32
}
func.func @f32_min_subnormal() -> f32 {
  %c = arith.constant 0x00000001 : f32
  return %c : f32
}
func.func @f32_max() -> f32 {
  %c = arith.constant 0x7F7FFFFF : f32
  return %c : f32
}
func.func @f32_third() -> f32 {
  %c = arith.constant 0.333333343 : f32
  return %c : f32
}
func.func @f64_tenth() -> f64 {
  %c = arith.constant 0.1 : f64
  return %c : f64
}
func.func @f64_min_subnormal() -> f64 {
  %c = arith.constant 0x0000000000000001 : f64
  return %c : f64
}
func.func @f64_near_one() -> f64 {
  %c = arith.constant 0x3FEFFFFFFFFFFFFF : f64
  return %c : f64
}
