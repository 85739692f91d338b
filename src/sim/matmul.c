/* The high-level Matmul object of the IR (pyasc's asc.adv.Matmul:
 * ascendc.regist_matmul_obj, ascendc.matmul.init / set_tensor_a / _b /
 * set_bias / disable_bias / set_tail / set_org_shape / set_single_shape /
 * iterate / get_tensor_c / iterate_all / end / wait_*; docs/simulator.md,
 * "The Matmul object in the IR").
 *
 * One Iterate is basic cube ops, run on the Mmad and Fixpipe code of
 * cube.c (the C API's Matmul builds these rows too): per base_k
 * step the A and B parts of the tile go into the object's L0A / L0B
 * buffers in the fractal layouts Mmad reads (zero padded to 16 rows /
 * 32-byte columns, transposed on the way when A or B is given
 * transposed), one Mmad accumulates into its L0C buffer (the first step
 * starts at 0 or at the bias row); GetTensorC sends the tile through the
 * fixpipe's conversion.
 *
 * Where it runs: the object belongs to the block (a MIX kernel's block
 * stands for its AIC and AIVs, docs/simulator.md "Mix mode"): the AIC's
 * work happens at the AIV's call, as the KFC messages of the real library
 * make the AIV wait for it.
 *
 * The object's state lives in slots of its own (lower.c allocates
 * SIM_MM_SLOTS of them at the ascendc.construct), so each block has its
 * own copy, and the operand tensors are copied into them at set_tensor_*. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim/matmul_internal.h"

static unsigned acc_of(unsigned in) {
  return in == CASC_DT_I8 ? CASC_DT_I32 : CASC_DT_F32;
}

static int64_t align_up(int64_t x, int64_t a) {
  return (x + a - 1) / a * a;
}

/* GM bytes of the tensor kept in state slot k, through the checks of
 * sim_global_access (the op's operand 0 names it in messages). */
static const uint8_t *gm_at(sim_block *b, const sim_insn *in, unsigned k,
                            int64_t off, int64_t bytes, bool write) {
  sim_insn t = *in;
  t.a[0] = (uint32_t)(b->slots[in->a[0]].i + k);
  return sim_global_access(b, &t, 0, off, bytes, write);
}

/* Take `bytes` of pool p for the object; false after reporting. */
static bool reserve(sim_block *b, const sim_insn *in, sim_pool p, int64_t bytes,
                    int64_t *off) {
  int64_t start = align_up(b->pool_top[p], 512), end = start + bytes;
  if (end > b->pool_size[p]) {
    sim_report(b, CASC_CHECK_UB_CAPACITY, CASC_SEV_ERROR, in->op,
               "%s: the Matmul's %s buffer of %lld bytes needs [%lld, %lld), "
               "but %s has %u bytes",
               sim_api_name(in->op), casc_hw_mem_name((casc_hw_mem)p),
               (long long)bytes, (long long)start, (long long)end,
               casc_hw_mem_name((casc_hw_mem)p), b->pool_size[p]);
    return false;
  }
  *off = start;
  b->pool_top[p] = (uint32_t)end;
  return true;
}

/* ---- init -------------------------------------------------------------- */

/* Init(tiling): the shapes, the base tile and the buffers it needs. topnd:
 * the tiling's operand (a struct value). */
static bool mm_init(sim_block *b, const sim_insn *in, unsigned topnd) {
  mm_types ty = sim_mm_types(in);
  const sim_slot *f = &b->slots[b->slots[in->a[topnd]].i];
  int64_t M = f[1].i, N = f[2].i, Ka = f[3].i, Kb = f[4].i;
  int64_t sm = f[5].i, sn = f[6].i, sk = f[7].i;
  int64_t bm = f[8].i, bn = f[9].i, bk = f[10].i;
  unsigned es = sim_mm_esz(ty.a), c0 = 32 / es;
  if (bm <= 0 || bn <= 0 || bk <= 0 || bm % 16 || bn % 16 || bk % c0)
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "the tiling's baseM and baseN must be positive multiples of "
        "16 and baseK of %lld (32 bytes of A's type)",
        (long long)c0);
  if (M <= 0 || N <= 0 || Ka <= 0 || sm <= 0 || sn <= 0 || sk <= 0)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the tiling's M, N, Ka and singleCoreM / N / K must be "
                    "positive (M is %lld)",
                    (long long)M);
  if (Ka != Kb && Kb != 0)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the tiling's Ka and Kb differ (Kb is %lld)",
                    (long long)Kb);
  int64_t l0a, l0b, l0c, bt = 0;
  if (!reserve(b, in, SIM_POOL_L0A, bm * bk * es, &l0a) ||
      !reserve(b, in, SIM_POOL_L0B, bk * bn * es, &l0b) ||
      !reserve(b, in, SIM_POOL_L0C, bm * bn * 4, &l0c) ||
      (ty.bias != CASC_DT_INVALID && !reserve(b, in, SIM_POOL_BT, bn * 4, &bt)))
    return false;
  const int64_t v[][2] = {{MS_INIT, 1},
                          {MS_M, M},
                          {MS_N, N},
                          {MS_KA, Ka},
                          {MS_KB, Ka},
                          {MS_SM, sm},
                          {MS_SN, sn},
                          {MS_SK, sk},
                          {MS_TM, 0},
                          {MS_TN, 0},
                          {MS_TK, 0},
                          {MS_BM, bm},
                          {MS_BN, bn},
                          {MS_BK, bk},
                          {MS_ORDER, f[17].i == 1},
                          {MS_NEXT, 0},
                          {MS_CUR, 0},
                          {MS_L0A, l0a},
                          {MS_L0B, l0b},
                          {MS_L0C, l0c},
                          {MS_BT, bt},
                          {MS_FLAGS, 0},
                          {MS_BATCH_NUM, f[48].i},
                          {MS_NB_LOOPS, 0},
                          {MS_NB_TAKEN, 0}};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
    sim_mm_st(b, in, (unsigned)v[i][0])->i = v[i][1];
  /* the batch layouts' axes: A's and B's B, S, N, G, D, C's B, S1, N, G,
   * S2 (fields 33 .. 47) */
  for (unsigned i = 0; i < 15; i++)
    sim_mm_st(b, in, MS_LAYOUT + i)->i = f[33 + i].i;
  return true;
}

