/* Type constraints named in ops.def: checks and single-type inference. */
#include <string.h>

#include "dialect/dialect.h"

/* Constraints that admit exactly one parameterless registered type. */
static const struct {
  casc_constraint c;
  casc_asc_type t;
} single_type[] = {
    {CASC_C_DATA_COPY_PARAMS, CASC_ASC_DATA_COPY_PARAMS},
    {CASC_C_BINARY_REPEAT_PARAMS, CASC_ASC_BINARY_REPEAT_PARAMS},
    {CASC_C_UNARY_REPEAT_PARAMS, CASC_ASC_UNARY_REPEAT_PARAMS},
    {CASC_C_PIPE, CASC_ASC_PIPE},
    {CASC_C_SHAPE_INFO, CASC_ASC_SHAPE_INFO},
    {CASC_C_SLICE_INFO, CASC_ASC_SLICE_INFO},
    {CASC_C_ND2NZ_PARAMS, CASC_ASC_ND2NZ_PARAMS},
    {CASC_C_NZ2ND_PARAMS_FULL, CASC_ASC_NZ2ND_PARAMS_FULL},
    {CASC_C_DATA_COPY_EXT_PARAMS, CASC_ASC_DATA_COPY_EXT_PARAMS},
    {CASC_C_DATA_COPY_PAD_PARAMS, CASC_ASC_DATA_COPY_PAD_PARAMS},
    {CASC_C_DATA_COPY_ENHANCED_PARAMS, CASC_ASC_DATA_COPY_ENHANCED_PARAMS},
    {CASC_C_DATA_COPY_CO12DST_PARAMS, CASC_ASC_DATA_COPY_CO12DST_PARAMS},
    {CASC_C_COPY_REPEAT_PARAMS, CASC_ASC_COPY_REPEAT_PARAMS},
    {CASC_C_LOAD_IMAGE_TO_LOCAL_PARAMS, CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS},
    {CASC_C_VDEQ_INFO, CASC_ASC_VDEQ_INFO},
    {CASC_C_LIST_TENSOR_DESC, CASC_ASC_LIST_TENSOR_DESC},
    {CASC_C_TENSOR_DESC, CASC_ASC_TENSOR_DESC},
    {CASC_C_KFC_SERVER, CASC_ASC_KFC_SERVER},
    {CASC_C_MATRIX_OFFSET, CASC_ASC_MATRIX_OFFSET},
    {CASC_C_MATMUL_API_STATIC_TILING, CASC_ASC_MATMUL_API_STATIC_TILING},
    {CASC_C_BRCB_REPEAT_PARAMS, CASC_ASC_BRCB_REPEAT_PARAMS},
    {CASC_C_CHECK_LOCAL_MEMORY_IA_PARAM, CASC_ASC_CHECK_LOCAL_MEMORY_IA_PARAM},
    {CASC_C_FIXPIPE_PARAMS_V220, CASC_ASC_FIXPIPE_PARAMS_V220},
    {CASC_C_FIXPIPE_CONFIG, CASC_ASC_FIXPIPE_CONFIG},
    {CASC_C_GATHER_MASK_PARAMS, CASC_ASC_GATHER_MASK_PARAMS},
    {CASC_C_GATHER_REPEAT_PARAMS, CASC_ASC_GATHER_REPEAT_PARAMS},
    {CASC_C_MATMUL_CONFIG, CASC_ASC_MATMUL_CONFIG},
    {CASC_C_INIT_CONST_VALUE_PARAMS, CASC_ASC_INIT_CONST_VALUE_PARAMS},
    {CASC_C_LOAD_DATA_2D_PARAMS, CASC_ASC_LOAD_DATA_2D_PARAMS},
    {CASC_C_LOAD_DATA_2D_PARAMS_V2, CASC_ASC_LOAD_DATA_2D_PARAMS_V2},
    {CASC_C_LOAD_DATA_3D_PARAMS_V1, CASC_ASC_LOAD_DATA_3D_PARAMS_V1},
    {CASC_C_LOAD_DATA_3D_PARAMS_V2, CASC_ASC_LOAD_DATA_3D_PARAMS_V2},
    {CASC_C_LOAD_DATA_3D_PARAMS_V2_PRO, CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO},
    {CASC_C_LOAD_DATA_2D_TRANSPOSE_PARAMS,
     CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS},
    {CASC_C_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2,
     CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2},
    {CASC_C_LOAD_DATA_REPEAT_PARAM, CASC_ASC_LOAD_DATA_REPEAT_PARAM},
    {CASC_C_LOCAL_MEM_ALLOCATOR, CASC_ASC_LOCAL_MEM_ALLOCATOR},
    {CASC_C_MMAD_PARAMS, CASC_ASC_MMAD_PARAMS},
    {CASC_C_FMATRIX_MODE, CASC_ASC_FMATRIX_MODE},
    {CASC_C_MRG_SORT_SRC_LIST, CASC_ASC_MRG_SORT_SRC_LIST},
    {CASC_C_MRG_SORT4_INFO, CASC_ASC_MRG_SORT4_INFO},
    {CASC_C_ASCEND_QUANT_CONFIG, CASC_ASC_ASCEND_QUANT_CONFIG},
    {CASC_C_CUBE_TILING, CASC_ASC_CUBE_TILING},
    {CASC_C_RMSNORM_TILING, CASC_ASC_RMSNORM_TILING},
    {CASC_C_SOFTMAX_TILING, CASC_ASC_SOFTMAX_TILING},
    {CASC_C_AIPP_PARAMS, CASC_ASC_AIPP_PARAMS},
    {CASC_C_TRANSPOSE_PARAMS_EXT, CASC_ASC_TRANSPOSE_PARAMS_EXT},
    {CASC_C_TRANS_DATA_TO_5HD_PARAMS, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS},
};
#define NSINGLE (sizeof single_type / sizeof single_type[0])

