/* AddReluCast, SubReluCast and MulCast (vec_bin_cast.c) against a plain C
 * model: the op in the sources' type (half rounded to nearest even, int16
 * wrapping), Relu, then CAST_NONE (round to nearest even) with saturation
 * into dst's type, for every pair of the reference's table 3 on A2
 * (float -> half, half -> int8, int16 -> int8; MulCast half -> int8 /
 * uint8), at levels 2 (count), 0 (count mask) and 1 (mask array) with
 * repeats of 256 source bytes, a src1 that skips every other block and a
 * dst packed at its own element size; one case with the mask register in
 * counter mode; a pair outside the table is refused when the kernel is
 * compiled. Inputs reach past the dst type's range so that saturation and
 * ties are exercised. The whole dst tile is compared bit for bit. */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

static const etype E_I8 = {"i8", CASC_DT_I8, 1};
static const etype E_I16 = {"i16", CASC_DT_I16, 2};

/* put / get for the 8- and 16-bit integers the harness does not have */
static void putv(const etype *t, uint8_t *b, int64_t i, double v) {
  if (t->dt == CASC_DT_I8) {
    int8_t x = (int8_t)(int)v;
    memcpy(b + i, &x, 1);
  } else if (t->dt == CASC_DT_I16) {
    int16_t x = (int16_t)(int)v;
    memcpy(b + i * 2, &x, 2);
  } else {
    put(t, b, i, v);
  }
}
static double getv(const etype *t, const uint8_t *b, int64_t i) {
  if (t->dt == CASC_DT_I8)
    return (int8_t)b[i];
  if (t->dt == CASC_DT_I16) {
    int16_t x;
    memcpy(&x, b + i * 2, 2);
    return x;
  }
  return get(t, b, i);
}

typedef enum { K_ADD_RELU, K_SUB_RELU, K_MUL, K_ADD_DEQ } kind;
static const char *const MN[] = {"add_relu_cast", "sub_relu_cast", "mul_cast",
                                 "add_deq_relu"};
static const double DEQ = 0.75; /* SetDeqScale(half) of the AddDeqRelu cases */

/* The op in the sources' type s, then the conversion to d. */
static double model(const etype *s, const etype *d, kind k, double a,
                    double b) {
  if (k == K_ADD_DEQ) { /* int32 sum (wrapping), * DEQSCALE, half, Relu */
    double v = round_half((double)(int32_t)(uint32_t)(int64_t)(a + b) * DEQ);
    v = isinf(v) ? copysign(65504, v) : v;
    return v > 0 ? v : 0;
  }
  double v = k == K_ADD_RELU ? a + b : k == K_SUB_RELU ? a - b : a * b;
  if (s->dt == CASC_DT_I16)
    v = (int16_t)(int32_t)v; /* the int16 op wraps */
  else
    v = rnd(s, v);
  if (k != K_MUL && !(v > 0))
    v = 0;
  if (d->dt == CASC_DT_F16) {
    v = round_half(v);
    return isinf(v) ? copysign(65504, v) : v; /* saturation */
  }
  v = nearbyint(v);
  double lo = d->dt == CASC_DT_U8 ? 0 : -128,
         hi = d->dt == CASC_DT_U8 ? 255 : 127;
  return v < lo ? lo : v > hi ? hi : v;
}

static void fill(const etype *t, uint8_t *x, int seed) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    int64_t k = (i * (seed * 2 + 7)) % 41 - 20;
    double v = t->dt == CASC_DT_I32   ? k * 4000.0 + 1  /* past 65504 */
               : t->dt == CASC_DT_I16 ? k * 15.0        /* +-300 */
               : t->dt == CASC_DT_F32 ? k * 2500.25     /* to +-50000 */
                                      : k * 3.5 + 0.25; /* half: ties */
    putv(t, x, i, v);
  }
}

/* Strides in 32-byte blocks: dst packed (a repeat's dst elements take
 * lanes * des bytes), src0 contiguous, src1 every other block. */
