/* Compare, CompareScalar and Select at levels 0, 1 and 2.
 *
 * Compare(dst, src0, src1, cmpMode, ...) sets bit e of dst (byte e / 8,
 * bit e % 8: "小端顺序") when src0[e] cmpMode src1[e] holds; CompareScalar
 * compares with one scalar. On Atlas A2 the mask of the level-0/1 forms is
 * a reserved parameter with no effect ("保留参数，设置无效"), so every
 * element of each repeat is compared; the level-2 count must cover whole
 * 256-byte repeats ("未对齐部分元素不参与计算"): a partial repeat is not
 * compared (warning).
 *
 * Select(dst, selMask, src0, src1, selMode, ...) takes src0[e] where bit e
 * of selMask is 1, else src1[e] (a tensor, or in mode 1 a scalar). Mode 0
 * (VSEL_CMPMASK_SPR) uses the first 256/sizeof(T) bits of selMask for every
 * repeat; modes 1 and 2 consume the bits repeat after repeat. At levels 0
 * and 1 the mask then filters the result: unselected dst elements keep
 * their value.
 *
 * Sources and the rules chosen where the reference is silent:
 * docs/simulator.md, "Compare and Select". */
#include <string.h>

#include "sim/sim_internal.h"

enum { REP_BYTES = 256 };

/* CMPMODE (the order of the cmpMode attribute's keywords). */
enum { CMP_LT, CMP_GT, CMP_EQ, CMP_LE, CMP_GE, CMP_NE };
/* SELMODE */
enum { SEL_CMPMASK_SPR, SEL_TENSOR_SCALAR, SEL_TENSOR_TENSOR };

/* The level of an instruction (imm2, set by lowering). */
enum { LV_COUNT_MASK = 0, LV_BIT_MASK = 1, LV_COUNT = 2 };

bool sim_cmp_holds(int mode, double a, double b) {
  switch (mode) {
  case CMP_LT:
    return a < b;
  case CMP_GT:
    return a > b;
  case CMP_EQ:
    return a == b;
  case CMP_LE:
    return a <= b;
  case CMP_GE:
    return a >= b;
  default:
    return a != b;
  }
}

/* Strides (in 32-byte blocks) of the operands of a repeat form: dst, src0,
 * src1 from BinaryRepeatParams, or dst, src from UnaryRepeatParams. */
typedef struct {
  int64_t blk[3], rep[3];
} strides;

static strides params_of(const sim_block *b, const sim_insn *in, bool binary) {
  strides s = {{0, 0, 0}, {0, 0, 0}};
  unsigned o = in->nargs - 1, n = binary ? 3 : 2;
  for (unsigned i = 0; i < n; i++) {
    s.blk[i] = sim_field(b, in, o, i);
    s.rep[i] = sim_field(b, in, o, n + i);
  }
  return s;
}

/* Element e of repeat r of an operand, or of a contiguous tile (level 2:
 * r = 0, block stride 1). */
static int64_t off_of(const strides *st, unsigned o, int64_t r, int64_t e,
                      unsigned es, bool level2) {
  return level2 ? e * (int64_t)es
                : sim_rep_elem_off(r, e, st->blk[o], st->rep[o], es);
}

static int64_t count_of(sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  return sim_count(&b->slots[in->a[i]], dt);
}

/* Compare / CompareScalar. */
static bool exec_compare(sim_block *b, const sim_insn *in) {
  const bool scalar = in->opc == SIM_COMPARE_SCALAR;
  const bool level2 = in->imm2 == LV_COUNT;
  const unsigned dt = in->dt3; /* src0's type */
  const unsigned es = casc_dtype_size((casc_dtype)dt);
  const int64_t lanes = REP_BYTES / (int64_t)es;
  const char *api = sim_api_name(in->op);
  int64_t repeats;
  strides st = {{1, 1, 1}, {8, 8, 8}};
  if (level2) {
    int64_t n = count_of(b, in, 3);
    if (n < 0) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: the element count is %lld", api, (long long)n);
      return false;
    }
    repeats = n / lanes;
    if (n % lanes)
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
                 "%s: count %lld is not a whole number of 256-byte repeats "
                 "(%lld elements); the last %lld elements are not compared",
                 api, (long long)n, (long long)lanes, (long long)(n % lanes));
  } else {
    repeats = sim_rep_operand(b, in, in->nargs - 2);
    if (!sim_rep_times(b, in, repeats, 255))
      return false;
    st = params_of(b, in, !scalar);
  }
  if (repeats == 0)
    return true;
  const unsigned nsrc = scalar ? 1 : 2;
  uint8_t *src[2] = {NULL, NULL};
  for (unsigned o = 1; o <= nsrc; o++) {
    int64_t ext =
        level2 ? repeats * REP_BYTES
               : sim_rep_extent(repeats, lanes - 1, st.blk[o], st.rep[o], es);
    src[o - 1] = sim_local_access(b, in, o, 0, ext, true);
    if (!src[o - 1])
      return false;
  }
  /* The result bits are packed repeat after repeat (dst's strides are not
   * used: docs/simulator.md). */
  const int64_t dbytes = repeats * lanes / 8;
  uint8_t *d = sim_local_access(b, in, 0, 0, dbytes, true);
  if (!d)
    return false;
  double c = 0;
  if (scalar) {
    _Alignas(8) uint8_t cb[8];
    sim_vec_scalar_elem(b, in, 2, dt, cb);
    c = sim_load_f(cb, dt);
  }
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t e = 0; e < lanes; e += 8) {
      uint8_t byte = 0;
      for (int64_t k = 0; k < 8; k++) {
        int64_t i = level2 ? r * lanes + e + k : e + k;
        const uint8_t *p0 = src[0] + off_of(&st, 1, r, i, es, level2);
        sim_check_init(b, in, 1, p0, es);
        double a = sim_load_f(p0, dt), y = c;
        if (!scalar) {
          const uint8_t *p1 = src[1] + off_of(&st, 2, r, i, es, level2);
          sim_check_init(b, in, 2, p1, es);
          y = sim_load_f(p1, dt);
        }
        byte |= (uint8_t)(sim_cmp_holds((int)in->imm, a, y) << k);
      }
      d[(r * lanes + e) / 8] = byte;
    }
  sim_mark_written(b, d, dbytes);
  return true;
}

