/* Basic ops (pyasc asc.language.basic; docs/ir.md §5): data copies, level-2
 * vector ops, casts, reductions, synchronisation, block index/count.
 * Dtype rules follow pyasc's check_type where it has one and the Ascend C
 * documentation for Atlas A2 where it has none. */
#include <string.h>

#include "lang/lang_internal.h"

/* The vector op an asc.h macro names ("ascendc.add_l2"), if it is a row
 * of class cls. asc.h names ops by their IR name so that the public
 * header does not depend on the op table's numbering; a name that is not
 * such a row is a casc bug, reported at the call like any misuse. */
static const casc_op_info *vop_row(lang_call *c, const char *opname,
                                   casc_op_class cls) {
  casc_op_kind k = opname ? casc_op_kind_lookup(opname, strlen(opname))
                          : CASC_OP_UNREGISTERED;
  const casc_op_info *info = casc_op_info_get(k);
  if (!info || info->cls != cls) {
    lang_error(c, "'%s' is not a %s vector op", opname ? opname : "(null)",
               casc_op_class_name(cls));
    return NULL;
  }
  return info;
}

/* A LocalTensor operand; its element dtype in *dt. */
static casc_value *vtensor(lang_call *c, asc_local_tensor t, const char *what,
                           casc_dtype *dt) {
  return lang_local_tensor(c, t.p_, t.k_, what, dt);
}

/* dst and every src share one dtype that the op's row accepts (its DTYPES
 * column; the simulator checks the same column with the same sentence). */
static bool check_dtypes(lang_call *c, const casc_op_info *vi, unsigned n,
                         const char *const *names, const casc_dtype *dts) {
  char why[256];
  for (unsigned i = 0; i < n; i++)
    if (vi->dtypes && !(vi->dtypes & CASC_DT_BIT(dts[i]))) {
      lang_error(c, "%s",
                 casc_op_dtype_error(vi, names[i], dts[i], why, sizeof why));
      return false;
    }
  for (unsigned i = 1; i < n; i++)
    if (dts[i] != dts[0]) {
      lang_error(c, "%s has dtype %s but %s has dtype %s; %s needs one dtype",
                 names[i], casc_dtype_pyasc_name(dts[i]), names[0],
                 casc_dtype_pyasc_name(dts[0]), vi->api);
      return false;
    }
  return true;
}

const casc_op_info *lang_vec_begin(lang_call *c, const char *api,
                                   const char *file, int line,
                                   const char *opname, casc_op_class cls,
                                   unsigned n, const asc_local_tensor *t,
                                   const char *const *names, casc_value **ops) {
  if (!lang_begin(c, api, file, line))
    return NULL;
  const casc_op_info *vi = vop_row(c, opname, cls);
  if (!vi)
    return NULL;
  casc_dtype dts[3] = {CASC_DT_INVALID, CASC_DT_INVALID, CASC_DT_INVALID};
  for (unsigned i = 0; i < n; i++)
    ops[i] = vtensor(c, t[i], names[i], &dts[i]);
  if (c->failed || !check_dtypes(c, vi, n, names, dts))
    return NULL;
  return vi;
}

void asc_vec_binary_at(const char *file, int line, const char *api,
                       const char *opname, asc_local_tensor dst,
                       asc_local_tensor src0, asc_local_tensor src1,
                       asc__sv count) {
  static const char *const names[3] = {"dst", "src0", "src1"};
  const asc_local_tensor t[3] = {dst, src0, src1};
  lang_call c;
  casc_value *ops[4];
  const casc_op_info *vi = lang_vec_begin(&c, api, file, line, opname,
                                          CASC_CLS_VBIN_L2, 3, t, names, ops);
  if (vi && (ops[3] = lang_mat(&c, count, c.k->i32, "count")))
    lang_op(&c, casc_op_info_kind(vi), 4, ops, 0, NULL, NULL);
}

void asc_vec_scalar_at(const char *file, int line, const char *api,
                       const char *opname, asc_local_tensor dst,
                       asc_local_tensor src, asc__sv scalar, asc__sv count,
                       bool is_set_mask) {
  static const char *const names[2] = {"dst", "src"};
  const asc_local_tensor t[2] = {dst, src};
  lang_call c;
  casc_value *ops[4];
  const casc_op_info *vi = lang_vec_begin(
      &c, api, file, line, opname, CASC_CLS_VSCALAR_L2, 2, t, names, ops);
  if (!vi)
    return;
  /* pyasc materialises the scalar (in src's dtype) before the count. */
  ops[2] = lang_mat(&c, scalar, casc_type_elem(ops[1]->type), "scalar");
  ops[3] = ops[2] ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  if (!ops[3])
    return;
  casc_attr *attrs =
      is_set_mask ? lang_attrs1(&c, "isSetMask", casc_attr_unit(c.k->ctx))
                  : NULL;
  lang_op(&c, casc_op_info_kind(vi), 4, ops, 0, NULL, attrs);
}

