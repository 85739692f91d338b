/* Pieces of the simulator that need no kernel: half / bfloat16 rounding,
 * Cast round modes, the platform file, .npy reading and writing. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"
#include "sim/sim_internal.h"
#include "util/alloc.h"

static void test_half(void) {
  CHECK_EQ_INT(casc_f32_to_f16(1.0f), 0x3c00);
  CHECK_EQ_INT(casc_f32_to_f16(-2.0f), 0xc000);
  CHECK_EQ_INT(casc_f32_to_f16(65504.0f), 0x7bff);
  CHECK_EQ_INT(casc_f32_to_f16(65520.0f), 0x7c00); /* rounds to inf */
  CHECK_EQ_INT(casc_f32_to_f16(65519.0f), 0x7bff);
  CHECK_EQ_INT(casc_f32_to_f16(0x1p-24f), 0x0001);   /* smallest subnormal */
  CHECK_EQ_INT(casc_f32_to_f16(0x1p-25f), 0x0000);   /* tie to even: 0 */
  CHECK_EQ_INT(casc_f32_to_f16(0x1.8p-24f), 0x0002); /* tie to even: 2 */
  /* 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even = 1.0 */
  CHECK_EQ_INT(casc_f32_to_f16(1.0f + 0x1p-11f), 0x3c00);
  CHECK_EQ_INT(casc_f32_to_f16(1.0f + 0x1.8p-10f), 0x3c02);
  CHECK(isnan(casc_f16_to_f32(casc_f32_to_f16(NAN))));
  /* every half survives a round trip through float */
  int bad = 0;
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = casc_f16_to_f32((uint16_t)h);
    if (!isnan(f) && casc_f32_to_f16(f) != h)
      bad++;
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(casc_f32_to_bf16(1.0f), 0x3f80);
  CHECK_EQ_INT(casc_f32_to_bf16(1.0f + 0x1p-8f), 0x3f80); /* tie to even */
  CHECK_EQ_INT(casc_f32_to_bf16(1.0f + 0x1.8p-8f), 0x3f81);
  CHECK(casc_bf16_to_f32(0x4049) == 3.140625f);
}

static void test_round_modes(void) {
  /* To half: 1 + 3*2^-12 lies between 1 + 2^-10 * {0, 1}; 0.75 ulp up. */
  double x = 1.0 + 3 * 0x1p-12;
  CHECK(sim_round_mode(x, 1, CASC_DT_F16, true) == 1.0 + 0x1p-10); /* RINT */
  CHECK(sim_round_mode(x, 2, CASC_DT_F16, true) == 1.0);           /* FLOOR */
  CHECK(sim_round_mode(x, 3, CASC_DT_F16, true) == 1.0 + 0x1p-10); /* CEIL */
  CHECK(sim_round_mode(x, 5, CASC_DT_F16, true) == 1.0);           /* TRUNC */
  CHECK(sim_round_mode(-x, 2, CASC_DT_F16, true) == -(1.0 + 0x1p-10));
  CHECK(sim_round_mode(-x, 5, CASC_DT_F16, true) == -1.0);
  /* halfway: RINT to even, ROUND away from zero */
  double h = 1.0 + 0x1p-11;
  CHECK(sim_round_mode(h, 1, CASC_DT_F16, true) == 1.0);
  CHECK(sim_round_mode(h, 4, CASC_DT_F16, true) == 1.0 + 0x1p-10);
  CHECK(sim_round_mode(-h, 4, CASC_DT_F16, true) == -(1.0 + 0x1p-10));
  /* ODD: inexact results get an odd last bit */
  CHECK(sim_round_mode(1.0 + 0x1p-12, 6, CASC_DT_F16, true) == 1.0 + 0x1p-10);
  CHECK(sim_round_mode(1.0 + 0x1p-10, 6, CASC_DT_F16, true) == 1.0 + 0x1p-10);
  CHECK(sim_round_mode(1.0 + 0x1p-9 + 0x1p-12, 6, CASC_DT_F16, true) ==
        1.0 + 0x1p-9 + 0x1p-10);
  /* saturation */
  CHECK(sim_round_mode(1e6, 1, CASC_DT_F16, true) == 65504.0);
  CHECK(sim_round_mode(-1e6, 1, CASC_DT_F16, true) == -65504.0);
  /* supported pairs follow docs/ascendc-facts.md §7.2 */
  CHECK(casc_cast_supported(CASC_DT_F16, CASC_DT_F32, 6));
  CHECK(casc_cast_supported(CASC_DT_F32, CASC_DT_F16, 0));
  CHECK(!casc_cast_supported(CASC_DT_F32, CASC_DT_F16, 1));
  CHECK(!casc_cast_supported(CASC_DT_I32, CASC_DT_F32, 0));
  CHECK(!casc_cast_supported(CASC_DT_F16, CASC_DT_I32, 1));
}

