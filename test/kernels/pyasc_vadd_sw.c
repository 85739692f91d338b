/* pyasc's generalization/basic/test_vadd_sw.py in C: Add in 512-element
 * tiles with every TPipe / LocalTensor call the pyasc file makes: in the
 * tile loop TPipe.Destroy, Init, the four InitBuffers, GetTPipePtr and
 * Reset; in compute GlobalTensor.GetPhyAddr, LocalTensor.GetPhyAddr,
 * SetBufferLen, SetSize, AllocEventID / SetFlag / WaitFlag /
 * ReleaseEventID on the pipe pointer, GetPosition, GetLength, GetSize,
 * SetUserTag / GetUserTag, ReinterpretCast, the Add under
 * `z_tag == 13 and src_pos == VECIN` (asc_and), FetchEventID,
 * SetAddrWithOffset and the tmp tensor's GetSize. Run on the simulator with
 * the sanitizer, bit for bit against x + y (the file compares with
 * torch.allclose; an add in the dtype is exact to compare).
 *
 * Changes from the pyasc file: its tmp queue is a TQue(VECCALC), which the
 * Ascend C library rejects (casc reports it at InitBuffer), so it is a
 * TBuf with pyasc's alloc_tensor / free_tensor; SetBufferLen is given the
 * tile's bytes (pyasc's tile_length * 4 is 2 KiB on the 1 KiB tile of a
 * 2-byte type: test_pyasc_half_as_written shows the error); and the sizes
 * divide into blocks of whole 512-element tiles. pyasc's own sizes 1, 1000,
 * 2048, 9999 and 153x834 copy whole tiles past the ends of x, y and z
 * (block_length = ceil(n / 16) < 512): test_pyasc_size_1000 shows the
 * located error the sanitizer gives for the first of them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "casc/sim.h"
#include "check.h"

enum { TILE = 512, BUFFER_NUM = 1 };

typedef struct {
  asc_dtype dt;
  unsigned es;           /* bytes an element */
  unsigned block_length; /* pyasc: ceil(n / blocks) */
  unsigned tile_num;     /* pyasc: ceil(block_length / 512) */
  unsigned len_per_elem; /* SetBufferLen(tile_length * this): pyasc's 4 */
} vadd_cfg;

typedef struct {
  asc_global_tensor x_gm, y_gm, z_gm;
  asc_tquebind in_x, in_y, out_z;
  asc_tbuf tmp;
} vadd_objs;

/* pyasc's compute(global_pipe, i, ...). */
static void compute(const vadd_cfg *cfg, asc_tpipe global_pipe, asc_int i,
                    const vadd_objs *o) {
  asc_local_tensor x_local = asc_tquebind_alloc_tensor(o->in_x, cfg->dt);
  asc_local_tensor y_local = asc_tquebind_alloc_tensor(o->in_y, cfg->dt);
  asc_local_tensor z_local = asc_tquebind_alloc_tensor(o->out_z, cfg->dt);
  asc_gm_addr z_gm_addr = asc_globaltensor_get_phy_addr(o->z_gm);
  asc_int x_local_addr = asc_localtensor_get_phy_addr(x_local);
  (void)z_gm_addr, (void)x_local_addr; /* pyasc reads and drops them too */
  asc_localtensor_set_buffer_len(x_local, TILE * (int)cfg->len_per_elem);
  asc_localtensor_set_size(x_local, TILE);
  asc_int at = asc_mul(i, TILE);
  asc_data_copy(x_local, asc_globaltensor_subindex(o->x_gm, at), TILE);
  asc_data_copy(y_local, asc_globaltensor_subindex(o->y_gm, at), TILE);
  asc_int eventid1 =
      asc_tpipe_alloc_event_id(global_pipe, ASC_HARDEVENT_MTE2_V);
  asc_set_flag(ASC_HARDEVENT_MTE2_V, eventid1);
  asc_wait_flag(ASC_HARDEVENT_MTE2_V, eventid1);
  asc_tpipe_release_event_id(global_pipe, eventid1, ASC_HARDEVENT_MTE2_V);
  asc_int src_pos = asc_localtensor_get_position(x_local);
  asc_int x_len = asc_localtensor_get_length(x_local);
  asc_int x_size = asc_localtensor_get_size(x_local);
  (void)x_len, (void)x_size;
  asc_localtensor_set_user_tag(x_local, 13); /* set custom tag */
  asc_int z_tag = asc_localtensor_get_user_tag(x_local);
  asc_local_tensor tmp_local = asc_tbuf_alloc_tensor(o->tmp, ASC_INT32);
  asc_local_tensor new_tmp =
      asc_localtensor_reinterpret_cast(tmp_local, cfg->dt);
  /* the two conditions in pyasc's order (C leaves the order of argument
   * evaluation open) */
  asc_bool tag_is_13 = asc_eq(z_tag, 13);
  asc_bool pos_is_vecin = asc_eq(src_pos, ASC_TPOSITION_VECIN);
  ASC_IF(asc_and(tag_is_13, pos_is_vecin)) {
    asc_add(z_local, x_local, y_local, TILE);
  }
  asc_int eventid2 =
      asc_tpipe_fetch_event_id(global_pipe, ASC_HARDEVENT_V_MTE3);
  asc_set_flag(ASC_HARDEVENT_V_MTE3, eventid2);
  asc_wait_flag(ASC_HARDEVENT_V_MTE3, eventid2);
  asc_data_copy(asc_globaltensor_subindex(o->z_gm, at), z_local, TILE);
  asc_localtensor_set_addr_with_offset(new_tmp, tmp_local, 16);
  asc_int new_size = asc_localtensor_get_size(new_tmp);
  (void)new_size;
  asc_tquebind_free_tensor(o->in_x, x_local);
  asc_tquebind_free_tensor(o->in_y, y_local);
  asc_tquebind_free_tensor(o->out_z, z_local);
  asc_tbuf_free_tensor(o->tmp, tmp_local);
}

