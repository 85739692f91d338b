/* Sort32 against a plain C model (docs/simulator.md): three repeats of 32
 * half / float scores with equal scores (kept in source order) and a NaN
 * (placed last), their uint32 indices carried along, the (score, index)
 * pairs bit for bit; a repeat count over 255 and a wrong index type are
 * errors. */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

static const etype E_U32 = {"ui32", CASC_DT_U32, 4};

static char *sort_line(const etype *t, int reps, const char *idx_ty) {
  sbuf b = {0};
  sb_add(&b,
         "%%rp = arith.constant %d : i32\n"
         "    ascendc.sort32 %%zl, %%xl, %%il, %%rp : "
         "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
         "!ascendc.local_tensor<*x%s>, i32",
         reps, t->ir, t->ir, idx_ty);
  return b.s;
}

static casc_launch_status run(const etype *t, const etype *it, int reps,
                              uint8_t *x, uint8_t *idx, uint8_t *z, char *msgs,
                              size_t len) {
  char *line = sort_line(t, reps, it->ir);
  ktensor ts[3] = {{"x", t, false}, {"i", it, false}, {"z", t, true}};
  char *text = kernel_text(ts, 3, 0, 0, line);
  uint8_t *bufs[3] = {x, idx, z};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, len);
  free(text);
  free(line);
  return st;
}

static void check_sort(const etype *t) {
  static uint8_t x[TILE], idx[TILE], z[TILE], want[TILE];
  for (int i = 0; i < TILE / (int)t->es; i++)
    put(t, x, i, (double)((i * 7) % 13 - 6) / 2); /* many equal scores */
  put(t, x, 37, NAN);
  for (int i = 0; i < TILE / 4; i++) {
    uint32_t v = 1000u + (uint32_t)i * 3u;
    memcpy(idx + 4 * i, &v, 4);
  }
  memset(z, 0x5a, sizeof z);
  memcpy(want, z, TILE);
  for (int r = 0; r < REPS; r++) {
    int order[32];
    for (int i = 0; i < 32; i++) /* stable: insert after equal ones */
    {
      double v = get(t, x, r * 32 + i);
      int j = i;
      while (j > 0) {
        double u = get(t, x, r * 32 + order[j - 1]);
        bool v_first = !isnan(v) && (isnan(u) || v > u);
        if (!v_first)
          break;
        order[j] = order[j - 1];
        j--;
      }
      order[j] = i;
    }
    for (int i = 0; i < 32; i++) {
      uint8_t *p = want + (r * 32 + i) * 8;
      memset(p, 0, 8);
      memcpy(p, x + (r * 32 + order[i]) * t->es, t->es);
      memcpy(p + 4, idx + (r * 32 + order[i]) * 4, 4);
    }
  }
  char msgs[2048];
  casc_launch_status st = run(t, &E_U32, REPS, x, idx, z, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "Sort32 %s: status %d\n%s", t->ir, (int)st, msgs);
  CHECK(ok);
}

static void test_sort32(void) {
  check_sort(&E_F32);
  check_sort(&E_F16);
}

static void test_checks(void) {
  static uint8_t x[TILE], idx[TILE], z[TILE];
  char msgs[2048];
  CHECK_EQ_INT(run(&E_F32, &E_U32, 256, x, idx, z, msgs, sizeof msgs),
               CASC_LAUNCH_KERNEL_ERROR);
  CHECK(strstr(msgs, "repeatTimes is 256; the hardware takes 0..255") != NULL);
  CHECK_EQ_INT(run(&E_F32, &E_I32, 1, x, idx, z, msgs, sizeof msgs),
               CASC_LAUNCH_BAD_LAUNCH);
  CHECK(strstr(msgs, "with uint32 indices") != NULL);
}

int main(void) {
  RUN_TEST(test_sort32);
  RUN_TEST(test_checks);
  return CHECK_SUMMARY();
}
