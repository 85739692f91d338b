/* Select without a mask argument (vec_select_reg.c, docs/simulator.md
 * "Compare and Select") against a plain C model: `select_reg` in
 * VSEL_CMPMASK_SPR takes its selection bits from the CMPMASK register
 * (SetCmpMask), the same bits every repeat; `select_scalar_reg` takes its
 * scalar from the register's low bits and its selection bits from selMask,
 * one repeat's after the other. Both run with the mask register: normal
 * mode (SetVectorMask's bits, unselected dst elements keep their value) and
 * counter mode (an element count over derived repeats; repeatTimes has no
 * effect). Operands are strided (src0 skips every other block); the whole
 * dst tile is compared bit for bit, in half and float. Then the located
 * errors and the unsupported selMode. */
#include "check.h"
#include "sim_vec_harness.h"

enum { REPS = 3 };

/* BinaryRepeatParams: dst contiguous, src0 every other block, src1 10
 * blocks a repeat. */
static const int64_t BLK[3] = {1, 2, 1}, REP[3] = {8, 16, 10};
static const uint64_t VM0 = 0x00ff00ff0f0f3333ull, VM1 = 0xf0f0f0f0ffff0001ull;

static int64_t at(unsigned o, int64_t r, int64_t e, unsigned es) {
  int64_t per_blk = 32 / es;
  return (r * REP[o] * 32 + (e / per_blk) * BLK[o] * 32) / es + e % per_blk;
}

static uint8_t M[TILE], X[TILE], Y[TILE], Z[TILE], W[TILE];

static void inputs(const etype *t) {
  for (int64_t i = 0; i < TILE; i++)
    M[i] = (uint8_t)(i * 37 + 11);
  for (int64_t i = 0; i < TILE / (int64_t)t->es; i++) {
    put(t, X, i, (double)((i * 9) % 31 - 15) / 4);
    put(t, Y, i, (double)((i * 5) % 17 + 100));
    put(t, Z, i, -7); /* dst before the op */
  }
  memcpy(W, Z, TILE);
}

/* The model: count < 0 is normal mode with VM (maskHigh unused by 32-bit
 * types), else counter mode over `count` elements. */
static void model(const etype *t, bool scalar, int64_t count) {
  const int64_t lanes = 256 / t->es;
  const int64_t reps = count < 0 ? REPS : (count + lanes - 1) / lanes;
  for (int64_t r = 0; r < reps; r++)
    for (int64_t e = 0; e < lanes; e++) {
      bool on = count < 0 ? (e < 64 ? VM0 >> e & 1
                                    : t->es == 2 && (VM1 >> (e - 64) & 1))
                          : r * lanes + e < count;
      if (!on)
        continue;
      int64_t bit = scalar ? r * lanes + e : e; /* CMPMASK = M's 16 bytes */
      bool take0 = M[bit / 8] >> (bit % 8) & 1;
      double v = take0    ? get(t, X, at(1, r, e, t->es))
                 : scalar ? get(t, Y, 0) /* the register's low bits */
                          : get(t, Y, at(2, r, e, t->es));
      put(t, W, at(0, r, e, t->es), v);
    }
}

/* The kernel's op lines: the params, SetCmpMask, the mask register, the
 * Select. `extra` goes before the Select (may be ""). */
static char *op_lines(const etype *t, bool scalar, int64_t count, int mode,
                      int reps, const char *extra) {
  sbuf b = {0};
  char lt[64];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t->ir);
  sb_add(&b,
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
         "    %%m1w = \"emitc.constant\"() <{value = %llu : ui64}> : () -> "
         "ui64\n",
         (long long)BLK[0], (long long)BLK[1], (long long)BLK[2],
         (long long)REP[0], (long long)REP[1], (long long)REP[2], reps,
         (unsigned long long)(t->es == 2 ? VM1 : 0));
  if (scalar)
    sb_add(&b, "    ascendc.set_cmp_mask %%yl : %s\n", lt);
  else
    sb_add(&b,
           "    ascendc.set_cmp_mask %%ml : !ascendc.local_tensor<*xui8>\n");
  if (count < 0)
    sb_add(&b,
           "    ascendc.set_vector_mask_l1 %%m1w, %%m0 {dtype = %s, mode = 0 "
           ": i32} : ui64, ui64\n",
           t->ir);
  else
    sb_add(&b,
           "    %%cn = arith.constant %lld : i32\n"
           "    ascendc.set_mask_count\n"
           "    ascendc.set_vector_mask_l0 %%cn {dtype = %s, mode = 1 : i32} "
           ": i32\n",
           (long long)count, t->ir);
  sb_add(&b, "%s", extra);
  if (scalar)
    sb_add(&b,
           "    ascendc.select_scalar_reg %%zl, %%ml, %%xl, %%rp, %%pr : %s, "
           "!ascendc.local_tensor<*xui8>, %s, i32, "
           "!ascendc.binary_repeat_params\n",
           lt, lt);
  else
    sb_add(&b,
           "    ascendc.select_reg %%zl, %%xl, %%yl, %%rp, %%pr {selMode = %d "
           ": i32} : %s, %s, %s, i32, !ascendc.binary_repeat_params\n",
           mode, lt, lt, lt);
  if (count >= 0)
    sb_add(&b, "    ascendc.set_mask_norm\n");
  return b.s;
}

