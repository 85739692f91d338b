/* The Matmul's batch forms (docs/simulator.md, "The Matmul object in the
 * IR"): IterateBatch (the mix form with its batch counts, the cube-only
 * form with SetBatchNum's), IterateNBatch into the workspace and
 * GetBatchTensorC taking its slices, for A, B and C in LayoutMode NORMAL
 * (the Ascend C reference's BMNK: batch i's matrices are ND, A + i *
 * matrixStrideA and B + i * matrixStrideB, 0 meaning they follow each
 * other), or A and B in BSNGD / SBNGD with C in BNGS1S2 (plan_batches).
 * Each batch runs as IterateAll does (matmul.c's tiles). */
#include <string.h>

#include "sim/matmul_internal.h"

static int64_t u32_at(const sim_block *b, const sim_insn *in, unsigned i) {
  return (int64_t)sim_zext(b->slots[in->a[i]].i, CASC_DT_U32);
}

/* Where the batches' matrices are: NORMAL (A, B and C), or A and B in
 * BSNGD / SBNGD with C in BNGS1S2 (the reference's IterateBatch page:
 * BSNGD and SBNGD are reshapes of BSH / SBH, S and D a batch's M (or N)
 * and K axes, one S x D matrix a batch; BNGS1S2 holds each batch's S1 x S2
 * contiguously). Here a batch is one (b, n, g) of the B x N x G axes,
 * numbered in that row-major order; A's S x D matrix is M x K and B's
 * N x K (so B is given transposed), C's S1 x S2 is M x N, the batches' Cs
 * one after the other. */
typedef struct {
  bool normal;
  unsigned la, lb;          /* A's and B's layout */
  int64_t a[5], b[5], c[5]; /* B S N G D; C: B S1 N G S2 */
} batch_plan;

static bool plan_batches(sim_block *b, const sim_insn *in, batch_plan *p) {
  mm_types ty = sim_mm_types(in);
  memset(p, 0, sizeof *p);
  p->la = ty.layout_a;
  p->lb = ty.layout_b;
  if (ty.layout_a == MM_LAYOUT_NORMAL && ty.layout_b == MM_LAYOUT_NORMAL &&
      ty.layout_c == MM_LAYOUT_NORMAL) {
    p->normal = true;
    return true;
  }
  bool sd_a = ty.layout_a == MM_LAYOUT_BSNGD || ty.layout_a == MM_LAYOUT_SBNGD;
  bool sd_b = ty.layout_b == MM_LAYOUT_BSNGD || ty.layout_b == MM_LAYOUT_SBNGD;
  if (!sd_a || !sd_b || ty.layout_c != MM_LAYOUT_BNGS1S2)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "batched matmul with the MatmulTypes' LayoutMode %u, %u, "
                    "%u: A, B and C in NORMAL (1), or A and B in BSNGD (2) / "
                    "SBNGD (3) with C in BNGS1S2 (4), are simulated",
                    ty.layout_a, ty.layout_b, ty.layout_c);
  for (unsigned i = 0; i < 5; i++) {
    p->a[i] = sim_mm_st(b, in, MS_LAYOUT + i)->i;
    p->b[i] = sim_mm_st(b, in, MS_LAYOUT + 5 + i)->i;
    p->c[i] = sim_mm_st(b, in, MS_LAYOUT + 10 + i)->i;
    if (p->a[i] < 1 || p->b[i] < 1 || p->c[i] < 1)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "the tiling's layout axes (ALayoutInfoB .. "
                      "CLayoutInfoS2) must be positive for BSNGD / SBNGD");
  }
  int64_t flags = sim_mm_st(b, in, MS_FLAGS)->i;
  if (ty.tr_a || (flags & MF_TR_A) || !(ty.tr_b || (flags & MF_TR_B)))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "in BSNGD / SBNGD a batch's S x D matrix is A's M x K and "
                    "B's N x K: A is given untransposed and B transposed");
  if (p->a[0] != p->b[0] || p->a[2] != p->b[2] || p->a[3] != p->b[3] ||
      p->c[0] != p->a[0] || p->c[2] != p->a[2] || p->c[3] != p->a[3])
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "A's, B's and C's B, N and G axes differ: which matrix of "
                    "the smaller side a batch takes (the reference's brc "
                    "case) is not documented");
  int64_t pm, pn, pk;
  sim_mm_part(b, in, &pm, &pn, &pk);
  if (p->a[4] != p->b[4] || p->c[1] != p->a[1] || p->c[4] != p->b[1] ||
      pm > p->a[1] || pn > p->b[1] || pk > p->a[4])
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the layout axes do not make one M x K by K x N product: "
                    "A's S x D %lld x %lld, B's %lld x %lld, C's S1 x S2 "
                    "%lld x %lld, this block's part %lld x %lld x %lld",
                    (long long)p->a[1], (long long)p->a[4], (long long)p->b[1],
                    (long long)p->b[4], (long long)p->c[1], (long long)p->c[4],
                    (long long)pm, (long long)pn, (long long)pk);
  return true;
}

/* Batch g's S x D matrix of a BSNGD / SBNGD tensor of axes x (B S N G D):
 * its first element and its row stride. */
