/* pyasc's generalization/basic/test_trans_5hd_addr_tensor.py in C:
 * TransDataTo5HD on UB addresses. The pyasc kernel stores the GetPhyAddr
 * of 16 dst and 16 src LocalTensor slices into two uint64 LocalTensors and
 * passes those (asc_trans_data_to_5hd); the same kernel with the addresses
 * as two C arrays of 16 (asc_trans_data_to_5hd_uint_list, pyasc's list of
 * RuntimeInt) runs too. NCHW (n 2, c 32, h 16, w 16) -> NC1HWC0 (C0 16) in
 * four calls of 16 repeats, TransDataTo5HDParams(False, False, 16, 16, 1),
 * the file's loops (scf.for over j and i), half and int16, bit for bit
 * against the file's torch reference x.reshape(n, c1, c0, h, w).permute(0,
 * 1, 3, 4, 2). Each block converts its own 16384 elements (pyasc runs one
 * block; here 1 and 3).
 *
 * One change from the pyasc file: its two address queues are
 * TQue(VECCALC, 1), which the Ascend C library rejects (VECCALC is no TQue
 * position: GetBufferLogicPos asserts; casc reports it at InitBuffer), so
 * they are TBufs here, with pyasc's alloc_tensor / free_tensor calls (a
 * TBuf's AllocTensor is its Get, its FreeTensor a no-op).
 *
 * The element type of TransDataTo5HD<T> is not in the IR: the simulator
 * takes it from the tensors whose GetPhyAddr the addresses are, as pyasc's
 * translator does; the error tests below show a freed buffer's address, an
 * address outside UB, two element sizes and addresses with no GetPhyAddr
 * each reported at the op, and a race on addressed bytes (timing model). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { C0 = 16, H = 16, W = 16, GROUPS = 4, ELEMS = GROUPS * C0 * H * W };

typedef struct {
  asc_dtype dt;
  bool uint_list; /* the address-list form, else pyasc's address tensors */
} trans_cfg;

static asc_trans_data_to_5hd_params pyasc_params(void) {
  return asc_transdatato5hdparams(false, false, 16, 16, 1);
}

/* One group j (16 channels): pyasc's compute loop body. */
static void convert_group(const trans_cfg *cfg, asc_int j, asc_local_tensor zl,
                          asc_local_tensor xi, asc_tbuf wd, asc_tbuf ws,
                          asc_trans_data_to_5hd_params params) {
  asc_int base = asc_mul(j, C0 * H * W);
  if (cfg->uint_list) {
    asc_int dst_addr[16], src_addr[16];
    for (int i = 0; i < 16; i++) {
      dst_addr[i] = asc_localtensor_get_phy_addr(
          asc_localtensor_subindex(zl, asc_add(base, W * i)));
      src_addr[i] = asc_localtensor_get_phy_addr(
          asc_localtensor_subindex(xi, asc_add(base, H * W * i)));
    }
    asc_trans_data_to_5hd_uint_list(dst_addr, src_addr, params);
    return;
  }
  asc_local_tensor dst_addr_local = asc_tbuf_alloc_tensor(wd, ASC_UINT64);
  asc_local_tensor src_addr_local = asc_tbuf_alloc_tensor(ws, ASC_UINT64);
  ASC_FOR(i, 0, 16) {
    asc_int dst_addr = asc_localtensor_get_phy_addr(
        asc_localtensor_subindex(zl, asc_add(base, asc_mul(i, W))));
    asc_localtensor_set_value(dst_addr_local, i, dst_addr);
  }
  ASC_FOR(i, 0, 16) {
    asc_int src_addr = asc_localtensor_get_phy_addr(
        asc_localtensor_subindex(xi, asc_add(base, asc_mul(i, H * W))));
    asc_localtensor_set_value(src_addr_local, i, src_addr);
  }
  asc_trans_data_to_5hd(dst_addr_local, src_addr_local, params);
  asc_tbuf_free_tensor(wd, dst_addr_local);
  asc_tbuf_free_tensor(ws, src_addr_local);
}