void asc_vec_unary_at(const char *file, int line, const char *api,
                      const char *opname, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv count) {
  static const char *const names[2] = {"dst", "src"};
  const asc_local_tensor t[2] = {dst, src};
  lang_call c;
  casc_value *ops[3];
  const casc_op_info *vi = lang_vec_begin(&c, api, file, line, opname,
                                          CASC_CLS_VUNARY_L2, 2, t, names, ops);
  if (vi && (ops[2] = lang_mat(&c, count, c.k->i32, "count")))
    lang_op(&c, casc_op_info_kind(vi), 3, ops, 0, NULL, NULL);
}

void asc_duplicate_at(const char *file, int line, asc_local_tensor dst,
                      asc__sv scalar, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_duplicate", file, line))
    return;
  const casc_op_info *vi = casc_op_info_get(CASC_OP_DUPLICATE_L2);
  static const char *const names[1] = {"dst"};
  casc_dtype dt = CASC_DT_INVALID;
  casc_value *ops[3];
  ops[0] = vtensor(&c, dst, "dst", &dt);
  if (!ops[0] || !check_dtypes(&c, vi, 1, names, &dt))
    return;
  ops[1] = lang_mat(&c, scalar, casc_type_elem(ops[0]->type), "scalar");
  ops[2] = ops[1] ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  if (ops[2])
    lang_op(&c, CASC_OP_DUPLICATE_L2, 3, ops, 0, NULL, NULL);
}

void asc_duplicate_l0_at(const char *file, int line, asc_local_tensor dst,
                         asc__sv scalar, asc__sv mask, asc__sv repeat_times,
                         asc__sv dst_block_stride, asc__sv dst_repeat_stride) {
  lang_call c;
  if (!lang_begin(&c, "asc_duplicate", file, line))
    return;
  const casc_op_info *vi = casc_op_info_get(CASC_OP_DUPLICATE_L0);
  static const char *const names[1] = {"dst"};
  casc_dtype dt = CASC_DT_INVALID;
  casc_value *ops[6];
  ops[0] = vtensor(&c, dst, "dst", &dt);
  if (!ops[0] || !check_dtypes(&c, vi, 1, names, &dt))
    return;
  /* pyasc: the scalar in dst's dtype, the mask ui64, the rest int8 */
  if (!(ops[1] =
            lang_mat(&c, scalar, casc_type_elem(ops[0]->type), "scalar")) ||
      !(ops[2] = lang_mat(&c, mask, c.k->ui64, "mask")) ||
      !(ops[3] = lang_mat(&c, repeat_times, c.k->i8, "repeat_times")) ||
      !(ops[4] = lang_mat(&c, dst_block_stride, c.k->i8, "dst_block_stride")) ||
      !(ops[5] = lang_mat(&c, dst_repeat_stride, c.k->i8, "dst_repeat_stride")))
    return;
  lang_op(&c, CASC_OP_DUPLICATE_L0, 6, ops, 0, NULL,
          lang_attrs1(&c, "isSetMask", casc_attr_unit(c.k->ctx)));
}

void asc_cast_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc_roundmode mode, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_cast", file, line))
    return;
  casc_dtype dd = CASC_DT_INVALID, sd = CASC_DT_INVALID;
  casc_value *ops[3];
  ops[0] = vtensor(&c, dst, "dst", &dd);
  ops[1] = vtensor(&c, src, "src", &sd);
  if (c.failed)
    return;
  if ((int)mode < ASC_ROUNDMODE_CAST_NONE ||
      (int)mode > ASC_ROUNDMODE_CAST_ODD) {
    lang_error(&c, "%d is not a valid RoundMode", (int)mode);
    return;
  }
  /* The pairs and modes of the dialect's Cast table (the simulator runs
   * exactly these). */
  if (!casc_cast_pair_supported(dd, sd)) {
    lang_error(&c, "Cast from %s to %s is not supported",
               casc_dtype_pyasc_name(sd), casc_dtype_pyasc_name(dd));
    return;
  }
  if (!casc_cast_supported(dd, sd, (int)mode)) {
    lang_error(&c, "Cast from %s to %s does not take RoundMode %s",
               casc_dtype_pyasc_name(sd), casc_dtype_pyasc_name(dd),
               casc_enum_cxx(CASC_ENUM_ROUNDMODE, (int)mode));
    return;
  }
  ops[2] = lang_mat(&c, count, c.k->i32, "count");
  if (ops[2])
    lang_op(&c, CASC_OP_CAST_L2, 3, ops, 0, NULL,
            lang_attrs1(&c, "roundMode", lang_enum_attr(&c, mode)));
}

