/* Level-0 and level-1 vector ops: the hardware's own form. One call runs
 * `repeatTimes` repeats; a repeat covers 8 blocks of 32 bytes (256 bytes:
 * 128 half or 64 float elements); within a repeat, element e lies in block
 * e / (32 / size), and each operand's blocks are `blkStride` blocks apart
 * and its repeats `repStride` blocks apart (BinaryRepeatParams /
 * UnaryRepeatParams). The mask picks the elements of every repeat: at
 * level 0 a count (the first `mask` elements: 1..128 for 16-bit types,
 * 1..64 for 32-bit), at level 1 a bit array (mask[0] bit i = element i,
 * mask[1] bit i = element 64 + i; mask[1] must be 0 for 32-bit types).
 * Unselected dst elements keep their value. repeatTimes is 0..255; 0 is a
 * NOP. (Ascend C API reference, "通用参数说明" of the vector APIs; docs:
 * simulator.md.)
 *
 * Each repeat's selected elements are gathered into a contiguous tile, the
 * op's element kernel runs on it (the same loops as level 2), and the
 * selected results are scattered back, so the element semantics of a level-0
 * op are exactly its level-2 op's. */
#include <string.h>

#include "sim/sim_internal.h"

enum { REP_BYTES = 256, BLK_BYTES = 32, BLKS = 8 };

/* Strides of dst, src0, src1 in 32-byte blocks, from the params operand
 * (BinaryRepeatParams: dst, src0, src1 block strides, then the three repeat
 * strides; UnaryRepeatParams: dst, src block strides, then dst, src repeat
 * strides). */
typedef struct {
  int64_t blk[3], rep[3];
} strides;

static strides params_of(const sim_block *b, const sim_insn *in, bool binary) {
  unsigned o = in->nargs - 1;
  strides s = {{0, 0, 0}, {0, 0, 0}};
  unsigned n = binary ? 3 : 2;
  for (unsigned i = 0; i < n; i++) {
    s.blk[i] = sim_field(b, in, o, i);
    s.rep[i] = sim_field(b, in, o, n + i);
  }
  return s;
}

int64_t sim_rep_elem_off(int64_t r, int64_t e, int64_t blk, int64_t rep,
                         unsigned es) {
  int64_t per_blk = BLK_BYTES / es;
  return r * rep * BLK_BYTES + (e / per_blk) * blk * BLK_BYTES +
         (e % per_blk) * (int64_t)es;
}

int64_t sim_rep_operand(const sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  int64_t v = b->slots[in->a[i]].i;
  /* pyasc materialises repeat counts and some strides as int8 where the
   * C++ parameter is uint8_t (or wider unsigned): the bits are the value,
   * so 200 arrives as -56 and means 200. */
  return dt == CASC_DT_I8 ? (int64_t)(uint8_t)v : v;
}

bool sim_rep_times(sim_block *b, const sim_insn *in, int64_t repeats,
                   int64_t max) {
  if (repeats >= 0 && repeats <= max)
    return true;
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
             "%s: repeatTimes is %lld; the hardware takes 0..%lld",
             sim_api_name(in->op), (long long)repeats, (long long)max);
  return false;
}

/* The mask operands as a 128-bit set (sim_rep_mask does the register). */
static bool mask_operands(sim_block *b, const sim_insn *in, unsigned dt,
                          unsigned mask0, unsigned nmask, bool bitmask,
                          uint64_t sel[2]) {
  const char *api = sim_api_name(in->op);
  const int64_t per_rep = REP_BYTES / casc_dtype_size((casc_dtype)dt);
  sel[0] = sel[1] = 0;
  if (!bitmask) {
    int64_t m = nmask ? b->slots[in->a[mask0]].i : 0;
    if (m < 1 || m > per_rep) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: mask is %lld; for %s it is an element count 1..%lld", api,
                 (long long)m, casc_dtype_name((casc_dtype)dt),
                 (long long)per_rep);
      return false;
    }
    for (int64_t e = 0; e < m; e++)
      sel[e / 64] |= 1ull << (e % 64);
    return true;
  }
  if (nmask < 1 || nmask > 2) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the mask array has %u elements; it has 2 (or 1 for a "
               "32-bit type)",
               api, nmask);
    return false;
  }
  sel[0] = (uint64_t)b->slots[in->a[mask0]].i;
  sel[1] = nmask > 1 ? (uint64_t)b->slots[in->a[mask0 + 1]].i : 0;
  if (per_rep <= 64 && sel[1]) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: mask[1] is 0x%llx; for a 32-bit type only mask[0] "
               "selects elements and mask[1] must be 0",
               api, (unsigned long long)sel[1]);
    return false;
  }
  if (!sel[0] && !sel[1]) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the mask selects no element", api);
    return false;
  }
  return true;
}

