/* The op table and the simulator's kernels agree: every element type a
 * vector row accepts (its DTYPES column) has a loop in the row's element
 * kernel, so no op the front end accepts can reach the simulator and stop
 * for want of a loop; every handler a row names is one the interpreter
 * has; rows the simulator runs are exactly those with a handler. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "dialect/dialect.h"
#include "sim/sim_internal.h"

static void test_row_dtypes_have_loops(void) {
  unsigned checked = 0;
  for (unsigned k = 1; k < casc_op_table_size(); k++) {
    const casc_op_info *info = casc_op_info_get((casc_op_kind)k);
    const sim_row *row = sim_row_of((casc_op_kind)k);
    if (!info || !row->need_kernel || row->kern == SIM_K_NONE)
      continue;
    /* AddReluCast, SubReluCast, MulCast, AddDeqRelu run their kernel on
     * the sources' type and convert (vec_bin_cast.c): their pairs are
     * lowering's table, tested in test_sim_bin_cast.c. */
    size_t al = strlen(info->api);
    if ((al > 4 && strcmp(info->api + al - 4, "Cast") == 0) ||
        strcmp(info->api, "AddDeqRelu") == 0)
      continue;
    const sim_vkernel *kern = sim_vkernel_get(row->kern);
    REQUIRE(kern != NULL);
    CHECK(info->dtypes != 0); /* a simulated family row lists its types */
    for (unsigned dt = 1; dt < CASC_DT_COUNT_; dt++) {
      if (!(info->dtypes & CASC_DT_BIT(dt)))
        continue;
      checked++;
      if (!sim_vkernel_supports(kern, sim_vec_shape(row->opc), dt)) {
        fprintf(stderr, "%s: kernel %s has no loop for %s\n", info->name,
                kern->name, casc_dtype_name((casc_dtype)dt));
        CHECK(false);
      }
    }
  }
  CHECK(checked > 50); /* Add alone is 4 */
}

static void test_kernel_table(void) {
  CHECK(sim_vkernel_get(SIM_K_NONE) == NULL);
  CHECK(sim_vkernel_get(SIM_K_COUNT_) == NULL);
  for (unsigned id = 1; id < SIM_K_COUNT_; id++) {
    const sim_vkernel *k = sim_vkernel_get(id);
    REQUIRE(k != NULL);
    CHECK(k->name != NULL);
    /* every kernel has some form */
    CHECK(k->reduce || k->f32_bin || k->f32_un || k->i_bin[0] || k->i_un[0] ||
          k->f32_fus);
  }
  const sim_vkernel *add = sim_vkernel_get(SIM_K_ADD);
  CHECK(sim_vkernel_supports(add, SIM_VEC_BINARY, CASC_DT_F16));
  CHECK(sim_vkernel_supports(add, SIM_VEC_SCALAR, CASC_DT_I32));
  CHECK(!sim_vkernel_supports(add, SIM_VEC_UNARY, CASC_DT_F32));
  CHECK(!sim_vkernel_supports(add, SIM_VEC_BINARY, CASC_DT_I8));
  const sim_vkernel *exp = sim_vkernel_get(SIM_K_EXP);
  CHECK(sim_vkernel_supports(exp, SIM_VEC_UNARY, CASC_DT_F32));
  CHECK(!sim_vkernel_supports(exp, SIM_VEC_UNARY, CASC_DT_I16));
}

/* A row's handler decides whether the simulator runs it. */
static void test_rows(void) {
  const sim_row *r = sim_row_of(CASC_OP_ADD_L2);
  CHECK_EQ_INT(r->opc, SIM_VEC_BINARY);
  CHECK_EQ_INT(r->kern, SIM_K_ADD);
  r = sim_row_of(CASC_OP_ADDS_L2);
  CHECK_EQ_INT(r->opc, SIM_VEC_SCALAR);
  CHECK_EQ_INT(r->kern, SIM_K_ADD);
  r = sim_row_of(CASC_OP_ADD_L0); /* mask + repeat form, same kernel */
  CHECK_EQ_INT(r->opc, SIM_VEC_BINARY_REP);
  CHECK_EQ_INT(r->kern, SIM_K_ADD);
  r = sim_row_of(CASC_OP_ADD_L3); /* the C++ operator, same kernel */
  CHECK_EQ_INT(r->opc, SIM_VEC_BINARY_L3);
  CHECK_EQ_INT(r->kern, SIM_K_ADD);
  r = sim_row_of(CASC_OP_QUE_BIND_FREE_TENSOR);
  CHECK_EQ_INT(r->opc, SIM_FREE_TENSOR);
  r = sim_row_of(CASC_OP_PRELU_L2); /* family, no kernel (not on A2) */
  CHECK(r->need_kernel);
  CHECK_EQ_INT(r->kern, SIM_K_NONE);
  /* Repeat forms of duplicate and the reductions; a vector op of its own
   * shape names its handler. */
  CHECK_EQ_INT(sim_row_of(CASC_OP_DUPLICATE_L1)->opc, SIM_VEC_DUP_REP);
  r = sim_row_of(CASC_OP_REDUCE_MAX_L0);
  CHECK_EQ_INT(r->opc, SIM_VEC_REDUCE_REP);
  CHECK_EQ_INT(r->kern, SIM_K_REDUCE_MAX);
  CHECK_EQ_INT(sim_row_of(CASC_OP_WHOLE_REDUCE_MIN_L1)->opc,
               SIM_WHOLE_REDUCE_MIN);
  CHECK_EQ_INT(sim_row_of(CASC_OP_PAIR_REDUCE_SUM_L0)->opc,
               SIM_PAIR_REDUCE_SUM);
  CHECK_EQ_INT(sim_row_of(CASC_OP_SELECT_SCALAR_L2)->opc, SIM_SELECT_SCALAR);
  CHECK_EQ_INT(sim_row_of(CASC_OP_COMPARE_L1)->opc, SIM_COMPARE);
  CHECK_EQ_INT(sim_row_of(CASC_OP_SELECT_REG)->opc, SIM_SELECT_REG);
  CHECK_EQ_INT(sim_row_of(CASC_OP_CAST_L1)->opc, SIM_CAST_REP);
  CHECK_EQ_INT(sim_row_of(CASC_OP_AXPY_L2)->opc, SIM_AXPY);
  CHECK_EQ_INT(sim_row_of(CASC_OP_BRCB_L0)->opc, SIM_BRCB);
  CHECK_EQ_INT(sim_row_of(CASC_OP_GATHER_L1)->opc, SIM_GATHER);
  CHECK_EQ_INT(sim_row_of(CASC_OP_GATHER_MASK)->opc, SIM_GATHER_MASK);
  CHECK_EQ_INT(sim_row_of(CASC_OP_TRANSPOSE_EXT)->opc, SIM_TRANSPOSE);
  CHECK_EQ_INT(sim_row_of(CASC_OP_SCATTER_L2)->opc, SIM_NONE); /* not A2 */
  CHECK_EQ_INT(sim_row_of(CASC_OP_COUNT_)->opc, SIM_NONE);
}

int main(void) {
  RUN_TEST(test_row_dtypes_have_loops);
  RUN_TEST(test_kernel_table);
  RUN_TEST(test_rows);
  return CHECK_SUMMARY();
}
