/* The reductions in their level-0 / level-1 forms (mask + repeat times +
 * strides), one handler for all of them:
 *   WholeReduceSum/Max/Min, RepeatReduceSum  one result per repeat;
 *   BlockReduceSum/Max/Min                   one result per 32-byte block;
 *   PairReduceSum                            one result per adjacent pair;
 *   ReduceSum/Max/Min (levels 0 / 1)         one result over all repeats.
 * Each repeat covers 256 bytes of src (8 blocks of 32 bytes, `srcBlkStride`
 * blocks apart, repeats `srcRepStride` blocks apart); the mask selects the
 * elements of every repeat as in vec_repeat.c. Sums are binary trees over
 * the lanes of a repeat (lane 2i + lane 2i+1, level by level), each
 * addition rounded to the element type; a lane the mask leaves out adds
 * nothing. Max / min keep the first (lowest-index) extreme. The sources of
 * each rule (the Ascend C API reference pages of these APIs) and the rules
 * chosen where the reference is silent are in docs/simulator.md, section
 * "Reductions at levels 0 and 1". */
#include <math.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"

enum { REP_BYTES = 256, BLK_BYTES = 32, MAX_LANES = 128 };

typedef enum { RED_SUM, RED_MAX, RED_MIN } red_op;
typedef enum { G_WHOLE, G_BLOCK, G_PAIR, G_ALL } red_group;

/* ReduceOrder of WholeReduceMax/Min (the `order` attribute). */
enum {
  ORDER_VALUE_INDEX,
  ORDER_INDEX_VALUE,
  ORDER_ONLY_VALUE,
  ORDER_ONLY_INDEX
};

/* Where an op's operands are: the mask operands [mask0, mask0 + nmask),
 * the repeat count, and the strides (-1: the op has none). */
typedef struct {
  red_op op;
  red_group grp;
  unsigned mask0, nmask, rep;
  int dst_rep, src_blk, src_rep, cal_index, tmp;
  int64_t max_repeats;
} red_layout;

static bool layout_of(const sim_insn *in, red_layout *l) {
  const unsigned n = in->nargs;
  memset(l, 0, sizeof *l);
  l->dst_rep = l->src_blk = l->src_rep = l->cal_index = l->tmp = -1;
  l->max_repeats = 255;
  switch (in->opc) {
  case SIM_VEC_REDUCE_REP: /* dst, src, tmp, mask.., rep, srcRep[, calIndex] */
    l->grp = G_ALL;
    l->op = in->kern == SIM_K_REDUCE_SUM   ? RED_SUM
            : in->kern == SIM_K_REDUCE_MAX ? RED_MAX
                                           : RED_MIN;
    l->tmp = 2;
    l->mask0 = 3;
    l->nmask = n - 3 - (l->op == RED_SUM ? 2 : 3);
    l->rep = l->mask0 + l->nmask;
    l->src_rep = (int)l->rep + 1;
    if (l->op != RED_SUM)
      l->cal_index = (int)l->rep + 2;
    /* ReduceSum/Max/Min take any int32 repeat count (the reference's note
     * on repeatTime). */
    l->max_repeats = INT32_MAX;
    return true;
  case SIM_WHOLE_REDUCE_SUM: /* dst, src, mask.., rep, dstRep, srcBlk, srcRep */
  case SIM_WHOLE_REDUCE_MAX:
  case SIM_WHOLE_REDUCE_MIN:
    l->grp = G_WHOLE;
    l->op = in->opc == SIM_WHOLE_REDUCE_SUM   ? RED_SUM
            : in->opc == SIM_WHOLE_REDUCE_MAX ? RED_MAX
                                              : RED_MIN;
    l->mask0 = 2;
    l->nmask = n - 6;
    l->rep = n - 4;
    l->dst_rep = (int)n - 3;
    l->src_blk = (int)n - 2;
    l->src_rep = (int)n - 1;
    return true;
  case SIM_REPEAT_REDUCE_SUM: /* dst, src, rep, mask, dstBlk (unused), srcBlk,
                                 dstRep, srcRep */
    l->grp = G_WHOLE;
    l->op = RED_SUM;
    l->rep = 2;
    l->mask0 = 3;
    l->nmask = 1;
    l->src_blk = 5;
    l->dst_rep = 6;
    l->src_rep = 7;
    return n == 8;
  case SIM_BLOCK_REDUCE_SUM: /* dst, src, rep, mask.., dstRep, srcBlk, srcRep */
  case SIM_BLOCK_REDUCE_MAX:
  case SIM_BLOCK_REDUCE_MIN:
  case SIM_PAIR_REDUCE_SUM:
    l->grp = in->opc == SIM_PAIR_REDUCE_SUM ? G_PAIR : G_BLOCK;
    l->op = in->opc == SIM_BLOCK_REDUCE_MAX   ? RED_MAX
            : in->opc == SIM_BLOCK_REDUCE_MIN ? RED_MIN
                                              : RED_SUM;
    l->rep = 2;
    l->mask0 = 3;
    l->nmask = n - 6;
    l->dst_rep = (int)n - 3;
    l->src_blk = (int)n - 2;
    l->src_rep = (int)n - 1;
    return true;
  default:
    return false;
  }
}