static void trans5hd_addr_kernel(asc_kernel *k, void *user) {
  const trans_cfg *cfg = user;
  asc_gm_addr src = asc_arg_gm(k, "src", cfg->dt);
  asc_gm_addr dst = asc_arg_gm(k, "dst", cfg->dt);
  asc_int offset = asc_mul(asc_get_block_idx(), ELEMS);
  asc_global_tensor src_gm = asc_globaltensor(), dst_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(src_gm, asc_gm_addr_add(src, offset));
  asc_globaltensor_set_global_buffer(dst_gm, asc_gm_addr_add(dst, offset));
  asc_tpipe pipe = asc_tpipe();
  asc_tquebind qin = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tquebind qout = asc_tque(ASC_TPOSITION_VECOUT, 1);
  asc_tbuf wd = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf ws = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, qin, 1, ELEMS * 2);
  asc_tpipe_init_buffer(pipe, qout, 1, ELEMS * 2);
  asc_tpipe_init_buffer(pipe, wd, 16 * 8);
  asc_tpipe_init_buffer(pipe, ws, 16 * 8);
  /* copy_in */
  asc_local_tensor sl = asc_tquebind_alloc_tensor(qin, cfg->dt);
  asc_data_copy(sl, src_gm, ELEMS);
  asc_tquebind_enque(qin, sl);
  /* compute */
  asc_local_tensor xi = asc_tquebind_deque(qin, cfg->dt);
  asc_local_tensor zl = asc_tquebind_alloc_tensor(qout, cfg->dt);
  asc_trans_data_to_5hd_params params = pyasc_params();
  ASC_FOR(j, 0, GROUPS) {
    convert_group(cfg, j, zl, xi, wd, ws, params);
  }
  asc_tquebind_enque(qout, zl);
  asc_tquebind_free_tensor(qin, xi);
  /* copy_out */
  asc_local_tensor zo = asc_tquebind_deque(qout, cfg->dt);
  asc_data_copy(dst_gm, zo, ELEMS);
  asc_tquebind_free_tensor(qout, zo);
}