static void vadd_sw_kernel(asc_kernel *k, void *user) {
  const vadd_cfg *cfg = user;
  asc_gm_addr x = asc_arg_gm(k, "x", cfg->dt);
  asc_gm_addr y = asc_arg_gm(k, "y", cfg->dt);
  asc_gm_addr z = asc_arg_gm(k, "z", cfg->dt);
  asc_int offset = asc_mul(asc_get_block_idx(), (int)cfg->block_length);
  vadd_objs o;
  o.x_gm = asc_globaltensor();
  o.y_gm = asc_globaltensor();
  o.z_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(o.x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(o.y_gm, asc_gm_addr_add(y, offset));
  asc_globaltensor_set_global_buffer(o.z_gm, asc_gm_addr_add(z, offset));
  asc_tpipe pipe = asc_tpipe();
  o.in_x = asc_tque(ASC_TPOSITION_VECIN, BUFFER_NUM);
  o.in_y = asc_tque(ASC_TPOSITION_VECIN, BUFFER_NUM);
  o.out_z = asc_tque(ASC_TPOSITION_VECOUT, BUFFER_NUM);
  o.tmp = asc_tbuf(ASC_TPOSITION_VECCALC);
  const int len = TILE * (int)cfg->es;
  ASC_FOR(i, 0, (int)cfg->tile_num) {
    asc_tpipe_destroy(pipe);
    asc_tpipe_init(pipe);
    asc_tpipe_init_buffer(pipe, o.in_x, BUFFER_NUM, len);
    asc_tpipe_init_buffer(pipe, o.in_y, BUFFER_NUM, len);
    asc_tpipe_init_buffer(pipe, o.out_z, BUFFER_NUM, len);
    asc_tpipe_init_buffer(pipe, o.tmp, len);
    asc_tpipe global_pipe = asc_get_tpipe_ptr();
    compute(cfg, global_pipe, i, &o);
    asc_tpipe_reset(pipe);
  }
}

/* x, y in pyasc's ranges (randint(-100, 99); randn-like for floats, on a
 * 1/97 grid so that every sum is exact in float and rounds once to half). */
static void fill(const vadd_cfg *cfg, void *p, unsigned n, unsigned seed) {
  for (unsigned i = 0; i < n; i++) {
    const int v = (int)((i * 37u + seed * 11u) % 199u) - 100;
    const float f = (float)((i * 13u + seed) % 977u) / 97.0f - 5.0f;
    if (cfg->dt == ASC_FLOAT)
      ((float *)p)[i] = f;
    else if (cfg->dt == ASC_HALF)
      ((uint16_t *)p)[i] = casc_f32_to_f16(f);
    else if (cfg->dt == ASC_INT32)
      ((int32_t *)p)[i] = v;
    else
      ((int16_t *)p)[i] = (int16_t)v;
  }
}

/* want[i] = x[i] + y[i] in the dtype. */
static void reference(const vadd_cfg *cfg, const void *x, const void *y,
                      void *want, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (cfg->dt == ASC_FLOAT)
      ((float *)want)[i] = ((const float *)x)[i] + ((const float *)y)[i];
    else if (cfg->dt == ASC_HALF)
      ((uint16_t *)want)[i] =
          casc_f32_to_f16(casc_f16_to_f32(((const uint16_t *)x)[i]) +
                          casc_f16_to_f32(((const uint16_t *)y)[i]));
    else if (cfg->dt == ASC_INT32)
      ((int32_t *)want)[i] = ((const int32_t *)x)[i] + ((const int32_t *)y)[i];
    else
      ((int16_t *)want)[i] =
          (int16_t)(((const int16_t *)x)[i] + ((const int16_t *)y)[i]);
  }
}