bool sim_mm_ready(sim_block *b, const sim_insn *in) {
  if (sim_mm_st(b, in, MS_INIT)->i)
    return true;
  return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                  "the Matmul has no tiling yet (Init, or REGIST_MATMUL_OBJ "
                  "with a tiling, comes first)");
}

/* ---- one tile -------------------------------------------------------- */

typedef struct {
  int64_t m0, n0, mc, nc, pm, pn, pk;
} tile;

/* This block's part (single-core shape or tail) and the tiles of it. */
void sim_mm_part(sim_block *b, const sim_insn *in, int64_t *pm, int64_t *pn,
                 int64_t *pk) {
  int64_t tm = sim_mm_st(b, in, MS_TM)->i, tn = sim_mm_st(b, in, MS_TN)->i;
  int64_t tk = sim_mm_st(b, in, MS_TK)->i;
  *pm = tm > 0 ? tm : sim_mm_st(b, in, MS_SM)->i;
  *pn = tn > 0 ? tn : sim_mm_st(b, in, MS_SN)->i;
  *pk = tk > 0 ? tk : sim_mm_st(b, in, MS_SK)->i;
}

int64_t sim_mm_tiles(sim_block *b, const sim_insn *in) {
  int64_t pm, pn, pk;
  sim_mm_part(b, in, &pm, &pn, &pk);
  int64_t bm = sim_mm_st(b, in, MS_BM)->i, bn = sim_mm_st(b, in, MS_BN)->i;
  return ((pm + bm - 1) / bm) * ((pn + bn - 1) / bn);
}

/* Tile number `count`: M first (iterateOrder 0, the C API's order) or N
 * first. */
static tile tile_of(sim_block *b, const sim_insn *in, int64_t count) {
  tile t;
  sim_mm_part(b, in, &t.pm, &t.pn, &t.pk);
  int64_t bm = sim_mm_st(b, in, MS_BM)->i, bn = sim_mm_st(b, in, MS_BN)->i;
  int64_t rm = (t.pm + bm - 1) / bm, rn = (t.pn + bn - 1) / bn;
  int64_t im = count % rm, jn = count / rm;
  if (sim_mm_st(b, in, MS_ORDER)->i) {
    jn = count % rn;
    im = count / rn;
  }
  t.m0 = im * bm;
  t.n0 = jn * bn;
  t.mc = t.pm - t.m0 < bm ? t.pm - t.m0 : bm;
  t.nc = t.pn - t.n0 < bn ? t.pn - t.n0 : bn;
  return t;
}

/* Element (r, c) of a GM matrix of element size es, rows `ld` apart, read
 * through the state tensor k (one row run at a time: row r, columns
 * [c, c + n)). */
static const uint8_t *row_at(sim_block *b, const sim_insn *in, unsigned k,
                             int64_t r, int64_t c, int64_t n, int64_t ld,
                             unsigned es) {
  return gm_at(b, in, k, (r * ld + c) * (int64_t)es, n * (int64_t)es, false);
}

/* SetTensorA(scalar) / SetTensorB(scalar): the operand is a matrix whose
 * every element is the value (the reference's "A矩阵中设置的值，为标量"),
 * so the rows x k part of the fractal buffer at `at` holds it; the
 * padding stays 0. at(i, kk) is the element's byte offset. */
static void fill_scalar(uint8_t *buf, int64_t rows, int64_t kc, unsigned dt,
                        double v, int64_t kf, bool zn, int64_t nf) {
  unsigned es = sim_mm_esz(dt), c0 = 32 / es;
  uint8_t one[8];
  sim_store_f(one, dt, v);
  for (int64_t i = 0; i < rows; i++)
    for (int64_t kk = 0; kk < kc; kk++) {
      int64_t blk = zn ? (kk / c0) * nf + i / 16 : (i / 16) * kf + kk / c0;
      memcpy(buf + blk * 512 + (i % 16) * 32 + (kk % c0) * es, one, es);
    }
}

/* A's rows [m0, m0 + mc) x k [k0, k0 + kc) into L0A as ZZ fractals (16 x
 * c0, row-major inside and between), zero padded. */
static bool pack_a(sim_block *b, const sim_insn *in, uint8_t *A, tile *t,
                   int64_t k0, int64_t kc, const mm_types *ty, bool tr) {
  unsigned es = sim_mm_esz(ty->a), c0 = 32 / es;
  int64_t mf = (t->mc + 15) / 16, kf = (kc + c0 - 1) / c0;
  memset(A, 0, (size_t)(mf * kf * 512));
  if (sim_mm_st(b, in, MS_FLAGS)->i & MF_SCALAR_A) {
    fill_scalar(A, t->mc, kc, ty->a, sim_mm_st(b, in, MS_SCALAR_A)->f, kf,
                false, 0);
    return true;
  }
  int64_t ka = sim_mm_st(b, in, MS_KA)->i, M = sim_mm_st(b, in, MS_M)->i;
  if (!tr) {
    for (int64_t i = 0; i < t->mc; i++) {
      const uint8_t *p = row_at(b, in, MS_A, t->m0 + i, k0, kc, ka, es);
      if (!p)
        return false;
      for (int64_t kk = 0; kk < kc; kk++)
        memcpy(A + ((i / 16) * kf + kk / c0) * 512 + (i % 16) * 32 +
                   (kk % c0) * es,
               p + kk * es, es);
    }
    return true;
  }
  for (int64_t kk = 0; kk < kc; kk++) { /* A^T: K x M, rows M apart */
    const uint8_t *p = row_at(b, in, MS_A, k0 + kk, t->m0, t->mc, M, es);
    if (!p)
      return false;
    for (int64_t i = 0; i < t->mc; i++)
      memcpy(A + ((i / 16) * kf + kk / c0) * 512 + (i % 16) * 32 +
                 (kk % c0) * es,
             p + i * es, es);
  }
  return true;
}