/* An op that sets its own mask writes it into the mask register (the
 * library's SetMask before the instruction), so a later op with isSetMask
 * = false runs with it. In counter mode that would replace the element
 * count: the reference requires isSetMask = false there (SetMaskCount:
 * "矢量计算接口的isSetMask模板参数需要设置为false"). */
bool sim_rep_mask(sim_block *b, const sim_insn *in, unsigned dt, unsigned mask0,
                  unsigned nmask, bool bitmask, uint64_t sel[2]) {
  if (in->vflags & SIM_VF_MASK_REG) {
    /* isSetMask = false: the register's mask. The handlers that come here
     * take a repeat count of their own, so counter mode (an element count
     * over derived repeats) is theirs to model; they do not yet. */
    if (b->vmask.counter) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "not supported by the simulator: %s (isSetMask = false in "
                 "counter mode)",
                 casc_op_name(in->op));
      return false;
    }
    return sim_vmask_sel(b, in, REP_BYTES / casc_dtype_size((casc_dtype)dt),
                         sel);
  }
  if (b->vmask.counter) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the op sets its own mask in counter mode "
               "(SetMaskCount); there the vector ops take isSetMask = false "
               "and the element count of SetVectorMask",
               sim_api_name(in->op));
    return false;
  }
  if (!mask_operands(b, in, dt, mask0, nmask, bitmask, sel))
    return false;
  b->vmask.hi = sel[1];
  b->vmask.lo = sel[0];
  return true;
}

int64_t sim_rep_extent(int64_t repeats, int64_t last_e, int64_t blk,
                       int64_t rep, unsigned es) {
  int64_t ext = 0;
  for (int64_t e = 0; e <= last_e; e++) {
    int64_t off = sim_rep_elem_off(repeats - 1, e, blk, rep, es) + (int64_t)es;
    ext = off > ext ? off : ext;
    /* repStride may be smaller than a repeat: the first repeat can reach
     * further than the last. */
    off = sim_rep_elem_off(0, e, blk, rep, es) + (int64_t)es;
    ext = off > ext ? off : ext;
  }
  return ext;
}

int64_t sim_rep_last_elem(const uint64_t sel[2]) {
  return sel[1] ? 127 - __builtin_clzll(sel[1]) : 63 - __builtin_clzll(sel[0]);
}

