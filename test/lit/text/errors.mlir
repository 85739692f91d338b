// Malformed input: one located error per chunk, never a crash.
// RUN: casc opt %s -split-input-file -verify-diagnostics

func.func @unknown_op() {
  // expected-error@below {{custom op 'foo.bar' is unknown}}
  foo.bar
  return
}

// -----

func.func @wrong_operand_count(%z: !ascendc.local_tensor<*xf16>, %x: !ascendc.local_tensor<*xf16>) {
  // expected-error@below {{3 operands present, but expected 4}}
  ascendc.add_l2 %z, %x, %x : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>
  return
}

// -----

func.func @wrong_type(%a: i32, %b: i32) {
  // expected-error@below {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = arith.addi %a, %b : i64
  return
}

// -----

func.func @bad_position() {
  // expected-error@below {{custom op 'ascendc.queue' position is not recognized: vecinn}}
  %q = ascendc.queue : <vecinn, 2>
  return
}

// -----

func.func @bad_event(%id: i32) {
  // expected-error@below {{expected string or keyword containing one of the following enum values for attribute 'event'}}
  ascendc.set_flag mte2_vv, %id : i32
  return
}

// -----

func.func @bad_pipe() {
  // expected-error@below {{for attribute 'pipe'}}
  ascendc.pipe_barrier pipe_x
  return
}

// -----

func.func @use_before_def(%a: i32) {
  // expected-error@below {{use of undeclared SSA value name}}
  %0 = arith.addi %a, %1 : i32
  %1 = arith.addi %a, %a : i32
  return
}

// -----

func.func @redefinition(%a: i32) {
  // expected-error@below {{redefinition of SSA value '%a'}}
  %a = arith.addi %a, %a : i32
  return
}

// -----

func.func @missing_terminator() -> i32 {
  // expected-error@below {{is not a terminator}}
  %0 = arith.constant 1 : i32
}

// -----

func.func @bad_loc() {
  // expected-error@below {{expected ':' in FileLineColLoc}}
  return loc("f.py":3)
}

// -----

func.func @undefined_loc_alias() {
  // expected-error@below {{operation location alias was never defined}}
  return loc(#loc7)
}

// -----

func.func @result_count() {
  // expected-error@below {{operation defines 1 results but was provided 2 to bind}}
  %0:2 = "foo.op"() : () -> i32
  return
}

// -----

func.func @int_range() {
  // expected-error@below {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

// A memory space must be an integer, a string or a dialect attribute
// (found by fuzzing: a float was accepted and printed as text that did not
// parse again).
// expected-error@below {{unsupported memory space Attribute}}
func.func private @space(memref<?xf16, 2201.>)

// -----

// expected-error@below {{unsupported memory space Attribute}}
func.func private @space_array(memref<4xi8, [1]>)

// -----

func.func @unterminated_region() {
  %0 = arith.constant 1 : i32
  // expected-error {{expected '}' to end the region}}