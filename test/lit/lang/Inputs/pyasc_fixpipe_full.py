# A pyasc kernel for test/lit/lang/pyasc-fixpipe-full-ir.test (written for
# casc, in the style of python/test/unit/language/basic/test_fixpipe.py):
# FixpipeParamsV220 with every field set, DEQF16 with a deq_scalar (0.375's
# float bits), two ND matrices with their strides, ReLU; and a second one
# with unit_flag and is_channel_split set, into NZ. Its IR:
# pyasc-jit-ir pyasc_fixpipe_full.py --no-passes ->
# Inputs/pyasc_fixpipe_full_codegen.mlir.
import numpy as np
import asc
import asc.runtime.config as config
import asc.lib.runtime as rt


@asc.jit
def fixpipe_full_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(x)
    f32_gm = asc.GlobalTensor()
    f32_gm.set_global_buffer(y)
    c_int = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.CO1, addr=0, tile_size=1024)
    c_f32 = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=8192, tile_size=1024)
    params = asc.FixpipeParamsV220(
        n_size=20, m_size=13, src_stride=16, dst_stride=24,
        quant_pre=asc.QuantModes.DEQF16, deq_scalar=1052770304,
        nd_num=2, src_nd_stride=2, dst_nd_stride=400,
        relu_en=True, unit_flag=0, is_channel_split=False
    )
    asc.fixpipe(dst_gm, c_int, params, asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR))
    split = asc.FixpipeParamsV220(
        n_size=24, m_size=13, src_stride=16, dst_stride=16,
        quant_pre=asc.QuantModes.NoQuant, deq_scalar=0,
        nd_num=1, src_nd_stride=0, dst_nd_stride=0,
        relu_en=False, unit_flag=3, is_channel_split=True
    )
    asc.fixpipe(f32_gm, c_f32, split, asc.FixpipeConfig(asc.CO2Layout.NZ))


if __name__ == "__main__":
    config.set_platform(config.Backend.Model, check=False)
    x = np.zeros(1024, dtype=np.float16)
    y = np.zeros(1024, dtype=np.float32)
    fixpipe_full_kernel[1, rt.current_stream()](x, y)