/* B's k [k0, k0 + kc) x columns [n0, n0 + nc) into L0B as ZN fractals (c0
 * x 16, column-major inside, row-major between), zero padded. */
static bool pack_b(sim_block *b, const sim_insn *in, uint8_t *B, tile *t,
                   int64_t k0, int64_t kc, const mm_types *ty, bool tr) {
  unsigned es = sim_mm_esz(ty->b), c0 = 32 / es;
  int64_t nf = (t->nc + 15) / 16, kf = (kc + c0 - 1) / c0;
  memset(B, 0, (size_t)(nf * kf * 512));
  if (sim_mm_st(b, in, MS_FLAGS)->i & MF_SCALAR_B) {
    fill_scalar(B, t->nc, kc, ty->b, sim_mm_st(b, in, MS_SCALAR_B)->f, kf, true,
                nf);
    return true;
  }
  int64_t N = sim_mm_st(b, in, MS_N)->i, kb = sim_mm_st(b, in, MS_KB)->i;
#define B_AT(kk, j)                                                            \
  (B + (((kk) / c0) * nf + (j) / 16) * 512 + ((j) % 16) * 32 + ((kk) % c0) * es)
  if (!tr) {
    for (int64_t kk = 0; kk < kc; kk++) {
      const uint8_t *p = row_at(b, in, MS_B, k0 + kk, t->n0, t->nc, N, es);
      if (!p)
        return false;
      for (int64_t j = 0; j < t->nc; j++)
        memcpy(B_AT(kk, j), p + j * es, es);
    }
    return true;
  }
  for (int64_t j = 0; j < t->nc; j++) { /* B^T: N x K, rows Kb apart */
    const uint8_t *p = row_at(b, in, MS_B, t->n0 + j, k0, kc, kb, es);
    if (!p)
      return false;
    for (int64_t kk = 0; kk < kc; kk++)
      memcpy(B_AT(kk, j), p + kk * es, es);
  }
#undef B_AT
  return true;
}

/* The bias row of the tile's columns into the BiasTable, as accumulator
 * values. */
static const uint8_t *load_bias(sim_block *b, const sim_insn *in, tile *t,
                                const mm_types *ty) {
  uint8_t *bt = b->mem[SIM_POOL_BT] + sim_mm_st(b, in, MS_BT)->i;
  unsigned es = sim_mm_esz(ty->bias);
  const uint8_t *p =
      gm_at(b, in, MS_BIAS, t->n0 * (int64_t)es, t->nc * (int64_t)es, false);
  if (!p)
    return NULL;
  for (int64_t j = 0; j < t->nc; j++) {
    if (acc_of(ty->a) == CASC_DT_I32)
      sim_store_i(bt + j * 4, CASC_DT_I32, sim_load_i(p + j * es, ty->bias));
    else
      sim_store_f(bt + j * 4, CASC_DT_F32, sim_load_f(p + j * es, ty->bias));
  }
  return bt;
}

/* Iterate's work for tile `count`: C = (bias) + A x B over this block's K,
 * in base_k steps, into the object's L0C. */
bool sim_mm_compute_tile(sim_block *b, const sim_insn *in, int64_t count) {
  mm_types ty = sim_mm_types(in);
  int64_t flags = sim_mm_st(b, in, MS_FLAGS)->i;
  if ((flags & (MF_A | MF_B)) != (MF_A | MF_B))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "SetTensorA and SetTensorB must come first");
  tile t = tile_of(b, in, count);
  int64_t bk = sim_mm_st(b, in, MS_BK)->i;
  uint8_t *A = b->mem[SIM_POOL_L0A] + sim_mm_st(b, in, MS_L0A)->i;
  uint8_t *B = b->mem[SIM_POOL_L0B] + sim_mm_st(b, in, MS_L0B)->i;
  uint8_t *C = b->mem[SIM_POOL_L0C] + sim_mm_st(b, in, MS_L0C)->i;
  const uint8_t *bias = NULL;
  if ((flags & MF_BIAS) && !(bias = load_bias(b, in, &t, &ty)))
    return false;
  for (int64_t k0 = 0; k0 < t.pk; k0 += bk) {
    int64_t kc = t.pk - k0 < bk ? t.pk - k0 : bk;
    if (!pack_a(b, in, A, &t, k0, kc, &ty, ty.tr_a || (flags & MF_TR_A)) ||
        !pack_b(b, in, B, &t, k0, kc, &ty, ty.tr_b || (flags & MF_TR_B)))
      return false;
    /* the first step starts C at 0 or the bias row, the later ones add
     * (cmatrixInitVal false), as the C API's Mmads do */
    sim_cube_mmad_compute(b, C, A, B, t.mc, t.nc, kc, k0 == 0,
                          k0 == 0 ? bias : NULL, ty.a);
  }
  return true;
}

/* ---- GetTensorC ---------------------------------------------------------- */

