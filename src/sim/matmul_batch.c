/* The Matmul's batch forms (docs/simulator.md, "The Matmul object in the
 * IR"): IterateBatch (the mix form with its batch counts, the cube-only
 * form with SetBatchNum's), IterateNBatch into the workspace and
 * GetBatchTensorC taking its slices, for A, B and C in LayoutMode NORMAL
 * (the Ascend C reference's BMNK: batch i's matrices are ND, A + i *
 * matrixStrideA and B + i * matrixStrideB, 0 meaning they follow each
 * other). Each batch runs as IterateAll does (matmul.c's tiles). */
#include <string.h>

#include "sim/matmul_internal.h"

static int64_t u32_at(const sim_block *b, const sim_insn *in, unsigned i) {
  return (int64_t)sim_zext(b->slots[in->a[i]].i, CASC_DT_U32);
}

/* The layouts the batch forms run on: NORMAL for A, B and C. The other
 * three (BSNGD, SBNGD, BNGS1S2) are reported. */
static bool normal_layout(sim_block *b, const sim_insn *in) {
  mm_types ty = sim_mm_types(in);
  if (ty.layout_a == MM_LAYOUT_NORMAL && ty.layout_b == MM_LAYOUT_NORMAL &&
      ty.layout_c == MM_LAYOUT_NORMAL)
    return true;
  return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                  "batched matmul of A, B and C in a layout other than NORMAL "
                  "(the MatmulTypes' LayoutMode is %u, %u, %u; BSNGD, SBNGD "
                  "and BNGS1S2 are not simulated)",
                  ty.layout_a, ty.layout_b, ty.layout_c);
}

/* batchA and batchB: each at least 1 and at most the tiling's BatchNum
 * (the host's SetBatchNum / SetBatchInfoForNormal: the most batches) when
 * it is set; equal, as the reference does not say which matrix of the
 * smaller side a batch takes when they differ (its "brc" case). */
static bool check_batches(sim_block *b, const sim_insn *in, int64_t ba,
                          int64_t bb) {
  int64_t most = sim_mm_st(b, in, MS_BATCH_NUM)->i;
  if (ba < 1 || bb < 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "batchA %lld and batchB %lld must be at least 1",
                    (long long)ba, (long long)bb);
  if (most > 0 && (ba > most || bb > most))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "batchA %lld and batchB %lld exceed the tiling's "
                    "BatchNum %lld",
                    (long long)ba, (long long)bb, (long long)most);
  if (ba != bb)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "batchA %lld and batchB %lld differ: which matrix of the "
                    "smaller side a batch takes is not documented",
                    (long long)ba, (long long)bb);
  return true;
}

/* Batches [first, first + n) of A and B (strides in elements, 0: the
 * matrices follow each other), each into C at operand opnd of acc: batch
 * first + i's C at element c_base + i * c_step, rows ld apart. */
static bool run_batches(sim_block *b, const sim_insn *in, int64_t first,
                        int64_t n, int64_t sa, int64_t sb, const sim_insn *acc,
                        unsigned opnd, int64_t c_base, int64_t c_step,
                        int64_t ld) {
  mm_types ty = sim_mm_types(in);
  int64_t M = sim_mm_st(b, in, MS_M)->i, N = sim_mm_st(b, in, MS_N)->i;
  if (!sa)
    sa = M * sim_mm_st(b, in, MS_KA)->i;
  if (!sb)
    sb = sim_mm_st(b, in, MS_KB)->i * N;
  sim_tensor a0 = sim_mm_st(b, in, MS_A)->t, b0 = sim_mm_st(b, in, MS_B)->t;
  int64_t tiles = sim_mm_tiles(b, in);
  bool ok = true;
  for (int64_t i = 0; ok && i < n; i++) {
    int64_t g = first + i;
    sim_mm_st(b, in, MS_A)->t.off = a0.off + g * sa * (int64_t)sim_mm_esz(ty.a);
    sim_mm_st(b, in, MS_B)->t.off = b0.off + g * sb * (int64_t)sim_mm_esz(ty.b);
    for (int64_t c = 0; ok && c < tiles; c++)
      ok = sim_mm_compute_tile(b, in, c) &&
           sim_mm_put_tile(b, in, c, acc, opnd, false, c_base + i * c_step, ld,
                           true);
  }
  sim_mm_st(b, in, MS_A)->t = a0;
  sim_mm_st(b, in, MS_B)->t = b0;
  return ok;
}

