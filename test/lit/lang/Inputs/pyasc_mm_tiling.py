# A pyasc kernel for test/lit/lang/pyasc-test-matmul-ir.test (written for casc):
# TCubeTiling and MatmulApiStaticTiling built in a kernel, get_matmul_api_tiling
# (with l1_size: pyasc fails without). Its IR: pyasc-jit-ir pyasc_mm_tiling.py
# --no-passes -> Inputs/pyasc_mm_tiling_codegen.mlir.
import numpy as np
import asc
import asc.runtime.config as config
import asc.lib.runtime as rt


@asc.jit
def mm_tiling_kernel(x: asc.GlobalAddress):
    t = asc.adv.TCubeTiling(base_m=64, base_n=32)
    t.share_mode = 0
    s = asc.adv.MatmulApiStaticTiling()
    cfg = asc.adv.MatmulConfig()
    api = asc.adv.get_matmul_api_tiling(
        cfg,
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32), 524288)


def test_mm_tiling(backend: config.Backend):
    config.set_platform(backend)
    x = np.zeros(8, dtype="float32")
    mm_tiling_kernel[1, rt.current_stream()](x)


if __name__ == "__main__":
    test_mm_tiling(config.Backend.Model)
