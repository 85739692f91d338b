/* The CMPMASK register: Compare with its result in the register
 * (`compare_r_l0` count mask, `compare_r_l1` mask array), GetCmpMask and
 * SetCmpMask.
 *
 * Compare (结果存入寄存器) compares one 256-byte repeat of src0 and src1
 * (half or float; BinaryRepeatParams' block strides place its blocks, its
 * repeat strides are unused with one repeat) and writes bit e of the
 * register (byte e / 8, bit e % 8, as Compare's dst) when the mask selects
 * element e and src0[e] cmpMode src1[e] holds. GetCmpMask stores the
 * register's 16 bytes (128 bits: one repeat of half) at dst; SetCmpMask
 * loads them from src. Sources and the unsourced choices (the bits of
 * unselected elements, the reserved bytes): docs/simulator.md, "The
 * CMPMASK register". */
#include <string.h>

#include "sim/sim_internal.h"

enum { REP_BYTES = 256 };

static bool compare_to_register(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t lanes = REP_BYTES / (int64_t)es;
  const unsigned po = in->nargs - 1;
  uint64_t sel[2];
  if (!sim_rep_mask(b, in, dt, 2, in->nargs - 3, in->imm2 == 1, sel))
    return false;
  const int64_t last_e = sim_rep_last_elem(sel);
  int64_t blk[2];
  const uint8_t *src[2];
  for (unsigned o = 0; o < 2; o++) {
    blk[o] = sim_field(b, in, po, 1 + o); /* src0BlkStride, src1BlkStride */
    src[o] = sim_local_access(b, in, o, 0,
                              sim_rep_extent(1, last_e, blk[o], 0, es), true);
    if (!src[o])
      return false;
  }
  uint8_t bits[SIM_CMPMASK_BYTES];
  memset(bits, 0, sizeof bits);
  for (int64_t e = 0; e < lanes && e <= last_e; e++) {
    if (!(sel[e / 64] >> (e % 64) & 1))
      continue;
    double v[2];
    for (unsigned o = 0; o < 2; o++) {
      const uint8_t *p = src[o] + sim_rep_elem_off(0, e, blk[o], 0, es);
      sim_check_init(b, in, o, p, es);
      v[o] = sim_load_f(p, dt);
    }
    if (sim_cmp_holds((int)in->imm, v[0], v[1]))
      bits[e / 8] |= (uint8_t)(1u << (e % 8));
  }
  memcpy(b->cmpmask, bits, sizeof bits);
  b->cmpmask_set = true;
  return true;
}

/* The register's operand: one LocalTensor in UB, 16-byte aligned (the
 * reference's rule for GetCmpMask and SetCmpMask), holding `need` bytes. */
static uint8_t *register_operand(sim_block *b, const sim_insn *in,
                                 int64_t need) {
  sim_pool pool;
  return sim_local_access_in(b, in, 0, 0, need, 16, 1u << SIM_POOL_UB, &pool);
}

/* GetCmpMask: "dst的空间大小不能少于128字节" — dst must hold 128 bytes;
 * the register's 16 bytes are written, the rest of dst is left alone. */
static bool get_cmp_mask(sim_block *b, const sim_insn *in) {
  uint8_t *d = register_operand(b, in, 128);
  if (!d)
    return false;
  if (!b->cmpmask_set)
    sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
               "%s: the CMPMASK register is read before any Compare "
               "(register form) or SetCmpMask wrote it; its bits are 0 here, "
               "undefined on the NPU",
               sim_api_name(in->op));
  memcpy(d, b->cmpmask, SIM_CMPMASK_BYTES);
  sim_mark_written(b, d, SIM_CMPMASK_BYTES);
  return true;
}

static bool set_cmp_mask(sim_block *b, const sim_insn *in) {
  const uint8_t *s = register_operand(b, in, SIM_CMPMASK_BYTES);
  if (!s)
    return false;
  sim_check_init(b, in, 0, s, SIM_CMPMASK_BYTES);
  memcpy(b->cmpmask, s, SIM_CMPMASK_BYTES);
  b->cmpmask_set = true;
  return true;
}

bool sim_exec_cmpmask(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_COMPARE_REG:
    return compare_to_register(b, in);
  case SIM_GET_CMP_MASK:
    return get_cmp_mask(b, in);
  default:
    return set_cmp_mask(b, in);
  }
}