static void run_case(const trans_cfg *cfg, unsigned blocks) {
  const unsigned n = blocks * ELEMS;
  uint16_t *x = malloc(n * 2), *z = calloc(n, 2), *want = malloc(n * 2);
  REQUIRE(x && z && want);
  for (unsigned i = 0; i < n; i++) /* randint(0, 99) / randn bits */
    x[i] = cfg->dt == ASC_INT16
               ? (uint16_t)((i * 37u + blocks) % 99u)
               : casc_f32_to_f16((float)(i % 977) / 97.0f - 5.0f);
  /* expected = x.reshape(n, c1, c0, h, w).permute(0, 1, 3, 4, 2): each
   * block's 16384 elements are pyasc's (n 2, c1 2) = 4 groups */
  for (unsigned g = 0; g < blocks * GROUPS; g++)
    for (unsigned c0 = 0; c0 < C0; c0++)
      for (unsigned h = 0; h < H; h++)
        for (unsigned w = 0; w < W; w++)
          want[g * C0 * H * W + (h * W + w) * C0 + c0] =
              x[g * C0 * H * W + (c0 * H + h) * W + w];
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_jit_build(ctx, "k", trans5hd_addr_kernel, (void *)cfg);
  casc_launch_status st = CASC_LAUNCH_BAD_LAUNCH;
  casc_dtype cd = cfg->dt == ASC_HALF ? CASC_DT_F16 : CASC_DT_I16;
  if (mod) {
    casc_arg args[2] = {casc_arg_gm(x, cd, n), casc_arg_gm(z, cd, n)};
    st = casc_launch(ctx, mod, "k", blocks, args, 2, NULL, NULL);
  }
  for (unsigned i = 0; st != CASC_LAUNCH_OK && i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK(st == CASC_LAUNCH_OK && diags.n == 0 && memcmp(z, want, n * 2) == 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(x);
  free(z);
  free(want);
}

static void test_pyasc_trans_5hd_addr_tensor(void) {
  static const asc_dtype dts[] = {ASC_HALF, ASC_INT16};
  for (unsigned d = 0; d < 2; d++)
    for (unsigned form = 0; form < 2; form++)
      for (unsigned blocks = 1; blocks <= 3; blocks += 2) {
        trans_cfg cfg = {dts[d], form == 1};
        run_case(&cfg, blocks);
      }
}

/* ---- errors --------------------------------------------------------------
 * Small kernels on a TBuf of 2 KiB: dst and src are its halves, the
 * addresses built by `fill` (which of the cases below). */
typedef enum {
  BAD_FREED,      /* src[5] is the address of a freed queue buffer */
  BAD_OUTSIDE_UB, /* dst[2] is an address past the UB's end */
  BAD_TWO_SIZES,  /* src[7] is the address of a float tensor, the rest half */
  BAD_NO_PHY_ADDR /* every address a constant: no element type */
} bad_case;

static void bad_kernel(asc_kernel *k, void *user) {
  (void)k;
  const bad_case *bc = user;
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tquebind q = asc_tque(ASC_TPOSITION_VECIN, 1);
  asc_tpipe_init_buffer(pipe, tb, 2048);
  asc_tpipe_init_buffer(pipe, q, 1, 1024);
  asc_local_tensor h = asc_tbuf_get(tb, ASC_HALF);
  asc_local_tensor f = asc_localtensor_reinterpret_cast(h, ASC_FLOAT);
  asc_local_tensor qt = asc_tquebind_alloc_tensor(q, ASC_HALF);
  asc_duplicate(h, 1.0f, 1024);
  asc_tquebind_free_tensor(q, qt);
  asc_int dst[16], src[16];
  for (int i = 0; i < 16; i++) {
    dst[i] = asc_localtensor_get_phy_addr(asc_localtensor_subindex(h, 16 * i));
    src[i] =
        asc_localtensor_get_phy_addr(asc_localtensor_subindex(h, 512 + 16 * i));
  }
  if (*bc == BAD_FREED)
    src[5] = asc_localtensor_get_phy_addr(qt);
  if (*bc == BAD_OUTSIDE_UB)
    dst[2] = asc_localtensor_get_phy_addr(
        asc_localtensor(ASC_HALF, ASC_TPOSITION_VECCALC, 1 << 20, 16));
  if (*bc == BAD_TWO_SIZES)
    src[7] = asc_localtensor_get_phy_addr(asc_localtensor_subindex(f, 256));
  if (*bc == BAD_NO_PHY_ADDR)
    for (int i = 0; i < 16; i++) {
      dst[i] = asc_add(asc_localtensor_get_size(h), 32 * i - 1024);
      src[i] = asc_add(asc_localtensor_get_size(h), 32 * i);
    }
  asc_trans_data_to_5hd_uint_list(
      dst, src, asc_transdatato5hdparams(false, false, 1, 0, 0));
}

/* The first error of running bad_kernel with case bc. */
static void expect_error(bad_case bc, const char *want, const char *note) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_jit_build(ctx, "k", bad_kernel, &bc);
  for (unsigned i = 0; !mod && i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  REQUIRE(mod);
  casc_launch_status st = casc_launch(ctx, mod, "k", 1, NULL, 0, NULL, NULL);
  CHECK(st != CASC_LAUNCH_OK);
  const casc_diag *d = NULL;
  for (unsigned i = 0; !d && i < diags.n; i++)
    if (diags.items[i]->sev == CASC_SEV_ERROR)
      d = diags.items[i];
  REQUIRE(d);
  CHECK_CONTAINS(d->msg, want);
  if (note) {
    CHECK(d->nnotes > 0);
    bool found = false;
    for (unsigned i = 0; i < d->nnotes; i++)
      found = found || strstr(d->notes[i].msg, note) != NULL;
    CHECK(found);
  }
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_address_errors(void) {
  expect_error(BAD_FREED, "is used after FreeTensor",
               "src entry 5 is UB address");
  expect_error(BAD_OUTSIDE_UB, "dst entry 2 is address", NULL);
  expect_error(BAD_TWO_SIZES,
               "srcList[7] is the address of a float tensor but dstList[0] "
               "of a half one",
               NULL);
  expect_error(BAD_NO_PHY_ADDR, "its element type is not in the IR", NULL);
}

/* A race through an address: DataCopy (MTE2) writes the src half of a
 * TBuf and TransDataTo5HD (V) reads it through its GetPhyAddrs with no
 * flag between them. The timing model's race detector sees the addressed
 * bytes as it sees a LocalTensor operand's. */
static void race_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_HALF);
  asc_global_tensor xg = asc_globaltensor();
  asc_globaltensor_set_global_buffer(xg, x);
  asc_tpipe pipe = asc_tpipe();
  asc_tbuf tb = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tpipe_init_buffer(pipe, tb, 2048);
  asc_local_tensor h = asc_tbuf_get(tb, ASC_HALF);
  asc_data_copy(asc_localtensor_subindex(h, 512), xg, 512);
  asc_int dst[16], src[16];
  for (int i = 0; i < 16; i++) {
    dst[i] = asc_localtensor_get_phy_addr(asc_localtensor_subindex(h, 16 * i));
    src[i] =
        asc_localtensor_get_phy_addr(asc_localtensor_subindex(h, 512 + 16 * i));
  }
  asc_trans_data_to_5hd_uint_list(
      dst, src, asc_transdatato5hdparams(false, false, 1, 0, 0));
}

static void test_address_race(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_op *mod = casc_jit_build(ctx, "k", race_kernel, NULL);
  REQUIRE(mod);
  casc_sim_program *p = casc_sim_compile(ctx, mod, "k");
  REQUIRE(p);
  static uint16_t x[512];
  casc_arg arg = casc_arg_gm(x, CASC_DT_F16, 512);
  casc_launch_result res = {0};
  CHECK(casc_sim_run_timed(p, 1, &arg, 1, NULL, NULL, &res) != CASC_LAUNCH_OK);
  bool race = false;
  for (unsigned i = 0; i < res.nissues; i++)
    race = race || res.issues[i].check == CASC_CHECK_RACE;
  CHECK(race);
  casc_sim_program_free(p);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_pyasc_trans_5hd_addr_tensor);
  RUN_TEST(test_address_errors);
  RUN_TEST(test_address_race);
  return CHECK_SUMMARY();
}