static casc_launch_status run(const etype *t, const char *lines, char *msgs,
                              size_t len) {
  ktensor ts[4] = {
      {"m", &E_U8, false}, {"x", t, false}, {"y", t, false}, {"z", t, true}};
  char *text = kernel_text(ts, 4, VM0, VM1, lines);
  uint8_t *bufs[4] = {M, X, Y, Z};
  casc_launch_status st = run_text(text, ts, 4, bufs, msgs, len);
  free(text);
  return st;
}

static void check_case(const etype *t, bool scalar, int64_t count) {
  inputs(t);
  model(t, scalar, count);
  /* counter mode: repeatTimes 1 must not limit the derived repeats */
  char *lines = op_lines(t, scalar, count, 0, count < 0 ? REPS : 1, "");
  char msgs[4096];
  casc_launch_status st = run(t, lines, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(Z, W, TILE) == 0;
  if (!ok) {
    fprintf(stderr, "%s %s count %lld: status %d\n%s",
            scalar ? "select_scalar_reg" : "select_reg", t->ir,
            (long long)count, (int)st, msgs);
    for (int64_t i = 0, shown = 0; i < TILE / (int64_t)t->es && shown < 4; i++)
      if (get(t, Z, i) != get(t, W, i) && ++shown)
        fprintf(stderr, "  [%lld] %g, want %g\n", (long long)i, get(t, Z, i),
                get(t, W, i));
  }
  CHECK(ok);
  free(lines);
}

static void test_select_reg(void) {
  const etype *ts[2] = {&E_F16, &E_F32};
  for (int i = 0; i < 2; i++)
    for (int scalar = 0; scalar < 2; scalar++) {
      const int64_t lanes = 256 / ts[i]->es;
      check_case(ts[i], scalar, -1);
      check_case(ts[i], scalar, 2 * lanes + 10);
    }
}

static void expect(const etype *t, const char *lines, bool fails,
                   const char *want) {
  inputs(t);
  char msgs[4096];
  casc_launch_status st = run(t, lines, msgs, sizeof msgs);
  bool ok = (st != CASC_LAUNCH_OK) == fails && strstr(msgs, want) != NULL;
  if (!ok)
    fprintf(stderr, "expected '%s' (fails %d), got status %d:\n%s", want,
            (int)fails, (int)st, msgs);
  CHECK(ok);
}

static void test_errors(void) {
  char *l = op_lines(&E_F32, false, -1, 2, REPS, "");
  expect(&E_F32, l, true,
         "not supported by the simulator: ascendc.select_reg "
         "(VSEL_TENSOR_TENSOR_MODE without a mask: the CMPMASK register "
         "holds selMask's UB address)");
  free(l);
  l = op_lines(&E_F32, false, -1, 1, REPS, "");
  expect(&E_F32, l, true,
         "not supported by the simulator: ascendc.select_reg (a "
         "tensor-tensor Select in VSEL_TENSOR_SCALAR_MODE)");
  free(l);
  l = op_lines(&E_I32, false, -1, 0, REPS, "");
  expect(&E_I32, l, true,
         "not supported by the simulator: ascendc.select_reg (Select on i32 "
         "(A2: half, float))");
  free(l);
  /* 20 repeats, 8 blocks apart, reach past dst's 2 KiB */
  l = op_lines(&E_F16, false, -1, 0, 20, "");
  expect(&E_F16, l, true,
         "Select: operand 'dst' (buffer 0 of queue #3 <VECOUT, 1>) accesses "
         "UB bytes [6144, 11264), outside its tensor [6144, 8192)");
  free(l);
  /* counter mode over more elements than selMask's and src0's tiles hold */
  l = op_lines(&E_F32, true, 4000, 0, 1, "");
  expect(&E_F32, l, true,
         "Select: operand 'dst' (buffer 0 of queue #3 <VECOUT, 1>) accesses "
         "UB bytes [6144, 22144), outside its tensor [6144, 8192)");
  free(l);
}

/* Without SetCmpMask the register is read unwritten: a warning, and the
 * bits are 0 (every element from src1). */
static void test_unwritten_register(void) {
  const etype *t = &E_F32;
  inputs(t);
  char *l = op_lines(t, false, -1, 0, REPS, "");
  /* drop the SetCmpMask line */
  char *s = strstr(l, "    ascendc.set_cmp_mask");
  char *eol = strchr(s, '\n');
  memmove(s, eol + 1, strlen(eol + 1) + 1);
  memset(M, 0, sizeof M); /* the model's view of the register: 0 bits */
  model(t, false, -1);
  char msgs[4096];
  casc_launch_status st = run(t, l, msgs, sizeof msgs);
  bool ok = st == CASC_LAUNCH_OK && memcmp(Z, W, TILE) == 0 &&
            strstr(msgs, "the CMPMASK register is read before any Compare");
  if (!ok)
    fprintf(stderr, "unwritten register: status %d\n%s", (int)st, msgs);
  CHECK(ok);
  free(l);
}

int main(void) {
  RUN_TEST(test_select_reg);
  RUN_TEST(test_errors);
  RUN_TEST(test_unwritten_register);
  return CHECK_SUMMARY();
}
