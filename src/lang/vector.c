/* Basic ops (pyasc asc.language.basic; IR.md §5): data copies, level-2
 * vector ops, casts, reductions, synchronisation, block index/count.
 * Dtype rules follow pyasc's check_type where it has one and the Ascend C
 * documentation for Atlas A2 where it has none. */
#include "lang/lang_internal.h"

#define DT(x) (1u << (x))
#define DT_HF (DT(ASC_HALF) | DT(ASC_FLOAT))
#define DT_ARITH (DT_HF | DT(ASC_INT16) | DT(ASC_INT32))
#define DT_BITS (DT(ASC_INT16) | DT(ASC_UINT16))

typedef struct {
  const char *api;   /* "asc_add" */
  const char *cxx;   /* "Add" (for messages) */
  casc_op_kind kind; /* the _l2 op */
  unsigned dtypes;   /* allowed element dtypes (DT bits) */
} vop_info;

static const vop_info k_vops[ASC__V_COUNT_] = {
    [ASC__V_ADD] = {"asc_add", "Add", CASC_OP_ADD_L2, DT_ARITH},
    [ASC__V_SUB] = {"asc_sub", "Sub", CASC_OP_SUB_L2, DT_ARITH},
    [ASC__V_MUL] = {"asc_mul", "Mul", CASC_OP_MUL_L2, DT_ARITH},
    [ASC__V_DIV] = {"asc_div", "Div", CASC_OP_DIV_L2, DT_HF},
    [ASC__V_MAX] = {"asc_max", "Max", CASC_OP_MAX_L2, DT_ARITH},
    [ASC__V_MIN] = {"asc_min", "Min", CASC_OP_MIN_L2, DT_ARITH},
    [ASC__V_AND] = {"asc_bitwise_and", "And", CASC_OP_AND_L2, DT_BITS},
    [ASC__V_OR] = {"asc_bitwise_or", "Or", CASC_OP_OR_L2, DT_BITS},
    [ASC__V_ADDS] = {"asc_adds", "Adds", CASC_OP_ADDS_L2, DT_ARITH},
    [ASC__V_MULS] = {"asc_muls", "Muls", CASC_OP_MULS_L2, DT_ARITH},
    [ASC__V_MAXS] = {"asc_maxs", "Maxs", CASC_OP_MAXS_L2, DT_ARITH},
    [ASC__V_MINS] = {"asc_mins", "Mins", CASC_OP_MINS_L2, DT_ARITH},
    [ASC__V_LEAKY_RELU] = {"asc_leaky_relu", "LeakyRelu", CASC_OP_LEAKY_RELU_L2,
                           DT_HF},
    [ASC__V_EXP] = {"asc_exp", "Exp", CASC_OP_EXP_L2, DT_HF},
    [ASC__V_LN] = {"asc_ln", "Ln", CASC_OP_LN_L2, DT_HF},
    [ASC__V_ABS] = {"asc_abs", "Abs", CASC_OP_ABS_L2, DT_HF},
    [ASC__V_RECIPROCAL] = {"asc_reciprocal", "Reciprocal",
                           CASC_OP_RECIPROCAL_L2, DT_HF},
    [ASC__V_SQRT] = {"asc_sqrt", "Sqrt", CASC_OP_SQRT_L2, DT_HF},
    [ASC__V_RSQRT] = {"asc_rsqrt", "Rsqrt", CASC_OP_RSQRT_L2, DT_HF},
    [ASC__V_RELU] = {"asc_relu", "Relu", CASC_OP_RELU_L2,
                     DT_HF | DT(ASC_INT32)},
    [ASC__V_NOT] = {"asc_bitwise_not", "Not", CASC_OP_NOT_L2, DT_BITS},
};

static const vop_info *vop_get(asc__vop op) {
  return (unsigned)op < ASC__V_COUNT_ && k_vops[op].api ? &k_vops[op] : NULL;
}