void asc_reduce_at(const char *file, int line, const char *api,
                   const char *opname, asc_local_tensor dst,
                   asc_local_tensor src, asc_local_tensor tmp, asc__sv count,
                   asc__sv cal_index) {
  static const char *const names[3] = {"dst", "src", "tmp"};
  const asc_local_tensor t[3] = {dst, src, tmp};
  lang_call c;
  casc_value *ops[5];
  const casc_op_info *vi = lang_vec_begin(
      &c, api, file, line, opname, CASC_CLS_VREDUCE_L2, 3, t, names, ops);
  if (!vi)
    return;
  /* count is ui32 (emitc.constant / emitc.cast); cal_index is pyasc's
   * bool_, i.e. i8, and only ReduceMax / ReduceMin have it (their rows'
   * fifth operand). */
  ops[3] = lang_mat(&c, count, c.k->ui32, "count");
  if (!ops[3])
    return;
  unsigned n = 4;
  if (vi->nopnds == 5) {
    ops[4] = lang_mat(&c, cal_index, c.k->i8, "cal_index");
    if (!ops[4])
      return;
    n = 5;
  }
  lang_op(&c, casc_op_info_kind(vi), n, ops, 0, NULL, NULL);
}

/* ---- data copy
 * ----------------------------------------------------------------- */

static casc_value *copy_operand(lang_call *c, asc__tensor t, const char *what) {
  return t.global_ ? lang_global_value(c, t.p_, t.k_, what)
                   : lang_value(c, t.p_, t.k_, what);
}

void *lang_construct(lang_call *c, casc_asc_type id, unsigned n,
                     const asc__sv *in, const char *const *names,
                     casc_type *const *mat, casc_type *const *ft) {
  casc_ctx *ctx = c->k->ctx;
  casc_value *ops[LANG_CONSTRUCT_MAX];
  casc_attr *fields[LANG_CONSTRUCT_MAX];
  if (n > LANG_CONSTRUCT_MAX) {
    lang_error(c, "a parameter struct of %u fields (casc bug)", n);
    return NULL;
  }
  for (unsigned i = 0; i < n; i++) {
    if (!(ops[i] = lang_mat(c, in[i], mat[i], names[i])))
      return NULL;
    fields[i] = casc_attr_type(ctx, ft[i]);
  }
  casc_type *t = casc_type_asc(ctx, id, 0, NULL, 0, NULL, NULL);
  return lang_op1(c, CASC_OP_CONSTRUCT, n, ops, t,
                  lang_attrs1(c, "types", casc_attr_array(ctx, n, fields)));
}