/* IterateBatch into GM C: batch i's C at C + i * M * N, rows N apart. */
static bool batch_into_gm(sim_block *b, const sim_insn *in, int64_t ba,
                          int64_t bb, int64_t sa, int64_t sb) {
  if (casc_type_is_local_tensor(in->op->operands[1].value->type))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateBatch into a LocalTensor is not simulated");
  if (!check_batches(b, in, ba, bb))
    return false;
  int64_t M = sim_mm_st(b, in, MS_M)->i, N = sim_mm_st(b, in, MS_N)->i;
  return run_batches(b, in, 0, ba, sa, sb, in, 1, 0, M * N, N);
}

/* IterateBatch (matmul, C, batchA, batchB, enSequentialWrite,
 * matrixStrideA, matrixStrideB, matrixStrideC[, enPartialSum][,
 * enAtomic], sync[, wait]): the mix form. */
static bool iterate_batch(sim_block *b, const sim_insn *in) {
  int g_ps = sim_mm_group(in, 8), g_at = sim_mm_group(in, 9);
  if ((g_ps >= 0 && sim_mm_flag(b, in, (unsigned)g_ps)) ||
      (g_at >= 0 && b->slots[in->a[g_at]].i != 0) || sim_mm_flag(b, in, 4))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateBatch with enPartialSum, enAtomic or "
                    "enSequentialWrite is not simulated");
  return batch_into_gm(b, in, u32_at(b, in, 2), u32_at(b, in, 3),
                       u32_at(b, in, 5), u32_at(b, in, 6));
}

/* IterateBatch (matmul, C, enPartialSum, enAtomic, enSequentialWrite,
 * matrixStrideA, matrixStrideB, matrixStrideC): the cube-only form, on
 * SetBatchNum's batch counts (the reference: SetBatchNum comes first). */
static bool iterate_batch_cube_only(sim_block *b, const sim_insn *in) {
  if (!(sim_mm_st(b, in, MS_FLAGS)->i & MF_BATCH_NUM))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the cube-only IterateBatch takes its batch counts from "
                    "SetBatchNum, which was not called");
  if (sim_mm_flag(b, in, 2) || b->slots[in->a[3]].i != 0 ||
      sim_mm_flag(b, in, 4))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateBatch with enPartialSum, enAtomic or "
                    "enSequentialWrite is not simulated");
  return batch_into_gm(b, in, sim_mm_st(b, in, MS_BATCH_A)->i,
                       sim_mm_st(b, in, MS_BATCH_B)->i, u32_at(b, in, 5),
                       u32_at(b, in, 6));
}

/* The elements of one batch's C in the workspace: this block's part,
 * singleCoreM x singleCoreN (or the tail), dense. */
static int64_t part_elems(sim_block *b, const sim_insn *in, int64_t *pn) {
  int64_t pm, pk;
  sim_mm_part(b, in, &pm, pn, &pk);
  return pm * *pn;
}

/* IterateNBatch (matmul, batchLoop, batchA, batchB, enSequentialWrite,
 * matrixStrideA, matrixStrideB, matrixStrideC, sync, waitIterateBatch):
 * batchLoop IterateBatch calls, call j on batches [j * batchA, (j + 1) *
 * batchA), their C into the workspace (the reference: the results go to
 * the GM SetWorkspace gave) as batchLoop slices of max(batchA, batchB)
 * matrices of singleCoreM x singleCoreN, one after the other, for
 * GetBatchTensorC to take in order. */
static bool iterate_n_batch(sim_block *b, const sim_insn *in) {
  if (!sim_mm_types(in).n_batch)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "IterateNBatch needs the MatmulConfig's isNBatch true");
  if (!(sim_mm_st(b, in, MS_FLAGS)->i & MF_WS))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "IterateNBatch writes its results to the workspace of "
                    "SetWorkspace, which was not called");
  if (sim_mm_flag(b, in, 4))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateNBatch with enSequentialWrite is not simulated");
  int64_t loops = u32_at(b, in, 1), ba = u32_at(b, in, 2),
          bb = u32_at(b, in, 3);
  if (!check_batches(b, in, ba, bb))
    return false;
  int64_t pn, per = part_elems(b, in, &pn);
  sim_insn ws = sim_mm_state_operand(b, in, MS_WS);
  for (int64_t j = 0; j < loops; j++)
    if (!run_batches(b, in, j * ba, ba, u32_at(b, in, 5), u32_at(b, in, 6), &ws,
                     0, j * ba * per, per, pn))
      return false;
  sim_mm_st(b, in, MS_NB_LOOPS)->i = loops;
  sim_mm_st(b, in, MS_NB_BATCH)->i = ba;
  sim_mm_st(b, in, MS_NB_TAKEN)->i = 0;
  return true;
}