sim_insn sim_mm_state_operand(sim_block *b, const sim_insn *in, unsigned k) {
  sim_insn t = *in;
  t.a[0] = (uint32_t)(b->slots[in->a[0]].i + k);
  return t;
}

/* The dequantisation scale of each of the tile's columns: SetQuantVector's
 * value of the column (the reference: each column of the output with its
 * own coefficient of the [1, N] vector) or SetQuantScalar's; false after
 * reporting. Only int8 A and B into half C dequantise. */
static bool deq_scales(sim_block *b, const sim_insn *in, const tile *t,
                       double *deq) {
  mm_types ty = sim_mm_types(in);
  int64_t flags = sim_mm_st(b, in, MS_FLAGS)->i;
  bool dequant = acc_of(ty.a) == CASC_DT_I32 && ty.c == CASC_DT_F16;
  if (!dequant) {
    if (flags & MF_QVEC)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "SetQuantVector's scales dequantise int8 A and B into "
                      "half C; this Matmul's C is %s",
                      casc_dtype_name((casc_dtype)ty.c));
    for (int64_t c = 0; c < t->nc; c++)
      deq[c] = 1.0;
    return true;
  }
  if (flags & MF_QVEC) {
    const uint8_t *q = gm_at(b, in, MS_QVEC, t->n0 * 8, t->nc * 8, false);
    if (!q)
      return false;
    for (int64_t c = 0; c < t->nc; c++) {
      uint64_t v;
      memcpy(&v, q + c * 8, 8);
      deq[c] = sim_cube_deq_scale(v);
    }
    return true;
  }
  if (!(flags & MF_QUANT))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "int8 A and B into half C dequantise with the scale of "
                    "SetQuantScalar or SetQuantVector, neither of which was "
                    "called");
  double d = sim_cube_deq_scale((uint64_t)sim_mm_st(b, in, MS_QUANT)->i);
  for (int64_t c = 0; c < t->nc; c++)
    deq[c] = d;
  return true;
}

bool sim_mm_put_tile(sim_block *b, const sim_insn *in, int64_t count,
                     const sim_insn *acc_in, unsigned opnd, bool local,
                     int64_t base, int64_t ld, bool at_place) {
  mm_types ty = sim_mm_types(in);
  tile t = tile_of(b, in, count);
  const uint8_t *C = b->mem[SIM_POOL_L0C] + sim_mm_st(b, in, MS_L0C)->i;
  int64_t mal = align_up(t.mc, 16);
  unsigned des = sim_mm_esz(ty.c), acc = acc_of(ty.a);
  double deq[512]; /* baseN columns: L0C holds at most 128 KiB / 64 B rows */
  if (t.nc > (int64_t)(sizeof deq / sizeof deq[0]))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "a tile of %lld columns",
                    (long long)t.nc);
  if (!deq_scales(b, in, &t, deq))
    return false;
  if (at_place)
    base += t.m0 * ld + t.n0;
  for (int64_t r = 0; r < t.mc; r++) {
    int64_t off = (base + r * ld) * des, bytes = t.nc * des;
    uint8_t *row;
    if (local)
      row = sim_local_access(b, acc_in, opnd, off, bytes, false);
    else
      row = sim_global_access(b, acc_in, opnd, off, bytes, true);
    if (!row)
      return false;
    for (int64_t c = 0; c < t.nc; c++)
      sim_cube_fix_elem(row + c * des,
                        C + ((c / 16) * mal + r) * 64 + (c % 16) * 4, acc, ty.c,
                        false, deq[c]);
    if (local)
      sim_mark_written(b, row, bytes);
  }
  return true;
}

/* GetTensorC's tile into operand opnd of in: GM at its place in C (rows N
 * apart), or with sequential write as base_m rows of base_n; a
 * LocalTensor (UB) as base_m rows of base_n. */
static bool write_tile(sim_block *b, const sim_insn *in, int64_t count,
                       unsigned opnd, bool seq, int64_t c_off) {
  bool local = casc_type_is_local_tensor(in->op->operands[opnd].value->type);
  if (local && !seq)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "GetTensorC into a LocalTensor without enSequentialWrite is "
        "not simulated");
  int64_t ld = seq ? sim_mm_st(b, in, MS_BN)->i : sim_mm_st(b, in, MS_N)->i;
  return sim_mm_put_tile(b, in, count, in, opnd, local, c_off, ld, !seq);
}

/* Operand group g of the op: its first operand, or -1 when absent. */
int sim_mm_group(const sim_insn *in, unsigned g) {
  unsigned first, n;
  if (!casc_op_operand_group(in->op, g, &first, &n) || n == 0)
    return -1;
  return (int)first;
}

static bool mm_iterate(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  if (sim_mm_flag(b, in, 1))
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "Iterate with enPartialSum (adding to the last tile) is not "
        "simulated");
  if (sim_mm_group(in, 2) >= 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "Iterate into a user's CO1 tensor (localCmatrix) is not "
                    "simulated");
  int64_t next = sim_mm_st(b, in, MS_NEXT)->i;
  if (next >= sim_mm_tiles(b, in)) { /* done: the next Iterate starts again */
    sim_mm_st(b, in, MS_NEXT)->i = 0;
    b->slots[in->r].i = 0;
    return true;
  }
  if (!sim_mm_compute_tile(b, in, next))
    return false;
  sim_mm_st(b, in, MS_CUR)->i = next;
  sim_mm_st(b, in, MS_NEXT)->i = next + 1;
  sim_mm_st(b, in, MS_FLAGS)->i |= MF_RESULT;
  b->slots[in->r].i = 1;
  return true;
}

