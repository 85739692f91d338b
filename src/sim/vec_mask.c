/* The vector unit's mask register and its two modes (Ascend C API
 * reference, "掩码操作": SetMaskCount, SetMaskNorm, SetVectorMask,
 * ResetMask; docs/simulator.md "Mask modes").
 *
 * The register holds two 64-bit words (maskHigh, maskLow). In normal mode
 * they are the element set of every repeat of a level-0/1 op (bit i of
 * maskLow = element i, bit i of maskHigh = element 64 + i); in counter
 * mode maskLow is the number of elements of the whole op, whose repeat
 * count the vector unit derives (the op's repeatTimes has no effect).
 *
 * Who writes it: SetVectorMask and ResetMask; every level-0/1 op built
 * with isSetMask = true (the library's AscendCUtils::SetMask before the
 * instruction); every level-2 op, which runs in counter mode and then
 * restores normal mode with every bit set (asc-devkit's level-2
 * implementations: SetMaskCount, SetVectorMask<T, COUNTER>(0, count), the
 * instruction, SetMaskNorm, set_vector_mask(-1, -1)). Who reads it: the
 * level-0/1 ops built with isSetMask = false (SIM_VF_MASK_REG). */
#include "sim/sim_internal.h"

enum { REP_BYTES = 256 };
static const uint64_t FULL = ~0ull;

void sim_vmask_reset(sim_block *b) {
  b->vmask.counter = false;
  b->vmask.hi = b->vmask.lo = FULL;
}

/* The register's words for SetVectorMask<T, NORMAL>(len): the first len
 * elements (AscendCUtils::SetMask(len); len is 1..lanes). */
static void first_n(int64_t len, uint64_t *hi, uint64_t *lo) {
  *lo = len >= 64 ? FULL : (1ull << len) - 1;
  *hi = len >= 128 ? FULL : len > 64 ? (1ull << (len - 64)) - 1 : 0;
}

static bool set_vector_mask(sim_block *b, const sim_insn *in) {
  const char *api = sim_api_name(in->op);
  const bool counter = in->imm == 1, words = in->imm2 == 1;
  const int64_t lanes = REP_BYTES / casc_dtype_size((casc_dtype)in->dt);
  const char *tn = casc_dtype_name((casc_dtype)in->dt);
  if (!words) {
    int64_t len = b->slots[in->a[0]].i;
    if (counter) {
      /* "Counter模式：整个矢量计算过程中，参与计算的元素个数" */
      if (len < 0) {
        sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                   "%s: len is %lld; in counter mode it is the element "
                   "count of the vector op (>= 0)",
                   api, (long long)len);
        return false;
      }
      b->vmask.hi = 0;
      b->vmask.lo = (uint64_t)len;
      return true;
    }
    if (len < 1 || len > lanes) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: len is %lld; in normal mode it is the element count "
                 "of a repeat, 1..%lld for %s",
                 api, (long long)len, (long long)lanes, tn);
      return false;
    }
    first_n(len, &b->vmask.hi, &b->vmask.lo);
    return true;
  }
  uint64_t hi = (uint64_t)b->slots[in->a[0]].i;
  uint64_t lo = (uint64_t)b->slots[in->a[1]].i;
  if (!counter) {
    if (!hi && !lo) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: maskHigh and maskLow are both 0; the mask selects no "
                 "element",
                 api);
      return false;
    }
    if (lanes <= 64 && hi) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: maskHigh is 0x%llx; for %s (a 32-bit type) it must "
                 "be 0",
                 api, (unsigned long long)hi, tn);
      return false;
    }
  }
  /* Counter mode: maskHigh "需要置0，本入参不生效" (has no effect). */
  b->vmask.hi = counter ? 0 : hi;
  b->vmask.lo = lo;
  return true;
}

bool sim_exec_vmask(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_SET_MASK_COUNT:
    b->vmask.counter = true;
    return true;
  case SIM_SET_MASK_NORM:
    b->vmask.counter = false;
    return true;
  case SIM_RESET_MASK:
    /* "使用ResetMask恢复mask的值为默认值": every bit; the mode stays. */
    b->vmask.hi = b->vmask.lo = FULL;
    return true;
  default:
    return set_vector_mask(b, in);
  }
}

/* The register's mask as the element set of an op of `lanes` elements a
 * repeat: for a 32-bit type maskHigh has no lanes to select (ResetMask sets
 * it, and the next float op must still run). */
bool sim_vmask_sel(sim_block *b, const sim_insn *in, int64_t lanes,
                   uint64_t sel[2]) {
  sel[0] = b->vmask.lo;
  sel[1] = lanes > 64 ? b->vmask.hi : 0;
  if (!sel[0] && !sel[1]) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: isSetMask = false and the mask register (SetVectorMask) "
               "selects no element of a %s repeat",
               sim_api_name(in->op), casc_dtype_name((casc_dtype)in->dt));
    return false;
  }
  return true;
}

bool sim_rep_plan_of(sim_block *b, const sim_insn *in, unsigned dt,
                     unsigned mask0, unsigned nmask, bool bitmask,
                     unsigned rep_i, sim_rep_plan *p) {
  p->lanes = REP_BYTES / casc_dtype_size((casc_dtype)dt);
  p->count = -1;
  if (!(in->vflags & SIM_VF_MASK_REG)) {
    p->repeats = sim_rep_operand(b, in, rep_i);
    return sim_rep_times(b, in, p->repeats, 255) &&
           sim_rep_mask(b, in, dt, mask0, nmask, bitmask, p->sel);
  }
  if (b->vmask.counter) {
    /* "实际迭代次数由Vector计算单元自动推断 … repeatTimes … 该值不生效" */
    p->count = (int64_t)(b->vmask.lo & 0x7fffffffffffffffull);
    p->repeats = (p->count + p->lanes - 1) / p->lanes;
    p->sel[0] = FULL;
    p->sel[1] = p->lanes > 64 ? FULL : 0;
    return true;
  }
  p->repeats = sim_rep_operand(b, in, rep_i);
  return sim_rep_times(b, in, p->repeats, 255) &&
         sim_vmask_sel(b, in, p->lanes, p->sel);
}

int64_t sim_rep_plan_sel(const sim_rep_plan *p, int64_t r, uint64_t sel[2]) {
  sel[0] = p->sel[0];
  sel[1] = p->sel[1];
  if (p->count >= 0) {
    int64_t n = p->count - r * p->lanes;
    if (n <= 0)
      return -1;
    if (n < p->lanes) {
      sel[0] = n >= 64 ? FULL : (1ull << n) - 1;
      sel[1] = n > 64 ? (1ull << (n - 64)) - 1 : 0;
    }
  }
  return sim_rep_last_elem(sel);
}

int64_t sim_rep_plan_extent(const sim_rep_plan *p, int64_t blk, int64_t rep,
                            unsigned es) {
  if (p->repeats <= 0)
    return 0;
  if (p->count < 0)
    return sim_rep_extent(p->repeats, sim_rep_last_elem(p->sel), blk, rep, es);
  /* Counter mode: the full repeats, then the last one's own elements. */
  int64_t ext = p->repeats > 1
                    ? sim_rep_extent(p->repeats - 1, p->lanes - 1, blk, rep, es)
                    : 0;
  uint64_t sel[2];
  int64_t last = sim_rep_plan_sel(p, p->repeats - 1, sel);
  for (int64_t e = 0; e <= last; e++) {
    int64_t off = sim_rep_elem_off(p->repeats - 1, e, blk, rep, es) + es;
    ext = off > ext ? off : ext;
  }
  return ext;
}
