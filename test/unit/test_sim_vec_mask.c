/* The mask register and its modes (vec_mask.c, docs/simulator.md "Mask
 * modes") and the fused multiply-add family, against a plain C model of
 * the repeat form: element e of repeat r of an operand with block stride
 * blk and repeat stride rep (in 32-byte blocks) is at byte r * rep * 32 +
 * (e / per_block) * blk * 32 + (e % per_block) * size; unselected dst
 * elements keep their value. The whole dst tile is compared bit for bit.
 *
 * Cases: normal mode with the register's mask (not the op's mask operand,
 * which is MASK_PLACEHOLDER then); counter mode, whose element count spans
 * repeats the op's repeatTimes does not give; an op with isSetMask that
 * leaves its mask in the register; a level-2 op and ResetMask restoring the
 * full mask; Duplicate at level 0 from the register; FusedMulAdd,
 * FusedMulAddRelu and MulAddDst at levels 0, 1, 2 in half and float. Then
 * the located errors. */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

/* BinaryRepeatParams of every case: dst contiguous, src0 skipping every
 * other block, src1 repeats 10 blocks apart. */
static const int64_t BLK[3] = {1, 2, 1}, REP[3] = {8, 16, 10};

static int64_t at(unsigned o, int64_t r, int64_t e, unsigned es) {
  int64_t per_blk = 32 / es;
  return (r * REP[o] * 32 + (e / per_blk) * BLK[o] * 32) / es + e % per_blk;
}

static void fill(const etype *t, uint8_t *x, int seed) {
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    int64_t k = (i * (seed * 2 + 7)) % 23 - 11;
    put(t, x, i, k / 8.0 + 0.25 * seed);
  }
}

/* The ops of the cases: dst = f(src0, src1, dst). */
typedef enum { K_ADD, K_FMA, K_FMA_RELU, K_MUL_ADD_DST } kind;
static const char *const MN[] = {"add", "fused_mul_add", "fused_mul_add_relu",
                                 "mul_add_dst"};

static double model(const etype *t, kind k, double a, double b, double c) {
  switch (k) {
  case K_ADD:
    return rnd(t, a + b);
  case K_FMA:
    return rnd(t, fmaf((float)a, (float)c, (float)b));
  case K_FMA_RELU: {
    double v = rnd(t, fmaf((float)a, (float)c, (float)b));
    return v > 0 ? v : 0;
  }
  default:
    return rnd(t, fmaf((float)a, (float)b, (float)c));
  }
}

/* Which elements repeat r selects: the bits of sel, or in counter mode
 * (count >= 0) the first count - r * lanes. */
typedef struct {
  uint64_t sel[2];
  int64_t count;
  int64_t repeats;
} mplan;

static bool on(const mplan *p, int64_t r, int64_t e, int64_t lanes) {
  if (p->count >= 0)
    return r * lanes + e < p->count;
  return (p->sel[e / 64] >> (e % 64)) & 1;
}

static void apply(const etype *t, kind k, const mplan *p, const uint8_t *x,
                  const uint8_t *y, uint8_t *want) {
  const int64_t lanes = 256 / t->es;
  for (int64_t r = 0; r < p->repeats; r++)
    for (int64_t e = 0; e < lanes; e++) {
      if (!on(p, r, e, lanes))
        continue;
      int64_t d = at(0, r, e, t->es);
      put(t, want, d,
          model(t, k, get(t, x, at(1, r, e, t->es)),
                get(t, y, at(2, r, e, t->es)), get(t, want, d)));
    }
}

/* The constants and the BinaryRepeatParams (%pr) before the ops. */
static void prelude(sbuf *b, int reps) {
  sb_add(b,
         "%%p0 = arith.constant %lld : i32\n"
         "    %%p1 = arith.constant %lld : i32\n"
         "    %%p2 = arith.constant %lld : i32\n"
         "    %%p3 = arith.constant %lld : i32\n"
         "    %%p4 = arith.constant %lld : i32\n"
         "    %%p5 = arith.constant %lld : i32\n"
         "    %%pr = ascendc.construct !ascendc.binary_repeat_params(%%p0, "
         "%%p1, %%p2, %%p3, %%p4, %%p5) [ui8, ui8, ui8, ui8, ui8, ui8] : "
         "i32, i32, i32, i32, i32, i32\n"
         "    %%rp = arith.constant %d : i32\n"
         "    %%mk = arith.constant 7 : i32\n",
         (long long)BLK[0], (long long)BLK[1], (long long)BLK[2],
         (long long)REP[0], (long long)REP[1], (long long)REP[2], reps);
}