/* Select (tensor or scalar src1). Operands: dst, selMask, src0, src1, then
 * the count (level 2) or the mask, repeatTime and BinaryRepeatParams. */
static bool exec_select(sim_block *b, const sim_insn *in) {
  const bool scalar = in->opc == SIM_SELECT_SCALAR;
  const bool level2 = in->imm2 == LV_COUNT;
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t lanes = REP_BYTES / (int64_t)es;
  const int mode = (int)in->imm;
  const char *api = sim_api_name(in->op);
  int64_t repeats, n = 0;
  uint64_t sel[2] = {~0ull, ~0ull};
  strides st = {{1, 1, 1}, {8, 8, 8}};
  if (level2) {
    n = count_of(b, in, 4);
    if (n < 0) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: the element count is %lld", api, (long long)n);
      return false;
    }
    repeats = n ? 1 : 0; /* one contiguous run of n elements */
  } else {
    repeats = sim_rep_operand(b, in, in->nargs - 2);
    if (!sim_rep_times(b, in, repeats, 255) ||
        !sim_rep_mask(b, in, dt, 4, in->nargs - 6, in->imm2 == LV_BIT_MASK,
                      sel))
      return false;
    st = params_of(b, in, true);
  }
  if (repeats == 0)
    return true;
  /* The last element of a repeat (level 2: of the run) and the reach of
   * every operand. */
  const int64_t last_e = level2 ? n - 1 : sim_rep_last_elem(sel);
  const int64_t per = level2 ? n : lanes; /* elements per "repeat" */
  uint8_t *base[4] = {NULL, NULL, NULL, NULL};
  const unsigned tens[3] = {0, 2, 3};
  for (unsigned k = 0; k < (scalar ? 2u : 3u); k++) {
    unsigned o = tens[k];
    int64_t ext =
        level2 ? n * (int64_t)es
               : sim_rep_extent(repeats, last_e, st.blk[k], st.rep[k], es);
    base[o] = sim_local_access(b, in, o, 0, ext, true);
    if (!base[o])
      return false;
  }
  /* selMask: mode 0 reads the bits of one repeat, modes 1 and 2 one bit
   * per element of every repeat. */
  const int64_t mbits = mode == SEL_CMPMASK_SPR
                            ? (level2 && n < lanes ? n : lanes)
                            : repeats * per;
  const int64_t mbytes = (mbits + 7) / 8;
  const uint8_t *m = sim_local_access(b, in, 1, 0, mbytes, true);
  if (!m)
    return false;
  sim_check_init(b, in, 1, m, mbytes);
  _Alignas(8) uint8_t c[8] = {0};
  if (scalar)
    sim_vec_scalar_elem(b, in, 3, dt, c);
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t e = 0; e <= last_e; e++) {
      if (!level2 && !(sel[e / 64] >> (e % 64) & 1))
        continue;
      int64_t bit = mode == SEL_CMPMASK_SPR ? e % lanes : r * per + e;
      bool take0 = m[bit / 8] >> (bit % 8) & 1;
      const uint8_t *p;
      if (take0) {
        p = base[2] + off_of(&st, 1, r, e, es, level2);
        sim_check_init(b, in, 2, p, es);
      } else if (scalar) {
        p = c;
      } else {
        p = base[3] + off_of(&st, 2, r, e, es, level2);
        sim_check_init(b, in, 3, p, es);
      }
      uint8_t *pd = base[0] + off_of(&st, 0, r, e, es, level2);
      memmove(pd, p, es);
      sim_mark_written(b, pd, es);
    }
  return true;
}

bool sim_exec_cmpsel(sim_block *b, const sim_insn *in) {
  if (in->opc == SIM_COMPARE || in->opc == SIM_COMPARE_SCALAR)
    return exec_compare(b, in);
  return exec_select(b, in);
}
