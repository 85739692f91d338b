/* Select without a mask argument (`select_reg`, `select_scalar_reg`): the
 * forms that read the CMPMASK register (SetCmpMask / Compare's register
 * form) and run with the mask register (SetVectorMask; counter mode's
 * element count included), as SetCmpMask's example does:
 * "SetCmpMask(sel); SetVectorMask<float>(mask); Select<float,
 * VSEL_CMPMASK_SPR>(dst, src0, src1, repeat, repeatParams)".
 *
 * The vsel instruction (CCE intrinsic reference, vsel) gives the register's
 * role per selMode:
 *   - 0 (VSEL_CMPMASK_SPR, `select_reg`): CMPMASK[127:0] for half,
 *     CMPMASK[63:0] for float are the selection bits of every repeat; bit e
 *     set takes src0[e], else src1[e].
 *   - 1 (VSEL_TENSOR_SCALAR_MODE, `select_scalar_reg`): the scalar is
 *     CMPMASK[15:0] (half) / CMPMASK[31:0] (float); the selection bits are
 *     in UB (selMask), one repeat's bits after the other ("所有 CMPMASK 是
 *     连续存储的"), src1's block stride unused.
 *   - 2 (VSEL_TENSOR_TENSOR_MODE): the register holds selMask's UB address;
 *     not run (an address in a register would bypass the buffer checks).
 * Unselected dst elements keep their value. docs/simulator.md, "Compare
 * and Select". */
#include <string.h>

#include "sim/sim_internal.h"

enum { REP_BYTES = 256, SEL_CMPMASK_SPR = 0, SEL_TENSOR_SCALAR = 1 };
/* Operand positions, common to both rows: dst, (src0 | selMask),
 * (src1 | src0), repeatTimes, BinaryRepeatParams. */
enum { OP_DST = 0, OP_REPEAT = 3, OP_PARAMS = 4, NOPS = 5 };

bool sim_select_reg_check(const casc_op *op, sim_insn *in, char *why,
                          size_t n) {
  const bool scalar = op->kind == CASC_OP_SELECT_SCALAR_REG;
  if (op->nops != NOPS) {
    snprintf(why, n, "Select with %u operands", op->nops);
    return false;
  }
  if (in->dt != CASC_DT_F16 && in->dt != CASC_DT_F32) {
    snprintf(why, n, "Select on %s (A2: half, float)",
             casc_dtype_name((casc_dtype)in->dt));
    return false;
  }
  /* The tensors of dst's type: src0, src1 (mode 0) or src0 (mode 1). */
  for (unsigned i = scalar ? 2 : 1; i < OP_REPEAT; i++) {
    const casc_type *e = casc_type_elem(op->operands[i].value->type);
    if (!e || casc_dtype_of_type(e) != in->dt) {
      snprintf(why, n, "operands of different element types");
      return false;
    }
  }
  int64_t mode = SEL_TENSOR_SCALAR;
  if (!scalar) {
    casc_attr *a = casc_op_attr(op, "selMode");
    mode = a && a->kind == CASC_ATTR_INTEGER ? a->u.i.v : -1;
    if (mode != SEL_CMPMASK_SPR) {
      snprintf(why, n, "%s",
               mode == 2   ? "VSEL_TENSOR_TENSOR_MODE without a mask: the "
                             "CMPMASK register holds selMask's UB address"
               : mode == 1 ? "a tensor-tensor Select in VSEL_TENSOR_SCALAR_MODE"
                           : "a selMode attribute other than 0..2");
      return false;
    }
  }
  in->imm = mode;
  /* No mask operand: the mask register's mask or element count. */
  in->vflags |= SIM_VF_MASK_REG;
  return true;
}

bool sim_exec_select_reg(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const bool scalar = in->imm == SEL_TENSOR_SCALAR;
  const char *api = sim_api_name(in->op);
  sim_rep_plan plan;
  if (!sim_rep_plan_of(b, in, dt, 0, 0, false, OP_REPEAT, &plan))
    return false;
  if (plan.repeats == 0)
    return true;
  if (!b->cmpmask_set)
    sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
               "%s: the CMPMASK register is read before any Compare "
               "(register form) or SetCmpMask wrote it; its bits are 0 here, "
               "undefined on the NPU",
               api);
  /* BinaryRepeatParams: dst, src0, src1 strides. The tensor operand each
   * applies to (mode 1's selMask, in src1's place, has none). */
  int64_t blk[3], rep[3];
  for (unsigned k = 0; k < 3; k++) {
    blk[k] = sim_field(b, in, OP_PARAMS, k);
    rep[k] = sim_field(b, in, OP_PARAMS, 3 + k);
  }
  const unsigned opnd[3] = {OP_DST, scalar ? 2u : 1u, scalar ? 0u : 2u};
  uint8_t *base[3] = {NULL, NULL, NULL};
  for (unsigned k = 0; k < (scalar ? 2u : 3u); k++) {
    base[k] =
        sim_local_access(b, in, opnd[k], 0,
                         sim_rep_plan_extent(&plan, blk[k], rep[k], es), true);
    if (!base[k])
      return false;
  }
  /* Mode 1: the bits of repeat r follow those of repeat r - 1 in selMask. */
  const uint8_t *m = NULL;
  uint64_t sel[2];
  if (scalar) {
    int64_t last = sim_rep_plan_sel(&plan, plan.repeats - 1, sel);
    int64_t mbytes = ((plan.repeats - 1) * plan.lanes + last + 1 + 7) / 8;
    m = sim_local_access(b, in, 1, 0, mbytes, true);
    if (!m)
      return false;
    sim_check_init(b, in, 1, m, mbytes);
  }
  for (int64_t r = 0; r < plan.repeats; r++) {
    int64_t last = sim_rep_plan_sel(&plan, r, sel);
    for (int64_t e = 0; e <= last; e++) {
      if (!(sel[e / 64] >> (e % 64) & 1))
        continue;
      bool take0 =
          scalar ? m[(r * plan.lanes + e) / 8] >> ((r * plan.lanes + e) % 8) & 1
                 : b->cmpmask[e / 8] >> (e % 8) & 1;
      const uint8_t *p;
      if (take0 || !scalar) {
        unsigned k = take0 ? 1 : 2;
        p = base[k] + sim_rep_elem_off(r, e, blk[k], rep[k], es);
        sim_check_init(b, in, opnd[k], p, es);
      } else {
        p = b->cmpmask; /* the scalar: the register's low es bytes */
      }
      uint8_t *pd = base[0] + sim_rep_elem_off(r, e, blk[0], rep[0], es);
      memmove(pd, p, es);
      sim_mark_written(b, pd, es);
    }
  }
  return true;
}