/* One level-0 op line (isSetMask given or not, mask operand %mk). */
static void op_l0(sbuf *b, const etype *t, kind k, bool set_mask) {
  sb_add(b,
         "    ascendc.%s_l0 %%zl, %%xl, %%yl, %%mk, %%rp, %%pr %s: "
         "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
         "!ascendc.local_tensor<*x%s>, i32, i32, "
         "!ascendc.binary_repeat_params\n",
         MN[k], set_mask ? "{isSetMask} " : "", t->ir, t->ir, t->ir);
}

static casc_launch_status run3(const etype *t, const char *line, uint8_t *x,
                               uint8_t *y, uint8_t *z, char *msgs, size_t len) {
  ktensor ts[3] = {{"x", t, false}, {"y", t, false}, {"z", t, true}};
  char *text =
      kernel_text(ts, 3, 0x00ff00ff0f0f3333ull, 0xf0f0f0f0ffff0001ull, line);
  uint8_t *bufs[3] = {x, y, z};
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, len);
  free(text);
  return st;
}

static void compare(const char *what, const etype *t, casc_launch_status st,
                    const uint8_t *z, const uint8_t *want, const char *msgs) {
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok) {
    fprintf(stderr, "%s (%s): status %d\n%s", what, t->ir, (int)st, msgs);
    for (int64_t i = 0, shown = 0; i < TILE / (int64_t)t->es && shown < 4; i++)
      if (get(t, z, i) != get(t, want, i) && ++shown)
        fprintf(stderr, "  [%lld] %g, want %g\n", (long long)i, get(t, z, i),
                get(t, want, i));
  }
  CHECK(ok);
}

static uint8_t X[TILE], Y[TILE], Z[TILE], W[TILE];

static void inputs(const etype *t) {
  fill(t, X, 1);
  fill(t, Y, 2);
  fill(t, Z, 3);
  memcpy(W, Z, TILE);
}

/* Normal mode: SetVectorMask(maskHigh, maskLow) selects the elements of
 * every repeat of an op with isSetMask = false; the op's own mask operand
 * (7) is a placeholder. */
static void test_normal_mode_register(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++) {
    const etype *t = ts[i];
    inputs(t);
    mplan p = {{0x00ff00ff0f0f3333ull, t->es == 2 ? 0xf0f0f0f0ffff0001ull : 0},
               -1,
               REPS};
    apply(t, K_ADD, &p, X, Y, W);
    sbuf b = {0};
    prelude(&b, REPS);
    sb_add(&b,
           "    ascendc.set_vector_mask_l1 %%m1w, %%m0 {dtype = %s, mode = 0 "
           ": i32} : ui64, ui64\n",
           t->ir);
    op_l0(&b, t, K_ADD, false);
    /* %m1w: mask[1] for 16-bit types, 0 for 32-bit ones */
    char *line = NULL;
    sbuf full = {0};
    sb_add(&full,
           "%%m1w = \"emitc.constant\"() <{value = %llu : ui64}> : () -> "
           "ui64\n    %s",
           (unsigned long long)p.sel[1], b.s);
    line = full.s;
    char msgs[2048];
    compare("normal-mode register", t,
            run3(t, line, X, Y, Z, msgs, sizeof msgs), Z, W, msgs);
    free(b.s);
    free(full.s);
  }
}

/* Counter mode: SetMaskCount, SetVectorMask<T, COUNTER>(n); the op runs
 * over n elements, ceil(n / lanes) repeats with the op's strides, the last
 * one partly; its repeatTimes (1) has no effect. */
