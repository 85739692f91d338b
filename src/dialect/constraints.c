/* Type constraints named in ops.def: checks and single-type inference. */
#include <string.h>

#include "dialect/dialect.h"

/* The one parameterless registered type a constraint admits, or -1 for
 * constraints that admit more. A switch (a jump table) rather than a
 * scanned list: the verifier asks for every operand and result. */
static int single_type_of(casc_constraint c) {
  switch (c) {
  case CASC_C_DATA_COPY_PARAMS:
    return CASC_ASC_DATA_COPY_PARAMS;
  case CASC_C_BINARY_REPEAT_PARAMS:
    return CASC_ASC_BINARY_REPEAT_PARAMS;
  case CASC_C_UNARY_REPEAT_PARAMS:
    return CASC_ASC_UNARY_REPEAT_PARAMS;
  case CASC_C_PIPE:
    return CASC_ASC_PIPE;
  case CASC_C_SHAPE_INFO:
    return CASC_ASC_SHAPE_INFO;
  case CASC_C_SLICE_INFO:
    return CASC_ASC_SLICE_INFO;
  case CASC_C_ND2NZ_PARAMS:
    return CASC_ASC_ND2NZ_PARAMS;
  case CASC_C_NZ2ND_PARAMS_FULL:
    return CASC_ASC_NZ2ND_PARAMS_FULL;
  case CASC_C_DATA_COPY_EXT_PARAMS:
    return CASC_ASC_DATA_COPY_EXT_PARAMS;
  case CASC_C_DATA_COPY_PAD_PARAMS:
    return CASC_ASC_DATA_COPY_PAD_PARAMS;
  case CASC_C_DATA_COPY_ENHANCED_PARAMS:
    return CASC_ASC_DATA_COPY_ENHANCED_PARAMS;
  case CASC_C_DATA_COPY_CO12DST_PARAMS:
    return CASC_ASC_DATA_COPY_CO12DST_PARAMS;
  case CASC_C_COPY_REPEAT_PARAMS:
    return CASC_ASC_COPY_REPEAT_PARAMS;
  case CASC_C_LOAD_IMAGE_TO_LOCAL_PARAMS:
    return CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS;
  case CASC_C_VDEQ_INFO:
    return CASC_ASC_VDEQ_INFO;
  case CASC_C_LIST_TENSOR_DESC:
    return CASC_ASC_LIST_TENSOR_DESC;
  case CASC_C_TENSOR_DESC:
    return CASC_ASC_TENSOR_DESC;
  case CASC_C_KFC_SERVER:
    return CASC_ASC_KFC_SERVER;
  case CASC_C_MATRIX_OFFSET:
    return CASC_ASC_MATRIX_OFFSET;
  case CASC_C_MATMUL_API_STATIC_TILING:
    return CASC_ASC_MATMUL_API_STATIC_TILING;
  case CASC_C_BRCB_REPEAT_PARAMS:
    return CASC_ASC_BRCB_REPEAT_PARAMS;
  case CASC_C_CHECK_LOCAL_MEMORY_IA_PARAM:
    return CASC_ASC_CHECK_LOCAL_MEMORY_IA_PARAM;
  case CASC_C_FIXPIPE_PARAMS_V220:
    return CASC_ASC_FIXPIPE_PARAMS_V220;
  case CASC_C_FIXPIPE_CONFIG:
    return CASC_ASC_FIXPIPE_CONFIG;
  case CASC_C_GATHER_MASK_PARAMS:
    return CASC_ASC_GATHER_MASK_PARAMS;
  case CASC_C_GATHER_REPEAT_PARAMS:
    return CASC_ASC_GATHER_REPEAT_PARAMS;
  case CASC_C_MATMUL_CONFIG:
    return CASC_ASC_MATMUL_CONFIG;
  case CASC_C_INIT_CONST_VALUE_PARAMS:
    return CASC_ASC_INIT_CONST_VALUE_PARAMS;
  case CASC_C_LOAD_DATA_2D_PARAMS:
    return CASC_ASC_LOAD_DATA_2D_PARAMS;
  case CASC_C_LOAD_DATA_2D_PARAMS_V2:
    return CASC_ASC_LOAD_DATA_2D_PARAMS_V2;
  case CASC_C_LOAD_DATA_3D_PARAMS_V1:
    return CASC_ASC_LOAD_DATA_3D_PARAMS_V1;
  case CASC_C_LOAD_DATA_3D_PARAMS_V2:
    return CASC_ASC_LOAD_DATA_3D_PARAMS_V2;
  case CASC_C_LOAD_DATA_3D_PARAMS_V2_PRO:
    return CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO;
  case CASC_C_LOAD_DATA_2D_TRANSPOSE_PARAMS:
    return CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS;
  case CASC_C_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2:
    return CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS_V2;
  case CASC_C_LOAD_DATA_REPEAT_PARAM:
    return CASC_ASC_LOAD_DATA_REPEAT_PARAM;
  case CASC_C_LOCAL_MEM_ALLOCATOR:
    return CASC_ASC_LOCAL_MEM_ALLOCATOR;
  case CASC_C_MMAD_PARAMS:
    return CASC_ASC_MMAD_PARAMS;
  case CASC_C_FMATRIX_MODE:
    return CASC_ASC_FMATRIX_MODE;
  case CASC_C_MRG_SORT_SRC_LIST:
    return CASC_ASC_MRG_SORT_SRC_LIST;
  case CASC_C_MRG_SORT4_INFO:
    return CASC_ASC_MRG_SORT4_INFO;
  case CASC_C_ASCEND_QUANT_CONFIG:
    return CASC_ASC_ASCEND_QUANT_CONFIG;
  case CASC_C_CUBE_TILING:
    return CASC_ASC_CUBE_TILING;
  case CASC_C_RMSNORM_TILING:
    return CASC_ASC_RMSNORM_TILING;
  case CASC_C_SOFTMAX_TILING:
    return CASC_ASC_SOFTMAX_TILING;
  case CASC_C_AIPP_PARAMS:
    return CASC_ASC_AIPP_PARAMS;
  case CASC_C_TRANSPOSE_PARAMS_EXT:
    return CASC_ASC_TRANSPOSE_PARAMS_EXT;
  case CASC_C_TRANS_DATA_TO_5HD_PARAMS:
    return CASC_ASC_TRANS_DATA_TO_5HD_PARAMS;
  default:
    return -1;
  }
}

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
  int single = single_type_of(c);
  if (single >= 0)
    return casc_type_is_asc(t, (casc_asc_type)single);
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
  int single = single_type_of(c);
  if (single >= 0)
    return casc_asc_type_get((casc_asc_type)single)->params[0]
               ? NULL
               : casc_type_asc(ctx, (casc_asc_type)single, 0, NULL, 0, NULL,
                               NULL);
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
