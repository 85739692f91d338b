/* A2's sort-layout helpers as the library implements them: Concat makes
 * its concat tensor src (no data moves: Sort on the concat tensor sorts
 * src, a write through it lands in src, and the tensor concat had keeps
 * its bytes), half and float; GetSortLen<float> / GetSortOffset<float>
 * (pyasc's rows) are n * 2, in uint32. */
#include "check.h"
#include "sim_vec_harness.h"

static const etype E_U32 = {"ui32", CASC_DT_U32, 4};

/* The kernel: x, indices i, scratch t and z in queues, c in a TBuf (its
 * tensor is got again at the end, so that c's own bytes can be copied
 * out). Concat c := x, then Sort (2 repeats of 32) of c into z; with
 * `direct` the Sort reads x itself. Then 7 is stored through c's element
 * 3. x, z and the TBuf's bytes go back to GM. */
static char *concat_text(const etype *t, bool direct) {
  const char *ty = t->ir;
  sbuf b = {0};
  sb_add(&b,
         "module {\n  func.func @k(%%x: memref<?x%s, 22> loc(\"x\"), %%i: "
         "memref<?xui32, 22> loc(\"i\"), %%z: memref<?x%s, 22> loc(\"z\"), "
         "%%c: memref<?x%s, 22> loc(\"c\")) attributes {ascendc.global} {\n"
         "    %%c1 = arith.constant 1 : i32\n"
         "    %%cb = arith.constant %d : i32\n"
         "    %%rp = arith.constant 2 : i32\n"
         "    %%s3 = arith.constant 3 : i32\n"
         "    %%v7 = arith.constant 7.0 : %s\n"
         "    %%pipe = ascendc.pipe\n",
         ty, ty, ty, TILE, ty);
  const char *names[4] = {"x", "i", "t", "z"};
  for (int k = 0; k < 4; k++) {
    const char *nm = names[k], *et = k == 1 ? "ui32" : ty;
    const char *pos = k == 3 ? "vecout" : "vecin";
    sb_add(&b,
           "    %%%sq = ascendc.queue : <%s, 1>\n"
           "    ascendc.pipe.init_queue %%pipe, %%%sq, %%c1, %%cb : "
           "!ascendc.queue<%s, 1>, i32, i32\n"
           "    %%%sl = ascendc.que_bind.alloc_tensor %%%sq : "
           "!ascendc.queue<%s, 1>, !ascendc.local_tensor<*x%s>\n",
           nm, pos, nm, pos, nm, nm, pos, et);
  }
  sb_add(&b,
         "    %%ctb = ascendc.tbuf : <veccalc>\n"
         "    ascendc.pipe.init_buffer %%pipe, %%ctb, %%cb : "
         "!ascendc.tbuf<veccalc>, i32\n"
         "    %%cl = ascendc.tbuf.get_tensor %%ctb : !ascendc.tbuf<veccalc>, "
         "!ascendc.local_tensor<*x%s>\n",
         ty);
  const char *gms[4] = {"x", "i", "z", "c"};
  for (int k = 0; k < 4; k++) {
    const char *et = k == 1 ? "ui32" : ty;
    sb_add(&b,
           "    %%%sg = ascendc.global_tensor : !ascendc.global_tensor<*x%s>\n"
           "    ascendc.global_tensor.set_global_buffer %%%sg, %%%s : "
           "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n"
           "    %%%sn = arith.constant %u : i32\n",
           gms[k], et, gms[k], gms[k], et, et, gms[k],
           TILE / (k == 1 ? 4 : t->es));
  }
  sb_add(&b,
         "    ascendc.data_copy_l2 %%xl, %%xg, %%xn : "
         "!ascendc.local_tensor<*x%s>, !ascendc.global_tensor<*x%s>, i32\n"
         "    ascendc.data_copy_l2 %%il, %%ig, %%in : "
         "!ascendc.local_tensor<*xui32>, !ascendc.global_tensor<*xui32>, i32\n"
         "    ascendc.data_copy_l2 %%zl, %%zg, %%zn : "
         "!ascendc.local_tensor<*x%s>, !ascendc.global_tensor<*x%s>, i32\n"
         "    ascendc.data_copy_l2 %%cl, %%cg, %%cn : "
         "!ascendc.local_tensor<*x%s>, !ascendc.global_tensor<*x%s>, i32\n",
         ty, ty, ty, ty, ty, ty);
  if (!direct)
    sb_add(&b,
           "    ascendc.concat %%cl, %%xl, %%tl, %%rp : "
           "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
           "!ascendc.local_tensor<*x%s>, i32\n",
           ty, ty, ty);
  const char *srt = direct ? "x" : "c";
  sb_add(&b,
         "    ascendc.sort %%zl, %%%sl, %%il, %%tl, %%rp : "
         "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
         "!ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*x%s>, i32\n"
         "    ascendc.local_tensor.set_value %%%sl, %%s3, %%v7 : "
         "!ascendc.local_tensor<*x%s>, i32, %s\n"
         "    %%own = ascendc.tbuf.get_tensor %%ctb : !ascendc.tbuf<veccalc>, "
         "!ascendc.local_tensor<*x%s>\n",
         srt, ty, ty, ty, srt, ty, ty, ty);
  const char *outs[3][2] = {{"x", "xl"}, {"z", "zl"}, {"c", "own"}};
  for (int k = 0; k < 3; k++)
    sb_add(&b,
           "    ascendc.data_copy_l2 %%%sg, %%%s, %%%sn : "
           "!ascendc.global_tensor<*x%s>, !ascendc.local_tensor<*x%s>, i32\n",
           outs[k][0], outs[k][1], outs[k][0], ty, ty);
  for (int k = 0; k < 4; k++)
    sb_add(&b,
           "    ascendc.que_bind.free_tensor %%%sq, %%%sl : "
           "!ascendc.queue<%s, 1>, !ascendc.local_tensor<*x%s>\n",
           names[k], names[k], k == 3 ? "vecout" : "vecin",
           k == 1 ? "ui32" : ty);
  sb_add(&b, "    return\n  }\n}\n");
  return b.s;
}

