/* The cube's local memories of a worker: L1, L0A, L0B, L0C and the
 * BiasTable, with the platform's sizes (docs/ascendc-facts.md §3), and a
 * shadow of which 32-byte blocks of each the block has written. The
 * shadow serves two checks (docs/simulator.md, "The cube path"): Mmad and
 * Fixpipe reading L0C an Mmad never wrote (l0c-uninit), and Mmad reading
 * L0A/L0B rows that nothing loaded (uninit-read). Unlike UB's shadow it is
 * per block only: a fractal row of a b16 matrix is exactly one 32-byte
 * block, so finer tracking would buy nothing. */
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"

/* The pools this file owns, in sim_pool order. */
static bool cube_pool(unsigned p) {
  return p == SIM_POOL_L1 || p == SIM_POOL_L0A || p == SIM_POOL_L0B ||
         p == SIM_POOL_L0C || p == SIM_POOL_BT;
}

static uint32_t plat_size(const casc_platform *pl, unsigned p) {
  switch (p) {
  case SIM_POOL_L1:
    return pl->l1_size;
  case SIM_POOL_L0A:
    return pl->l0_a_size;
  case SIM_POOL_L0B:
    return pl->l0_b_size;
  case SIM_POOL_L0C:
    return pl->l0_c_size;
  case SIM_POOL_BT:
    return pl->bt_size;
  default:
    return 0;
  }
}

static uint32_t nwords(uint32_t bytes) {
  return (bytes / 32 + 1 + 63) / 64;
}

/* Bytes of the Mmad scratch (sim_block.mm_scratch): the f16 table, then
 * A's m x k and B's k x n16 elements, at most one per byte of L0A / L0B
 * (int8), 4 bytes each. */
static size_t mm_scratch_bytes(const casc_platform *pl) {
  return SIM_F16_TABLE_BYTES + ((size_t)pl->l0_a_size + pl->l0_b_size) * 4;
}

/* The f32 value of an f16 bit pattern (exact: f32 holds every f16). */
static float f16_bits_value(uint32_t h) {
  uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, f = h & 0x3ffu;
  uint32_t bits;
  if (e == 0x1f) /* inf / nan */
    bits = sign | 0x7f800000u | f << 13;
  else if (e) /* normal */
    bits = sign | (e + 112) << 23 | f << 13;
  else if (!f) /* zero */
    bits = sign;
  else { /* subnormal: f x 2^-24, normalised */
    uint32_t sh = 0;
    while (!(f & 0x400u)) {
      f <<= 1;
      sh++;
    }
    bits = sign | (113 - sh) << 23 | (f & 0x3ffu) << 13;
  }
  float v;
  memcpy(&v, &bits, 4);
  return v;
}

const float *sim_cube_f16_table(const sim_block *b) {
  return (const float *)b->mm_scratch;
}

bool sim_cube_ws_alloc(sim_block *b, const casc_platform *pl) {
  /* Mmad unpacks millions of f16 values: a table of all 65536 is faster
   * than converting each (and is built once per worker). */
  b->mm_scratch = casc_malloc(mm_scratch_bytes(pl));
  if (!b->mm_scratch)
    return false;
  float *lut = (float *)b->mm_scratch;
  for (uint32_t h = 0; h < 65536; h++)
    lut[h] = f16_bits_value(h);
  /* LoadDataWithSparse's index: one byte per L0B byte, none loaded */
  b->sp_idx = casc_malloc(pl->l0_b_size ? pl->l0_b_size : 1);
  if (!b->sp_idx) {
    sim_cube_ws_free(b);
    return false;
  }
  memset(b->sp_idx, SIM_SP_IDX_NONE, pl->l0_b_size);
  b->sp_idx_used = false;
  for (unsigned p = 0; p < SIM_POOL_COUNT_; p++) {
    if (!cube_pool(p))
      continue;
    uint32_t n = plat_size(pl, p);
    /* Whole 64-byte lines, so that an f32 fractal row is aligned. */
    b->mem[p] = casc_malloc((size_t)n + 64);
    b->cw[p] = casc_calloc(nwords(n), sizeof *b->cw[p]);
    if (!b->mem[p] || !b->cw[p]) {
      sim_cube_ws_free(b);
      return false;
    }
    b->pool_size[p] = n;
  }
  return true;
}