static bool mm_get_tensor_c(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  if (!(sim_mm_st(b, in, MS_FLAGS)->i & MF_RESULT))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "there is no Iterate result to take (Iterate must return "
                    "true first)");
  if (sim_mm_group(in, 2) >= 0)
    return sim_fail(
        b, in, CASC_CHECK_UNSUPPORTED,
        "GetTensorC into a GlobalTensor and a LocalTensor at once is "
        "not simulated");
  unsigned n = in->nargs; /* ..., atomic, sequentialwrite, sync */
  if (b->slots[in->a[n - 3]].i != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "GetTensorC with atomic %lld (accumulating into GM) is not "
                    "simulated",
                    (long long)b->slots[in->a[n - 3]].i);
  if (!write_tile(b, in, sim_mm_st(b, in, MS_CUR)->i, 1,
                  sim_mm_flag(b, in, n - 2), 0))
    return false;
  sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)MF_RESULT;
  return true;
}

static bool mm_iterate_all(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  int g_atomic = sim_mm_group(in, 2), g_seq = sim_mm_group(in, 3);
  if (g_atomic >= 0 && b->slots[in->a[g_atomic]].i != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateAll with enAtomic %lld is not simulated",
                    (long long)b->slots[in->a[g_atomic]].i);
  bool seq = g_seq >= 0 && sim_mm_flag(b, in, (unsigned)g_seq);
  if (casc_type_is_local_tensor(in->op->operands[1].value->type))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "IterateAll into a LocalTensor is not simulated");
  int64_t n = sim_mm_tiles(b, in);
  for (int64_t c = 0; c < n; c++)
    if (!sim_mm_compute_tile(b, in, c) || !write_tile(b, in, c, 1, seq, 0))
      return false;
  sim_mm_st(b, in, MS_NEXT)->i = 0;
  sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)MF_RESULT;
  return true;
}

/* GetTensorC(enAtomic, enSequentialWrite) returning a GlobalTensor (sync
 * false) and AsyncGetTensorC(c): the asynchronous forms. The reference:
 * an asynchronous GetTensorC takes the tile from the workspace SetWorkspace
 * gave, which the returning form hands back as GM; here the tile goes
 * into the workspace's start as base_m rows of base_n at the call, and
 * the result is that GlobalTensor. AsyncGetTensorC (GetTensorC's
 * asynchronous form into VECIN, as the reference says it is covered by)
 * puts the tile into c as base_m rows of base_n, as GetTensorC into UB. */
static bool mm_get_tensor_c_async(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  if (!(sim_mm_st(b, in, MS_FLAGS)->i & MF_RESULT))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "there is no Iterate result to take (Iterate must return "
                    "true first)");
  int64_t bm = sim_mm_st(b, in, MS_BM)->i, bn = sim_mm_st(b, in, MS_BN)->i;
  int64_t cur = sim_mm_st(b, in, MS_CUR)->i;
  if (in->opc == SIM_MM_ASYNC_GET_TENSOR_C) {
    if (!sim_mm_put_tile(b, in, cur, in, 1, true, 0, bn, false))
      return false;
  } else {
    if (b->slots[in->a[1]].i != 0)
      return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                      "GetTensorC with atomic %lld (accumulating into GM) is "
                      "not simulated",
                      (long long)b->slots[in->a[1]].i);
    if (!(sim_mm_st(b, in, MS_FLAGS)->i & MF_WS))
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "the returning GetTensorC takes the tile from the "
                      "workspace of SetWorkspace, which was not called");
    sim_insn ws = sim_mm_state_operand(b, in, MS_WS);
    if (!sim_mm_put_tile(b, in, cur, &ws, 0, false, 0, bn, false))
      return false;
    sim_tensor t = sim_mm_st(b, in, MS_WS)->t;
    t.len = bm * bn * (int64_t)sim_mm_esz(sim_mm_types(in).c);
    b->slots[in->r].t = t;
  }
  sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)MF_RESULT;
  return true;
}

/* SetHF32(enableHF32, transMode): false keeps regular FP32 products (the
 * default, as SetHF32Mode(false) on the basic cube, cube.c). HF32 itself
 * is reported: the reference gives the rounding of float32 into HF32
 * (transMode 0: to nearest, ties to even; 1: ties away from zero) but
 * not the HF32 format it rounds to (its mantissa width). */
static bool mm_set_hf32(sim_block *b, const sim_insn *in) {
  if (!sim_mm_ready(b, in))
    return false;
  if (sim_mm_flag(b, in, 1))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "SetHF32(true): HF32 products are not simulated (the "
                    "reference gives float32's rounding into HF32, not the "
                    "HF32 format)");
  return true;
}

/* SetTensorA / B / Bias: the GlobalTensor into its state slot. */
static bool set_tensor(sim_block *b, const sim_insn *in, unsigned k,
                       int64_t flag, int64_t trflag) {
  if (!sim_mm_ready(b, in))
    return false;
  if (!casc_type_is_global_tensor(in->op->operands[1].value->type))
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "an operand in local memory (A, B or the bias from "
                    "L1 / UB) is not simulated: they are read from GM");
  sim_mm_st(b, in, k)->t = b->slots[in->a[1]].t;
  int64_t *f = &sim_mm_st(b, in, MS_FLAGS)->i;
  *f |= flag;
  /* a tensor replaces SetTensorA / B(scalar) */
  *f &= ~(int64_t)(k == MS_A ? MF_SCALAR_A : k == MS_B ? MF_SCALAR_B : 0);
  if (trflag) {
    *f &= ~trflag;
    if (in->nargs > 2 && sim_mm_flag(b, in, 2))
      *f |= trflag;
  }
  return true;
}

/* SetTail / SetSingleShape / SetOrgShape: runtime shapes (a value < 1
 * keeps the one before, as the library's -1 default does). */