/* GetBatchTensorC([c,] batchA, batchB, enSequentialWrite, sync): the next
 * slice IterateNBatch wrote, max(batchA, batchB) x singleCoreM x
 * singleCoreN: its GlobalTensor in the workspace, or copied into the
 * LocalTensor c. */
static bool get_batch_tensor_c(sim_block *b, const sim_insn *in) {
  bool local = in->op->nops == 6;
  unsigned o = local ? 2 : 1; /* batchA's operand */
  int64_t ba = u32_at(b, in, o), bb = u32_at(b, in, o + 1);
  int64_t loops = sim_mm_st(b, in, MS_NB_LOOPS)->i;
  int64_t taken = sim_mm_st(b, in, MS_NB_TAKEN)->i;
  int64_t nb = sim_mm_st(b, in, MS_NB_BATCH)->i;
  if (taken >= loops)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "no IterateNBatch slice is left to take (%lld written, "
                    "%lld taken)",
                    (long long)loops, (long long)taken);
  if ((ba > bb ? ba : bb) != nb)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "batchA %lld and batchB %lld: IterateNBatch wrote slices "
                    "of %lld batches",
                    (long long)ba, (long long)bb, (long long)nb);
  mm_types ty = sim_mm_types(in);
  int64_t pn, per = part_elems(b, in, &pn);
  int64_t es = sim_mm_esz(ty.c), bytes = nb * per * es;
  int64_t off = taken * bytes;
  sim_insn ws = sim_mm_state_operand(b, in, MS_WS);
  const uint8_t *src = sim_global_access(b, &ws, 0, off, bytes, false);
  if (!src)
    return false;
  if (local) {
    /* the reference: into local memory a singleCoreN that is not 32-byte
     * aligned needs C in ND_ALIGN, which pads it */
    if ((pn * es) % 32)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "a slice of %lld-byte rows into a LocalTensor needs C "
                      "in CubeFormat ND_ALIGN (rows of 32-byte multiples)",
                      (long long)(pn * es));
    uint8_t *dst = sim_local_access(b, in, 1, 0, bytes, false);
    if (!dst)
      return false;
    memmove(dst, src, (size_t)bytes);
    sim_mark_written(b, dst, bytes);
  } else {
    sim_tensor t = sim_mm_st(b, in, MS_WS)->t;
    t.off += off;
    t.len = bytes;
    b->slots[in->r].t = t;
  }
  sim_mm_st(b, in, MS_NB_TAKEN)->i = taken + 1;
  return true;
}

bool sim_mm_exec_batch(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  switch (in->opc) {
  case SIM_MM_SET_BATCH_NUM: { /* (matmul, batchA, batchB: int32) */
    int64_t ba = sim_sext(b->slots[in->a[1]].i, CASC_DT_I32);
    int64_t bb = sim_sext(b->slots[in->a[2]].i, CASC_DT_I32);
    if (!check_batches(b, in, ba, bb))
      return false;
    sim_mm_st(b, in, MS_BATCH_A)->i = ba;
    sim_mm_st(b, in, MS_BATCH_B)->i = bb;
    sim_mm_st(b, in, MS_FLAGS)->i |= MF_BATCH_NUM;
    return true;
  }
  case SIM_MM_ITERATE_BATCH:
    return normal_layout(b, in) && iterate_batch(b, in);
  case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
    return normal_layout(b, in) && iterate_batch_cube_only(b, in);
  case SIM_MM_ITERATE_N_BATCH:
    return normal_layout(b, in) && iterate_n_batch(b, in);
  case SIM_MM_GET_BATCH_TENSOR_C:
    return get_batch_tensor_c(b, in);
  default:
    return false;
  }
}
