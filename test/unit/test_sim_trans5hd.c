/* TransDataTo5HD with LocalTensor lists (`trans_data_to_5hd_tensor_list`,
 * the IR pyasc's asc.trans_data_to_5hd(dst_list, src_list, params) builds)
 * against NCHW -> NC1HWC0 computed element by element: half, int16 and
 * float with C0 = 16 over several repeats; uint8 with C0 = 32 in four
 * calls that pick the blocks' halves (srcHighHalf, dstHighHalf), whose
 * other half keeps its bytes; repeatTimes 1 starting a stride on (the
 * reference's rule); a list entry whose repeats run past its tensor is an
 * error naming that operand. Each check runs twice: with LocalTensor lists
 * and with the GetPhyAddr of each entry in a uint64 list
 * (`trans_data_to_5hd_uint_list`), whose element type the simulator finds
 * from those GetPhyAddrs: the same bytes must come out for every size. */
#include "check.h"
#include "sim_vec_harness.h"

static const etype E_I16 = {"i16", CASC_DT_I16, 2};

/* Build the address-list form instead of the LocalTensor lists. */
static bool g_addr;

typedef struct {
  int dst[16], src[16]; /* element offsets of the list entries */
  int dst_high, src_high, reps, dst_stride, src_stride;
} call;

/* The op lines of `n` calls on %zl (dst) and %xl (src). */
static char *calls_text(const etype *t, const call *cs, int n) {
  const char *ty = t->ir;
  sbuf b = {0};
  for (int c = 0; c < n; c++) {
    const call *k = &cs[c];
    for (int i = 0; i < 32; i++) {
      int off = i < 16 ? k->dst[i] : k->src[i - 16];
      sb_add(&b,
             "%%o%d_%d = arith.constant %d : i32\n"
             "    %%e%d_%d = ascendc.local_tensor.subindex %%%sl[%%o%d_%d] : "
             "!ascendc.local_tensor<*x%s>, i32, !ascendc.local_tensor<*x%s>\n"
             "    ",
             c, i, off, c, i, i < 16 ? "z" : "x", c, i, ty, ty);
      if (g_addr)
        sb_add(&b,
               "%%u%d_%d = \"emitc.constant\"() <{value = 0 : ui32}> : () -> "
               "ui32\n"
               "    %%a%d_%d = ascendc.local_tensor.get_phy_addr %%e%d_%d, "
               "%%u%d_%d : !ascendc.local_tensor<*x%s>, ui64, ui32\n    ",
               c, i, c, i, c, i, c, i, ty);
    }
    sb_add(&b,
           "%%dh%d = arith.constant %d : i1\n"
           "    %%sh%d = arith.constant %d : i1\n"
           "    %%rp%d = arith.constant %d : i32\n"
           "    %%ds%d = arith.constant %d : i32\n"
           "    %%ss%d = arith.constant %d : i32\n"
           "    %%p%d = ascendc.construct !ascendc.trans_data_to_5hd_params("
           "%%dh%d, %%sh%d, %%rp%d, %%ds%d, %%ss%d) [i1, i1, ui8, ui16, ui16] "
           ": i1, i1, i32, i32, i32\n"
           "    ascendc.trans_data_to_5hd_%s ",
           c, k->dst_high, c, k->src_high, c, k->reps, c, k->dst_stride, c,
           k->src_stride, c, c, c, c, c, c,
           g_addr ? "uint_list" : "tensor_list");
    for (int i = 0; i < 32; i++)
      sb_add(&b, "%%%c%d_%d, ", g_addr ? 'a' : 'e', c, i);
    sb_add(&b, "%%p%d {operandSegmentSizes = array<i32: 16, 16, 1>} : ", c);
    for (int i = 0; i < 32; i++)
      if (g_addr)
        sb_add(&b, "ui64, ");
      else
        sb_add(&b, "!ascendc.local_tensor<*x%s>, ", ty);
    sb_add(&b, "!ascendc.trans_data_to_5hd_params\n    ");
  }
  return b.s;
}

static casc_launch_status run(const etype *t, const call *cs, int n, uint8_t *x,
                              uint8_t *z, char *msgs, size_t len) {
  char *line = calls_text(t, cs, n);
  ktensor ts[2] = {{"x", t, false}, {"z", t, true}};
  char *text = kernel_text(ts, 2, 0, 0, line);
  uint8_t *bufs[2] = {x, z};
  casc_launch_status st = run_text(text, ts, 2, bufs, msgs, len);
  free(text);
  free(line);
  return st;
}

static void fill(uint8_t *x, unsigned seed) {
  for (int i = 0; i < TILE; i++)
    x[i] = (uint8_t)(i * 37u + seed * 11u + (unsigned)(i >> 7));
}

/* NCHW (one N, C = 16 planes of hw elements) -> NC1HWC0 with C0 = 16: the
 * list entries are the channel planes and the hw rows; repeats walk hw. */