int sim_vec_repeat_operand(const sim_insn *in) {
  red_layout l;
  switch (in->opc) {
  case SIM_VEC_BINARY_REP:
  case SIM_VEC_SCALAR_REP:
  case SIM_VEC_UNARY_REP:
    return in->nargs >= 2 ? (int)in->nargs - 2 : -1;
  case SIM_VEC_DUP_REP:
    return in->nargs >= 3 ? (int)in->nargs - 3 : -1;
  case SIM_CAST_REP:
    return in->nargs >= 2 ? (int)in->nargs - 2 : -1;
  case SIM_BRCB:
    return in->nargs == 4 ? 2 : -1;
  case SIM_SORT32:
    return in->nargs == 4 ? 3 : -1;
  case SIM_SELECT_REG:
    return in->nargs == 5 ? 3 : -1;
  case SIM_AXPY:
  case SIM_GATHER:
  case SIM_COMPARE: /* level 2 (imm2 = 2): no repeat operand */
  case SIM_COMPARE_SCALAR:
  case SIM_SELECT_TENSOR:
  case SIM_SELECT_SCALAR:
    return in->imm2 != 2 && in->nargs >= 2 ? (int)in->nargs - 2 : -1;
  default:
    return layout_of(in, &l) && l.rep < in->nargs ? (int)l.rep : -1;
  }
}

/* One addition of the tree, rounded to the element type (exact in double
 * for half and float operands, so rounding once is correct rounding). */
static double add_rounded(double a, double b, unsigned dt) {
  return sim_fround(a + b, dt);
}

/* The binary tree over n lanes (a power of two), in place. */
static double tree_sum(double *v, int64_t n, unsigned dt) {
  for (; n > 1; n /= 2)
    for (int64_t i = 0; i < n / 2; i++)
      v[i] = add_rounded(v[2 * i], v[2 * i + 1], dt);
  return v[0];
}

/* Max / min of the selected lanes [lo, hi) of v: the first extreme (a
 * later lane wins only when strictly greater / smaller). False if none is
 * selected. */
static bool extreme(red_op op, const double *v, const bool *on, int64_t lo,
                    int64_t hi, double *val, int64_t *idx) {
  bool any = false;
  for (int64_t i = lo; i < hi; i++) {
    if (!on[i])
      continue;
    if (!any || (op == RED_MAX ? v[i] > *val : v[i] < *val)) {
      *val = v[i];
      *idx = i;
    }
    any = true;
  }
  return any;
}

/* The value BlockReduce writes for a block the mask leaves empty (the
 * reference's A2 rule: 0 for a sum, the lowest / highest finite half or
 * -inf / +inf for float). */
static double empty_block_value(red_op op, unsigned dt) {
  if (op == RED_SUM)
    return 0;
  double big = dt == CASC_DT_F16 ? 65504.0 : INFINITY;
  return op == RED_MAX ? -big : big;
}

static void store_index(uint8_t *p, unsigned width, int64_t idx) {
  if (width == 2) {
    uint16_t u = (uint16_t)idx;
    memcpy(p, &u, 2);
  } else {
    uint32_t u = (uint32_t)idx;
    memcpy(p, &u, 4);
  }
}

static int64_t operand_i(const sim_block *b, const sim_insn *in, int i) {
  return i < 0 ? 0 : sim_rep_operand(b, in, (unsigned)i);
}

/* A stride operand is 0..65535 (the reference's range for every stride of
 * these APIs). */
