/* DataCopy with SliceInfo (`data_copy_slice`): GM -> UB or UB -> GM of a
 * multi-dimensional slice ("切片数据搬运"). Each side walks its first
 * dimValue SliceInfo(startIndex, endIndex, stride, burstLen, shapeValue):
 *   - dimension 0 (the innermost): runs of burstLen·32 bytes from
 *     startIndex, each followed by `stride` skipped elements, up to
 *     endIndex (inclusive; the last run is cut there);
 *   - a higher dimension d: the indices startIndex, then every
 *     (stride + 1)-th up to endIndex; its burstLen must be 1 ("超出1维的
 *     情况下，必须配置为1");
 * and an element's offset is Σ index_d · Π_{e<d} shapeValue_e elements.
 * The two walks must select as many elements; the k-th of the source goes
 * to the k-th of the destination. The reading of startIndex / stride /
 * endIndex is the one the reference's example satisfies ({16, 70, 7, 3,
 * 87}, {0, 2, 1, 1, 3} -> {0, 47, 0, 3, 48}, {0, 1, 0, 1, 2} for float):
 * docs/simulator.md, "DataCopy with SliceInfo". */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"

enum { F_START, F_END, F_STRIDE, F_BURST, F_SHAPE, MAX_DIMS = 8 };

/* Elements a walk may select before the simulator refuses it. */
#define MAX_SLICE_ELEMS ((int64_t)1 << 22)

typedef struct {
  int64_t f[MAX_DIMS][5];
  unsigned dims;
} walk;

/* The elements dimension d selects, in order: index list into out (NULL
 * to count only); the count. */
static int64_t dim_indices(const int64_t *f, bool inner, int64_t burst_elems,
                           int64_t *out) {
  int64_t n = 0;
  if (inner) {
    for (int64_t p = f[F_START]; p <= f[F_END]; p += burst_elems + f[F_STRIDE])
      for (int64_t k = 0; k < burst_elems && p + k <= f[F_END]; k++, n++)
        if (out)
          out[n] = p + k;
    return n;
  }
  for (int64_t i = f[F_START]; i <= f[F_END]; i += f[F_STRIDE] + 1, n++)
    if (out)
      out[n] = i;
  return n;
}

/* The element offsets of a walk, in order, into a new array (*n of them);
 * NULL after reporting. */
static int64_t *walk_offsets(sim_block *b, const sim_insn *in, const walk *w,
                             const char *side, unsigned es, int64_t *n) {
  const char *api = sim_api_name(in->op);
  const int64_t burst = w->f[0][F_BURST] * 32 / (int64_t)es;
  int64_t cnt[MAX_DIMS], total = 1;
  for (unsigned d = 0; d < w->dims; d++) {
    const int64_t *f = w->f[d];
    if (f[F_START] > f[F_END] || (d == 0 && burst < 1) ||
        (d > 0 && f[F_BURST] != 1)) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: %sSliceInfo[%u] (startIndex %lld, endIndex %lld, "
                 "burstLen %lld) selects nothing, or a dimension above the "
                 "first has burstLen other than 1",
                 api, side, d, (long long)f[F_START], (long long)f[F_END],
                 (long long)f[F_BURST]);
      return NULL;
    }
    cnt[d] = dim_indices(f, d == 0, burst, NULL);
    total *= cnt[d];
    if (total > MAX_SLICE_ELEMS) {
      sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
                 "%s: the %s slice selects more than %lld elements", api, side,
                 (long long)MAX_SLICE_ELEMS);
      return NULL;
    }
  }
  int64_t *idx[MAX_DIMS] = {NULL};
  int64_t *off = malloc((size_t)total * sizeof *off);
  bool ok = off != NULL;
  for (unsigned d = 0; ok && d < w->dims; d++) {
    idx[d] = malloc((size_t)cnt[d] * sizeof *idx[d]);
    ok = idx[d] != NULL;
    if (ok)
      dim_indices(w->f[d], d == 0, burst, idx[d]);
  }
  if (ok) {
    /* the last dimension varies slowest: element k's digits, innermost
     * first */
    for (int64_t k = 0; k < total; k++) {
      int64_t rest = k, o = 0, scale = 1;
      for (unsigned d = 0; d < w->dims; d++) {
        o += idx[d][rest % cnt[d]] * scale;
        rest /= cnt[d];
        scale *= w->f[d][F_SHAPE];
      }
      off[k] = o;
    }
  }
  for (unsigned d = 0; d < w->dims; d++)
    free(idx[d]);
  if (!ok) {
    free(off);
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: out of memory in the simulator", api);
    return NULL;
  }
  *n = total;
  return off;
}