static casc_dtype ir_dtype(asc_dtype dt) {
  return dt == ASC_FLOAT   ? CASC_DT_F32
         : dt == ASC_HALF  ? CASC_DT_F16
         : dt == ASC_INT32 ? CASC_DT_I32
                           : CASC_DT_I16;
}

/* Launch on `blocks` blocks over n elements; the diagnostics in *diags. */
static casc_launch_status launch(casc_ctx *ctx, const vadd_cfg *cfg,
                                 unsigned blocks, void *x, void *y, void *z,
                                 unsigned n) {
  casc_op *mod =
      casc_jit_build(ctx, "vadd_kernel", vadd_sw_kernel, (void *)cfg);
  if (!mod)
    return CASC_LAUNCH_BAD_LAUNCH;
  casc_dtype cd = ir_dtype(cfg->dt);
  casc_arg args[3] = {casc_arg_gm(x, cd, n), casc_arg_gm(y, cd, n),
                      casc_arg_gm(z, cd, n)};
  return casc_launch(ctx, mod, "vadd_kernel", blocks, args, 3, NULL, NULL);
}

static void run_case(asc_dtype dt, unsigned es, unsigned blocks,
                     unsigned tiles) {
  const vadd_cfg cfg = {dt, es, tiles * TILE, tiles, es};
  const unsigned n = blocks * tiles * TILE;
  uint8_t *x = malloc((size_t)n * es), *y = malloc((size_t)n * es);
  uint8_t *z = calloc(n, es), *want = malloc((size_t)n * es);
  REQUIRE(x && y && z && want);
  fill(&cfg, x, n, 1);
  fill(&cfg, y, n, 2);
  reference(&cfg, x, y, want, n);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  casc_launch_status st = launch(ctx, &cfg, blocks, x, y, z, n);
  for (unsigned i = 0; i < diags.n; i++)
    casc_diag_print(diags.items[i], stderr);
  CHECK(st == CASC_LAUNCH_OK && diags.n == 0);
  CHECK(memcmp(z, want, (size_t)n * es) == 0);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
  free(want);
}

static void test_pyasc_vadd_sw(void) {
  run_case(ASC_FLOAT, 4, 16, 2); /* two tiles: the pipe is rebuilt */
  run_case(ASC_HALF, 2, 16, 1);
  run_case(ASC_INT32, 4, 16, 1); /* pyasc's (8192,) */
  run_case(ASC_INT16, 2, 16, 1); /* pyasc's (8192,) */
  run_case(ASC_FLOAT, 4, 3, 4);
}

/* The first error of a launch of cfg on `blocks` blocks over n elements
 * (x, y zero: the error is not in the data). */
static void expect_errors(const vadd_cfg *cfg, unsigned blocks, unsigned n,
                          const char *want0, const char *want1) {
  uint8_t *x = calloc(n, cfg->es), *y = calloc(n, cfg->es);
  uint8_t *z = calloc(n, cfg->es);
  REQUIRE(x && y && z);
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags = {0};
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  CHECK(launch(ctx, cfg, blocks, x, y, z, n) != CASC_LAUNCH_OK);
  bool found0 = false, found1 = want1 == NULL;
  for (unsigned i = 0; i < diags.n; i++) {
    found0 = found0 || strstr(diags.items[i]->msg, want0) != NULL;
    found1 = found1 || strstr(diags.items[i]->msg, want1) != NULL;
  }
  CHECK(found0 && found1);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
  free(x);
  free(y);
  free(z);
}

/* pyasc's half (2048,) as written, on the sizes that divide: its
 * set_buffer_len(tile_length * 4) gives a 1 KiB half tile 2 KiB. */
static void test_pyasc_half_as_written(void) {
  const vadd_cfg cfg = {ASC_HALF, 2, TILE, 1, 4};
  expect_errors(&cfg, 16, 16 * TILE,
                "SetBufferLen: 2048 bytes, but the tensor's buffer has room "
                "for 1024 from its start",
                NULL);
}

/* pyasc's float (1000,): block_length 63, one whole tile a block, so the
 * blocks write over each other's elements of z and blocks 8-15 copy past
 * the end of x. */
static void test_pyasc_size_1000(void) {
  const vadd_cfg cfg = {ASC_FLOAT, 4, 63, 1, 4};
  expect_errors(&cfg, 16, 1000,
                "block 1 writes GM 'z' elements [63, 512), which block 0 "
                "writes",
                "DataCopy: operand 'src' accesses GM 'x' elements [504, "
                "1016), but the buffer has 1000 elements");
}

int main(void) {
  RUN_TEST(test_pyasc_vadd_sw);
  RUN_TEST(test_pyasc_half_as_written);
  RUN_TEST(test_pyasc_size_1000);
  return CHECK_SUMMARY();
}