static bool check_stride(sim_block *b, const sim_insn *in, int i) {
  if (i < 0)
    return true;
  int64_t v = sim_rep_operand(b, in, (unsigned)i);
  if (v >= 0 && v <= 65535)
    return true;
  char nm[32];
  sim_report(
      b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
      "%s: %s is %lld; the hardware takes 0..65535", sim_api_name(in->op),
      sim_operand_name(in->op, (unsigned)i, nm, sizeof nm), (long long)v);
  return false;
}

/* The bytes one repeat writes to dst and the unit of dstRepStride. */
static void dst_shape(const red_layout *l, int order, unsigned es, int64_t *out,
                      int64_t *unit) {
  switch (l->grp) {
  case G_BLOCK:
    *out = *unit = 8 * (int64_t)es;
    return;
  case G_PAIR:
    *out = *unit = REP_BYTES / 2; /* half a repeat */
    return;
  default:
    break;
  }
  if (l->op == RED_SUM || order == ORDER_ONLY_VALUE)
    *out = *unit = es;
  else if (order == ORDER_ONLY_INDEX)
    *out = *unit = 4; /* the index as uint32 */
  else
    *out = *unit = 2 * (int64_t)es;
}

/* Writes one repeat's result(s) for the per-repeat groups. */
static void reduce_one_repeat(const red_layout *l, int order, unsigned dt,
                              double *v, const bool *on, int64_t lanes,
                              uint8_t *d) {
  const unsigned es = casc_dtype_size((casc_dtype)dt);
  if (l->grp == G_BLOCK) {
    const int64_t per_blk = BLK_BYTES / es;
    for (int64_t k = 0; k < 8; k++) {
      double r = 0;
      int64_t idx = 0;
      bool any = false;
      for (int64_t i = k * per_blk; i < (k + 1) * per_blk; i++)
        any |= on[i];
      if (!any)
        r = empty_block_value(l->op, dt);
      else if (l->op == RED_SUM)
        r = tree_sum(v + k * per_blk, per_blk, dt);
      else
        extreme(l->op, v, on, k * per_blk, (k + 1) * per_blk, &r, &idx);
      sim_store_f(d + k * es, dt, r);
    }
    return;
  }
  if (l->grp == G_PAIR) {
    for (int64_t j = 0; j < lanes / 2; j++)
      sim_store_f(d + j * es, dt, add_rounded(v[2 * j], v[2 * j + 1], dt));
    return;
  }
  if (l->op == RED_SUM) {
    sim_store_f(d, dt, tree_sum(v, lanes, dt));
    return;
  }
  double val = 0;
  int64_t idx = 0;
  extreme(l->op, v, on, 0, lanes, &val, &idx);
  switch (order) {
  case ORDER_INDEX_VALUE:
    store_index(d, es, idx);
    sim_store_f(d + es, dt, val);
    break;
  case ORDER_ONLY_VALUE:
    sim_store_f(d, dt, val);
    break;
  case ORDER_ONLY_INDEX:
    store_index(d, 4, idx);
    break;
  default:
    sim_store_f(d, dt, val);
    store_index(d + es, es, idx);
    break;
  }
}