static void set_shape(sim_block *b, const sim_insn *in, const unsigned *ks,
                      unsigned n) {
  for (unsigned i = 0; i < n && i + 1 < in->nargs; i++) {
    int64_t v = sim_sext(b->slots[in->a[i + 1]].i, CASC_DT_I32);
    if (v > 0)
      sim_mm_st(b, in, ks[i])->i = v;
  }
}

bool sim_exec_matmul(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_MM_OBJECT:
    b->slots[in->r].i = in->imm2;
    for (unsigned k = 0; k < MS_COUNT_; k++)
      b->slots[in->imm2 + k].i = 0;
    return true;
  case SIM_MM_REGIST: { /* (pipe, workspace, matmul[, tiling]) */
    sim_insn t = *in;   /* the object as operand 0, as the other rows */
    t.a[0] = in->a[2];
    return in->nargs < 4 || mm_init(b, &t, 3);
  }
  case SIM_MM_INIT:
    return mm_init(b, in, 1);
  case SIM_MM_SET_TENSOR_A:
    return set_tensor(b, in, MS_A, MF_A, MF_TR_A);
  case SIM_MM_SET_TENSOR_B:
    return set_tensor(b, in, MS_B, MF_B, MF_TR_B);
  case SIM_MM_SET_BIAS:
    if (sim_mm_types(in).bias == CASC_DT_INVALID)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "the Matmul's type has no bias type");
    return set_tensor(b, in, MS_BIAS, MF_BIAS, 0);
  case SIM_MM_DISABLE_BIAS:
    sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)MF_BIAS;
    return true;
  case SIM_MM_SET_TAIL: {
    static const unsigned k[] = {MS_TM, MS_TN, MS_TK};
    if (!sim_mm_ready(b, in))
      return false;
    set_shape(b, in, k, 3);
    return true;
  }
  case SIM_MM_SET_SINGLE_SHAPE: {
    static const unsigned k[] = {MS_SM, MS_SN, MS_SK};
    if (!sim_mm_ready(b, in))
      return false;
    set_shape(b, in, k, 3);
    return true;
  }
  case SIM_MM_SET_ORG_SHAPE: {
    static const unsigned k[] = {MS_M, MS_N, MS_KA, MS_KB};
    if (!sim_mm_ready(b, in))
      return false;
    set_shape(b, in, k, 4);
    if (in->nargs < 5) /* orgKb defaults to orgKa */
      sim_mm_st(b, in, MS_KB)->i = sim_mm_st(b, in, MS_KA)->i;
    return true;
  }
  case SIM_MM_ITERATE:
    return mm_iterate(b, in);
  case SIM_MM_GET_TENSOR_C:
    return mm_get_tensor_c(b, in);
  case SIM_MM_ITERATE_ALL:
    return mm_iterate_all(b, in);
  case SIM_MM_ITERATE_BATCH:
  case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
  case SIM_MM_ITERATE_N_BATCH:
  case SIM_MM_SET_BATCH_NUM:
  case SIM_MM_GET_BATCH_TENSOR_C:
    return sim_mm_exec_batch(b, in);
  case SIM_MM_GET_TENSOR_C_RETURN:
  case SIM_MM_ASYNC_GET_TENSOR_C:
    return mm_get_tensor_c_async(b, in);
  case SIM_MM_SET_HF32:
    return mm_set_hf32(b, in);
  case SIM_MM_SET_TENSOR_SCALAR: { /* (matmul, scalar of A's / B's type) */
    bool is_a = in->op->kind == CASC_OP_MATMUL_SET_TENSOR_A_SCALAR;
    if (!sim_mm_ready(b, in))
      return false;
    sim_mm_st(b, in, is_a ? MS_SCALAR_A : MS_SCALAR_B)->f =
        b->slots[in->a[1]].f;
    sim_mm_st(b, in, MS_FLAGS)->i |=
        is_a ? MF_A | MF_SCALAR_A : MF_B | MF_SCALAR_B;
    sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)(is_a ? MF_TR_A : MF_TR_B);
    return true;
  }
  case SIM_MM_SET_QUANT_VECTOR: /* (matmul, GlobalTensor<uint64_t>) */
    if (!sim_mm_ready(b, in))
      return false;
    sim_mm_st(b, in, MS_QVEC)->t = b->slots[in->a[1]].t;
    sim_mm_st(b, in, MS_FLAGS)->i =
        (sim_mm_st(b, in, MS_FLAGS)->i & ~(int64_t)MF_QUANT) | MF_QVEC;
    return true;
  case SIM_MM_END:
    /* End: the next round starts from the first tile */
    sim_mm_st(b, in, MS_NEXT)->i = 0;
    sim_mm_st(b, in, MS_FLAGS)->i &= ~(int64_t)MF_RESULT;
    return true;
  case SIM_MM_SET_QUANT_SCALAR: /* (matmul, deqScalar: uint64) */
    if (!sim_mm_ready(b, in))
      return false;
    sim_mm_st(b, in, MS_QUANT)->i = b->slots[in->a[1]].i;
    sim_mm_st(b, in, MS_FLAGS)->i =
        (sim_mm_st(b, in, MS_FLAGS)->i & ~(int64_t)MF_QVEC) | MF_QUANT;
    return true;
  case SIM_MM_WAIT:
    /* the work is done at the call: nothing is left to wait for */
    return true;
  case SIM_MM_USER_DATA:
    /* SetSelfDefineData / SetUserDefInfo hand data to the Matmul's
     * callbacks (MatmulCallBackFunc, a template argument of the C++
     * Matmul). pyasc's Matmul takes no callbacks, so the library's defaults
     * run, which never read it: the call has no effect beyond needing an
     * initialised object. */
    return sim_mm_ready(b, in);
  case SIM_MM_SET_WORKSPACE: /* (matmul, GM[, size]) */
    /* the asynchronous forms' results go there (GetTensorC returning GM,
     * IterateNBatch); GetTensorC into UB does not pass through GM here
     * (the tile goes from L0C to UB at the call) */
    if (!sim_mm_ready(b, in))
      return false;
    sim_mm_st(b, in, MS_WS)->t = b->slots[in->a[1]].t;
    sim_mm_st(b, in, MS_FLAGS)->i |= MF_WS;
    return true;
  default:
    return false;
  }
}