/* The structs pyasc's LoadData overloads take (BaseLoadDataParams). */
static const casc_asc_type load_data_params[] = {
    CASC_ASC_LOAD_DATA_2D_PARAMS,
    CASC_ASC_LOAD_DATA_2D_PARAMS_V2,
    CASC_ASC_LOAD_DATA_3D_PARAMS_V1,
    CASC_ASC_LOAD_DATA_3D_PARAMS_V2,
    CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO,
    CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS,
    CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2,
};
#define NLOAD_DATA (sizeof load_data_params / sizeof load_data_params[0])

/* !ascendc.matmul<...> is not registered: it stays opaque text. */
static bool is_matmul_type(const casc_type *t) {
  return t->kind == CASC_TYPE_OPAQUE &&
         strcmp(t->u.opaque.dialect, "ascendc") == 0 &&
         strncmp(t->u.opaque.body, "matmul<", 7) == 0;
}

static bool is_int_w(const casc_type *t, unsigned w, casc_signedness s) {
  return casc_type_is_int_of(t, w, s);
}

bool casc_constraint_check(casc_constraint c, const casc_type *t) {
  if (!t)
    return false;
  for (unsigned i = 0; i < NSINGLE; i++)
    if (single_type[i].c == c)
      return casc_type_is_asc(t, single_type[i].t);
  switch (c) {
  case CASC_C_ANY:
    return true;
  case CASC_C_ANY_INT:
    return casc_type_is_int(t);
  case CASC_C_SIGNLESS_INT:
    return casc_type_is_signless_int(t);
  case CASC_C_INT_OR_INDEX:
    return casc_type_is_signless_int(t) || t->kind == CASC_TYPE_INDEX;
  case CASC_C_ANY_INT_OR_INDEX:
    return casc_type_is_int(t) || t->kind == CASC_TYPE_INDEX;
  case CASC_C_I1:
    return is_int_w(t, 1, CASC_SIGNLESS);
  case CASC_C_I8:
    return is_int_w(t, 8, CASC_SIGNLESS);
  case CASC_C_I32:
    return is_int_w(t, 32, CASC_SIGNLESS);
  case CASC_C_I16:
    return is_int_w(t, 16, CASC_SIGNLESS);
  case CASC_C_I64:
    return is_int_w(t, 64, CASC_SIGNLESS);
  case CASC_C_UI8:
    return is_int_w(t, 8, CASC_UNSIGNED);
  case CASC_C_UI16:
    return is_int_w(t, 16, CASC_UNSIGNED);
  case CASC_C_UI32:
    return is_int_w(t, 32, CASC_UNSIGNED);
  case CASC_C_UI64:
    return is_int_w(t, 64, CASC_UNSIGNED);
  case CASC_C_INDEX:
    return t->kind == CASC_TYPE_INDEX;
  case CASC_C_ANY_FLOAT:
    return casc_type_is_float(t);
  case CASC_C_INT_OR_FLOAT:
  case CASC_C_SCALAR:
    return casc_type_is_int(t) || casc_type_is_float(t) ||
           t->kind == CASC_TYPE_INDEX;
  case CASC_C_LOCAL_TENSOR:
    return casc_type_is_local_tensor(t);
  case CASC_C_GLOBAL_TENSOR:
    return casc_type_is_global_tensor(t);
  case CASC_C_TENSOR:
    return casc_type_is_local_tensor(t) || casc_type_is_global_tensor(t);
  case CASC_C_QUEUE_LIKE:
    return casc_type_is_queue_like(t);
  case CASC_C_QUEUE:
    return casc_type_is_asc(t, CASC_ASC_QUEUE);
  case CASC_C_QUE_BIND:
    return casc_type_is_asc(t, CASC_ASC_QUE_BIND);
  case CASC_C_TBUF:
    return casc_type_is_asc(t, CASC_ASC_TBUF);
  case CASC_C_TBUF_POOL:
    return casc_type_is_asc(t, CASC_ASC_TBUF_POOL);
  case CASC_C_MEMREF:
    return t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF;
  case CASC_C_DATA_COPY_PAD_EXT_PARAMS:
    return casc_type_is_asc(t, CASC_ASC_DATA_COPY_PAD_EXT_PARAMS);
  case CASC_C_ASC_TYPE:
    return t->kind == CASC_TYPE_ASC || t->kind == CASC_TYPE_OPAQUE;
  case CASC_C_LOAD_DATA_PARAMS:
    for (size_t i = 0; i < NLOAD_DATA; i++)
      if (casc_type_is_asc(t, load_data_params[i]))
        return true;
    return false;
  case CASC_C_MATMUL:
    return is_matmul_type(t);
  case CASC_C_ANY_UNSIGNED_INT:
    return t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED;
  default:
    return false;
  }
}

