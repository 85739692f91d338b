// ListTensorDesc / TensorDesc through `casc run` (docs/simulator.md,
// "Tensor descriptors"), in the IR pyasc prints. The descriptor, read as
// int32 pairs (the data operand is `__gm__ void*`), holds 2 tensors of 2
// dims: word 0 = 56 (the pointer table at word 7), entry 0 = [2 | 0 << 32,
// 3, 5], entry 1 = [2 | 1 << 32, 7, 9], pointers 0x10 and 0x20, which are
// in no buffer of the launch. So GetSize is 2 (entry 0's high half is 0:
// the last entry's index 1, plus 1), for the constructor and for Init with
// the right length (72 bytes) and shapeSize; an empty list's GetSize and a
// fresh TensorDesc's GetDim / GetIndex are 0: out = [2, 0, 0, 0, 2].
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; n.write('%t/desc.npy', 'i32', [56, 0, 2, 0, 3, 0, 5, 0, 2, 1, 7, 0, 9, 0, 16, 0, 32, 0])"
// RUN: casc run %s --kernel reads --arg desc=%t/desc.npy --arg out=zeros:5 --out out=%t/out.npy 2>&1 | count 0
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; v = n.read('%t/out.npy')[1]; assert list(v) == [2, 0, 0, 0, 2], v"
// RUN: not casc run %s --kernel bad_ptr --arg desc=%t/desc.npy 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: not casc run %s --kernel bad_index --arg desc=%t/desc.npy 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not casc run %s --kernel bad_len --arg desc=%t/desc.npy 2>&1 | FileCheck %s --check-prefix=LEN
// RUN: not casc run %s --kernel no_init 2>&1 | FileCheck %s --check-prefix=INIT
// RUN: not casc run %s --kernel reads --arg desc=zeros:4 --arg out=zeros:5 2>&1 | FileCheck %s --check-prefix=ZERO

module {
  func.func @reads(%desc: memref<?xi32, 22> loc("desc"), %out: memref<?xi32, 22> loc("out")) attributes {ascendc.global} {
    %all = "emitc.constant"() <{value = 4294967295 : ui32}> : () -> ui32
    %len = "emitc.constant"() <{value = 72 : ui32}> : () -> ui32
    %two = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %o0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
    %o1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %o2 = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
    %o3 = "emitc.constant"() <{value = 3 : ui64}> : () -> ui64
    %o4 = "emitc.constant"() <{value = 4 : ui64}> : () -> ui64
    %og = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %og, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    // ZERO: tensor-desc.mlir:[[@LINE+1]]:10: error: block 0: ListTensorDesc: word 0 says the pointer table is at byte 0:
    %l = ascendc.list_tensor_desc_v2 %desc, %all, %all : !ascendc.list_tensor_desc, memref<?xi32, 22>, ui32, ui32
    %n = ascendc.list_tensor_desc_get_size %l : !ascendc.list_tensor_desc
    %e = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
    %ne = ascendc.list_tensor_desc_get_size %e : !ascendc.list_tensor_desc
    %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
    %dim = ascendc.tensor_desc_get_dim %d : !ascendc.tensor_desc, ui64
    %idx = ascendc.tensor_desc_get_index %d : !ascendc.tensor_desc, ui64
    %k = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
    ascendc.list_tensor_desc_init %k, %desc, %len, %two : !ascendc.list_tensor_desc, memref<?xi32, 22>, ui32, ui32
    %nk = ascendc.list_tensor_desc_get_size %k : !ascendc.list_tensor_desc
    ascendc.global_tensor.set_value %og, %o0, %n : !ascendc.global_tensor<*xi32>, ui64, ui32
    ascendc.global_tensor.set_value %og, %o1, %ne : !ascendc.global_tensor<*xi32>, ui64, ui32
    ascendc.global_tensor.set_value %og, %o2, %dim : !ascendc.global_tensor<*xi32>, ui64, ui64
    ascendc.global_tensor.set_value %og, %o3, %idx : !ascendc.global_tensor<*xi32>, ui64, ui64
    ascendc.global_tensor.set_value %og, %o4, %nk : !ascendc.global_tensor<*xi32>, ui64, ui32
    return
  }

  func.func @bad_ptr(%desc: memref<?xi32, 22> loc("desc")) attributes {ascendc.global} {
    %all = "emitc.constant"() <{value = 4294967295 : ui32}> : () -> ui32
    %one = "emitc.constant"() <{value = 1 : ui32}> : () -> ui32
    %addr = "emitc.constant"() <{value = 8 : ui64}> : () -> ui64
    %l = ascendc.list_tensor_desc_v2 %desc, %all, %all : !ascendc.list_tensor_desc, memref<?xi32, 22>, ui32, ui32
    %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
    ascendc.tensor_desc_set_shape_addr %d, %addr : !ascendc.tensor_desc, ui64
    // PTR: tensor-desc.mlir:[[@LINE+1]]:5: error: block 0: GetDesc: tensor 1's data pointer: address 0x20 is in no GM argument
    ascendc.list_tensor_desc_get_desc %l, %d, %one : !ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32
    return
  }

  func.func @bad_index(%desc: memref<?xi32, 22> loc("desc")) attributes {ascendc.global} {
    %all = "emitc.constant"() <{value = 4294967295 : ui32}> : () -> ui32
    %two = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %l = ascendc.list_tensor_desc_v2 %desc, %all, %all : !ascendc.list_tensor_desc, memref<?xi32, 22>, ui32, ui32
    // INDEX: tensor-desc.mlir:[[@LINE+1]]:10: error: block 0: GetDataPtr: index 2, but the list holds 2 tensors
    %p = ascendc.list_tensor_desc_get_data_ptr %l, %two {dtype = f32} : memref<*xf32, 22>
    return
  }

  func.func @bad_len(%desc: memref<?xi32, 22> loc("desc")) attributes {ascendc.global} {
    %len = "emitc.constant"() <{value = 80 : ui32}> : () -> ui32
    %two = "emitc.constant"() <{value = 2 : ui32}> : () -> ui32
    %k = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
    // LEN: tensor-desc.mlir:[[@LINE+1]]:5: error: block 0: Init: length 80 and shapeSize 2 disagree with the descriptor: 2 tensors, 72 bytes
    ascendc.list_tensor_desc_init %k, %desc, %len, %two : !ascendc.list_tensor_desc, memref<?xi32, 22>, ui32, ui32
    return
  }

  func.func @no_init() attributes {ascendc.global} {
    %zero = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %addr = "emitc.constant"() <{value = 8 : ui64}> : () -> ui64
    %k = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
    %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
    ascendc.tensor_desc_set_shape_addr %d, %addr : !ascendc.tensor_desc, ui64
    // INIT: tensor-desc.mlir:[[@LINE+1]]:5: error: block 0: GetDesc: the ListTensorDesc was not given a descriptor (Init)
    ascendc.list_tensor_desc_get_desc %k, %d, %zero : !ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32
    return
  }
}