static void run_concat(const etype *t, bool direct, uint8_t *x, uint8_t *c,
                       uint8_t *z) {
  static uint8_t idx[TILE];
  for (int i = 0; i < TILE / 4; i++) {
    uint32_t v = 500u + (uint32_t)i;
    memcpy(idx + 4 * i, &v, 4);
  }
  char *text = concat_text(t, direct);
  ktensor ts[4] = {
      {"x", t, true}, {"i", &E_U32, false}, {"z", t, true}, {"c", t, true}};
  uint8_t *bufs[4] = {x, idx, z, c};
  char msgs[2048];
  casc_launch_status st = run_text(text, ts, 4, bufs, msgs, sizeof msgs);
  if (st != CASC_LAUNCH_OK || msgs[0])
    fprintf(stderr, "concat %s: %s\n", t->ir, msgs);
  CHECK(st == CASC_LAUNCH_OK && !msgs[0]);
  free(text);
}

static void check_concat(const etype *t) {
  static uint8_t x0[TILE], c0[TILE];
  static uint8_t x[TILE], c[TILE], z[TILE], xd[TILE], zd[TILE], cd[TILE];
  for (int i = 0; i < TILE / (int)t->es; i++) {
    put(t, x0, i, (double)((i * 5) % 17) - 8);
    put(t, c0, i, -100 - i % 50); /* sorted, c's own scores would differ */
  }
  memcpy(x, x0, TILE);
  memcpy(c, c0, TILE);
  memset(z, 0, TILE);
  run_concat(t, false, x, c, z);
  memcpy(xd, x0, TILE);
  memcpy(cd, c0, TILE);
  memset(zd, 0, TILE);
  run_concat(t, true, xd, cd, zd);
  /* Sort through the concat tensor = Sort of x */
  CHECK(memcmp(z, zd, TILE) == 0);
  /* the store through it went to x; c keeps its bytes */
  CHECK(get(t, x, 3) == 7);
  CHECK(memcmp(x, xd, TILE) == 0);
  CHECK(memcmp(c, c0, TILE) == 0);
}

/* GetSortLen / GetSortOffset of n into r[0], r[1]. */
static void check_sort_len(uint32_t n) {
  static uint8_t r[TILE];
  char line[1024];
  snprintf(line, sizeof line,
           "%%n = \"emitc.constant\"() <{value = %u : ui32}> : () -> ui32\n"
           "    %%a = ascendc.get_sort_len %%n : ui32\n"
           "    %%b = ascendc.get_sort_offset %%n : ui32\n"
           "    %%i0 = arith.constant 0 : i32\n"
           "    %%i1 = arith.constant 1 : i32\n"
           "    ascendc.local_tensor.set_value %%rl, %%i0, %%a : "
           "!ascendc.local_tensor<*xui32>, i32, ui32\n"
           "    ascendc.local_tensor.set_value %%rl, %%i1, %%b : "
           "!ascendc.local_tensor<*xui32>, i32, ui32",
           n);
  ktensor ts[1] = {{"r", &E_U32, true}};
  char *text = kernel_text(ts, 1, 0, 0, line);
  uint8_t *bufs[1] = {r};
  char msgs[1024];
  memset(r, 0xee, TILE);
  CHECK(run_text(text, ts, 1, bufs, msgs, sizeof msgs) == CASC_LAUNCH_OK);
  free(text);
  uint32_t got[2];
  memcpy(got, r, 8);
  CHECK_EQ_INT(got[0], (uint32_t)(n * 2u));
  CHECK_EQ_INT(got[1], (uint32_t)(n * 2u));
}

static void test_concat(void) {
  check_concat(&E_F16);
  check_concat(&E_F32);
}

static void test_sort_len(void) {
  check_sort_len(0);
  check_sort_len(128);
  check_sort_len(0x80000003u); /* wraps in uint32 */
}

int main(void) {
  RUN_TEST(test_concat);
  RUN_TEST(test_sort_len);
  return CHECK_SUMMARY();
}
