# A pyasc kernel for test/lit/lang/pyasc-test-matmul-ir.test (written for casc):
# the Matmul calls test_matmul.py does not make, in one body (captured by
# pyasc-jit-ir, not run). Its IR: pyasc-jit-ir pyasc_mm_calls.py --no-passes
# -> Inputs/pyasc_mm_calls_codegen.mlir.
import numpy as np
import asc
import asc.runtime.config as config
import asc.lib.runtime as rt


@asc.jit
def mm_calls_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, q: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    q_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global.set_global_buffer(b)
    c_global.set_global_buffer(c)
    q_global.set_global_buffer(q)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=que, num=1, len=4096)
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM)
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        matmul_config=cfg,
    )
    asc.adv.register_matmul(pipe, workspace, matmul)
    matmul.init(tiling)
    matmul.set_tensor_a(1)
    matmul.set_tensor_b(b_global, transpose=False)
    matmul.set_org_shape(64, 64, 32)
    matmul.set_org_shape(64, 64, 32, 32)
    matmul.set_single_shape(64, 64, 32)
    matmul.set_batch_num(2, 2)
    matmul.set_hf32(True, 0)
    matmul.set_quant_scalar(7)
    matmul.set_quant_vector(q_global)
    matmul.set_workspace(c_global)
    matmul.set_workspace(c_global, 1024)
    matmul.iterate_batch(c_global, 2, 2, False)
    matmul.iterate_n_batch(2, 2, 2, False)
    matmul.wait_iterate_batch()
    r = que.alloc_tensor(asc.float32)
    matmul.async_get_tensor_c(r)
    matmul.get_batch_tensor_c(r, 2, 2, True, sync=False)
    g = matmul.get_batch_tensor_c(2, 2, False, sync=False)
    g2 = matmul.get_tensor_c(0, False, sync=False)
    matmul.wait_get_tensor_c()
    matmul.iterate_all(c_global)
    matmul.wait_iterate_all()
    off = matmul.get_offset_c()
    with matmul.iterate(True, False, r) as cnt:
        pass
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.end()


def launch():
    a = np.zeros(64 * 64, dtype="float16")
    b = np.zeros(64 * 64, dtype="float16")
    c = np.zeros(64 * 64, dtype="float32")
    q = np.zeros(64, dtype="uint64")
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=64, k_a=64, k_b=64, n=64, base_m=64, base_k=64, base_n=64,
                                 single_core_m=64, single_core_k=64, single_core_n=64, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, is_bias=0)
    workspace = np.zeros(1024, dtype="uint8")
    mm_calls_kernel[1, rt.current_stream()](a, b, c, q, tiling, workspace)


def test_mm_calls(backend: config.Backend):
    config.set_platform(backend)
    launch()


if __name__ == "__main__":
    test_mm_calls(config.Backend.Model)
