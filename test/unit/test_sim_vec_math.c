/* The math library (vec_math.c) against a double reference: every unary
 * function in half and float over its domain, Power (tensor ** tensor,
 * tensor ** scalar), Xor in int16. Tolerance, as docs/simulator.md
 * states: the transcendental functions within 1 ulp of the element type of
 * the double reference (the simulator rounds libm's double once); Ceil,
 * Floor, Trunc, Round, Frac, Sign and Xor exact. Elements past calCount
 * keep their value; without calCount the whole source tensor is computed;
 * with a sharedTmpBuffer the result is the same. Then the refusals: a
 * dtype the function does not take, a source of another dtype. */
#include "check.h"
#include "sim_vec_harness.h"

enum { N = 300 };

static const etype E_I16 = {"i16", CASC_DT_I16, 2};

/* digamma by the derivative of lgamma (central difference): an
 * independent reference, ~1e-9 relative, far below float's ulp. */
static double digamma_ref(double x) {
  double h = 1e-5 * fmax(1.0, fabs(x));
  return (lgamma(x + h) - lgamma(x - h)) / (2 * h);
}

typedef struct {
  const char *mn;
  double (*f)(double);
  double lo, hi; /* inputs spread over [lo, hi] */
  bool exact;
} ucase;

static double frac_ref(double x) {
  return x - trunc(x);
}
static double sign_ref(double x) {
  return (x > 0) - (x < 0);
}

static const ucase UCASES[] = {
    {"acos", acos, -1, 1, false},
    {"acosh", acosh, 1, 8, false},
    {"asin", asin, -1, 1, false},
    {"asinh", asinh, -6, 6, false},
    {"atan", atan, -9, 9, false},
    {"atanh", atanh, -0.95, 0.95, false},
    {"ceil", ceil, -20, 20, true},
    {"cos", cos, -6, 6, false},
    {"cosh", cosh, -5, 5, false},
    {"digamma", digamma_ref, 0.3, 9, false},
    {"erf", erf, -3, 3, false},
    {"erfc", erfc, -3, 3, false},
    {"floor", floor, -20, 20, true},
    {"frac", frac_ref, -20, 20, true},
    {"lgamma", lgamma, 0.2, 12, false},
    {"log", log, 0.01, 100, false},
    {"round", round, -20.5, 20.5, true},
    {"sign", sign_ref, -3, 3, true},
    {"sin", sin, -6, 6, false},
    {"sinh", sinh, -5, 5, false},
    {"tan", tan, -1.4, 1.4, false},
    {"tanh", tanh, -4, 4, false},
    {"trunc", trunc, -20, 20, true},
};
#define NU (int)(sizeof UCASES / sizeof UCASES[0])

/* One ulp of t at v (the spacing of t's values around v). */
static double ulp_of(const etype *t, double v) {
  int e = 0;
  frexp(fabs(v), &e);
  int p = t->dt == CASC_DT_F16 ? 11 : 24,
      emin = t->dt == CASC_DT_F16 ? -14 : -126;
  int lead = e - 1 < emin ? emin : e - 1;
  return ldexp(1.0, lead - (p - 1));
}

static const char *const TT = "!ascendc.local_tensor<*x%s>";

/* The op line: `mn` over %xl (and %yl / a scalar for Power) into %zl, with
 * calCount %cn unless whole, with tmp %wl when tmp. */
static char *op_line(const char *mn, const etype *t, bool binary, bool scalar1,
                     bool whole, bool tmp) {
  sbuf b = {0};
  char tt[64];
  snprintf(tt, sizeof tt, TT, t->ir);
  sb_add(&b,
         "%%cn = arith.constant %d : i32\n    %%reuse = arith.constant false\n",
         N);
  if (scalar1)
    sb_add(&b, "    %%s1 = arith.constant 2.5 : %s\n", t->ir);
  sb_add(&b, "    ascendc.%s %%zl, %%xl", mn);
  if (binary)
    sb_add(&b, scalar1 ? ", %%s1" : ", %%yl");
  if (tmp)
    sb_add(&b, ", %%wl");
  if (!whole)
    sb_add(&b, ", %%cn");
  sb_add(&b,
         ", %%reuse {operandSegmentSizes = array<i32: 1, 1, %s%d, %d, 1>} "
         ": %s, %s",
         binary ? "1, " : "", tmp, !whole, tt, tt);
  if (binary)
    sb_add(&b, ", %s", scalar1 ? t->ir : tt);
  if (tmp)
    sb_add(&b, ", !ascendc.local_tensor<*xui8>");
  if (!whole)
    sb_add(&b, ", i32");
  sb_add(&b, ", i1");
  return b.s;
}

static uint8_t X[TILE], Y[TILE], Z[TILE], W[TILE], WANT[TILE];