static void strides(const etype *s, const etype *d, int64_t blk[3],
                    int64_t rep[3]) {
  int64_t lanes = 256 / s->es;
  blk[0] = 1, blk[1] = 1, blk[2] = 2;
  rep[0] = lanes * d->es / 32, rep[1] = 8, rep[2] = 16;
}

static int64_t at(int64_t r, int64_t e, int64_t blk, int64_t rep, unsigned es) {
  int64_t per = 32 / es;
  return (r * rep * 32 + (e / per) * blk * 32) / es + e % per;
}

static const uint64_t M0 = 0xf0f0ff00f0f0f0f5ull, M1 = 0x00ff00ff00f00f01ull;

/* level 0, 1, 2; counter: level 0 with the register in counter mode */
static void check(kind k, const etype *s, const etype *d, int level,
                  bool counter) {
  static uint8_t x[TILE], y[TILE], z[TILE], want[TILE];
  const int64_t lanes = 256 / s->es, n = 2 * lanes + 9;
  fill(s, x, 1);
  fill(s, y, 2);
  for (int64_t i = 0; i < TILE / (int64_t)d->es; i++)
    putv(d, z, i, (double)(i % 7) - 3); /* what unselected elements keep */
  memcpy(want, z, TILE);
  int64_t blk[3], rep[3];
  strides(s, d, blk, rep);
  sbuf b = {0};
  const char *tys = "";
  char tyb[160];
  snprintf(tyb, sizeof tyb,
           "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
           "!ascendc.local_tensor<*x%s>",
           d->ir, s->ir, s->ir);
  tys = tyb;
  if (k == K_ADD_DEQ)
    sb_add(&b,
           "%%ds = arith.constant %g : f16\n    ascendc.set_deq_scale "
           "%%ds : f16\n    ",
           DEQ);
  if (level == 2) {
    for (int64_t e = 0; e < n; e++)
      putv(d, want, e, model(s, d, k, getv(s, x, e), getv(s, y, e)));
    sb_add(&b,
           "%%cn = arith.constant %lld : i32\n    ascendc.%s_l2 %%zl, "
           "%%xl, %%yl, %%cn : %s, i32",
           (long long)n, MN[k], tys);
  } else {
    for (int64_t r = 0; r < REPS; r++)
      for (int64_t e = 0; e < lanes; e++) {
        bool on = counter      ? r * lanes + e < n
                  : level == 0 ? e < lanes - 5
                               : ((e < 64 ? M0 >> e : M1 >> (e - 64)) & 1);
        if (!on)
          continue;
        putv(d, want, at(r, e, blk[0], rep[0], d->es),
             model(s, d, k, getv(s, x, at(r, e, blk[1], rep[1], s->es)),
                   getv(s, y, at(r, e, blk[2], rep[2], s->es))));
      }
    sb_add(&b,
           "%%p0 = arith.constant %lld : i32\n    %%p1 = arith.constant %lld "
           ": i32\n    %%p2 = arith.constant %lld : i32\n    %%p3 = "
           "arith.constant %lld : i32\n    %%p4 = arith.constant %lld : i32\n"
           "    %%p5 = arith.constant %lld : i32\n    %%pr = "
           "ascendc.construct !ascendc.binary_repeat_params(%%p0, %%p1, "
           "%%p2, %%p3, %%p4, %%p5) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, "
           "i32, i32, i32, i32, i32\n    %%rp = arith.constant %d : i32\n"
           "    %%mk = arith.constant %lld : i32\n",
           (long long)blk[0], (long long)blk[1], (long long)blk[2],
           (long long)rep[0], (long long)rep[1], (long long)rep[2],
           counter ? 1 : REPS, (long long)(lanes - 5));
    if (counter)
      sb_add(&b,
             "    %%cn = arith.constant %lld : i32\n"
             "    ascendc.set_mask_count\n"
             "    ascendc.set_vector_mask_l0 %%cn {dtype = %s, mode = 1 "
             ": i32} : i32\n",
             (long long)n, s->ir);
    /* MulCast's rows have no isSetMask (its API always sets the mask) */
    const char *attr = counter ? "" : k == K_MUL ? "" : "{isSetMask} ";
    sb_add(&b,
           "    ascendc.%s_l%d %%zl, %%xl, %%yl, %s, %%rp, %%pr %s: %s, "
           "%s, i32, !ascendc.binary_repeat_params",
           MN[k], level, level ? (lanes > 64 ? "%m0, %m1" : "%m0") : "%mk",
           attr, tys, level ? (lanes > 64 ? "ui64, ui64" : "ui64") : "i32");
    if (counter)
      sb_add(&b, "\n    ascendc.set_mask_norm");
  }
  ktensor ts[3] = {{"x", s, false}, {"y", s, false}, {"z", d, true}};
  char *text = kernel_text(ts, 3, M0, lanes > 64 ? M1 : 0, b.s);
  uint8_t *bufs[3] = {x, y, z};
  char msgs[2048];
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, sizeof msgs);
  free(text);
  free(b.s);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok) {
    fprintf(stderr, "%s %s -> %s level %d%s: status %d\n%s", MN[k], s->ir,
            d->ir, level, counter ? " (counter mode)" : "", (int)st, msgs);
    for (int64_t i = 0, shown = 0; i < TILE / (int64_t)d->es && shown < 4; i++)
      if (getv(d, z, i) != getv(d, want, i) && ++shown)
        fprintf(stderr, "  [%lld] %g, want %g\n", (long long)i, getv(d, z, i),
                getv(d, want, i));
  }
  CHECK(ok);
}