static void test_counter_mode(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++) {
    const etype *t = ts[i];
    const int64_t lanes = 256 / t->es, n = 2 * lanes + 44;
    for (kind k = K_ADD; k <= K_MUL_ADD_DST; k++) {
      inputs(t);
      mplan p = {{0, 0}, n, 3};
      apply(t, k, &p, X, Y, W);
      sbuf b = {0};
      prelude(&b, 1);
      sb_add(&b,
             "    %%cn = arith.constant %lld : i32\n"
             "    ascendc.set_mask_count\n"
             "    ascendc.set_vector_mask_l0 %%cn {dtype = %s, mode = 1 : "
             "i32} : i32\n",
             (long long)n, t->ir);
      op_l0(&b, t, k, false);
      sb_add(&b, "    ascendc.set_mask_norm\n");
      char msgs[2048], what[64];
      snprintf(what, sizeof what, "counter mode, %s", MN[k]);
      compare(what, t, run3(t, b.s, X, Y, Z, msgs, sizeof msgs), Z, W, msgs);
      free(b.s);
    }
  }
}

/* An op with isSetMask leaves its mask in the register (the library's
 * SetMask before the instruction): the next op without it uses that. A
 * level-2 op, and ResetMask, restore every bit. */
static void test_register_writers(void) {
  const etype *t = &E_F32;
  for (int variant = 0; variant < 3; variant++) {
    inputs(t);
    mplan own = {{(1ull << 7) - 1, 0}, -1, REPS}; /* %mk = 7 */
    apply(t, K_ADD, &own, X, Y, W);
    sbuf b = {0};
    prelude(&b, REPS);
    op_l0(&b, t, K_ADD, true);
    mplan next = own;
    if (variant == 1) {
      /* y = y + y over 16 elements at level 2 resets the register */
      sb_add(&b, "    %%c16 = arith.constant 16 : i32\n"
                 "    ascendc.add_l2 %%yl, %%yl, %%yl, %%c16 : "
                 "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, "
                 "!ascendc.local_tensor<*xf32>, i32\n");
      for (int64_t e = 0; e < 16; e++)
        put(t, Y, e, 2 * get(t, Y, e)); /* the model's y after it */
      next.sel[0] = ~0ull;
    } else if (variant == 2) {
      sb_add(&b, "    ascendc.reset_mask\n");
      next.sel[0] = ~0ull;
    }
    op_l0(&b, t, K_MUL_ADD_DST, false);
    apply(t, K_MUL_ADD_DST, &next, X, Y, W);
    if (variant == 1)
      fill(t, Y, 2); /* the GM input the kernel starts from */
    char msgs[2048];
    static const char *const what[] = {"isSetMask writes the register",
                                       "level 2 resets the register",
                                       "ResetMask"};
    compare(what[variant], t, run3(t, b.s, X, Y, Z, msgs, sizeof msgs), Z, W,
            msgs);
    free(b.s);
  }
}

/* Duplicate at level 0 without isSetMask, in counter mode: n elements. */
static void test_duplicate_counter(void) {
  const etype *t = &E_F16;
  const int64_t n = 150;
  fill(t, Z, 3);
  memcpy(W, Z, TILE);
  for (int64_t e = 0; e < n; e++)
    put(t, W, e, 1.5);
  const char *line =
      "%n = arith.constant 150 : i32\n"
      "    %sc = arith.constant 1.5 : f16\n"
      "    %mk = arith.constant 3 : i32\n"
      "    %one = arith.constant 1 : i32\n"
      "    %eight = arith.constant 8 : i32\n"
      "    ascendc.set_mask_count\n"
      "    ascendc.set_vector_mask_l0 %n {dtype = f16, mode = 1 : i32} : i32\n"
      "    ascendc.duplicate_l0 %zl, %sc, %mk, %one, %one, %eight : "
      "!ascendc.local_tensor<*xf16>, f16, i32, i32, i32, i32\n"
      "    ascendc.set_mask_norm";
  ktensor ts[1] = {{"z", t, true}};
  char *text = kernel_text(ts, 1, 0, 0, line);
  uint8_t *bufs[1] = {Z};
  char msgs[2048];
  casc_launch_status st = run_text(text, ts, 1, bufs, msgs, sizeof msgs);
  free(text);
  compare("Duplicate in counter mode", t, st, Z, W, msgs);
}

