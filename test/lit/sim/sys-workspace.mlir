// SetSysWorkspace / GetSysWorkSpacePtr through `casc run` (docs/
// simulator.md, "Environment registers"). The library keeps the first
// workspace (`if (g_sysWorkspaceReserved == nullptr)`), so the second Set is
// ignored with a warning and the kernel's byte 1 = 42 lands in ws, not in
// other; before any Set the pointer is null (the reference's example tests
// `GetSysWorkSpacePtr() == nullptr`), and a null workspace is an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: casc run %s --kernel ws --arg ws=zeros:8 --arg other=zeros:8 --out ws=%t/ws.npy --out other=%t/other.npy 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: python3 -B -c "import sys; sys.path.insert(0, '%S/Inputs'); import npytool as n; w = list(n.read('%t/ws.npy')[1]); o = list(n.read('%t/other.npy')[1]); assert w == [0, 42, 0, 0, 0, 0, 0, 0] and o == [0] * 8, (w, o)"
// RUN: not casc run %s --kernel null_ws 2>&1 | FileCheck %s --check-prefix=NULL

module {
  func.func @ws(%ws: memref<?xui8, 22> loc("ws"), %other: memref<?xui8, 22> loc("other")) attributes {ascendc.global} {
    %u1 = "emitc.constant"() <{value = 1 : ui64}> : () -> ui64
    %v42 = "emitc.constant"() <{value = 42 : ui8}> : () -> ui8
    // SECOND: sys-workspace.mlir:[[@LINE+3]]:5: warning: block 0: SetSysWorkspace: the system workspace is already set, so this one is ignored (the library keeps the first; SetSysWorkspaceForce replaces it)
    // SECOND-NEXT: sys-workspace.mlir:[[@LINE+1]]:5: note: set here
    ascendc.set_sys_workspace %ws : memref<?xui8, 22>
    ascendc.set_sys_workspace %other : memref<?xui8, 22>
    %p = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>
    %g = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
    ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
    ascendc.global_tensor.set_value %g, %u1, %v42 : !ascendc.global_tensor<*xui8>, ui64, ui8
    return
  }
  func.func @null_ws() attributes {ascendc.global} {
    // NULL: sys-workspace.mlir:[[@LINE+1]]:10: warning: block 0: GetSysWorkSpacePtr: no SetSysWorkspace ran before it in this block, so it returns nullptr (the library's pointer starts null; the simulator's launch sets no system workspace)
    %p = ascendc.get_sys_workspace_ptr : memref<?xui8, 22>
    // NULL: sys-workspace.mlir:[[@LINE+1]]:5: error: block 0: SetSysWorkspace: the workspace is a null GM address (the library asserts workspace != nullptr)
    ascendc.set_sys_workspace %p : memref<?xui8, 22>
    return
  }
}
