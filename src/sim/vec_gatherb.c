/* Gatherb (`gatherb_l0`): gathers 32-byte blocks. Repeat r takes 8 blocks;
 * block k comes from src0 at byte offset[8r + k] (uint32 bytes from src0's
 * start, a multiple of 32: "需要保证偏移后的地址满足32字节对齐") and goes
 * to dst at (r·dstRepStride + k·dstBlkStride)·32 bytes
 * (GatherRepeatParams, in 32-byte blocks). repeatTime is 1..255 ("数据范
 * 围：repeatTime∈(0,255]"). Atlas A2 takes uint16 and uint32. Sources:
 * docs/simulator.md, "Gatherb". */
#include <string.h>

#include "sim/sim_internal.h"

enum { BLK = 32, BLKS = 8 };

bool sim_exec_gatherb(sim_block *b, const sim_insn *in) {
  const char *api = sim_api_name(in->op);
  const int64_t repeats = sim_rep_operand(b, in, 3);
  if (repeats < 1 || repeats > 255) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: repeatTime is %lld; the reference takes 1..255", api,
               (long long)repeats);
    return false;
  }
  const int64_t blk = sim_field(b, in, 4, 0), rep = sim_field(b, in, 4, 1);
  /* dst's reach: the last block of the last repeat (the strides are
   * uint16, so no other block lies further) */
  const int64_t reach = ((repeats - 1) * rep + (BLKS - 1) * blk) * BLK + BLK;
  uint8_t *d = sim_local_access(b, in, 0, 0, reach, true);
  const uint8_t *off =
      d ? sim_local_access(b, in, 2, 0, repeats * BLKS * 4, true) : NULL;
  if (!off)
    return false;
  sim_check_init(b, in, 2, off, repeats * BLKS * 4);
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t k = 0; k < BLKS; k++) {
      uint32_t o;
      memcpy(&o, off + (r * BLKS + k) * 4, 4);
      if (o % BLK) {
        sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                   "%s: offset[%lld] is %u bytes, not a multiple of 32", api,
                   (long long)(r * BLKS + k), o);
        return false;
      }
      const uint8_t *s = sim_local_access(b, in, 1, o, BLK, true);
      if (!s)
        return false;
      sim_check_init(b, in, 1, s, BLK);
      uint8_t *p = d + (r * rep + k * blk) * BLK;
      memmove(p, s, BLK);
      sim_mark_written(b, p, BLK);
    }
  return true;
}