/* Cast (float -> half, RINT) and Axpy (half -> float) at level 0 without
 * isSetMask in counter mode: n elements of the wider type's repeats (64
 * lanes), dst and src contiguous at their own sizes. */
static void test_cast_axpy_counter(void) {
  const int64_t n = 150;
  for (int axpy = 0; axpy < 2; axpy++) {
    const etype *d = axpy ? &E_F32 : &E_F16, *s = axpy ? &E_F16 : &E_F32;
    fill(s, X, 1);
    fill(d, Z, 3);
    memcpy(W, Z, TILE);
    for (int64_t e = 0; e < n; e++)
      put(d, W, e,
          axpy ? rnd(d, 0.75 * get(s, X, e) + get(d, W, e))
               : rnd(d, get(s, X, e)));
    /* UnaryRepeatParams: blocks 1, repeats of 64 elements of each type */
    sbuf b = {0};
    sb_add(&b,
           "%%b1 = arith.constant 1 : i32\n"
           "    %%rd = arith.constant %d : i32\n"
           "    %%rs = arith.constant %d : i32\n"
           "    %%pu = ascendc.construct !ascendc.unary_repeat_params(%%b1, "
           "%%b1, %%rd, %%rs) [ui16, ui16, ui8, ui8] : i32, i32, i32, i32\n"
           "    %%cn = arith.constant %lld : i32\n"
           "    %%mk = arith.constant 3 : i32\n"
           "    %%sc = arith.constant 0.75 : f16\n"
           "    ascendc.set_mask_count\n"
           "    ascendc.set_vector_mask_l0 %%cn {dtype = f32, mode = 1 : i32} "
           ": i32\n    ",
           (int)(64 * d->es / 32), (int)(64 * s->es / 32), (long long)n);
    if (axpy)
      sb_add(&b, "ascendc.axpy_l0 %%zl, %%xl, %%sc, %%mk, %%c1, %%pu : "
                 "!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, "
                 "f16, i32, i32, !ascendc.unary_repeat_params");
    else
      sb_add(&b, "ascendc.cast_l0 %%zl, %%xl, %%mk, %%c1, %%pu {roundMode = 1 "
                 ": i32} : !ascendc.local_tensor<*xf16>, "
                 "!ascendc.local_tensor<*xf32>, i32, i32, "
                 "!ascendc.unary_repeat_params");
    sb_add(&b, "\n    ascendc.set_mask_norm");
    ktensor ts[2] = {{"x", s, false}, {"z", d, true}};
    char *text = kernel_text(ts, 2, 0, 0, b.s);
    uint8_t *bufs[2] = {X, Z};
    char msgs[2048];
    casc_launch_status st = run_text(text, ts, 2, bufs, msgs, sizeof msgs);
    free(text);
    compare(axpy ? "Axpy in counter mode" : "Cast in counter mode", d, st, Z, W,
            msgs);
    free(b.s);
  }
}

