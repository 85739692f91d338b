/* The binary ops that convert their result: AddReluCast, SubReluCast,
 * MulCast (Ascend C API reference, asc-devkit docs/api/context/
 * AddReluCast.md, SubReluCast.md, MulCast.md, table 3 "精度转换规则"), and
 * AddDeqRelu (AddDeqRelu.md: int32 sum, deq by DEQSCALE, Relu, half), and
 * MulAddDst's mixed form (half sources, float dst read and written). The
 * op runs in the sources' type, exactly as its same-type op (Add then
 * Relu, Sub then Relu, Mul: the element kernels ADD_RELU, SUB_RELU, MUL of
 * the row), and each result is converted to dst's type with CAST_NONE
 * ("按照CAST_NONE模式取整"; NONE rounds like RINT where precision is lost)
 * and saturation ("溢出默认按照饱和处理"), by Cast's own conversion.
 *
 * Level 2 takes count contiguous elements. At levels 0 / 1 a repeat is 256
 * bytes of the wider type, the sources' ("当源操作数和目的操作数位数不同时，
 * 以数据类型的字节较大的为准"), and each operand's element e lies at its own
 * type's offset with its BinaryRepeatParams strides; the mask (or the mask
 * register, vec_mask.c) selects the elements, the others keep dst's value. */
#include "sim/sim_internal.h"

enum { REP_BYTES = 256, M_NONE = 0, M_RINT = 1 };

/* The kernel over n source elements at x, y into t (source type), then
 * converted into dst's elements at the addresses in dp[]. AddDeqRelu (imm
 * 1): the int32 sum times DEQSCALE, rounded to half (nearest even,
 * saturating), then Relu. */
static void run_convert(sim_block *b, const sim_insn *in, int64_t n,
                        const uint8_t *x, const uint8_t *y, uint8_t *t,
                        uint8_t *const *dp) {
  const unsigned sdt = in->dt3, ses = casc_dtype_size((casc_dtype)sdt);
  const unsigned des = casc_dtype_size((casc_dtype)in->dt);
  if (in->imm == 2) {
    /* MulAddDst half -> float: dst = src0 * src1 + dst, the half product
     * exact in double, the sum rounded once to float (as Axpy's mixed
     * form) */
    for (int64_t i = 0; i < n; i++) {
      sim_check_init(b, in, 0, dp[i], des);
      double v = sim_load_f(x + i * ses, sdt) * sim_load_f(y + i * ses, sdt) +
                 sim_load_f(dp[i], in->dt);
      sim_store_f(dp[i], in->dt, sim_round_mode(v, M_RINT, in->dt, false));
      sim_mark_written(b, dp[i], des);
    }
    return;
  }
  sim_vec_tile(sim_vkernel_get(in->kern), SIM_VEC_BINARY, sdt, t, x, y, NULL,
               n);
  for (int64_t i = 0; i < n; i++) {
    if (in->imm == 1) {
      double v = (double)sim_load_i(t + i * ses, sdt) * b->deq.scale;
      v = sim_round_mode(v, M_RINT, in->dt, true);
      sim_store_f(dp[i], in->dt, v > 0 ? v : 0);
    } else {
      sim_cast_elem(dp[i], in->dt, t + i * ses, sdt, M_NONE);
    }
    sim_mark_written(b, dp[i], des);
  }
}

/* AddDeqRelu scales by DEQSCALE: a kernel that has not set it (with the
 * half form SetDeqScale(scale)) reads a value it never chose. */
static bool deq_ready(sim_block *b, const sim_insn *in) {
  if (in->imm != 1 || (b->deq.set && b->deq.half_form))
    return true;
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
             "%s: DEQSCALE is %s; the op scales by it, so "
             "SetDeqScale(half scale) must come first",
             sim_api_name(in->op),
             b->deq.set ? "set by CastDeq's form SetDeqScale(float scale, "
                          "offset, signMode)"
                        : "not set in this kernel");
  return false;
}

bool sim_exec_set_deq_scale(sim_block *b, const sim_insn *in) {
  const sim_slot *v = &b->slots[in->a[0]];
  unsigned sdt = casc_dtype_of_type(in->op->operands[0].value->type);
  b->deq.set = true;
  b->deq.scale = sim_dt_is_float(sdt) ? v->f : (double)v->i;
  b->deq.half_form = in->nargs == 1;
  /* CastDeq's form: "offset … 只有前9位有效" (a 9-bit signed value) */
  b->deq.offset =
      in->nargs > 1 ? (int16_t)((int16_t)(b->slots[in->a[1]].i << 7) >> 7) : 0;
  b->deq.sign = in->nargs > 2 && b->slots[in->a[2]].i != 0;
  return true;
}