void sim_cube_ws_free(sim_block *b) {
  casc_free(b->mm_scratch);
  b->mm_scratch = NULL;
  casc_free(b->sp_idx);
  b->sp_idx = NULL;
  for (unsigned p = 0; p < SIM_POOL_COUNT_; p++) {
    if (!cube_pool(p))
      continue;
    casc_free(b->mem[p]);
    casc_free(b->cw[p]);
    b->mem[p] = NULL;
    b->cw[p] = NULL;
  }
}

bool sim_cube_ws_fits(const sim_block *b, const casc_platform *pl) {
  for (unsigned p = 0; p < SIM_POOL_COUNT_; p++)
    if (cube_pool(p) && b->pool_size[p] != plat_size(pl, p))
      return false;
  return true;
}

void sim_cube_block_reset(sim_block *b) {
  memset(b->xflag, 0, sizeof b->xflag); /* mix.c: no cross-core flag set */
  for (unsigned p = 0; p < SIM_POOL_COUNT_; p++)
    if (cube_pool(p) && b->cw[p])
      memset(b->cw[p], 0, nwords(b->pool_size[p]) * sizeof *b->cw[p]);
  /* a block starts with no sparse index loaded; only a block that loaded
   * one pays for clearing it */
  if (b->sp_idx && b->sp_idx_used) {
    memset(b->sp_idx, SIM_SP_IDX_NONE, b->pool_size[SIM_POOL_L0B]);
    b->sp_idx_used = false;
  }
}

/* The mask of bits [lo, hi) of a 64-bit word (0 <= lo < hi <= 64). */
static uint64_t bits_mask(int64_t lo, int64_t hi) {
  uint64_t up = hi == 64 ? ~(uint64_t)0 : ((uint64_t)1 << hi) - 1;
  return up & ~(((uint64_t)1 << lo) - 1);
}

/* Both walk the shadow a 64-bit word (64 blocks, 2 KiB) at a time: Mmad
 * checks and marks whole operands of many fractals. */
void sim_cube_mark(sim_block *b, sim_pool pool, int64_t off, int64_t bytes) {
  uint64_t *w = b->cw[pool];
  if (!w || bytes <= 0 || off < 0)
    return;
  int64_t k = off / 32, end = (off + bytes - 1) / 32 + 1;
  while (k < end) {
    int64_t lo = k % 64, hi = end - (k - lo) < 64 ? end - (k - lo) : 64;
    w[k / 64] |= bits_mask(lo, hi);
    k += hi - lo;
  }
}

int64_t sim_cube_first_unwritten(const sim_block *b, sim_pool pool, int64_t off,
                                 int64_t bytes) {
  const uint64_t *w = b->cw[pool];
  if (!w || bytes <= 0 || off < 0)
    return -1;
  int64_t k = off / 32, end = (off + bytes - 1) / 32 + 1;
  while (k < end) {
    int64_t lo = k % 64, hi = end - (k - lo) < 64 ? end - (k - lo) : 64;
    uint64_t missing = ~w[k / 64] & bits_mask(lo, hi);
    if (missing) {
      int64_t first = k - lo;
      while (!(missing & 1)) {
        missing >>= 1;
        first++;
      }
      return first * 32 > off ? first * 32 : off;
    }
    k += hi - lo;
  }
  return -1;
}

void sim_cube_copy_marks(sim_block *b, sim_pool dp, int64_t doff, sim_pool sp,
                         int64_t soff, int64_t bytes) {
  uint64_t *dw = b->cw[dp];
  const uint64_t *sw = b->cw[sp];
  if (!dw || !sw || bytes <= 0)
    return;
  for (int64_t i = 0; i < (bytes + 31) / 32; i++) {
    int64_t s = soff / 32 + i, d = doff / 32 + i;
    uint64_t bit = (uint64_t)1 << (d % 64);
    if ((sw[s / 64] >> (s % 64)) & 1)
      dw[d / 64] |= bit;
    else
      dw[d / 64] &= ~bit;
  }
}