static casc_launch_status run(const etype *t, const char *line, char *msgs,
                              size_t len) {
  static const etype E_UI8 = {"ui8", CASC_DT_U8, 1};
  ktensor ts[4] = {
      {"x", t, false}, {"y", t, false}, {"z", t, true}, {"w", &E_UI8, false}};
  char *text = kernel_text(ts, 4, 0, 0, line);
  uint8_t *bufs[4] = {X, Y, Z, W};
  casc_launch_status st = run_text(text, ts, 4, bufs, msgs, len);
  free(text);
  return st;
}

/* Runs one case; dst elements [0, n) must be within tol ulps (0: equal)
 * of want, the others unchanged. */
static void verify(const char *what, const etype *t, const char *line,
                   int64_t n, bool exact) {
  char msgs[2048];
  casc_launch_status st = run(t, line, msgs, sizeof msgs);
  int bad = 0;
  for (int64_t i = 0; i < TILE / (int64_t)t->es && st == CASC_LAUNCH_OK; i++) {
    double g = get(t, Z, i), w = get(t, WANT, i);
    bool ok = i >= n || exact ? (g == w || (isnan(g) && isnan(w)))
                              : fabs(g - w) <= ulp_of(t, w);
    if (!ok && bad++ < 3)
      fprintf(stderr, "%s (%s): [%lld] %.9g, want %.9g\n", what, t->ir,
              (long long)i, g, w);
  }
  if (st != CASC_LAUNCH_OK)
    fprintf(stderr, "%s (%s): status %d\n%s", what, t->ir, (int)st, msgs);
  CHECK(st == CASC_LAUNCH_OK && bad == 0);
}

static void spread(const etype *t, uint8_t *x, double lo, double hi) {
  int64_t m = TILE / (int64_t)t->es;
  for (int64_t i = 0; i < m; i++)
    put(t, x, i, rnd(t, lo + (hi - lo) * (double)((i * 37) % m) / (m - 1)));
}

static void test_unary(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int k = 0; k < NU; k++)
    for (int i = 0; i < 2; i++) {
      const ucase *c = &UCASES[k];
      const etype *t = ts[i];
      spread(t, X, c->lo, c->hi);
      if (strcmp(c->mn, "round") == 0)
        for (int64_t e = 0; e < 16; e++)
          put(t, X, e, (double)e - 8 + 0.5); /* ties: away from zero */
      for (int64_t e = 0; e < TILE / (int64_t)t->es; e++)
        put(t, Z, e, -7.0);
      memcpy(WANT, Z, TILE);
      for (int64_t e = 0; e < N; e++)
        put(t, WANT, e, rnd(t, c->f(get(t, X, e))));
      char *line = op_line(c->mn, t, false, false, false, k % 2 == 0);
      verify(c->mn, t, line, N, c->exact);
      free(line);
    }
}

/* Without calCount: the whole source tensor. */
static void test_whole_tensor(void) {
  const etype *t = &E_F32;
  spread(t, X, -3, 3);
  for (int64_t e = 0; e < TILE / 4; e++)
    put(t, WANT, e, rnd(t, tanh(get(t, X, e))));
  char *line = op_line("tanh", t, false, false, true, false);
  verify("tanh over the whole tensor", t, line, TILE / 4, false);
  free(line);
}

static void test_power_xor(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++)
    for (int scalar = 0; scalar < 2; scalar++) {
      const etype *t = ts[i];
      spread(t, X, 0.1, 4);
      spread(t, Y, -2, 3);
      memset(Z, 0, TILE);
      memcpy(WANT, Z, TILE);
      for (int64_t e = 0; e < N; e++)
        put(t, WANT, e, rnd(t, pow(get(t, X, e), scalar ? 2.5 : get(t, Y, e))));
      char *line = op_line("power", t, true, scalar, false, scalar);
      verify(scalar ? "power (scalar exponent)" : "power", t, line, N, false);
      free(line);
    }
  /* Xor in int16, bit-exact */
  for (int64_t e = 0; e < TILE / 2; e++) {
    int16_t a = (int16_t)(e * 2654435761u >> 7), b = (int16_t)(e * 40503u);
    memcpy(X + 2 * e, &a, 2);
    memcpy(Y + 2 * e, &b, 2);
  }
  memset(Z, 0x5a, TILE);
  memcpy(WANT, Z, TILE);
  for (int64_t e = 0; e < N; e++) {
    int16_t a, b, r;
    memcpy(&a, X + 2 * e, 2);
    memcpy(&b, Y + 2 * e, 2);
    r = (int16_t)(a ^ b);
    memcpy(WANT + 2 * e, &r, 2);
  }
  char *line = op_line("xor", &E_I16, true, false, false, false);
  char msgs[2048];
  casc_launch_status st = run(&E_I16, line, msgs, sizeof msgs);
  if (st != CASC_LAUNCH_OK)
    fprintf(stderr, "xor: %s", msgs);
  CHECK(st == CASC_LAUNCH_OK && memcmp(Z, WANT, TILE) == 0);
  free(line);
}