static void check_c0_16(const etype *t) {
  static uint8_t x[TILE], z[TILE];
  const int es = (int)t->es, per_blk = 32 / es, hw = TILE / es / 16;
  call c = {.reps = hw / per_blk, .src_stride = 1};
  for (int i = 0; i < 16; i++) {
    c.src[i] = i * hw;
    /* 16-bit: dst entry j is hw row j; 32-bit: two blocks per hw row */
    c.dst[i] = i * per_blk;
  }
  c.dst_stride = 16; /* a repeat fills 16 blocks of hw rows */
  fill(x, 1);
  memset(z, 0xa5, TILE);
  char msgs[4096];
  casc_launch_status st = run(t, &c, 1, x, z, msgs, sizeof msgs);
  if (st != CASC_LAUNCH_OK)
    fprintf(stderr, "c0=16 %s: %s\n", t->ir, msgs);
  CHECK(st == CASC_LAUNCH_OK);
  int bad = -1;
  for (int p = 0; p < hw && bad < 0; p++)
    for (int ch = 0; ch < 16; ch++)
      if (memcmp(z + (p * 16 + ch) * es, x + (ch * hw + p) * es, (size_t)es)) {
        bad = p * 16 + ch;
        break;
      }
  if (bad >= 0)
    fprintf(stderr, "c0=16 %s: element %d differs\n", t->ir, bad);
  CHECK(bad < 0);
}

/* uint8, C = 32 planes of 32 bytes -> NC1HWC0 with C0 = 32, in four calls:
 * channel group g (dstHighHalf = g), hw half h (srcHighHalf = h). */
static void check_c0_32_u8(void) {
  static uint8_t x[TILE], z[TILE];
  call cs[4];
  for (int g = 0; g < 2; g++)
    for (int h = 0; h < 2; h++) {
      call *c = &cs[g * 2 + h];
      memset(c, 0, sizeof *c);
      c->dst_high = g;
      c->src_high = h;
      c->reps = 1; /* strides 0: repeatTimes 1 starts at the entries */
      for (int i = 0; i < 16; i++) {
        c->src[i] = (g * 16 + i) * 32;
        c->dst[i] = (h * 16 + i) * 32;
      }
    }
  fill(x, 2);
  memset(z, 0x5c, TILE);
  char msgs[4096];
  /* three calls first: block halves the fourth would write keep 0x5c */
  CHECK(run(&E_U8, cs, 3, x, z, msgs, sizeof msgs) == CASC_LAUNCH_OK);
  int bad = -1;
  for (int p = 0; p < 32 && bad < 0; p++)
    for (int ch = 0; ch < 32; ch++) {
      bool done = !(ch >= 16 && p >= 16); /* the fourth call's part */
      uint8_t want = done ? x[ch * 32 + p] : 0x5c;
      if (z[p * 32 + ch] != want) {
        bad = p * 32 + ch;
        break;
      }
    }
  if (bad >= 0)
    fprintf(stderr, "c0=32 u8 (3 calls): byte %d differs\n", bad);
  CHECK(bad < 0);
  memset(z, 0x5c, TILE);
  CHECK(run(&E_U8, cs, 4, x, z, msgs, sizeof msgs) == CASC_LAUNCH_OK);
  bad = -1;
  for (int i = 0; i < 1024 && bad < 0; i++)
    if (z[i] != x[(i % 32) * 32 + i / 32])
      bad = i;
  CHECK(bad < 0);
  CHECK(z[1024] == 0x5c); /* past the 32 x 32 result: untouched */
}

/* repeatTimes 1 with strides: the blocks start a stride on. */
static void check_one_repeat_stride(void) {
  static uint8_t x[TILE], z[TILE], want[TILE];
  call c = {.reps = 1, .dst_stride = 2, .src_stride = 3};
  for (int i = 0; i < 16; i++) {
    c.src[i] = i * 64; /* elements: 128 bytes apart */
    c.dst[i] = i * 32;
  }
  fill(x, 3);
  memset(z, 0x11, TILE);
  memcpy(want, z, TILE);
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++)
      memcpy(want + (c.dst[j] + 2 * 16 + i) * 2,
             x + (c.src[i] + 3 * 16 + j) * 2, 2);
  char msgs[4096];
  CHECK(run(&E_F16, &c, 1, x, z, msgs, sizeof msgs) == CASC_LAUNCH_OK);
  CHECK(memcmp(z, want, TILE) == 0);
}

/* A dst entry whose last repeat runs past its tensor. */
static void check_reach_error(void) {
  static uint8_t x[TILE], z[TILE];
  call c = {.reps = 2, .dst_stride = 1, .src_stride = 1};
  for (int i = 0; i < 16; i++) {
    c.src[i] = i * 16;
    c.dst[i] = i * 16;
  }
  c.dst[5] = TILE / 2 - 16; /* its last block: the tile's last */
  fill(x, 4);
  char msgs[4096];
  CHECK(run(&E_F16, &c, 1, x, z, msgs, sizeof msgs) != CASC_LAUNCH_OK);
  CHECK_CONTAINS(msgs, "TransDataTo5HD: operand 'operand 5'");
}

static void test_trans5hd(void) {
  for (int addr = 0; addr < 2; addr++) {
    g_addr = addr == 1;
    check_c0_16(&E_F16);
    check_c0_16(&E_I16);
    check_c0_16(&E_F32);
    check_c0_32_u8();
    check_one_repeat_stride();
    check_reach_error();
  }
}

int main(void) {
  RUN_TEST(test_trans5hd);
  return CHECK_SUMMARY();
}