/* The fused family at levels 0 (count mask), 1 (mask array) and 2. */
static void test_fused(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++)
    for (kind k = K_FMA; k <= K_MUL_ADD_DST; k++)
      for (int level = 0; level < 3; level++) {
        const etype *t = ts[i];
        const int64_t lanes = 256 / t->es;
        inputs(t);
        sbuf b = {0};
        if (level == 2) {
          const int64_t n = 2 * lanes + 9;
          for (int64_t e = 0; e < n; e++)
            put(t, W, e, model(t, k, get(t, X, e), get(t, Y, e), get(t, W, e)));
          sb_add(&b,
                 "%%cn = arith.constant %lld : i32\n"
                 "    ascendc.%s_l2 %%zl, %%xl, %%yl, %%cn : "
                 "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                 "!ascendc.local_tensor<*x%s>, i32",
                 (long long)n, MN[k], t->ir, t->ir, t->ir);
        } else {
          mplan p = {{level ? 0x00ff00ff0f0f3333ull : (1ull << 7) - 1,
                      level && t->es == 2 ? 0xf0f0f0f0ffff0001ull : 0},
                     -1,
                     REPS};
          apply(t, k, &p, X, Y, W);
          prelude(&b, REPS);
          sb_add(&b,
                 "    ascendc.%s_l%d %%zl, %%xl, %%yl, %s, %%rp, %%pr "
                 "{isSetMask} : !ascendc.local_tensor<*x%s>, "
                 "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                 "%s, i32, !ascendc.binary_repeat_params",
                 MN[k], level,
                 level ? (t->es == 2 ? "%m0, %m1" : "%m0") : "%mk", t->ir,
                 t->ir, t->ir,
                 level ? (t->es == 2 ? "ui64, ui64" : "ui64") : "i32");
        }
        char msgs[2048], what[64];
        snprintf(what, sizeof what, "%s level %d", MN[k], level);
        compare(what, t, run3(t, b.s, X, Y, Z, msgs, sizeof msgs), Z, W, msgs);
        free(b.s);
      }
}

/* Runs one f32 case and expects a failed launch whose messages contain
 * `want`. */
static void expect_error(const char *line, const char *want) {
  inputs(&E_F32);
  char msgs[2048];
  casc_launch_status st = run3(&E_F32, line, X, Y, Z, msgs, sizeof msgs);
  bool ok = st != CASC_LAUNCH_OK && strstr(msgs, want) != NULL;
  if (!ok)
    fprintf(stderr, "expected '%s', got status %d:\n%s", want, (int)st, msgs);
  CHECK(ok);
}

static void test_errors(void) {
  sbuf b = {0};
  /* a float op reads only maskLow, which f16's mask left 0 */
  prelude(&b, 1);
  sb_add(&b, "    %%hi = \"emitc.constant\"() <{value = 1 : ui64}> : () -> "
             "ui64\n"
             "    %%lo = \"emitc.constant\"() <{value = 0 : ui64}> : () -> "
             "ui64\n"
             "    ascendc.set_vector_mask_l1 %%hi, %%lo {dtype = f16, mode = "
             "0 : i32} : ui64, ui64\n");
  op_l0(&b, &E_F32, K_ADD, false);
  expect_error(b.s, "isSetMask = false and the mask register (SetVectorMask) "
                    "selects no element of a f32 repeat");
  free(b.s);
  b = (sbuf){0};
  sb_add(&b, "%%n = arith.constant 65 : i32\n"
             "    ascendc.set_vector_mask_l0 %%n {dtype = f32, mode = 0 : "
             "i32} : i32");
  expect_error(b.s, "SetVectorMask: len is 65; in normal mode it is the "
                    "element count of a repeat, 1..64 for f32");
  free(b.s);
  b = (sbuf){0};
  sb_add(&b, "ascendc.set_vector_mask_l1 %%m1, %%m0 {dtype = f32, mode = 0 : "
             "i32} : ui64, ui64");
  expect_error(b.s, "maskHigh is 0xf0f0f0f0ffff0001; for f32 (a 32-bit type) "
                    "it must be 0");
  free(b.s);
  /* counter mode over more elements than the tensor holds: the reach of
   * the derived repeats is checked like any other */
  b = (sbuf){0};
  prelude(&b, 1);
  sb_add(&b, "    %%cn = arith.constant 1000 : i32\n"
             "    ascendc.set_mask_count\n"
             "    ascendc.set_vector_mask_l0 %%cn {dtype = f32, mode = 1 : "
             "i32} : i32\n");
  op_l0(&b, &E_F32, K_ADD, false);
  expect_error(b.s, "accesses UB bytes [4096, 8096), outside its tensor");
  free(b.s);
}

int main(void) {
  RUN_TEST(test_normal_mode_register);
  RUN_TEST(test_counter_mode);
  RUN_TEST(test_register_writers);
  RUN_TEST(test_duplicate_counter);
  RUN_TEST(test_cast_axpy_counter);
  RUN_TEST(test_fused);
  RUN_TEST(test_errors);
  return CHECK_SUMMARY();
}
