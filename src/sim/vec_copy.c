/* Copy (UB -> UB, `copy_l0` with a mask array, `copy_l1` with a count mask,
 * as pyasc names them): repeat r copies the elements of one 256-byte
 * repeat the mask selects, element e of an operand lying at
 * r·repeatSize·32 + (e / (32/size))·stride·32 + (e % (32/size))·size bytes
 * (CopyRepeatParams: dstStride, srcStride, dstRepeatSize, srcRepeatSize,
 * all in 32-byte blocks). Unselected dst elements are not written ("只有
 * MASK中控制位为1的元素才会写入dst", the vcopy intrinsic's page).
 * Sources and the rules where the reference is silent: docs/simulator.md,
 * "Copy". */
#include <string.h>

#include "sim/sim_internal.h"

/* The operands after the mask: repeatTime, CopyRepeatParams, isSetMask. */
enum { FROM_END_REPEAT = 3, FROM_END_PARAMS = 2 };

bool sim_exec_copy_repeat(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const char *api = sim_api_name(in->op);
  const unsigned po = in->nargs - FROM_END_PARAMS;
  const int64_t repeats = sim_rep_operand(b, in, in->nargs - FROM_END_REPEAT);
  uint64_t sel[2];
  /* isSetMask is an operand of these rows (pyasc passes it as an i1). */
  if (!b->slots[in->a[in->nargs - 1]].i) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: isSetMask = false (the mask of SetVectorMask) is not "
               "modelled",
               api);
    return false;
  }
  if (!sim_rep_times(b, in, repeats, 255) ||
      !sim_rep_mask(b, in, dt, 2, in->nargs - 5, in->imm2 == 1, sel))
    return false;
  /* The strides are uint16 fields; the reference bounds the repeat sizes
   * to 0..4095 ("取值范围为[0,4095]"). */
  int64_t blk[2], rep[2];
  for (unsigned o = 0; o < 2; o++) {
    blk[o] = sim_field(b, in, po, o);
    rep[o] = sim_field(b, in, po, 2 + o);
    if (rep[o] > 4095) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: %s is %lld; the hardware takes 0..4095 blocks", api,
                 o ? "srcRepeatSize" : "dstRepeatSize", (long long)rep[o]);
      return false;
    }
  }
  if (repeats == 0)
    return true;
  const int64_t last_e = sim_rep_last_elem(sel);
  uint8_t *base[2];
  int64_t ext[2];
  for (unsigned o = 0; o < 2; o++) {
    ext[o] = sim_rep_extent(repeats, last_e, blk[o], rep[o], es);
    base[o] = sim_local_access(b, in, o, 0, ext[o], true);
    if (!base[o])
      return false;
  }
  /* Overlapping operands are not checked: strided dst and src may
   * interleave in one buffer without sharing an element, and the reference
   * states no rule. Elements move repeat by repeat, in element order. */
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t e = 0; e <= last_e; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      const uint8_t *ps =
          base[1] + sim_rep_elem_off(r, e, blk[1], rep[1], (unsigned)es);
      uint8_t *pd =
          base[0] + sim_rep_elem_off(r, e, blk[0], rep[0], (unsigned)es);
      sim_check_init(b, in, 1, ps, es);
      memmove(pd, ps, es);
      sim_mark_written(b, pd, es);
    }
  return true;
}