static void sd_matrix(unsigned layout, const int64_t *x, int64_t g,
                      int64_t *first, int64_t *ld) {
  int64_t gg = g % x[3], n = g / x[3] % x[2], bb = g / (x[3] * x[2]);
  int64_t ngd = x[2] * x[3] * x[4];
  if (layout == MM_LAYOUT_BSNGD) { /* [B][S][N][G][D] */
    *first = bb * x[1] * ngd + (n * x[3] + gg) * x[4];
    *ld = ngd;
  } else { /* SBNGD: [S][B][N][G][D] */
    *first = ((bb * x[2] + n) * x[3] + gg) * x[4];
    *ld = x[0] * ngd;
  }
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

/* Batches [first, first + n) of A and B (NORMAL: strides sa / sb in
 * elements, 0 meaning the matrices follow each other; else where the
 * plan's layout puts batch first + i), each into C at operand opnd of acc:
 * batch first + i's C at element c_base + i * c_step, rows ld apart. */
static bool run_batches(sim_block *b, const sim_insn *in, const batch_plan *p,
                        int64_t first, int64_t n, int64_t sa, int64_t sb,
                        const sim_insn *acc, unsigned opnd, int64_t c_base,
                        int64_t c_step, int64_t ld) {
  mm_types ty = sim_mm_types(in);
  int64_t M = sim_mm_st(b, in, MS_M)->i, N = sim_mm_st(b, in, MS_N)->i;
  int64_t ka0 = sim_mm_st(b, in, MS_KA)->i, kb0 = sim_mm_st(b, in, MS_KB)->i;
  if (!sa)
    sa = M * ka0;
  if (!sb)
    sb = kb0 * N;
  if (!p->normal && first + n > p->a[0] * p->a[2] * p->a[3])
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "batch %lld is beyond the layout's B x N x G = %lld "
                    "batches",
                    (long long)(first + n - 1),
                    (long long)(p->a[0] * p->a[2] * p->a[3]));
  sim_tensor a0 = sim_mm_st(b, in, MS_A)->t, b0 = sim_mm_st(b, in, MS_B)->t;
  int64_t tiles = sim_mm_tiles(b, in);
  bool ok = true;
  for (int64_t i = 0; ok && i < n; i++) {
    int64_t g = first + i, fa = g * sa, fb = g * sb;
    if (!p->normal) { /* A's rows and transposed B's rows: the layout's */
      int64_t lda, ldb;
      sd_matrix(p->la, p->a, g, &fa, &lda);
      sd_matrix(p->lb, p->b, g, &fb, &ldb);
      sim_mm_st(b, in, MS_KA)->i = lda;
      sim_mm_st(b, in, MS_KB)->i = ldb;
    }
    sim_mm_st(b, in, MS_A)->t.off = a0.off + fa * (int64_t)sim_mm_esz(ty.a);
    sim_mm_st(b, in, MS_B)->t.off = b0.off + fb * (int64_t)sim_mm_esz(ty.b);
    for (int64_t c = 0; ok && c < tiles; c++)
      ok = sim_mm_compute_tile(b, in, c) &&
           sim_mm_put_tile(b, in, c, acc, opnd, false, c_base + i * c_step, ld,
                           true);
  }
  sim_mm_st(b, in, MS_A)->t = a0;
  sim_mm_st(b, in, MS_B)->t = b0;
  sim_mm_st(b, in, MS_KA)->i = ka0;
  sim_mm_st(b, in, MS_KB)->i = kb0;
  return ok;
}

/* IterateBatch into GM C: batch i's C at C + i * M * N, rows N apart
 * (BNGS1S2: + i * S1 * S2, rows S2 apart). */
static bool batch_into_gm(sim_block *b, const sim_insn *in, int64_t ba,
                          int64_t bb, int64_t sa, int64_t sb) {
  batch_plan p;
  if (!plan_batches(b, in, &p))
    return false;
  if (casc_type_is_local_tensor(in->op->operands[1].value->type))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateBatch into a LocalTensor is not simulated");
  if (!check_batches(b, in, ba, bb))
    return false;
  int64_t M = sim_mm_st(b, in, MS_M)->i, N = sim_mm_st(b, in, MS_N)->i;
  if (!p.normal)
    M = p.c[1], N = p.c[4];
  return run_batches(b, in, &p, 0, ba, sa, sb, in, 1, 0, M * N, N);
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
  batch_plan p;
  if (!plan_batches(b, in, &p))
    return false;
  int64_t pn, per = part_elems(b, in, &pn);
  sim_insn ws = sim_mm_state_operand(b, in, MS_WS);
  for (int64_t j = 0; j < loops; j++)
    if (!run_batches(b, in, &p, j * ba, ba, u32_at(b, in, 5), u32_at(b, in, 6),
                     &ws, 0, j * ba * per, per, pn))
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
    return iterate_batch(b, in);
  case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
    return iterate_batch_cube_only(b, in);
  case SIM_MM_ITERATE_N_BATCH:
    return iterate_n_batch(b, in);
  case SIM_MM_GET_BATCH_TENSOR_C:
    return get_batch_tensor_c(b, in);
  default:
    return false;
  }
}