/* "half, float, int16, int32" */
static const char *dtype_list(lang_call *c, unsigned mask) {
  static const asc_dtype order[] = {
      ASC_HALF,  ASC_FLOAT, ASC_BF16,   ASC_INT8,   ASC_INT16,  ASC_INT32,
      ASC_INT64, ASC_UINT8, ASC_UINT16, ASC_UINT32, ASC_UINT64, ASC_DOUBLE};
  char buf[160];
  size_t n = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++) {
    if (!(mask & DT(order[i])))
      continue;
    const char *name = order[i] == ASC_HALF    ? "half"
                       : order[i] == ASC_FLOAT ? "float"
                                               : asc_dtype_name(order[i]);
    int w = snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "", name);
    if (w < 0 || (size_t)w >= sizeof buf - n)
      break;
    n += (size_t)w;
  }
  return casc_intern_cstr(c->k->ctx, buf);
}

static const char *dt_name(asc_dtype dt) {
  return dt == ASC_HALF    ? "half"
         : dt == ASC_FLOAT ? "float"
                           : asc_dtype_name(dt);
}

/* A LocalTensor operand; its dtype in *dt. */
static casc_value *vtensor(lang_call *c, asc_local_tensor t, const char *what,
                           asc_dtype *dt) {
  casc_value *v = lang_value(c, t.p_, t.k_, what);
  if (!v)
    return NULL;
  if (!casc_type_is_local_tensor(v->type)) {
    lang_error(c, "%s is not a LocalTensor", what);
    return NULL;
  }
  *dt = lang_type_dtype(casc_type_elem(v->type));
  return v;
}

/* dst and every src share one dtype that the op supports. */
static bool check_dtypes(lang_call *c, const vop_info *vi, unsigned n,
                         const char *const *names, const asc_dtype *dts) {
  for (unsigned i = 0; i < n; i++)
    if (!(vi->dtypes & DT(dts[i]))) {
      lang_error(c, "%s has dtype %s; %s supports %s", names[i],
                 dt_name(dts[i]), vi->cxx, dtype_list(c, vi->dtypes));
      return false;
    }
  for (unsigned i = 1; i < n; i++)
    if (dts[i] != dts[0]) {
      lang_error(c, "%s has dtype %s but %s has dtype %s; %s needs one dtype",
                 names[i], dt_name(dts[i]), names[0], dt_name(dts[0]), vi->cxx);
      return false;
    }
  return true;
}

void asc_vec_binary_at(const char *file, int line, asc__vop op,
                       asc_local_tensor dst, asc_local_tensor src0,
                       asc_local_tensor src1, asc__sv count) {
  const vop_info *vi = vop_get(op);
  lang_call c;
  if (!lang_begin(&c, vi ? vi->api : "asc_vec_binary", file, line))
    return;
  if (!vi || vi->kind == CASC_OP_UNREGISTERED || op > ASC__V_OR) {
    lang_error(&c, "unknown binary vector op %d", (int)op);
    return;
  }
  static const char *const names[3] = {"dst", "src0", "src1"};
  asc_dtype dts[3] = {ASC_DTYPE_INVALID_};
  casc_value *ops[4];
  ops[0] = vtensor(&c, dst, "dst", &dts[0]);
  ops[1] = vtensor(&c, src0, "src0", &dts[1]);
  ops[2] = vtensor(&c, src1, "src1", &dts[2]);
  if (c.failed || !check_dtypes(&c, vi, 3, names, dts))
    return;
  ops[3] = lang_mat(&c, count, c.k->i32, "count");
  if (ops[3])
    lang_op(&c, vi->kind, 4, ops, 0, NULL, NULL);
}