static void test_pairs(void) {
  for (int level = 0; level < 3; level++) {
    for (kind k = K_ADD_RELU; k <= K_SUB_RELU; k++) {
      check(k, &E_F32, &E_F16, level, false);
      check(k, &E_F16, &E_I8, level, false);
      check(k, &E_I16, &E_I8, level, false);
    }
    check(K_MUL, &E_F16, &E_I8, level, false);
    check(K_MUL, &E_F16, &E_U8, level, false);
    check(K_ADD_DEQ, &E_I32, &E_F16, level, false);
  }
  check(K_ADD_RELU, &E_F16, &E_I8, 0, true);
  check(K_SUB_RELU, &E_F32, &E_F16, 0, true);
}

/* MulAddDst half -> float: dst = src0 * src1 + dst, one rounding to float,
 * at levels 2, 0 and 1 (64 lanes of the float dst; src packed at 2 bytes
 * an element, dst at 4). */
static void test_mul_add_dst_mixed(void) {
  static uint8_t x[TILE], y[TILE], z[TILE], want[TILE];
  const etype *s = &E_F16, *d = &E_F32;
  for (int level = 0; level < 3; level++) {
    fill(s, x, 1);
    fill(s, y, 2);
    for (int64_t i = 0; i < TILE / 4; i++)
      put(d, z, i, (double)(i % 13) * 0.3125 - 2);
    memcpy(want, z, TILE);
    const int64_t n = level == 2 ? 150 : 64 * REPS;
    for (int64_t e = 0; e < n; e++) {
      if (level == 0 && e % 64 >= 59)
        continue; /* the count mask 59 */
      if (level == 1 && !((M0 >> (e % 64)) & 1))
        continue;
      put(d, want, e,
          (double)(float)(get(s, x, e) * get(s, y, e) + get(d, want, e)));
    }
    sbuf b = {0};
    const char *tys = "!ascendc.local_tensor<*xf32>, "
                      "!ascendc.local_tensor<*xf16>, "
                      "!ascendc.local_tensor<*xf16>";
    if (level == 2)
      sb_add(&b,
             "%%cn = arith.constant %lld : i32\n    ascendc.mul_add_dst_l2 "
             "%%zl, %%xl, %%yl, %%cn : %s, i32",
             (long long)n, tys);
    else
      sb_add(&b,
             "%%b1 = arith.constant 1 : i32\n    %%r8 = arith.constant 8 "
             ": i32\n    %%r4 = arith.constant 4 : i32\n    %%pr = "
             "ascendc.construct !ascendc.binary_repeat_params(%%b1, %%b1, "
             "%%b1, %%r8, %%r4, %%r4) [ui8, ui8, ui8, ui8, ui8, ui8] : "
             "i32, i32, i32, i32, i32, i32\n    %%rp = arith.constant %d "
             ": i32\n    %%mk = arith.constant 59 : i32\n    "
             "ascendc.mul_add_dst_l%d %%zl, %%xl, %%yl, %s, %%rp, %%pr "
             "{isSetMask} : %s, %s, i32, !ascendc.binary_repeat_params",
             REPS, level, level ? "%m0" : "%mk", tys, level ? "ui64" : "i32");
    ktensor ts[3] = {{"x", s, false}, {"y", s, false}, {"z", d, true}};
    char *text = kernel_text(ts, 3, M0, 0, b.s);
    uint8_t *bufs[3] = {x, y, z};
    char msgs[2048];
    casc_launch_status st = run_text(text, ts, 3, bufs, msgs, sizeof msgs);
    free(text);
    free(b.s);
    bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
    if (!ok)
      fprintf(stderr, "MulAddDst half -> float level %d: status %d\n%s", level,
              (int)st, msgs);
    CHECK(ok);
  }
}

