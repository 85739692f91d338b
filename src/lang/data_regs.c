/* The C API of casc/asc_data.h's registers and queries: the settings the
 * data movement and cube ops read from control registers (SetPadValue,
 * SetLoadDataBoundary, SetLoadDataPaddingValue, SetFixpipePreQuantFlag)
 * and the scalar queries of the sort and gather-mask units (GetSortLen,
 * GetSortOffset, GetMrgSortResult, GetGatherMaskRemainCount), built as
 * pyasc's asc.language.basic builds them (data_copy.py, mm.py, fixpipe.py,
 * proposal.py, vec_gather_mask.py): the operand types are the ones
 * pyasc's _mat gives (a C integer i32, a C float f32, unless pyasc names a
 * type), the result types the ones pyasc asks its builder for. */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

/* One scalar operand materialised as pyasc's _mat(value[, type]) does,
 * then the op with no result. */
static void set_one(const char *api, casc_op_kind kind, const char *file,
                    int line, asc__sv value, bool want_ui64, const char *what) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *v = lang_mat(&c, value, want_ui64 ? c.k->ui64 : NULL, what);
  if (v)
    lang_op(&c, kind, 1, &v, 0, NULL, NULL);
}

void asc_set_load_data_boundary_at(const char *file, int line,
                                   asc__sv boundary) {
  set_one("asc_set_load_data_boundary", CASC_OP_SET_LOAD_DATA_BOUNDARY, file,
          line, boundary, false, "boundary");
}

void asc_set_load_data_padding_value_at(const char *file, int line,
                                        asc__sv pad_value) {
  set_one("asc_set_load_data_padding_value",
          CASC_OP_SET_LOAD_DATA_PADDING_VALUE, file, line, pad_value, false,
          "pad_value");
}

/* pyasc: _mat(config, KT.uint64). */
void asc_set_fix_pipe_pre_quant_flag_at(const char *file, int line,
                                        asc__sv config) {
  set_one("asc_set_fix_pipe_pre_quant_flag", CASC_OP_SET_FIXPIPE_PRE_QUANT_FLAG,
          file, line, config, true, "config");
}

void asc_set_pad_value_at(const char *file, int line, asc__sv padding_value,
                          asc_tposition pos) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_pad_value", file, line))
    return;
  /* pyasc's check: DataCopyPad pads on the way from GM into UB only, and
   * MAX stands for either UB position. */
  if (pos != ASC_TPOSITION_MAX && pos != ASC_TPOSITION_VECIN &&
      pos != ASC_TPOSITION_VECOUT) {
    lang_error(&c,
               "pos is %d; it must be one of TPosition.MAX, TPosition.VECIN, "
               "TPosition.VECOUT",
               (int)pos);
    return;
  }
  casc_value *v = lang_mat(&c, padding_value, NULL, "padding_value");
  if (v)
    lang_op(&c, CASC_OP_SET_PAD_VALUE, 1, &v, 0, NULL,
            lang_attrs1(&c, "pos", lang_enum_attr(&c, pos)));
}

/* GetSortLen / GetSortOffset: one uint32 in, one uint32 out. */
static asc_int sort_query(const char *api, casc_op_kind kind, const char *file,
                          int line, asc__sv in, const char *what) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  casc_value *v = lang_mat(&c, in, c.k->ui32, what);
  if (v)
    r.p_ = lang_op1(&c, kind, 1, &v, c.k->ui32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_get_sort_len_at(const char *file, int line, asc__sv elem_count) {
  return sort_query("asc_get_sort_len", CASC_OP_GET_SORT_LEN, file, line,
                    elem_count, "elem_count");
}

asc_int asc_get_sort_offset_at(const char *file, int line,
                               asc__sv elem_offset) {
  return sort_query("asc_get_sort_offset", CASC_OP_GET_SORT_OFFSET, file, line,
                    elem_offset, "elem_offset");
}

void asc_get_mrg_sort_result_at(const char *file, int line, asc_int *list1,
                                asc_int *list2, asc_int *list3,
                                asc_int *list4) {
  asc_int *out[4] = {list1, list2, list3, list4};
  for (unsigned i = 0; i < 4; i++)
    if (out[i])
      *out[i] = (asc_int){0};
  lang_call c;
  if (!lang_begin(&c, "asc_get_mrg_sort_result", file, line))
    return;
  for (unsigned i = 0; i < 4; i++)
    if (!out[i]) {
      /* C has no tuple: the four counts come back through pointers, and
       * GetMrgSortResult always writes all four. */
      lang_error(&c, "list%u is NULL; pass four asc_int to receive the counts",
                 i + 1);
      return;
    }
  casc_type *rt[4] = {c.k->ui16, c.k->ui16, c.k->ui16, c.k->ui16};
  casc_op *op = lang_op(&c, CASC_OP_GET_MRG_SORT_RESULT, 0, NULL, 4, rt, NULL);
  for (unsigned i = 0; i < 4; i++) {
    out[i]->p_ = op ? casc_op_result(op, i) : NULL;
    out[i]->k_ = lang_stamp(&c);
  }
}

asc_int asc_get_gather_mask_remain_count_at(const char *file, int line) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_get_gather_mask_remain_count", file, line))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_GET_GATHER_MASK_REMAIN_COUNT, 0, NULL, c.k->ui64,
                  NULL);
  r.k_ = lang_stamp(&c);
  return r;
}
