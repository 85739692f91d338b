/* The C API of the sparse cube path (casc/asc_data.h): LoadDataWithSparse
 * (L1 -> L0B with the index of the kept values) and MmadWithSparse, built
 * as pyasc's mm.py builds them (the tensors and the existing
 * LoadData2DParams / MmadParams, nothing materialised). The dtypes are the
 * Ascend C reference's for both APIs: the weights int8, the index uint8,
 * the accumulator int32 (the C++ signatures' enable_if: the reference
 * text calls the index int8, its template takes uint8_t). */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

static bool tensor_of(lang_call *c, asc_local_tensor t, const char *what,
                      casc_dtype want, casc_value **op) {
  casc_dtype d = CASC_DT_INVALID;
  if (!(*op = lang_local_tensor(c, t.p_, t.k_, what, &d)))
    return false;
  if (d == want)
    return true;
  lang_error(c, "%s has dtype %s; it must be %s", what,
             casc_dtype_pyasc_name(d), casc_dtype_pyasc_name(want));
  return false;
}

static bool params_of(lang_call *c, void *p, unsigned k, casc_asc_type id,
                      const char *name, casc_value **op) {
  if (!(*op = lang_value(c, p, k, "params")))
    return false;
  if (casc_type_is_asc((*op)->type, id))
    return true;
  lang_error(c, "params is not a %s", name);
  return false;
}

void asc_load_data_with_sparse_at(const char *file, int line,
                                  asc_local_tensor dst, asc_local_tensor src,
                                  asc_local_tensor idx,
                                  asc_load_data_2d_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_load_data_with_sparse", file, line))
    return;
  casc_value *ops[4];
  if (tensor_of(&c, dst, "dst", CASC_DT_I8, &ops[0]) &&
      tensor_of(&c, src, "src", CASC_DT_I8, &ops[1]) &&
      tensor_of(&c, idx, "idx", CASC_DT_U8, &ops[2]) &&
      params_of(&c, params.p_, params.k_, CASC_ASC_LOAD_DATA_2D_PARAMS,
                "LoadData2DParams", &ops[3]))
    lang_op(&c, CASC_OP_LOAD_DATA_WITH_SPARSE, 4, ops, 0, NULL, NULL);
}

void asc_mmad_with_sparse_at(const char *file, int line, asc_local_tensor dst,
                             asc_local_tensor fm, asc_local_tensor filter,
                             asc_mmad_params params) {
  lang_call c;
  if (!lang_begin(&c, "asc_mmad_with_sparse", file, line))
    return;
  casc_value *ops[4];
  if (tensor_of(&c, dst, "dst", CASC_DT_I32, &ops[0]) &&
      tensor_of(&c, fm, "fm", CASC_DT_I8, &ops[1]) &&
      tensor_of(&c, filter, "filter", CASC_DT_I8, &ops[2]) &&
      params_of(&c, params.p_, params.k_, CASC_ASC_MMAD_PARAMS, "MmadParams",
                &ops[3]))
    lang_op(&c, CASC_OP_MMAD_WITH_SPARSE, 4, ops, 0, NULL, NULL);
}
