/* Row-wise softmax: y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(...).
 * Each core owns `rows` consecutive rows of COLS floats (a runtime row
 * count). Per row: ReduceMax into a TBuf tensor, read the maximum on the
 * scalar unit, Adds(-max), Exp, ReduceSum, read the sum, Muls(1/sum). The
 * reductions share a TBuf work tensor. The scalar reads wait for the
 * vector unit with set_flag/wait_flag(V_S).
 *
 *   softmax_rows --emit mlir     prints the kernel's ASC-IR */
#include "example.h"

enum { COLS = 256, BUFFER_NUM = 2 };

/* One float produced by a vector reduction, read on the scalar unit. */
static asc_float read_scalar(asc_local_tensor t) {
  asc_set_flag(ASC_HARDEVENT_V_S, 0);
  asc_wait_flag(ASC_HARDEVENT_V_S, 0);
  return asc_localtensor_get_value_float(t, 0);
}

static void softmax_row(asc_local_tensor y, asc_local_tensor x,
                        asc_local_tensor red, asc_local_tensor work) {
  asc_reduce_max(red, x, work, COLS);
  asc_float row_max = read_scalar(red);
  asc_adds(y, x, asc_sub(0.0, row_max), COLS);
  asc_exp(y, y, COLS);
  asc_reduce_sum(red, y, work, COLS);
  asc_float row_sum = read_scalar(red);
  asc_muls(y, y, asc_div(1.0, row_sum), COLS);
}

static void softmax_rows_kernel(asc_kernel *k, void *user) {
  (void)user;
  asc_gm_addr x = asc_arg_gm(k, "x", ASC_FLOAT);
  asc_gm_addr y = asc_arg_gm(k, "y", ASC_FLOAT);
  asc_int rows = asc_arg_i32(k, "rows");

  asc_int offset = asc_mul(asc_mul(asc_get_block_idx(), rows), COLS);
  asc_global_tensor x_gm = asc_globaltensor();
  asc_global_tensor y_gm = asc_globaltensor();
  asc_globaltensor_set_global_buffer(x_gm, asc_gm_addr_add(x, offset));
  asc_globaltensor_set_global_buffer(y_gm, asc_gm_addr_add(y, offset));

  asc_tpipe pipe = asc_tpipe();
  asc_tquebind in_q = asc_tque(ASC_TPOSITION_VECIN, BUFFER_NUM);
  asc_tquebind out_q = asc_tque(ASC_TPOSITION_VECOUT, BUFFER_NUM);
  asc_tbuf red_buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  asc_tbuf work_buf = asc_tbuf(ASC_TPOSITION_VECCALC);
  int row_bytes = COLS * (int)asc_dtype_sizeof(ASC_FLOAT);
  asc_tpipe_init_buffer(pipe, in_q, BUFFER_NUM, row_bytes);
  asc_tpipe_init_buffer(pipe, out_q, BUFFER_NUM, row_bytes);
  asc_tpipe_init_buffer(pipe, red_buf, 32); /* one 32-byte block */
  asc_tpipe_init_buffer(pipe, work_buf, row_bytes);
  asc_local_tensor red = asc_tbuf_get(red_buf, ASC_FLOAT);
  asc_local_tensor work = asc_tbuf_get(work_buf, ASC_FLOAT);

  ASC_FOR(r, 0, rows) {
    asc_local_tensor x_row = asc_tquebind_alloc_tensor(in_q, ASC_FLOAT);
    asc_data_copy(x_row, asc_globaltensor_subindex(x_gm, asc_mul(r, COLS)),
                  COLS);
    asc_tquebind_enque(in_q, x_row);

    asc_local_tensor x_in = asc_tquebind_deque(in_q, ASC_FLOAT);
    asc_local_tensor y_row = asc_tquebind_alloc_tensor(out_q, ASC_FLOAT);
    softmax_row(y_row, x_in, red, work);
    asc_tquebind_enque(out_q, y_row);
    asc_tquebind_free_tensor(in_q, x_in);

    asc_local_tensor y_out = asc_tquebind_deque(out_q, ASC_FLOAT);
    asc_data_copy(asc_globaltensor_subindex(y_gm, asc_mul(r, COLS)), y_out,
                  COLS);
    asc_tquebind_free_tensor(out_q, y_out);
  }
}

int main(int argc, char **argv) {
  example_opts opts;
  if (!example_parse_args(argc, argv, "softmax_rows", &opts))
    return 2;
  casc_ctx *ctx = example_ctx_new();
  if (!ctx)
    return 1;
  casc_op *module =
      casc_jit_build(ctx, "softmax_rows_kernel", softmax_rows_kernel, NULL);
  int rc = example_run(ctx, module, &opts);
  casc_ctx_free(ctx);
  return rc;
}