bool sim_exec_reduce_repeat(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  red_layout l;
  if (!layout_of(in, &l) || (dt != CASC_DT_F16 && dt != CASC_DT_F32)) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "not supported by the simulator: %s for %s",
               casc_op_name(in->op), casc_dtype_name((casc_dtype)dt));
    return false;
  }
  const int64_t lanes = REP_BYTES / es;
  const int order = (int)in->imm;
  /* The repeats and the elements each selects: the op's mask and repeat
   * count, or the mask register's mask; in counter mode (isSetMask =
   * false after SetMaskCount) the register's element count over derived
   * repeats, the last one partial (vec_mask.c). */
  sim_rep_plan plan = {operand_i(b, in, (int)l.rep), {0, 0}, -1, lanes};
  if ((in->vflags & SIM_VF_MASK_REG) && b->vmask.counter) {
    if (!sim_rep_plan_of(b, in, dt, l.mask0, l.nmask, in->imm2 != 0,
                         (unsigned)l.rep, &plan))
      return false;
  } else if (!sim_rep_times(b, in, plan.repeats, l.max_repeats) ||
             !sim_rep_mask(b, in, dt, l.mask0, l.nmask, in->imm2 != 0,
                           plan.sel)) {
    return false;
  }
  if (!check_stride(b, in, l.dst_rep) || !check_stride(b, in, l.src_blk) ||
      !check_stride(b, in, l.src_rep))
    return false;
  const int64_t repeats = plan.repeats;
  uint64_t sel[2];
  if (repeats == 0)
    return true; /* a NOP on A2 */
  const int64_t src_blk = l.src_blk < 0 ? 1 : operand_i(b, in, l.src_blk);
  const int64_t src_rep = operand_i(b, in, l.src_rep);
  const int64_t dst_rep = operand_i(b, in, l.dst_rep);
  const bool with_index = l.cal_index >= 0 && operand_i(b, in, l.cal_index);

  /* Reach of src (the last selected element of the first and of the last
   * repeat) and of dst (the last repeat's results), checked once. */
  uint8_t *s = sim_local_access(
      b, in, 1, 0, sim_rep_plan_extent(&plan, src_blk, src_rep, es), true);
  if (!s)
    return false;
  if (l.tmp >= 0 && !sim_local_access(b, in, (unsigned)l.tmp, 0, 0, true))
    return false; /* only live and aligned: the simulator needs no scratch */
  int64_t out, unit;
  if (l.grp == G_ALL)
    out = unit = (with_index ? 2 : 1) * (int64_t)es;
  else
    dst_shape(&l, order, es, &out, &unit);
  const int64_t dst_bytes =
      l.grp == G_ALL ? out : (repeats - 1) * dst_rep * unit + out;
  uint8_t *d = sim_local_access(b, in, 0, 0, dst_bytes, false);
  if (!d)
    return false;
  const int64_t align = l.grp == G_PAIR ? es : unit;
  if ((d - b->mem[SIM_POOL_UB]) % align) {
    sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
               "%s: 'dst' is not aligned to %lld bytes", sim_api_name(in->op),
               (long long)align);
    return false;
  }

  double v[MAX_LANES];
  bool on[MAX_LANES];
  double acc_val = 0;   /* G_ALL: max / min so far */
  int64_t acc_idx = -1; /* G_ALL: its index; -1 = none yet */
  double *sums = NULL;  /* G_ALL sum: one per repeat, then a tree */
  if (l.grp == G_ALL && l.op == RED_SUM) {
    sums = casc_malloc((size_t)repeats * sizeof *sums);
    if (!sums) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "%s: out of memory", sim_api_name(in->op));
      return false;
    }
  }
  for (int64_t r = 0; r < repeats; r++) {
    const int64_t last_e = sim_rep_plan_sel(&plan, r, sel);
    for (int64_t e = 0; e < lanes; e++) {
      on[e] = e <= last_e && (sel[e / 64] >> (e % 64) & 1);
      v[e] = 0;
      if (!on[e])
        continue;
      const uint8_t *p = s + sim_rep_elem_off(r, e, src_blk, src_rep, es);
      sim_check_init(b, in, 1, p, es);
      v[e] = sim_load_f(p, dt);
    }
    if (l.grp != G_ALL) {
      uint8_t *dr = d + r * dst_rep * unit;
      reduce_one_repeat(&l, order, dt, v, on, lanes, dr);
      sim_mark_written(b, dr, out);
      continue;
    }
    if (l.op == RED_SUM) {
      sums[r] = tree_sum(v, lanes, dt);
      continue;
    }
    double rv = 0;
    int64_t ri = 0;
    extreme(l.op, v, on, 0, lanes, &rv, &ri);
    /* The index into src of the element (block stride 1 in this API). */
    ri += r * src_rep * (BLK_BYTES / es);
    if (acc_idx < 0 || (l.op == RED_MAX ? rv > acc_val : rv < acc_val) ||
        (rv == acc_val && ri < acc_idx)) {
      acc_val = rv;
      acc_idx = ri;
    }
  }
  if (l.grp != G_ALL)
    return true;
  if (l.op == RED_SUM) {
    /* Across repeats also a pairwise tree (A2's "方式二"); an odd element
     * of a level is carried up unchanged. */
    int64_t m = repeats;
    while (m > 1) {
      int64_t h = m / 2;
      for (int64_t i = 0; i < h; i++)
        sums[i] = add_rounded(sums[2 * i], sums[2 * i + 1], dt);
      if (m & 1)
        sums[h] = sums[m - 1];
      m = h + (m & 1);
    }
    acc_val = sums[0];
    casc_free(sums);
  }
  sim_store_f(d, dt, acc_val);
  if (with_index)
    store_index(d + es, es, acc_idx);
  sim_mark_written(b, d, out);
  return true;
}