/* The adv Exp (its Taylor level not modelled: exact exp), ClampMax,
 * ClampMin (a scalar bound) and Axpy (dst += scalar * src; half -> float
 * too), each over the first N elements. */
static void test_exp_clamp_axpy(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++)
    for (int which = 0; which < 3; which++) {
      const etype *t = ts[i];
      spread(t, X, -4, 4);
      for (int64_t e = 0; e < TILE / (int64_t)t->es; e++)
        put(t, Z, e, 0.5);
      memcpy(WANT, Z, TILE);
      for (int64_t e = 0; e < N; e++) {
        double x = get(t, X, e);
        put(t, WANT, e,
            rnd(t, which == 0   ? exp(x)
                   : which == 1 ? (x > 1.25 ? 1.25 : x)
                                : (x < 1.25 ? 1.25 : x)));
      }
      sbuf b = {0};
      char tt[64];
      snprintf(tt, sizeof tt, TT, t->ir);
      sb_add(&b,
             "%%cn = arith.constant %d : i32\n    %%reuse = arith.constant "
             "false\n    %%s1 = arith.constant 1.25 : %s\n    %%lv = "
             "arith.constant 0 : i32\n    ",
             N, t->ir);
      if (which == 0)
        sb_add(&b,
               "ascendc.exp %%zl, %%xl, %%cn, %%lv, %%reuse : %s, %s, "
               "i32, i32, i1",
               tt, tt);
      else
        sb_add(&b,
               "ascendc.clamp_%s %%zl, %%xl, %%s1, %%cn, %%reuse : %s, "
               "%s, %s, i32, i1",
               which == 1 ? "max" : "min", tt, tt, t->ir);
      static const char *const what[] = {"exp (adv)", "clamp_max", "clamp_min"};
      verify(what[which], t, b.s, N, which != 0);
      free(b.s);
    }
  /* Axpy: half -> half, float -> float, half -> float */
  const etype *pairs[3][2] = {
      {&E_F16, &E_F16}, {&E_F32, &E_F32}, {&E_F32, &E_F16}};
  for (int pi = 0; pi < 3; pi++) {
    const etype *d = pairs[pi][0], *sx = pairs[pi][1];
    spread(sx, X, -4, 4);
    spread(d, Z, -2, 2);
    memcpy(WANT, Z, TILE);
    for (int64_t e = 0; e < N; e++)
      put(d, WANT, e, rnd(d, 0.75 * get(sx, X, e) + get(d, WANT, e)));
    sbuf b = {0};
    sb_add(&b,
           "%%cn = arith.constant %d : i32\n    %%reuse = arith.constant "
           "false\n    %%s1 = arith.constant 0.75 : %s\n    ascendc.axpy "
           "%%zl, %%xl, %%s1, %%cn, %%reuse : !ascendc.local_tensor<*x%s>, "
           "!ascendc.local_tensor<*x%s>, %s, i32, i1",
           N, sx->ir, d->ir, sx->ir, sx->ir);
    ktensor kt[3] = {{"x", sx, false}, {"y", sx, false}, {"z", d, true}};
    char *text = kernel_text(kt, 3, 0, 0, b.s);
    uint8_t *bufs[3] = {X, Y, Z};
    char msgs[2048];
    casc_launch_status st = run_text(text, kt, 3, bufs, msgs, sizeof msgs);
    bool ok = st == CASC_LAUNCH_OK && memcmp(Z, WANT, TILE) == 0;
    if (!ok)
      fprintf(stderr, "axpy %s -> %s: status %d\n%s", sx->ir, d->ir, (int)st,
              msgs);
    CHECK(ok);
    free(text);
    free(b.s);
  }
}

static void test_refusals(void) {
  char msgs[2048];
  char *line = op_line("sin", &E_I16, false, false, false, false);
  CHECK(run(&E_I16, line, msgs, sizeof msgs) != CASC_LAUNCH_OK);
  CHECK(strstr(msgs, "not supported by the simulator: ascendc.sin (Sin from "
                     "i16 to i16 (A2: half, float))") != NULL);
  free(line);
}

int main(void) {
  RUN_TEST(test_unary);
  RUN_TEST(test_whole_tensor);
  RUN_TEST(test_power_xor);
  RUN_TEST(test_exp_clamp_axpy);
  RUN_TEST(test_refusals);
  return CHECK_SUMMARY();
}
