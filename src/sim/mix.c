/* Mix mode (docs/simulator.md, "Mix mode"): the core-type queries and the
 * cross-core flags of a MIX kernel.
 *
 * The simulator runs a block of a MIX launch as one vector core (AIV)
 * whose Matmul object does the cube core's (AIC's) work at the call, as
 * the library's KFC messages make the AIV wait for the AIC anyway
 * (matmul.c): ascend_is_aiv is true, ascend_is_aic false (the AIC's own
 * code, the KFC server loop, is not run), sub-block 0 of 1.
 *
 * Cross-core flags (the Ascend C reference's CrossCoreSetFlag /
 * CrossCoreWaitFlag, docs/ascendc-facts.md §6: a counter per flag id,
 * at most 15 sets outstanding) count per block: a set adds one, a wait
 * takes one. Mode 1 (the AIVs of a group) and mode 2 (AIC and AIVs of a
 * group) stay inside the block; mode 0 (every core of the launch) would
 * need the blocks to run side by side and is reported as not simulated.
 * A wait whose counter is 0 can never end — no other core of the group
 * runs here — so it is a located pipe-deadlock error, not a hang.
 * FftsCrossCoreSync(pipe, config) is the set of those flags in its raw
 * form: config = 1 | mode << 4 | flagId << 8. */
#include "sim/sim_internal.h"

#define XFLAG_MAX_PENDING 15

/* CrossCoreSetFlag takes flag ids 0 to 10; FftsCrossCoreSync's 4-bit
 * field reaches 15 (the library's own ids, e.g. 15 for the Matmul's start
 * message). */
static int max_id(const sim_insn *in) {
  return in->opc == SIM_MIX_FFTS_SYNC ? SIM_XFLAGS - 1 : 10;
}

static bool cross_set(sim_block *b, const sim_insn *in, int64_t id,
                      int64_t mode) {
  if (id < 0 || id > max_id(in)) {
    sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
               "%s: flag id %lld is out of range (0 to %d)",
               sim_api_name(in->op), (long long)id, max_id(in));
    return false;
  }
  if (mode == 0) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: mode 0 (a flag between every core of the launch) is not "
               "simulated: the blocks run one after another",
               sim_api_name(in->op));
    return false;
  }
  if (b->xflag[id] >= XFLAG_MAX_PENDING) {
    sim_report(b, CASC_CHECK_BAD_EVENT, CASC_SEV_ERROR, in->op,
               "%s: flag %lld is set a %dth time with no wait in between; "
               "at most %d sets may be outstanding",
               sim_api_name(in->op), (long long)id, XFLAG_MAX_PENDING + 1,
               XFLAG_MAX_PENDING);
    return false;
  }
  b->xflag[id]++;
  return true;
}

static bool cross_wait(sim_block *b, const sim_insn *in, int64_t id,
                       int64_t mode) {
  if (id < 0 || id > max_id(in) || mode == 0)
    return cross_set(b, in, id, mode); /* the same range and mode errors */
  if (b->xflag[id] == 0) {
    sim_report(b, CASC_CHECK_PIPE_DEADLOCK, CASC_SEV_ERROR, in->op,
               "%s(%lld) waits for a cross-core flag that nothing has set: "
               "no other core of the group runs in the simulator (a block is "
               "one AIV, its Matmul calls do the AIC's work), so the wait "
               "never ends; on the NPU it hangs unless the AIC or the other "
               "AIV sets flag %lld",
               sim_api_name(in->op), (long long)id, (long long)id);
    return false;
  }
  b->xflag[id]--;
  return true;
}

bool sim_exec_mix(sim_block *b, const sim_insn *in) {
  sim_slot *r = &b->slots[in->r];
  switch (in->opc) {
  case SIM_MIX_IS_AIC:
    r->i = 0;
    return true;
  case SIM_MIX_IS_AIV:
    r->i = 1;
    return true;
  case SIM_MIX_SUB_BLOCK_IDX:
    r->i = 0;
    return true;
  case SIM_MIX_SUB_BLOCK_NUM:
    r->i = sim_norm(1, in->dt);
    return true;
  case SIM_MIX_CROSS_SET: /* imm: modeId */
    return cross_set(b, in, b->slots[in->a[0]].i, in->imm);
  case SIM_MIX_CROSS_WAIT:
    return cross_wait(b, in, b->slots[in->a[0]].i, in->imm);
  case SIM_MIX_FFTS_SYNC: {
    int64_t cfg = b->slots[in->a[0]].i;
    return cross_set(b, in, (cfg >> 8) & 0xf, (cfg >> 4) & 3);
  }
  default:
    return false;
  }
}