/* ---- the object's type --------------------------------------------------- */

bool sim_mm_is_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_OPAQUE &&
         strcmp(t->u.opaque.dialect, "ascendc") == 0 &&
         strncmp(t->u.opaque.body, "matmul<", 7) == 0;
}

/* The top-level comma-separated items of "matmul<...>" (kept as text by
 * the parser: four MatmulTypes of five, five, five and three parameters,
 * then the MatmulConfig). */
#define MM_ITEMS 19
static unsigned split_items(const char *body, const char **s, size_t *n) {
  const char *start = body + 7; /* after "matmul<" */
  unsigned k = 0;
  int depth = 0;
  for (const char *p = start;; p++) {
    bool end = !*p || (*p == '>' && depth == 0);
    if (end || (*p == ',' && depth == 0)) {
      if (k < MM_ITEMS) {
        s[k] = start;
        n[k] = (size_t)(p - start);
      }
      k++;
      start = p + 1;
      if (end)
        return k;
    } else if (*p == '<' || *p == '(' || *p == '[' || *p == '{') {
      depth++;
    } else if (*p == '>' || *p == ')' || *p == ']' || *p == '}') {
      depth--;
    }
  }
}

static bool item_is(const char *s, size_t n, const char *word) {
  while (n && *s == ' ') {
    s++;
    n--;
  }
  while (n && s[n - 1] == ' ')
    n--;
  return n == strlen(word) && memcmp(s, word, n) == 0;
}

/* An element type spelt as in the IR (f16, bf16, f32, i8, i32). */
static unsigned dtype_item(const char *s, size_t n) {
  static const struct {
    const char *w;
    unsigned dt;
  } k[] = {{"f16", CASC_DT_F16}, {"bf16", CASC_DT_BF16}, {"f32", CASC_DT_F32},
           {"i8", CASC_DT_I8},   {"si8", CASC_DT_I8},    {"i32", CASC_DT_I32},
           {"si32", CASC_DT_I32}};
  for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++)
    if (item_is(s, n, k[i].w))
      return k[i].dt;
  return CASC_DT_INVALID;
}

/* A LayoutMode item ("N : i32", pyasc's asc.LayoutMode: 0 NONE ... 4
 * BNGS1S2); 0 for anything else. */
static unsigned layout_item(const char *s, size_t n) {
  static const char *const k[] = {"1 : i32", "2 : i32", "3 : i32", "4 : i32"};
  for (unsigned i = 0; i < 4; i++)
    if (item_is(s, n, k[i]))
      return i + 1;
  return 0;
}

bool sim_mm_type_facts(const casc_type *t, int64_t *imm, const char **why) {
  const char *s[MM_ITEMS];
  size_t n[MM_ITEMS];
  if (!sim_mm_is_type(t) || split_items(t->u.opaque.body, s, n) != MM_ITEMS) {
    *why = "a Matmul type of other than four MatmulTypes and a config";
    return false;
  }
  /* CubeFormat::ND (0) for A, B and C: the GM matrices are row-major */
  if (!item_is(s[1], n[1], "0 : i32") || !item_is(s[6], n[6], "0 : i32") ||
      !item_is(s[11], n[11], "0 : i32")) {
    *why = "a Matmul of other than ND matrices (CubeFormat.ND)";
    return false;
  }
  unsigned a = dtype_item(s[2], n[2]), b = dtype_item(s[7], n[7]);
  unsigned c = dtype_item(s[12], n[12]), bias = dtype_item(s[17], n[17]);
  bool ok = a == b && a != CASC_DT_INVALID && a != CASC_DT_I32;
  if (ok && a == CASC_DT_I8) /* int32 C, or half through DEQF16 */
    ok = (c == CASC_DT_I32 || c == CASC_DT_F16) &&
         (bias == CASC_DT_I32 || bias == CASC_DT_INVALID);
  else if (ok)
    ok = (c == CASC_DT_F32 || c == CASC_DT_F16 || c == CASC_DT_BF16) &&
         (bias == CASC_DT_F32 || bias == CASC_DT_INVALID || bias == a);
  if (!ok) {
    *why = "a Matmul other than half / bfloat16 / float A and B into float, "
           "half or bfloat16 C, or int8 into int32 or half (the bias of the "
           "accumulator's or A's type)";
    return false;
  }
  /* the LayoutModes of A, B and C (what the batch forms run on) and the
   * config's isNBatch (IterateNBatch needs it) */
  int64_t layouts = (int64_t)layout_item(s[4], n[4]) << 40 |
                    (int64_t)layout_item(s[9], n[9]) << 43 |
                    (int64_t)layout_item(s[14], n[14]) << 46;
  bool n_batch = strstr(t->u.opaque.body, "is_n_batch = true") != NULL;
  *imm = (int64_t)a | (int64_t)b << 8 | (int64_t)c << 16 | (int64_t)bias << 24 |
         (int64_t)item_is(s[3], n[3], "true") << 32 |
         (int64_t)item_is(s[8], n[8], "true") << 33 | (int64_t)n_batch << 35 |
         layouts;
  return true;
}

/* ---- timing ---------------------------------------------------------------
 */

static uint64_t cdiv(uint64_t a, uint64_t b) {
  return b ? (a + b - 1) / b : a;
}

