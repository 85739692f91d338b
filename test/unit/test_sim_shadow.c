/* The simulator's written-bytes shadow (two bitmaps per 32-byte block plus a
 * byte map inside partly written blocks) and its lazily made initial UB
 * contents, checked against a per-byte reference model on random partial
 * and whole writes: every read of a range with never-written bytes must
 * report exactly one uninit-read issue naming the first such byte, and
 * every byte read must be either what was written or the UB's initial
 * content - also after the workspace was reused by a previous block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim/sim_internal.h"

static uint64_t rng_state = 12345;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void check_ub_size(uint32_t ub) {
  uint32_t nblk = (ub + 31) / 32;
  sim_block b;
  memset(&b, 0, sizeof b);
  uint8_t *raw = calloc(nblk * 32 + 64, 1);
  b.ub_words = (nblk + 63) / 64;
  b.wfull = calloc(b.ub_words, 8);
  b.wpart = calloc(b.ub_words, 8);
  b.wbyte = calloc(nblk * 32, 1);
  uint8_t *written = calloc(ub, 1), *value = calloc(ub, 1);
  REQUIRE(raw && b.wfull && b.wpart && b.wbyte && written && value);
  b.mem[SIM_POOL_UB] = raw;
  b.pool_size[SIM_POOL_UB] = ub;
  /* A real op: its name lives where the IR core keeps it. */
  casc_ctx *ctx = casc_ctx_new();
  casc_op *op =
      ctx ? casc_op_create(ctx, "test.op", NULL, 0, NULL, 0, NULL, NULL, 0)
          : NULL;
  REQUIRE(op);
  sim_insn in;
  memset(&in, 0, sizeof in);
  in.op = op;
  long reads = 0, bad_reports = 0, bad_bytes = 0;
  for (int run = 0; run < 60; run++) {
    /* a new block on the same workspace: the UB holds the last one's data */
    memset(b.wfull, 0, b.ub_words * 8);
    memset(b.wpart, 0, b.ub_words * 8);
    memset(written, 0, ub);
    for (int it = 0; it < 300; it++) {
      uint32_t lo, len;
      switch (rnd() % 3) {
      case 0: /* whole blocks */
        lo = (uint32_t)(rnd() % nblk) * 32;
        len = 32 * (uint32_t)(1 + rnd() % 16);
        break;
      case 1: /* a few bytes */
        lo = (uint32_t)(rnd() % ub);
        len = 1 + (uint32_t)(rnd() % 8);
        break;
      default: /* anything */
        lo = (uint32_t)(rnd() % ub);
        len = 1 + (uint32_t)(rnd() % 600);
        break;
      }
      if (lo >= ub)
        continue;
      if (lo + len > ub)
        len = ub - lo;
      if (rnd() % 2) {
        for (uint32_t i = 0; i < len; i++) {
          uint8_t v = (uint8_t)rnd();
          raw[lo + i] = value[lo + i] = v;
          written[lo + i] = 1;
        }
        sim_mark_written(&b, raw + lo, len);
        continue;
      }
      sim_issue_list_free(&b.issues);
      sim_check_init(&b, &in, 0, raw + lo, len);
      reads++;
      long first = -1;
      for (uint32_t i = 0; i < len && first < 0; i++)
        if (!written[lo + i])
          first = (long)(lo + i);
      char want[64] = "";
      if (first >= 0)
        snprintf(want, sizeof want, "(first at byte %ld)", first);
      bool reported = b.issues.n == 1 && strstr(b.issues.items[0].msg, want);
      if ((first >= 0) != (b.issues.n == 1) || (first >= 0 && !reported))
        bad_reports++;
      for (uint32_t i = 0; i < len; i++) {
        uint8_t expect =
            written[lo + i] ? value[lo + i] : sim_ub_initial_byte(lo + i);
        if (raw[lo + i] != expect) {
          bad_bytes++;
          break;
        }
      }
    }
    for (uint32_t i = 0; i < ub; i++) /* as a previous block leaves it */
      raw[i] = (uint8_t)rnd();
  }
  sim_issue_list_free(&b.issues);
  CHECK(reads > 1000);
  CHECK_EQ_INT(bad_reports, 0);
  CHECK_EQ_INT(bad_bytes, 0);
  free(raw);
  free(b.wfull);
  free(b.wpart);
  free(b.wbyte);
  free(written);
  free(value);
  casc_ctx_free(ctx);
}

static void test_shadow_matches_byte_model(void) {
  /* sizes that are and are not multiples of 32 */
  static const uint32_t sizes[] = {70, 100, 1000, 4096};
  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    check_ub_size(sizes[i]);
}

int main(void) {
  RUN_TEST(test_shadow_matches_byte_model);
  return CHECK_SUMMARY();
}
