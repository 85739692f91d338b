# A pyasc kernel for test/lit/lang/pyasc-test-matmul-ir.test (written for casc,
# in the style of python/test/kernels/test_matmul.py): a preset MatmulConfig,
# B transposed, set_tail, disable_bias, iterate_all into GM. Its IR:
# pyasc-jit-ir pyasc_mm_all.py --no-passes -> Inputs/pyasc_mm_all_codegen.mlir.
import numpy as np
import asc
import asc.runtime.config as config
import asc.lib.runtime as rt


@asc.jit
def mm_all_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global.set_global_buffer(b)
    c_global.set_global_buffer(c)
    pipe = asc.TPipe()
    cfg = asc.adv.get_normal_config(False, False, False, asc.BatchMode.BATCH_LESS_THAN_L1, True,
                                    asc.IterateOrder.ORDER_N, asc.ScheduleType.INNER_PRODUCT, True)
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        matmul_config=cfg,
    )
    asc.adv.register_matmul(pipe, workspace, matmul)
    matmul.init(tiling)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global, transpose=True)
    matmul.set_tail(64, 32)
    matmul.disable_bias()
    matmul.iterate_all(c_global)
    matmul.end()


def launch():
    m, n, k = 64, 64, 64
    a = np.zeros((m, k), dtype="float16")
    b = np.zeros((n, k), dtype="float16")
    c = np.zeros((m, n), dtype="float32")
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=m, k_a=k, k_b=k, n=n, base_m=64, base_k=64, base_n=64,
                                 single_core_m=m, single_core_k=k, single_core_n=n, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1, share_mode=0, is_bias=0)
    workspace = np.zeros(1024, dtype="uint8")
    mm_all_kernel[1, rt.current_stream()](a, b, c, tiling, workspace)


def test_mm_all(backend: config.Backend):
    config.set_platform(backend)
    launch()


if __name__ == "__main__":
    test_mm_all(config.Backend.Model)