void asc_vec_scalar_at(const char *file, int line, asc__vop op,
                       asc_local_tensor dst, asc_local_tensor src,
                       asc__sv scalar, asc__sv count, bool is_set_mask) {
  const vop_info *vi = vop_get(op);
  lang_call c;
  if (!lang_begin(&c, vi ? vi->api : "asc_vec_scalar", file, line))
    return;
  if (!vi || op < ASC__V_ADDS || op > ASC__V_LEAKY_RELU) {
    lang_error(&c, "unknown vector-scalar op %d", (int)op);
    return;
  }
  static const char *const names[2] = {"dst", "src"};
  asc_dtype dts[2] = {ASC_DTYPE_INVALID_};
  casc_value *ops[4];
  ops[0] = vtensor(&c, dst, "dst", &dts[0]);
  ops[1] = vtensor(&c, src, "src", &dts[1]);
  if (c.failed || !check_dtypes(&c, vi, 2, names, dts))
    return;
  /* pyasc materialises the scalar (in src's dtype) before the count. */
  ops[2] = lang_mat(&c, scalar, casc_type_elem(ops[1]->type), "scalar");
  ops[3] = ops[2] ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  if (!ops[3])
    return;
  casc_attr *attrs =
      is_set_mask ? lang_attrs1(&c, "isSetMask", casc_attr_unit(c.k->ctx))
                  : NULL;
  lang_op(&c, vi->kind, 4, ops, 0, NULL, attrs);
}

void asc_vec_unary_at(const char *file, int line, asc__vop op,
                      asc_local_tensor dst, asc_local_tensor src,
                      asc__sv count) {
  const vop_info *vi = vop_get(op);
  lang_call c;
  if (!lang_begin(&c, vi ? vi->api : "asc_vec_unary", file, line))
    return;
  if (!vi || op < ASC__V_EXP) {
    lang_error(&c, "unknown unary vector op %d", (int)op);
    return;
  }
  static const char *const names[2] = {"dst", "src"};
  asc_dtype dts[2] = {ASC_DTYPE_INVALID_};
  casc_value *ops[3];
  ops[0] = vtensor(&c, dst, "dst", &dts[0]);
  ops[1] = vtensor(&c, src, "src", &dts[1]);
  if (c.failed || !check_dtypes(&c, vi, 2, names, dts))
    return;
  ops[2] = lang_mat(&c, count, c.k->i32, "count");
  if (ops[2])
    lang_op(&c, vi->kind, 3, ops, 0, NULL, NULL);
}

void asc_duplicate_at(const char *file, int line, asc_local_tensor dst,
                      asc__sv scalar, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_duplicate", file, line))
    return;
  asc_dtype dt = ASC_DTYPE_INVALID_;
  casc_value *ops[3];
  ops[0] = vtensor(&c, dst, "dst", &dt);
  if (!ops[0])
    return;
  unsigned ok =
      DT_HF | DT(ASC_INT16) | DT(ASC_UINT16) | DT(ASC_INT32) | DT(ASC_UINT32);
  if (!(ok & DT(dt))) {
    lang_error(&c, "dst has dtype %s; Duplicate supports %s", dt_name(dt),
               dtype_list(&c, ok));
    return;
  }
  ops[1] = lang_mat(&c, scalar, casc_type_elem(ops[0]->type), "scalar");
  ops[2] = ops[1] ? lang_mat(&c, count, c.k->i32, "count") : NULL;
  if (ops[2])
    lang_op(&c, CASC_OP_DUPLICATE_L2, 3, ops, 0, NULL, NULL);
}

/* Cast pairs supported on Atlas A2 (ASCENDC_FACTS §7 "Cast"). */
static bool cast_supported(asc_dtype d, asc_dtype s) {
  static const asc_dtype pairs[][2] = {
      /* {dst, src} */
      {ASC_FLOAT, ASC_HALF},  {ASC_FLOAT, ASC_BF16},  {ASC_FLOAT, ASC_INT16},
      {ASC_HALF, ASC_FLOAT},  {ASC_INT32, ASC_FLOAT}, {ASC_INT16, ASC_FLOAT},
      {ASC_BF16, ASC_FLOAT},  {ASC_FLOAT, ASC_FLOAT}, {ASC_INT64, ASC_FLOAT},
      {ASC_INT32, ASC_HALF},  {ASC_INT16, ASC_HALF},  {ASC_INT8, ASC_HALF},
      {ASC_UINT8, ASC_HALF},  {ASC_HALF, ASC_INT16},  {ASC_FLOAT, ASC_INT32},
      {ASC_HALF, ASC_INT32},  {ASC_HALF, ASC_INT8},   {ASC_HALF, ASC_UINT8},
      {ASC_INT16, ASC_INT32}, {ASC_INT64, ASC_INT32}, {ASC_INT32, ASC_INT64},
      {ASC_FLOAT, ASC_INT64}, {ASC_INT32, ASC_BF16},
  };
  for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (pairs[i][0] == d && pairs[i][1] == s)
      return true;
  return false;
}

