/* The C++ operator forms (`dst = src0 + src1`, add/sub/mul/div_l3) run the
 * binary op over the whole dst tensor, "运算量为目的LocalTensor的总长度"
 * (docs/simulator.md): on full tiles in half, float and int32 against a C
 * loop, and on a dst that is a subindex of its tile (shorter than the
 * sources), where only dst's length is computed and the rest of the tile
 * keeps its value. */
#include "check.h"
#include "sim_vec_harness.h"

static const char *const ops[4] = {"add", "sub", "mul", "div"};

static double model(int op, double a, double b) {
  switch (op) {
  case 0:
    return a + b;
  case 1:
    return a - b;
  case 2:
    return a * b;
  default:
    return a / b;
  }
}

/* z[skip..] = x[0..] op y[0..] over the tile minus skip elements. */
static void check(const etype *t, int op, int skip) {
  static uint8_t x[TILE], y[TILE], z[TILE], want[TILE];
  const int n = TILE / (int)t->es;
  for (int i = 0; i < n; i++) {
    put(t, x, i, (double)((i * 7) % 19 - 9));
    put(t, y, i, (double)((i * 5) % 11 + 1)); /* never 0: div */
    put(t, want, i, -3);
  }
  memcpy(z, want, TILE);
  for (int i = 0; i + skip < n; i++) {
    double v = model(op, get(t, x, i), get(t, y, i));
    if (t->dt == CASC_DT_I32)
      v = (double)(int32_t)v;
    put(t, want, i + skip, t->dt == CASC_DT_I32 ? v : rnd(t, v));
  }
  sbuf line = {0};
  char lt[48];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t->ir);
  sb_add(&line,
         "%%sk = arith.constant %d : i32\n"
         "    %%zs = ascendc.local_tensor.subindex %%zl[%%sk] : %s, i32, %s\n"
         "    ascendc.%s_l3 %%zs, %%xl, %%yl : %s, %s, %s",
         skip, lt, lt, ops[op], lt, lt, lt);
  ktensor ts[3] = {{"x", t, false}, {"y", t, false}, {"z", t, true}};
  char *text = kernel_text(ts, 3, 0, 0, line.s);
  uint8_t *bufs[3] = {x, y, z};
  char msgs[2048];
  casc_launch_status st = run_text(text, ts, 3, bufs, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(z, want, TILE) == 0;
  if (!ok)
    fprintf(stderr, "%s_l3 %s skip %d: status %d\n%s", ops[op], t->ir, skip,
            (int)st, msgs);
  CHECK(ok);
  free(text);
  free(line.s);
}

static void test_operators(void) {
  for (int op = 0; op < 4; op++) {
    check(&E_F32, op, 0);
    check(&E_F16, op, 0);
    if (op < 3)
      check(&E_I32, op, 0); /* Div takes half and float only */
    check(&E_F32, op, 104); /* 416 bytes: still 32-byte aligned */
  }
}

int main(void) {
  RUN_TEST(test_operators);
  return CHECK_SUMMARY();
}