casc_type *casc_constraint_buildable(casc_ctx *ctx, casc_constraint c) {
  /* A parameterised struct (mrg_sort_src_list<T>...) is not one type. */
  for (unsigned i = 0; i < NSINGLE; i++)
    if (single_type[i].c == c)
      return casc_asc_type_get(single_type[i].t)->params[0]
                 ? NULL
                 : casc_type_asc(ctx, single_type[i].t, NULL, 0, NULL, NULL);
  switch (c) {
  case CASC_C_I16:
    return casc_type_int(ctx, 16, CASC_SIGNLESS);
  case CASC_C_I1:
    return casc_type_i1(ctx);
  case CASC_C_I8:
    return casc_type_i8(ctx);
  case CASC_C_I32:
    return casc_type_i32(ctx);
  case CASC_C_I64:
    return casc_type_i64(ctx);
  case CASC_C_UI8:
    return casc_type_int(ctx, 8, CASC_UNSIGNED);
  case CASC_C_UI16:
    return casc_type_int(ctx, 16, CASC_UNSIGNED);
  case CASC_C_UI32:
    return casc_type_int(ctx, 32, CASC_UNSIGNED);
  case CASC_C_UI64:
    return casc_type_int(ctx, 64, CASC_UNSIGNED);
  case CASC_C_INDEX:
    return casc_type_index(ctx);
  default:
    return NULL;
  }
}