/* platform/Ascend910B1.ini, found from this file's path (tests may run in
 * any directory). */
static const char *ini_path(void) {
  static char path[1024];
  const char *me = __FILE__, *cut = strstr(me, "test/unit/");
  if (!cut)
    return "../platform/Ascend910B1.ini";
  snprintf(path, sizeof path, "%.*splatform/Ascend910B1.ini", (int)(cut - me),
           me);
  return path;
}

static void test_platform_file(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  casc_platform file, dflt;
  casc_platform_default(&dflt);
  bool ok = casc_platform_load(ctx, ini_path(), &file);
  CHECK(ok);
  if (ok) {
    CHECK(memcmp(&file, &dflt, sizeof file) == 0);
    CHECK_STREQ(file.soc, "Ascend910B1");
    CHECK_EQ_INT(file.ub_size, 196608);
  }
  const char *bad = "[AICoreSpec]\nub_size=12x\nnot a line\n";
  casc_platform p;
  CHECK(!casc_platform_parse(ctx, bad, strlen(bad), "bad.ini", &p));
  CHECK_EQ_INT(dl.n, 2);
  const char *over = "[AICoreSpec]\nub_size = 65536 ; small core\n[x]\nk=v\n";
  CHECK(casc_platform_parse(ctx, over, strlen(over), "o.ini", &p));
  CHECK_EQ_INT(p.ub_size, 65536);
  CHECK_EQ_INT(p.l1_size, dflt.l1_size);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

/* Loading a platform file with allocation N failing (alone, or with every
 * later one), for every N the load makes: it gives the file's platform, or
 * fails with the context out of memory, never a failure without a reason
 * (`casc run --platform` would then take it for a bad file). */
static void test_platform_file_out_of_memory(void) {
  casc_platform want;
  casc_platform_default(&want);
  casc_ctx *ctx = casc_ctx_new();
  REQUIRE(ctx != NULL);
  casc_alloc_fail_nth(0, false);
  casc_platform p;
  bool clean_ok = casc_platform_load(ctx, ini_path(), &p);
  unsigned long total = casc_alloc_count();
  casc_alloc_fail_off();
  casc_ctx_free(ctx);
  REQUIRE(clean_ok);
  CHECK(total > 0); /* the file's text, at least */
  unsigned bad = 0, failed = 0;
  for (int persistent = 0; persistent <= 1; persistent++)
    for (unsigned long n = 1; n <= total; n++) {
      ctx = casc_ctx_new();
      REQUIRE(ctx != NULL);
      casc_diag_list dl = {0};
      casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
      casc_alloc_fail_nth(n, persistent);
      bool ok = casc_platform_load(ctx, ini_path(), &p);
      casc_alloc_fail_off();
      if (ok)
        bad += memcmp(&p, &want, sizeof p) != 0;
      else {
        failed++;
        bad += !casc_ctx_out_of_memory(ctx);
      }
      casc_diag_list_free(&dl);
      casc_ctx_free(ctx);
    }
  CHECK_EQ_INT(bad, 0);
  CHECK(failed > 0);
}

/* Every key of the shipped file is present (so the defaults are tested,
 * not merely inherited). */
static void test_platform_file_complete(void) {
  FILE *f = fopen(ini_path(), "r");
  REQUIRE(f != NULL);
  char text[8192];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  const char *keys[] = {
      "SoC_version=", "ai_core_cnt=", "cube_core_cnt=", "vector_core_cnt=",
      "cube_freq=",   "ub_size=",     "l1_size=",       "l0_a_size=",
      "l0_b_size=",   "l0_c_size=",   "bt_size=",       "fb_size="};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    CHECK_CONTAINS(text, keys[i]);
}

static void test_npy(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list dl = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &dl);
  char path[] = "/tmp/casc_npy_XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  float data[6] = {1, 2, 3, 4, 5, 6.5f};
  casc_npy a = {CASC_DT_F32, 2, {2, 3}, 6, data};
  CHECK(casc_npy_write(ctx, path, &a));
  casc_npy b;
  CHECK(casc_npy_read(ctx, path, &b));
  CHECK_EQ_INT(b.dtype, CASC_DT_F32);
  CHECK_EQ_INT(b.ndim, 2);
  CHECK_EQ_INT(b.shape[0], 2);
  CHECK_EQ_INT(b.shape[1], 3);
  CHECK(b.data && memcmp(b.data, data, sizeof data) == 0);
  casc_npy_free(&b);
  /* bf16 round trip keeps the bits and the dtype */
  uint16_t bits[3] = {0x3f80, 0x4049, 0xc000};
  casc_npy c = {CASC_DT_BF16, 1, {3}, 3, bits};
  CHECK(casc_npy_write(ctx, path, &c));
  CHECK(casc_npy_read(ctx, path, &b));
  CHECK_EQ_INT(b.dtype, CASC_DT_BF16);
  CHECK(b.data && memcmp(b.data, bits, sizeof bits) == 0);
  casc_npy_free(&b);
  remove(path);
  /* A header as NumPy writes it, with a 1-D shape "(4,)". */
  const char hdr[] =
      "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }";
  unsigned char file[144];
  memset(file, ' ', sizeof file);
  memcpy(file, "\x93NUMPY\x01\x00", 8);
  size_t hl = 128 - 10;
  file[8] = (unsigned char)hl;
  file[9] = 0;
  memcpy(file + 10, hdr, sizeof hdr - 1);
  file[127] = '\n';
  int32_t iv[4] = {7, -1, 0, 42};
  memcpy(file + 128, iv, 16);
  bool parsed = casc_npy_parse(ctx, file, 144, "m.npy", &b);
  CHECK(parsed);
  if (!parsed)
    for (unsigned i = 0; i < dl.n; i++)
      casc_diag_print(dl.items[i], stderr);
  CHECK_EQ_INT(b.count, 4);
  CHECK(b.data && memcmp(b.data, iv, 16) == 0);
  casc_npy_free(&b);
  unsigned before = dl.n;
  CHECK(!casc_npy_parse(ctx, file, 143, "short.npy", &b)); /* truncated */
  CHECK(!casc_npy_parse(ctx, file, 9, "tiny.npy", &b));
  memcpy(file + 10, "{'descr': '>i4'", 15); /* big-endian: rejected */
  CHECK(!casc_npy_parse(ctx, file, 144, "be.npy", &b));
  CHECK_EQ_INT(dl.n, before + 3);
  casc_diag_list_free(&dl);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_half);
  RUN_TEST(test_round_modes);
  RUN_TEST(test_platform_file);
  RUN_TEST(test_platform_file_complete);
  RUN_TEST(test_platform_file_out_of_memory);
  RUN_TEST(test_npy);
  return CHECK_SUMMARY();
}
