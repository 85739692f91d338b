/* Sort32: each repeat sorts 32 scores of src0 (half or float) with their
 * uint32 indices from src1 in descending order, equal scores keeping their
 * order ("score[i]==score[j]并且i>j，将优先选取score[j]"), and stores
 * (score, index) pairs of 8 bytes: the score in the low bytes (a half in
 * the low 2, the next 2 reserved), the index in the high 4. Repeats are
 * sorted independently: src0 advances 32 elements, src1 128 bytes, dst
 * 256 bytes. Sources and the choices for NaN and the reserved bytes:
 * docs/simulator.md. */
#include <math.h>
#include <string.h>

#include "sim/sim_internal.h"

enum { SORT_N = 32, PAIR_BYTES = 8 };

/* a goes before b: greater first; NaN after every number (unsourced). */
static bool before(double a, double b) {
  if (isnan(a))
    return false;
  return isnan(b) || a > b;
}

bool sim_exec_sort32(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt2, es = casc_dtype_size((casc_dtype)dt);
  const int64_t repeats = sim_rep_operand(b, in, 3);
  if (!sim_rep_times(b, in, repeats, 255))
    return false;
  if (repeats == 0)
    return true;
  uint8_t *d =
      sim_local_access(b, in, 0, 0, repeats * SORT_N * PAIR_BYTES, true);
  const uint8_t *s0 =
      d ? sim_local_access(b, in, 1, 0, repeats * SORT_N * (int64_t)es, true)
        : NULL;
  const uint8_t *s1 =
      s0 ? sim_local_access(b, in, 2, 0, repeats * SORT_N * 4, true) : NULL;
  if (!s1)
    return false;
  sim_check_init(b, in, 1, s0, repeats * SORT_N * (int64_t)es);
  sim_check_init(b, in, 2, s1, repeats * SORT_N * 4);
  for (int64_t r = 0; r < repeats; r++) {
    double score[SORT_N];
    uint32_t idx[SORT_N];
    unsigned n = 0;
    for (unsigned i = 0; i < SORT_N; i++) {
      /* insertion sort: stable, so equal scores keep src order */
      double v = sim_load_f(s0 + (r * SORT_N + i) * es, dt);
      uint32_t x;
      memcpy(&x, s1 + (r * SORT_N + i) * 4, 4);
      unsigned j = n++;
      while (j > 0 && before(v, score[j - 1])) {
        score[j] = score[j - 1];
        idx[j] = idx[j - 1];
        j--;
      }
      score[j] = v;
      idx[j] = x;
    }
    uint8_t *out = d + r * SORT_N * PAIR_BYTES;
    memset(out, 0, SORT_N * PAIR_BYTES); /* the reserved bytes: 0 */
    for (unsigned i = 0; i < SORT_N; i++) {
      sim_store_f(out + i * PAIR_BYTES, dt, score[i]);
      memcpy(out + i * PAIR_BYTES + 4, &idx[i], 4);
    }
    sim_mark_written(b, out, SORT_N * PAIR_BYTES);
  }
  return true;
}