void asc_cast_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc_roundmode mode, asc__sv count) {
  lang_call c;
  if (!lang_begin(&c, "asc_cast", file, line))
    return;
  asc_dtype dd = ASC_DTYPE_INVALID_, sd = ASC_DTYPE_INVALID_;
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
  if (!cast_supported(dd, sd)) {
    lang_error(&c, "Cast from %s to %s is not supported", dt_name(sd),
               dt_name(dd));
    return;
  }
  ops[2] = lang_mat(&c, count, c.k->i32, "count");
  if (ops[2])
    lang_op(&c, CASC_OP_CAST_L2, 3, ops, 0, NULL,
            lang_attrs1(&c, "roundMode", lang_enum_attr(&c, mode)));
}

void asc_reduce_at(const char *file, int line, asc__rop op,
                   asc_local_tensor dst, asc_local_tensor src,
                   asc_local_tensor tmp, asc__sv count, asc__sv cal_index) {
  static const char *const apis[] = {"asc_reduce_sum", "asc_reduce_max",
                                     "asc_reduce_min"};
  static const char *const cxx[] = {"ReduceSum", "ReduceMax", "ReduceMin"};
  static const casc_op_kind kinds[] = {
      CASC_OP_REDUCE_SUM_L2, CASC_OP_REDUCE_MAX_L2, CASC_OP_REDUCE_MIN_L2};
  unsigned o = (unsigned)op < 3 ? (unsigned)op : 0;
  lang_call c;
  if (!lang_begin(&c, apis[o], file, line))
    return;
  vop_info vi = {apis[o], cxx[o], kinds[o], DT_HF};
  static const char *const names[3] = {"dst", "src", "tmp"};
  asc_dtype dts[3] = {ASC_DTYPE_INVALID_};
  casc_value *ops[5];
  ops[0] = vtensor(&c, dst, "dst", &dts[0]);
  ops[1] = vtensor(&c, src, "src", &dts[1]);
  ops[2] = vtensor(&c, tmp, "tmp", &dts[2]);
  if (c.failed || !check_dtypes(&c, &vi, 3, names, dts))
    return;
  /* count is ui32 (emitc.constant / emitc.cast); cal_index is pyasc's
   * bool_, i.e. i8. */
  ops[3] = lang_mat(&c, count, c.k->ui32, "count");
  if (!ops[3])
    return;
  unsigned n = 4;
  if (op != ASC__R_SUM) {
    ops[4] = lang_mat(&c, cal_index, c.k->i8, "cal_index");
    if (!ops[4])
      return;
    n = 5;
  }
  lang_op(&c, kinds[o], n, ops, 0, NULL, NULL);
}

/* ---- data copy
 * ----------------------------------------------------------------- */

static casc_value *copy_operand(lang_call *c, asc__tensor t, const char *what) {
  return t.global_ ? lang_global_value(c, t.p_, t.k_, what)
                   : lang_value(c, t.p_, t.k_, what);
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
  asc__sv in[4] = {block_count, block_len, src_stride, dst_stride};
  static const char *const names[4] = {"block_count", "block_len", "src_stride",
                                       "dst_stride"};
  casc_value *ops[4];
  for (int i = 0; i < 4; i++)
    if (!(ops[i] = lang_mat(&c, in[i], c.k->i32, names[i])))
      return r;
  casc_ctx *ctx = c.k->ctx;
  casc_attr *ui16 = casc_attr_type(ctx, c.k->ui16);
  casc_attr *fields[4] = {ui16, ui16, ui16, ui16};
  casc_type *t =
      casc_type_asc(ctx, CASC_ASC_DATA_COPY_PARAMS, NULL, 0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 4, ops, t,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, 4, fields)));
  return r;
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
    if (ops[2] && !casc_type_is_asc(ops[2]->type, CASC_ASC_DATA_COPY_PARAMS)) {
      lang_error(&c, "params is not a DataCopyParams");
      return;
    }
    if (ops[2])
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
