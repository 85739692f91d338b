/* The C API of MrgSort4 and its MrgSort4Info (casc/asc_data.h), built as
 * pyasc's proposal.py and core/types.py build them: ifExhaustedSuspension
 * as pyasc's bool_ (int8, typed i1 in the struct), validBit and
 * repeatTimes uint16, then the four element lengths stored one by one
 * into a memref<4xui16> (pyasc's asc.array), in that order. */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

asc_mrg_sort4_info asc_mrgsort4info_at(const char *file, int line,
                                       const asc__sv *lengths,
                                       asc__sv if_exhausted_suspension,
                                       asc__sv valid_bit,
                                       asc__sv repeat_times) {
  lang_call c;
  asc_mrg_sort4_info r = {0};
  if (!lang_begin(&c, "asc_mrgsort4info", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_ctx *ctx = c.k->ctx;
  casc_value *ops[4];
  if (!(ops[1] = lang_mat(&c, if_exhausted_suspension, c.k->i8,
                          "if_exhausted_suspension")) ||
      !(ops[2] = lang_mat(&c, valid_bit, c.k->ui16, "valid_bit")) ||
      !(ops[3] = lang_mat(&c, repeat_times, c.k->ui16, "repeat_times")))
    return r;
  const int64_t four = 4;
  casc_type *mt = casc_type_memref(ctx, 1, &four, c.k->ui16, NULL);
  if (!(ops[0] = lang_op1(&c, CASC_OP_MEMREF_ALLOCA, 0, NULL, mt,
                          lang_attrs1(&c, "operandSegmentSizes",
                                      casc_attr_opaque(ctx, "array<i32: 0, "
                                                            "0>")))))
    return r;
  for (unsigned i = 0; i < 4; i++) {
    casc_value *st[3] = {lang_mat(&c, lengths[i], c.k->ui16, "element_lengths"),
                         ops[0], NULL};
    if (!st[0] ||
        !(st[2] = lang_mat(&c, asc__sv_i((long long)i), c.k->index, "index")))
      return r;
    lang_op(&c, CASC_OP_MEMREF_STORE, 3, st, 0, NULL, NULL);
  }
  casc_attr *types[4] = {casc_attr_type(ctx, mt), casc_attr_type(ctx, c.k->i1),
                         casc_attr_type(ctx, c.k->ui16),
                         casc_attr_type(ctx, c.k->ui16)};
  casc_type *t =
      casc_type_asc(ctx, CASC_ASC_MRG_SORT4_INFO, 0, NULL, 0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 4, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, 4, types)));
  return r;
}

void asc_mrg_sort4_at(const char *file, int line, asc_local_tensor dst,
                      asc_mrg_sort_src_list src, asc_mrg_sort4_info params) {
  lang_call c;
  if (!lang_begin(&c, "asc_mrg_sort4", file, line))
    return;
  casc_value *ops[3];
  casc_dtype dd = CASC_DT_INVALID;
  if (!(ops[0] = lang_local_tensor(&c, dst.p_, dst.k_, "dst", &dd)) ||
      !(ops[1] = lang_value(&c, src.p_, src.k_, "src")) ||
      !(ops[2] = lang_value(&c, params.p_, params.k_, "params")))
    return;
  if (!casc_type_is_asc(ops[1]->type, CASC_ASC_MRG_SORT_SRC_LIST)) {
    lang_error(&c, "src is not a MrgSortSrcList");
    return;
  }
  if (!casc_type_is_asc(ops[2]->type, CASC_ASC_MRG_SORT4_INFO)) {
    lang_error(&c, "params is not a MrgSort4Info");
    return;
  }
  /* The proposals keep their dtype through the merge. */
  casc_type *le = casc_type_elem(ops[1]->type);
  if (le && lang_type_dtype(le) && casc_type_elem(ops[0]->type) != le) {
    lang_error(&c, "dst has dtype %s but src is a list of %s",
               casc_dtype_pyasc_name(dd), asc_dtype_name(lang_type_dtype(le)));
    return;
  }
  lang_op(&c, CASC_OP_MRG_SORT4, 3, ops, 0, NULL, NULL);
}
