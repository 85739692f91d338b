/* BilinearInterpolation (ISASI), levels 0 (count mask) and 1 (mask array).
 *
 * The Ascend C reference (BilinearInterpolation, "功能说明"): vRepeat
 * vertical iterations of hRepeat horizontal iterations each. Horizontal
 * iteration i (counted over all vertical ones, i = v·hRepeat + h) reads
 * eight offsets src0Offset[8i .. 8i+7], each the start of a 32-byte block
 * of src0; it multiplies the blocks by src1[i] (repeatMode false) or block
 * k by src1[8i + k] (repeatMode true) and adds the products block-wise to
 * the dst of the previous horizontal iteration; dst stays put within a
 * vertical iteration, whose eight blocks start vROffset after the previous
 * vertical iteration's.
 *
 * Units and choices (docs/simulator.md, BilinearInterpolation): offsets are
 * bytes from src0's start (block k of pyasc's test is offset 32k), vROffset
 * is elements, dstBlkStride is 32-byte blocks between dst's eight blocks;
 * the first horizontal iteration of a vertical one stores its products
 * (there is no previous result), the later ones accumulate; every product
 * and every sum is rounded to half, as the vector unit computes in half.
 * The mask selects elements of the 128 of an iteration; dst lanes it leaves
 * out keep their value. A2 takes half only. sharedTmpBuffer is the
 * library's scratch space: it is checked to be live, not modelled. */
#include <string.h>

#include "sim/half.h"
#include "sim/sim_internal.h"

enum { BLK_BYTES = 32, BLKS = 8, LANES = 128, HALF_BYTES = 2 };

typedef struct {
  int64_t h_repeat, v_repeat, dst_blk_stride, v_r_offset;
  bool repeat_mode;
  uint64_t sel[2];
} bilinear_args;

/* Operands: dst, src0, src0Offset, src1, mask (one, or the mask array),
 * hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat, sharedTmpBuffer. */
static bool read_args(sim_block *b, const sim_insn *in, bilinear_args *a) {
  const unsigned n = in->nargs;
  const char *api = sim_api_name(in->op);
  a->h_repeat = sim_rep_operand(b, in, n - 6);
  a->repeat_mode = b->slots[in->a[n - 5]].i != 0;
  a->dst_blk_stride = (int64_t)(uint16_t)b->slots[in->a[n - 4]].i;
  a->v_r_offset = (int64_t)(uint16_t)b->slots[in->a[n - 3]].i;
  a->v_repeat = sim_rep_operand(b, in, n - 2);
  if (in->dt != CASC_DT_F16) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: element type %s (A2: half)", api,
               casc_dtype_name((casc_dtype)in->dt));
    return false;
  }
  if (!sim_rep_times(b, in, a->h_repeat, 255) ||
      !sim_rep_times(b, in, a->v_repeat, 255))
    return false;
  return sim_rep_mask(b, in, in->dt, 4, n - 10, in->imm2 == 1, a->sel);
}

/* Byte offset in dst of element e of vertical iteration v. */
static int64_t dst_off(const bilinear_args *a, int64_t v, int64_t e) {
  const int64_t per_blk = BLK_BYTES / HALF_BYTES;
  return v * a->v_r_offset * HALF_BYTES +
         (e / per_blk) * a->dst_blk_stride * BLK_BYTES +
         (e % per_blk) * HALF_BYTES;
}

bool sim_exec_bilinear(sim_block *b, const sim_insn *in) {
  bilinear_args a;
  if (!read_args(b, in, &a))
    return false;
  const char *api = sim_api_name(in->op);
  if (!sim_local_access(b, in, in->nargs - 1, 0, 0, true))
    return false; /* sharedTmpBuffer: live, in UB */
  const int64_t iters = a.h_repeat * a.v_repeat;
  if (iters == 0)
    return true;
  const int64_t last_e = sim_rep_last_elem(a.sel);
  uint8_t *d = sim_local_access(
      b, in, 0, 0, dst_off(&a, a.v_repeat - 1, last_e) + HALF_BYTES, true);
  const uint8_t *off =
      d ? sim_local_access(b, in, 2, 0, iters * BLKS * 4, true) : NULL;
  const int64_t n1 = a.repeat_mode ? iters * BLKS : iters;
  const uint8_t *s1 =
      off ? sim_local_access(b, in, 3, 0, n1 * HALF_BYTES, true) : NULL;
  if (!s1 || !sim_local_access(b, in, 1, 0, 0, true))
    return false;
  sim_check_init(b, in, 2, off, iters * BLKS * 4);
  sim_check_init(b, in, 3, s1, n1 * HALF_BYTES);
  for (int64_t i = 0; i < iters; i++) {
    const int64_t v = i / a.h_repeat;
    const bool first = i % a.h_repeat == 0;
    for (int64_t k = 0; k < BLKS; k++) {
      uint32_t o;
      memcpy(&o, off + (i * BLKS + k) * 4, 4);
      if (o % BLK_BYTES) {
        sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                   "%s: src0Offset[%lld] is %u bytes, not the start of a "
                   "32-byte block",
                   api, (long long)(i * BLKS + k), o);
        return false;
      }
      const uint8_t *blk = sim_local_access(b, in, 1, o, BLK_BYTES, true);
      if (!blk)
        return false;
      sim_check_init(b, in, 1, blk, BLK_BYTES);
      uint16_t w;
      memcpy(&w, s1 + (a.repeat_mode ? i * BLKS + k : i) * HALF_BYTES, 2);
      const float weight = sim_h2f(w);
      for (int64_t j = 0; j < BLK_BYTES / HALF_BYTES; j++) {
        const int64_t e = k * (BLK_BYTES / HALF_BYTES) + j;
        if (!(a.sel[e / 64] >> (e % 64) & 1))
          continue;
        uint16_t x, acc;
        memcpy(&x, blk + j * HALF_BYTES, 2);
        uint16_t prod = sim_f2h(sim_h2f(x) * weight);
        uint8_t *pd = d + dst_off(&a, v, e);
        if (first) {
          acc = prod;
        } else {
          sim_check_init(b, in, 0, pd, HALF_BYTES);
          memcpy(&acc, pd, 2);
          acc = sim_f2h(sim_h2f(acc) + sim_h2f(prod));
        }
        memcpy(pd, &acc, 2);
        sim_mark_written(b, pd, HALF_BYTES);
      }
    }
  }
  return true;
}