/* The AIC's work on one tile, in the platform's cube terms (docs/timing.md),
 * one step after the other as the basic ops would take them: per base_k
 * step A's and B's rows from GM (MTE2: a burst per row), their fractals
 * into L0A / L0B (MTE1), the Mmad (M); then the Fixpipe (FIX) when the tile
 * goes out. */
static uint64_t tile_cycles(sim_block *b, const sim_insn *in, int64_t count,
                            bool compute, bool out) {
  const casc_platform *pl = b->L->plat;
  mm_types ty = sim_mm_types(in);
  tile t = tile_of(b, in, count);
  uint64_t es = sim_mm_esz(ty.a), c0 = 32 / es, cyc = 0;
  int64_t bk = sim_mm_st(b, in, MS_BK)->i;
  for (int64_t k0 = 0; compute && k0 < t.pk; k0 += bk) {
    uint64_t kc = (uint64_t)(t.pk - k0 < bk ? t.pk - k0 : bk);
    uint64_t mc = (uint64_t)t.mc, nc = (uint64_t)t.nc;
    cyc += 2 * pl->mte2_setup + mc * cdiv(kc * es, pl->mte2_bytes_per_cycle) +
           kc * cdiv(nc * es, pl->mte2_bytes_per_cycle);
    cyc +=
        2 * pl->mte1_setup +
        cdiv(cdiv(mc, 16) * cdiv(kc, c0) * 512, pl->mte1_l0a_bytes_per_cycle) +
        cdiv(cdiv(nc, 16) * cdiv(kc, c0) * 512, pl->mte1_l0b_bytes_per_cycle);
    cyc += pl->cube_head + cdiv(mc, 16) * cdiv(kc, c0) * cdiv(nc, 16) *
                               (ty.a == CASC_DT_F32
                                    ? pl->cube_f32_cycles_per_fractal
                                    : pl->cube_cycles_per_fractal);
  }
  if (out)
    cyc += pl->fix_setup +
           cdiv((uint64_t)t.mc * (uint64_t)t.nc * 2, pl->fix_bytes_per_cycle);
  return cyc;
}

/* GetTensorC into a LocalTensor (UB) on A2 (dav_c220, the KFC workspace
 * in GM): the AIC's Fixpipe cannot reach the AIV's UB, so it writes the
 * tile into the workspace, and once the AIC's event arrives the client
 * copies it into UB with one DataCopy (asc-devkit matmul_client.h, the
 * synchronous GetTensorC(LocalTensor): PostMessage, WaitEvent, CopyToUB):
 * one MTE2 transfer of the tile, base_m rows of base_n (sequential
 * write), at the GM -> UB figures. 0 into a GlobalTensor. */
static uint64_t ub_copy_cycles(sim_block *b, const sim_insn *in) {
  if (!casc_type_is_local_tensor(in->op->operands[1].value->type))
    return 0;
  const casc_platform *pl = b->L->plat;
  tile t = tile_of(b, in, sim_mm_st(b, in, MS_CUR)->i);
  uint64_t bytes = (uint64_t)t.mc * (uint64_t)sim_mm_st(b, in, MS_BN)->i *
                   sim_mm_esz(sim_mm_types(in).c);
  return pl->mte2_setup + cdiv(bytes, pl->mte2_bytes_per_cycle);
}

uint64_t sim_mm_wait_cycles(sim_block *b, const sim_insn *in) {
  const casc_platform *pl = b->L->plat;
  /* The calls the client posts a KfcMsg for (asc-devkit's matmul_client.h,
   * as docs/timing.md cites it): Init, Iterate, GetTensorC, IterateAll /
   * IterateBatch and End; the setters only fill the client's message. */
  switch (in->opc) {
  case SIM_MM_REGIST:
    return in->nargs > 3 ? pl->kfc_msg_cycles : 0; /* with a tiling: Init */
  case SIM_MM_INIT:
  case SIM_MM_END:
    return pl->kfc_msg_cycles;
  case SIM_MM_ITERATE: {
    bool has_tile = b->slots[in->r].i != 0;
    return pl->kfc_msg_cycles +
           (has_tile
                ? tile_cycles(b, in, sim_mm_st(b, in, MS_CUR)->i, true, false)
                : 0);
  }
  case SIM_MM_GET_TENSOR_C:
  case SIM_MM_GET_TENSOR_C_RETURN:
  case SIM_MM_ASYNC_GET_TENSOR_C:
    return pl->kfc_msg_cycles +
           tile_cycles(b, in, sim_mm_st(b, in, MS_CUR)->i, false, true) +
           ub_copy_cycles(b, in);
  case SIM_MM_ITERATE_ALL:
  case SIM_MM_ITERATE_BATCH:
  case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
  case SIM_MM_ITERATE_N_BATCH: {
    uint64_t cyc = pl->kfc_msg_cycles;
    int64_t n = sim_mm_tiles(b, in);
    int64_t batches = 1;
    if (in->opc == SIM_MM_ITERATE_BATCH)
      batches = (int64_t)sim_zext(b->slots[in->a[2]].i, CASC_DT_U32);
    else if (in->opc == SIM_MM_ITERATE_BATCH_CUBE_ONLY)
      batches = sim_mm_st(b, in, MS_BATCH_A)->i;
    else if (in->opc == SIM_MM_ITERATE_N_BATCH)
      batches = (int64_t)(sim_zext(b->slots[in->a[1]].i, CASC_DT_U32) *
                          sim_zext(b->slots[in->a[2]].i, CASC_DT_U32));
    for (int64_t c = 0; c < n; c++)
      cyc += (uint64_t)batches * tile_cycles(b, in, c, true, true);
    return cyc;
  }
  default:
    return 0;
  }
}