bool sim_exec_vector_repeat(sim_block *b, const sim_insn *in) {
  const unsigned shape = sim_vec_shape(in->opc);
  const sim_vkernel *k = sim_vkernel_get(in->kern);
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const bool bitmask = in->imm2 != 0, binary = shape == SIM_VEC_BINARY;
  if (!sim_vkernel_supports(k, shape, dt) || es < 2) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "not supported by the simulator: %s for %s",
               casc_op_name(in->op), casc_dtype_name((casc_dtype)dt));
    return false;
  }
  /* Operands: the tensors (dst, src[, src1]) [, scalar], the mask (one
   * value, or the array), repeatTimes, the params. */
  const unsigned ntens = binary ? 3 : 2;
  const unsigned mask0 = ntens + (shape == SIM_VEC_SCALAR);
  const unsigned nmask = in->nargs - 2 - mask0;
  strides st = params_of(b, in, binary);
  /* The repeats and the elements each selects: the op's mask, or the mask
   * register's (isSetMask = false; in counter mode an element count). */
  sim_rep_plan plan;
  if (!sim_rep_plan_of(b, in, dt, mask0, nmask, bitmask, in->nargs - 2, &plan))
    return false;
  if (plan.repeats == 0)
    return true; /* a NOP on A2 */

  /* The extent of each operand (over all repeats; block strides may be 0)
   * is checked once: bounds, liveness, 32 bytes. */
  uint8_t *base[3] = {NULL, NULL, NULL};
  for (unsigned o = 0; o < ntens; o++) {
    int64_t ext = sim_rep_plan_extent(&plan, st.blk[o], st.rep[o], es);
    base[o] = sim_local_access(b, in, o, 0, ext, true);
    if (!base[o])
      return false;
  }
  _Alignas(8) uint8_t c[8] = {0};
  if (shape == SIM_VEC_SCALAR)
    sim_vec_scalar_elem(b, in, 2, dt, c);
  /* A kernel that reads dst too (FusedMulAdd: dst = src0 * dst + src1). */
  const bool reads_dst = sim_vkernel_reads_dst(k);

  _Alignas(16) uint8_t x[REP_BYTES], y[REP_BYTES], d[REP_BYTES];
  for (int64_t r = 0; r < plan.repeats; r++) {
    uint64_t sel[2];
    const int64_t last_e = sim_rep_plan_sel(&plan, r, sel);
    /* Gather the selected elements of the repeat into contiguous tiles,
     * run the kernel on them, scatter the results back. */
    int64_t n = 0;
    for (int64_t e = 0; e <= last_e; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      const uint8_t *px =
          base[1] + sim_rep_elem_off(r, e, st.blk[1], st.rep[1], es);
      sim_check_init(b, in, 1, px, es);
      memcpy(x + n * es, px, es);
      if (binary) {
        const uint8_t *py =
            base[2] + sim_rep_elem_off(r, e, st.blk[2], st.rep[2], es);
        sim_check_init(b, in, 2, py, es);
        memcpy(y + n * es, py, es);
      }
      if (reads_dst) {
        const uint8_t *pd =
            base[0] + sim_rep_elem_off(r, e, st.blk[0], st.rep[0], es);
        sim_check_init(b, in, 0, pd, es);
        memcpy(d + n * es, pd, es);
      }
      n++;
    }
    sim_vec_tile(k, shape, dt, d, x, binary ? y : NULL, c, n);
    n = 0;
    for (int64_t e = 0; e <= last_e; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      uint8_t *pd = base[0] + sim_rep_elem_off(r, e, st.blk[0], st.rep[0], es);
      memcpy(pd, d + n * es, es);
      sim_mark_written(b, pd, es);
      n++;
    }
  }
  return true;
}

/* Duplicate at levels 0 / 1: dst, scalar, the mask, repeatTimes,
 * dstBlockStride, dstRepeatStride (both in 32-byte blocks). The selected
 * elements of every repeat get the scalar; the others keep their value.
 * (Ascend C API reference, Duplicate: docs/simulator.md.) */
bool sim_exec_dup_repeat(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const unsigned n = in->nargs;
  const int64_t blk = sim_rep_operand(b, in, n - 2);
  const int64_t rep = sim_rep_operand(b, in, n - 1);
  sim_rep_plan plan;
  if (!sim_rep_plan_of(b, in, dt, 2, n - 5, in->imm2 != 0, n - 3, &plan))
    return false;
  if (plan.repeats == 0)
    return true;
  uint8_t *d = sim_local_access(b, in, 0, 0,
                                sim_rep_plan_extent(&plan, blk, rep, es), true);
  if (!d)
    return false;
  _Alignas(8) uint8_t c[8];
  sim_vec_scalar_elem(b, in, 1, dt, c);
  for (int64_t r = 0; r < plan.repeats; r++) {
    uint64_t sel[2];
    const int64_t last_e = sim_rep_plan_sel(&plan, r, sel);
    for (int64_t e = 0; e <= last_e; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      uint8_t *p = d + sim_rep_elem_off(r, e, blk, rep, es);
      memcpy(p, c, es);
      sim_mark_written(b, p, es);
    }
  }
  return true;
}