asc_data_copy_params asc_datacopyparams_at(const char *file, int line,
                                           asc__sv block_count,
                                           asc__sv block_len,
                                           asc__sv src_stride,
                                           asc__sv dst_stride) {
  lang_call c;
  asc_data_copy_params r = {0};
  if (!lang_begin(&c, "asc_datacopyparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[4] = {block_count, block_len, src_stride, dst_stride};
  static const char *const names[4] = {"block_count", "block_len", "src_stride",
                                       "dst_stride"};
  casc_type *const mat[4] = {c.k->i32, c.k->i32, c.k->i32, c.k->i32};
  casc_type *const ft[4] = {c.k->ui16, c.k->ui16, c.k->ui16, c.k->ui16};
  r.p_ = lang_construct(&c, CASC_ASC_DATA_COPY_PARAMS, 4, in, names, mat, ft);
  return r;
}

asc_data_copy_pad_params asc_datacopypadparams_at(const char *file, int line,
                                                  asc__sv is_pad,
                                                  asc__sv left_padding,
                                                  asc__sv right_padding,
                                                  asc__sv value) {
  lang_call c;
  asc_data_copy_pad_params r = {0};
  if (!lang_begin(&c, "asc_datacopypadparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[4] = {is_pad, left_padding, right_padding, value};
  static const char *const names[4] = {"is_pad", "left_padding",
                                       "right_padding", "value"};
  casc_type *const mat[4] = {c.k->i1, c.k->i32, c.k->i32, c.k->i64};
  casc_type *const ft[4] = {c.k->i1, c.k->ui16, c.k->ui16, c.k->ui64};
  r.p_ =
      lang_construct(&c, CASC_ASC_DATA_COPY_PAD_PARAMS, 4, in, names, mat, ft);
  return r;
}

/* asc.BrcbRepeatParams(dst_blk_stride, dst_rep_stride): two ui16 fields. */
asc_brcb_repeat_params asc_brcbrepeatparams_at(const char *file, int line,
                                               asc__sv dst_blk_stride,
                                               asc__sv dst_rep_stride) {
  lang_call c;
  asc_brcb_repeat_params r = {0};
  if (!lang_begin(&c, "asc_brcbrepeatparams", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  const asc__sv in[2] = {dst_blk_stride, dst_rep_stride};
  static const char *const names[2] = {"dst_blk_stride", "dst_rep_stride"};
  casc_type *const mat[2] = {c.k->ui16, c.k->ui16};
  casc_type *const ft[2] = {c.k->ui16, c.k->ui16};
  r.p_ = lang_construct(&c, CASC_ASC_BRCB_REPEAT_PARAMS, 2, in, names, mat, ft);
  return r;
}

/* DataCopyPad: GM -> UB with padding parameters (data_copy_pad_l0) or
 * UB -> GM without (data_copy_pad_l2), as pyasc builds them. */
/* DataCopyPad's checks, shared by its DataCopyParams and
 * DataCopyExtParams forms: one side in GM and one in UB, padding
 * parameters (made by pad_ctor) exactly on the GM -> UB direction, one
 * dtype; false after reporting. */
bool lang_data_copy_pad_ok(lang_call *c, bool dst_global, bool src_global,
                           bool has_pad, casc_value *const *ops,
                           const char *pad_ctor) {
  if (dst_global == src_global) {
    lang_error(c, "DataCopyPad copies GM -> UB or UB -> GM; here both are %s",
               dst_global ? "GlobalTensors" : "LocalTensors");
    return false;
  }
  if (has_pad && dst_global) {
    lang_error(c, "DataCopyPad takes padding parameters only from GM to UB");
    return false;
  }
  if (!has_pad && !dst_global) {
    lang_error(c, "DataCopyPad from GM to UB needs padding parameters (%s)",
               pad_ctor);
    return false;
  }
  casc_type *de = casc_type_elem(ops[0]->type);
  casc_type *se = casc_type_elem(ops[1]->type);
  if (de != se) {
    lang_error(c, "dst has dtype %s but src has dtype %s",
               lang_type_name(c, de), lang_type_name(c, se));
    return false;
  }
  return true;
}

void asc_data_copy_pad_at(const char *file, int line, asc__tensor dst,
                          asc__tensor src, asc_data_copy_params params,
                          asc_data_copy_pad_params pad, bool has_pad) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy_pad", file, line))
    return;
  casc_value *ops[4];
  ops[0] = copy_operand(&c, dst, "dst");
  ops[1] = copy_operand(&c, src, "src");
  ops[2] = lang_value(&c, params.p_, params.k_, "params");
  if (has_pad)
    ops[3] = lang_value(&c, pad.p_, pad.k_, "pad_params");
  if (c.failed)
    return;
  if (!lang_data_copy_pad_ok(&c, dst.global_, src.global_, has_pad, ops,
                             "asc_datacopypadparams"))
    return;
  const casc_op_info *vi = casc_op_info_get(has_pad ? CASC_OP_DATA_COPY_PAD_L0
                                                    : CASC_OP_DATA_COPY_PAD_L2);
  static const char *const names[1] = {"dst"};
  casc_dtype dt = casc_dtype_of_type(casc_type_elem(ops[0]->type));
  if (!check_dtypes(&c, vi, 1, names, &dt))
    return;
  lang_op(&c, casc_op_info_kind(vi), has_pad ? 4 : 3, ops, 0, NULL, NULL);
}

void asc_data_copy_at(const char *file, int line, asc__tensor dst,
                      asc__tensor src, asc__sv n) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_copy", file, line))
    return;
  casc_value *ops[3];
  ops[0] = copy_operand(&c, dst, "dst");
  ops[1] = copy_operand(&c, src, "src");
  if (c.failed)
    return;
  if (dst.global_ && src.global_) {
    lang_error(&c, "DataCopy between two GlobalTensors is not supported");
    return;
  }
  casc_type *de = casc_type_elem(ops[0]->type);
  casc_type *se = casc_type_elem(ops[1]->type);
  if (de != se) {
    lang_error(&c, "dst has dtype %s but src has dtype %s",
               lang_type_name(&c, de), lang_type_name(&c, se));
    return;
  }
  if (n.kind_ == ASC__SV_PARAMS) {
    ops[2] = lang_value(&c, n.p_, n.k_, "params");
    if (!ops[2])
      return;
    /* Nd2NzParams: the format-converting GM -> L1 copy of the cube path. */
    if (casc_type_is_asc(ops[2]->type, CASC_ASC_ND2NZ_PARAMS)) {
      if (!src.global_ || dst.global_) {
        lang_error(&c, "DataCopy with Nd2NzParams copies GM -> local");
        return;
      }
      lang_op(&c, CASC_OP_DATA_COPY_ND2NZ, 3, ops, 0, NULL, NULL);
      return;
    }
    /* Nz2NdParamsFull: UB (NZ) -> GM (ND), casc/asc_data.h. */
    if (casc_type_is_asc(ops[2]->type, CASC_ASC_NZ2ND_PARAMS_FULL)) {
      if (src.global_ || !dst.global_) {
        lang_error(&c, "DataCopy with Nz2NdParamsFull copies local -> GM");
        return;
      }
      lang_op(&c, CASC_OP_DATA_COPY_NZ2ND, 3, ops, 0, NULL, NULL);
      return;
    }
    if (!casc_type_is_asc(ops[2]->type, CASC_ASC_DATA_COPY_PARAMS)) {
      lang_error(&c, "params is not a DataCopyParams");
      return;
    }
    lang_op(&c, CASC_OP_DATA_COPY_L0, 3, ops, 0, NULL, NULL);
    return;
  }
  ops[2] = lang_mat(&c, n, c.k->i32, "count");
  if (ops[2])
    lang_op(&c, CASC_OP_DATA_COPY_L2, 3, ops, 0, NULL, NULL);
}

/* ---- synchronisation and system values
 * ---------------------------------------- */

static void flag_op(const char *api, casc_op_kind kind, const char *file,
                    int line, asc_hardevent ev, asc__sv id) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  if ((int)ev < ASC_HARDEVENT_MTE2_MTE1 || (int)ev > ASC_HARDEVENT_FIX_FIX) {
    lang_error(&c, "%d is not a valid HardEvent", (int)ev);
    return;
  }
  casc_value *v = lang_mat(&c, id, c.k->i32, "event id");
  if (v)
    lang_op(&c, kind, 1, &v, 0, NULL,
            lang_attrs1(&c, "event", lang_enum_attr(&c, ev)));
}

void asc_set_flag_at(const char *file, int line, asc_hardevent ev, asc__sv id) {
  flag_op("asc_set_flag", CASC_OP_SET_FLAG, file, line, ev, id);
}

void asc_wait_flag_at(const char *file, int line, asc_hardevent ev,
                      asc__sv id) {
  flag_op("asc_wait_flag", CASC_OP_WAIT_FLAG, file, line, ev, id);
}

void asc_pipe_barrier_at(const char *file, int line, asc_pipeid pipe) {
  lang_call c;
  if (!lang_begin(&c, "asc_pipe_barrier", file, line))
    return;
  if ((int)pipe < ASC_PIPEID_PIPE_S || (int)pipe > ASC_PIPEID_PIPE_FIX) {
    lang_error(&c, "%d is not a valid PipeID", (int)pipe);
    return;
  }
  lang_op(&c, CASC_OP_PIPE_BARRIER, 0, NULL, 0, NULL,
          lang_attrs1(&c, "pipe", lang_enum_attr(&c, pipe)));
}

static asc_int block_query(const char *api, casc_op_kind kind, const char *file,
                           int line) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.p_ = lang_op1(&c, kind, 0, NULL, c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_get_block_idx_at(const char *file, int line) {
  return block_query("asc_get_block_idx", CASC_OP_GET_BLOCK_IDX, file, line);
}

asc_int asc_get_block_num_at(const char *file, int line) {
  return block_query("asc_get_block_num", CASC_OP_GET_BLOCK_NUM, file, line);
}