static bool level2(sim_block *b, const sim_insn *in) {
  const unsigned ses = casc_dtype_size((casc_dtype)in->dt3);
  const unsigned des = casc_dtype_size((casc_dtype)in->dt);
  unsigned cdt = casc_dtype_of_type(in->op->operands[3].value->type);
  int64_t n = sim_count(&b->slots[in->a[3]], cdt);
  if (n < 0) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the element count is %lld", sim_api_name(in->op),
               (long long)n);
    return false;
  }
  if (n == 0)
    return true;
  uint8_t *d = sim_local_access(b, in, 0, 0, n * des, true);
  uint8_t *x = d ? sim_local_access(b, in, 1, 0, n * ses, true) : NULL;
  uint8_t *y = x ? sim_local_access(b, in, 2, 0, n * ses, true) : NULL;
  if (!y || !sim_check_overlap(b, in, 0, d, n * des, 1, x, n * ses) ||
      !sim_check_overlap(b, in, 0, d, n * des, 2, y, n * ses))
    return false;
  sim_check_init(b, in, 1, x, n * ses);
  sim_check_init(b, in, 2, y, n * ses);
  /* in chunks of one repeat's worth, through a source-typed tile */
  _Alignas(16) uint8_t t[REP_BYTES];
  uint8_t *dp[REP_BYTES / 2];
  const int64_t chunk = REP_BYTES / ses;
  for (int64_t i0 = 0; i0 < n; i0 += chunk) {
    int64_t m = n - i0 < chunk ? n - i0 : chunk;
    for (int64_t i = 0; i < m; i++)
      dp[i] = d + (i0 + i) * des;
    run_convert(b, in, m, x + i0 * ses, y + i0 * ses, t, dp);
  }
  return true;
}

bool sim_exec_bin_cast(sim_block *b, const sim_insn *in) {
  if (!deq_ready(b, in))
    return false;
  if (in->imm2 == 2)
    return level2(b, in);
  const unsigned sdt = in->dt3, ses = casc_dtype_size((casc_dtype)sdt);
  const unsigned des = casc_dtype_size((casc_dtype)in->dt);
  const unsigned es[3] = {des, ses, ses};
  const unsigned nmask = in->nargs - 5; /* dst, src0, src1, mask.., rep, p */
  sim_rep_plan plan;
  if (!sim_rep_plan_of(b, in, sdt, 3, nmask, in->imm2 == 1, in->nargs - 2,
                       &plan))
    return false;
  if (plan.repeats == 0)
    return true;
  int64_t blk[3], rep[3];
  uint8_t *base[3];
  for (unsigned o = 0; o < 3; o++) {
    blk[o] = sim_field(b, in, in->nargs - 1, o);
    rep[o] = sim_field(b, in, in->nargs - 1, 3 + o);
    base[o] = sim_local_access(
        b, in, o, 0, sim_rep_plan_extent(&plan, blk[o], rep[o], es[o]), true);
    if (!base[o])
      return false;
  }
  _Alignas(16) uint8_t x[REP_BYTES], y[REP_BYTES], t[REP_BYTES];
  uint8_t *dp[REP_BYTES / 2];
  for (int64_t r = 0; r < plan.repeats; r++) {
    uint64_t sel[2];
    const int64_t last_e = sim_rep_plan_sel(&plan, r, sel);
    int64_t n = 0;
    for (int64_t e = 0; e <= last_e; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      const uint8_t *px = base[1] + sim_rep_elem_off(r, e, blk[1], rep[1], ses);
      const uint8_t *py = base[2] + sim_rep_elem_off(r, e, blk[2], rep[2], ses);
      sim_check_init(b, in, 1, px, ses);
      sim_check_init(b, in, 2, py, ses);
      memcpy(x + n * ses, px, ses);
      memcpy(y + n * ses, py, ses);
      dp[n++] = base[0] + sim_rep_elem_off(r, e, blk[0], rep[0], des);
    }
    run_convert(b, in, n, x, y, t, dp);
  }
  return true;
}
