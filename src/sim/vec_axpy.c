/* Axpy (dst = scalar * src + dst) at levels 0, 1 and 2, and Brcb.
 *
 * Axpy: A2 takes half -> half, float -> float and half -> float; a repeat
 * holds 256 bytes of the wider type (the reference's PAR column: 128, 64,
 * 64 elements), so the mask counts elements of the wider type and each
 * operand's element e lies at its own type's offset within its blocks.
 * The result is computed exactly and rounded once to dst's type (whether
 * the hardware rounds the product first is unsourced: docs/simulator.md).
 *
 * Brcb: repeat r takes src elements 8r .. 8r+7 and fills 32-byte block j
 * of dst (at (r·dstRepStride + j·dstBlkStride)·32 bytes) with element
 * 8r + j, the reference's pseudo-code. */
#include <string.h>

#include "sim/sim_internal.h"

enum { BLK_BYTES = 32 };

bool sim_exec_axpy(sim_block *b, const sim_insn *in) {
  const unsigned ddt = in->dt, sdt = in->dt3;
  const unsigned des = casc_dtype_size((casc_dtype)ddt);
  const unsigned ses = casc_dtype_size((casc_dtype)sdt);
  const unsigned wide_dt = des >= ses ? ddt : sdt;
  const bool level2 = in->imm2 == 2;
  int64_t repeats, last_e, blk[2] = {1, 1}, rep[2] = {0, 0};
  uint64_t sel[2] = {~0ull, ~0ull};
  /* levels 0 / 1: the op's mask or the mask register's (vec_mask.c) */
  sim_rep_plan plan = {0, {0, 0}, -1, 0};
  if (level2) {
    unsigned cdt = casc_dtype_of_type(in->op->operands[3].value->type);
    int64_t n = sim_count(&b->slots[in->a[3]], cdt);
    if (n < 0) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: the element count is %lld", sim_api_name(in->op),
                 (long long)n);
      return false;
    }
    repeats = n ? 1 : 0; /* one contiguous run */
    last_e = n - 1;
  } else {
    if (!sim_rep_plan_of(b, in, wide_dt, 3, in->nargs - 5, in->imm2 == 1,
                         in->nargs - 2, &plan))
      return false;
    repeats = plan.repeats;
    for (unsigned o = 0; o < 2; o++) {
      blk[o] = sim_field(b, in, in->nargs - 1, o);
      rep[o] = sim_field(b, in, in->nargs - 1, 2 + o);
    }
    last_e = 0; /* per repeat, from the plan */
  }
  if (repeats == 0)
    return true;
  const unsigned es[2] = {des, ses};
  uint8_t *base[2];
  for (unsigned o = 0; o < 2; o++) {
    int64_t ext = level2 ? (last_e + 1) * (int64_t)es[o]
                         : sim_rep_plan_extent(&plan, blk[o], rep[o], es[o]);
    base[o] = sim_local_access(b, in, o, 0, ext, true);
    if (!base[o])
      return false;
  }
  _Alignas(8) uint8_t c[8];
  sim_vec_scalar_elem(b, in, 2, sdt, c);
  const double a = sim_load_f(c, sdt);
  for (int64_t r = 0; r < repeats; r++) {
    if (!level2)
      last_e = sim_rep_plan_sel(&plan, r, sel);
    for (int64_t e = 0; e <= last_e; e++) {
      if (!level2 && !(sel[e / 64] >> (e % 64) & 1))
        continue;
      uint8_t *pd =
          base[0] + (level2 ? e * (int64_t)des
                            : sim_rep_elem_off(r, e, blk[0], rep[0], des));
      const uint8_t *ps =
          base[1] + (level2 ? e * (int64_t)ses
                            : sim_rep_elem_off(r, e, blk[1], rep[1], ses));
      sim_check_init(b, in, 1, ps, ses);
      sim_check_init(b, in, 0, pd, des);
      double v = a * sim_load_f(ps, sdt) + sim_load_f(pd, ddt);
      sim_store_f(pd, ddt, sim_fround(v, ddt));
      sim_mark_written(b, pd, des);
    }
  }
  return true;
}

bool sim_exec_brcb(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t repeats = sim_rep_operand(b, in, 2);
  const int64_t blk = sim_field(b, in, 3, 0), rep = sim_field(b, in, 3, 1);
  if (!sim_rep_times(b, in, repeats, 255))
    return false;
  if (blk <= 0 || rep < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "Brcb: dstBlkStride is %lld and dstRepStride %lld; "
               "dstBlkStride 0 is undefined behaviour on the hardware",
               (long long)blk, (long long)rep);
    return false;
  }
  if (repeats == 0)
    return true;
  const int64_t sbytes = repeats * 8 * (int64_t)es;
  int64_t dbytes = 0;
  for (int64_t r = 0; r<repeats; r += repeats - 1> 0 ? repeats - 1 : 1)
    for (int64_t j = 0; j < 8; j++) {
      int64_t end = (r * rep + j * blk) * BLK_BYTES + BLK_BYTES;
      dbytes = end > dbytes ? end : dbytes;
    }
  uint8_t *s = sim_local_access(b, in, 1, 0, sbytes, true);
  uint8_t *d = s ? sim_local_access(b, in, 0, 0, dbytes, true) : NULL;
  if (!d)
    return false;
  /* "不支持源操作数与目的操作数使用同一块内存地址": any overlap. */
  if (d < s + sbytes && s < d + dbytes) {
    sim_report(b, CASC_CHECK_PARTIAL_OVERLAP, CASC_SEV_ERROR, in->op,
               "Brcb: dst [%lld, %lld) and src [%lld, %lld) overlap; the "
               "hardware does not allow it",
               (long long)(d - b->mem[SIM_POOL_UB]),
               (long long)(d - b->mem[SIM_POOL_UB] + dbytes),
               (long long)(s - b->mem[SIM_POOL_UB]),
               (long long)(s - b->mem[SIM_POOL_UB] + sbytes));
    return false;
  }
  sim_check_init(b, in, 1, s, sbytes);
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t j = 0; j < 8; j++) {
      const uint8_t *v = s + (r * 8 + j) * (int64_t)es;
      uint8_t *blkp = d + (r * rep + j * blk) * BLK_BYTES;
      for (int64_t k = 0; k < BLK_BYTES; k += es)
        memcpy(blkp + k, v, es);
      sim_mark_written(b, blkp, BLK_BYTES);
    }
  return true;
}