/* One contiguous run of `bytes` at element offsets so / do of the two
 * sides. */
static bool move_run(sim_block *b, const sim_insn *in, bool to_ub, int64_t so,
                     int64_t dof, int64_t bytes, unsigned es) {
  sim_pool pool;
  const unsigned ub = to_ub ? 0 : 1, gm = to_ub ? 1 : 0;
  uint8_t *u = sim_local_access_in(b, in, ub, (to_ub ? dof : so) * es, bytes, 1,
                                   1u << SIM_POOL_UB, &pool);
  uint8_t *g =
      u ? sim_global_access(b, in, gm, (to_ub ? so : dof) * es, bytes, !to_ub)
        : NULL;
  if (!g)
    return false;
  if (to_ub) {
    memcpy(u, g, (size_t)bytes);
    sim_mark_written(b, u, bytes);
  } else {
    sim_check_init(b, in, 1, u, bytes);
    memcpy(g, u, (size_t)bytes);
  }
  return true;
}

bool sim_exec_data_copy_slice(sim_block *b, const sim_insn *in) {
  const char *api = sim_api_name(in->op);
  const unsigned es = casc_dtype_size((casc_dtype)in->dt);
  const unsigned nd = (unsigned)(in->imm & 0xff);
  const unsigned ns = (unsigned)((in->imm >> 8) & 0xff);
  const bool has_dim = (in->imm >> 16) & 1;
  const int64_t dim = has_dim ? sim_rep_operand(b, in, 2 + nd + ns) : 1;
  if (dim < 1 || dim > MAX_DIMS || (unsigned)dim > nd || (unsigned)dim > ns) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: dimValue is %lld with %u dst and %u src SliceInfos", api,
               (long long)dim, nd, ns);
    return false;
  }
  walk w[2]; /* 0: dst, 1: src */
  for (unsigned s = 0; s < 2; s++) {
    w[s].dims = (unsigned)dim;
    for (unsigned d = 0; d < (unsigned)dim; d++)
      for (unsigned k = 0; k < 5; k++)
        w[s].f[d][k] = sim_field(b, in, 2 + (s ? nd : 0) + d, k);
  }
  const bool to_ub = casc_type_is_local_tensor(in->op->operands[0].value->type);
  /* the UB tensor's own start: 32-byte aligned */
  if (!sim_local_access(b, in, to_ub ? 0 : 1, 0, 0, true))
    return false;
  int64_t n[2];
  int64_t *off[2] = {NULL, NULL};
  off[0] = walk_offsets(b, in, &w[0], "dst", es, &n[0]);
  off[1] = off[0] ? walk_offsets(b, in, &w[1], "src", es, &n[1]) : NULL;
  bool ok = off[1] != NULL;
  if (ok && n[0] != n[1]) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the dst slice has %lld elements and the src slice %lld",
               api, (long long)n[0], (long long)n[1]);
    ok = false;
  }
  /* runs where both sides are contiguous move as one burst */
  for (int64_t k = 0; ok && k < n[0];) {
    int64_t len = 1;
    while (k + len < n[0] && off[0][k + len] == off[0][k] + len &&
           off[1][k + len] == off[1][k] + len)
      len++;
    ok = move_run(b, in, to_ub, off[1][k], off[0][k], len * (int64_t)es, es);
    k += len;
  }
  free(off[0]);
  free(off[1]);
  return ok;
}