/* AddDeqRelu before SetDeqScale(half), and after CastDeq's form of it. */
static void test_deq_unset(void) {
  static uint8_t x[TILE], z[TILE];
  for (int form = 0; form < 2; form++) {
    const char *line =
        form ? "%cn = arith.constant 64 : i32\n"
               "    %sc = arith.constant 1.0 : f32\n"
               "    %of = arith.constant 0 : i16\n"
               "    %sm = arith.constant true\n"
               "    ascendc.set_deq_scale %sc, %of, %sm : f32, i16, i1\n"
               "    ascendc.add_deq_relu_l2 %zl, %xl, %xl, %cn : "
               "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, "
               "!ascendc.local_tensor<*xi32>, i32"
             : "%cn = arith.constant 64 : i32\n"
               "    ascendc.add_deq_relu_l2 %zl, %xl, %xl, %cn : "
               "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xi32>, "
               "!ascendc.local_tensor<*xi32>, i32";
    ktensor ts[2] = {{"x", &E_I32, false}, {"z", &E_F16, true}};
    char *text = kernel_text(ts, 2, 0, 0, line);
    uint8_t *bufs[2] = {x, z};
    char msgs[2048];
    casc_launch_status st = run_text(text, ts, 2, bufs, msgs, sizeof msgs);
    free(text);
    CHECK(st != CASC_LAUNCH_OK);
    const char *want = form ? "AddDeqRelu: DEQSCALE is set by CastDeq's form"
                            : "AddDeqRelu: DEQSCALE is not set in this kernel";
    if (!strstr(msgs, want))
      fprintf(stderr, "got: %s", msgs);
    CHECK(strstr(msgs, want) != NULL);
  }
}

static void test_bad_pair(void) {
  static uint8_t x[TILE], z[TILE];
  const char *line = "%cn = arith.constant 64 : i32\n"
                     "    ascendc.mul_cast_l2 %zl, %xl, %xl, %cn : "
                     "!ascendc.local_tensor<*xi32>, "
                     "!ascendc.local_tensor<*xf32>, "
                     "!ascendc.local_tensor<*xf32>, i32";
  ktensor ts[2] = {{"x", &E_F32, false}, {"z", &E_I32, true}};
  char *text = kernel_text(ts, 2, 0, 0, line);
  uint8_t *bufs[2] = {x, z};
  char msgs[2048];
  casc_launch_status st = run_text(text, ts, 2, bufs, msgs, sizeof msgs);
  free(text);
  CHECK(st != CASC_LAUNCH_OK);
  CHECK(strstr(msgs, "not supported by the simulator: ascendc.mul_cast_l2 "
                     "(MulCast from f32 and f32 to i32") != NULL);
}

int main(void) {
  RUN_TEST(test_pairs);
  RUN_TEST(test_mul_add_dst_mixed);
  RUN_TEST(test_deq_unset);
  RUN_TEST(test_bad_pair);
  return CHECK_SUMMARY();
}
