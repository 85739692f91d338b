/* TensorDesc and ListTensorDesc (pyasc asc.language.basic.list_tensor;
 * casc/asc_desc.h). */
#include <stdint.h>

#include "lang/lang_internal.h"

static casc_value *desc_value(lang_call *c, asc_tensor_desc d) {
  casc_value *v = lang_value(c, d.p_, d.k_, "desc");
  if (v && !casc_type_is_asc(v->type, CASC_ASC_TENSOR_DESC)) {
    lang_error(c, "desc is not a TensorDesc");
    return NULL;
  }
  return v;
}

static casc_value *list_value(lang_call *c, asc_list_tensor_desc l) {
  casc_value *v = lang_value(c, l.p_, l.k_, "list");
  if (v && !casc_type_is_asc(v->type, CASC_ASC_LIST_TENSOR_DESC)) {
    lang_error(c, "list is not a ListTensorDesc");
    return NULL;
  }
  return v;
}

static casc_value *data_value(lang_call *c, asc_gm_addr a) {
  casc_value *v = lang_value(c, a.p_, a.k_, "data");
  if (v && v->type->kind != CASC_TYPE_MEMREF &&
      v->type->kind != CASC_TYPE_UNRANKED_MEMREF) {
    lang_error(c, "data is not a GM address");
    return NULL;
  }
  return v;
}

/* A GM address of element type elem, as pyasc's get_data_ptr makes it:
 * memref<*xT, 22>. */
static casc_type *gm_unranked(lang_call *c, casc_type *elem) {
  return casc_type_unranked_memref(
      c->k->ctx, elem, casc_attr_int(c->k->ctx, c->k->i64, 22 /* __gm__ */));
}

/* The dtype a TensorDesc was made with: the TensorDesc type has no
 * parameter, so it is read back from the tensor_desc op (pyasc keeps it
 * in the Python object). */
static casc_type *desc_elem(lang_call *c, casc_value *d) {
  casc_attr *a = d->def && d->def->kind == CASC_OP_TENSOR_DESC
                     ? casc_op_attr(d->def, "elementType")
                     : NULL;
  if (!a || a->kind != CASC_ATTR_TYPE) {
    lang_error(c, "desc was not made by asc_tensordesc");
    return NULL;
  }
  return a->type;
}

asc_tensor_desc asc_tensordesc_at(const char *file, int line, asc_dtype dt) {
  lang_call c;
  asc_tensor_desc r = {0};
  if (!lang_begin(&c, "asc_tensordesc", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  if (!elem)
    return r;
  casc_type *t =
      casc_type_asc(c.k->ctx, CASC_ASC_TENSOR_DESC, 0, NULL, 0, NULL, NULL);
  r.p_ =
      lang_op1(&c, CASC_OP_TENSOR_DESC, 0, NULL, t,
               lang_attrs1(&c, "elementType", casc_attr_type(c.k->ctx, elem)));
  return r;
}

void asc_tensordesc_set_shape_addr_at(const char *file, int line,
                                      asc_tensor_desc d, asc__sv shape_ptr) {
  lang_call c;
  if (!lang_begin(&c, "asc_tensordesc_set_shape_addr", file, line))
    return;
  casc_value *ops[2] = {desc_value(&c, d), NULL};
  if (ops[0] && (ops[1] = lang_mat(&c, shape_ptr, c.k->ui64, "shape_ptr")))
    lang_op(&c, CASC_OP_TENSOR_DESC_SET_SHAPE_ADDR, 2, ops, 0, NULL, NULL);
}

/* get_dim / get_index: a uint64 read off the desc. */
static asc_int desc_u64(const char *api, casc_op_kind kind, const char *file,
                        int line, asc_tensor_desc d) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  casc_value *v = desc_value(&c, d);
  if (v)
    r.p_ = lang_op1(&c, kind, 1, &v, c.k->ui64, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_tensordesc_get_dim_at(const char *file, int line,
                                  asc_tensor_desc d) {
  return desc_u64("asc_tensordesc_get_dim", CASC_OP_TENSOR_DESC_GET_DIM, file,
                  line, d);
}

asc_int asc_tensordesc_get_index_at(const char *file, int line,
                                    asc_tensor_desc d) {
  return desc_u64("asc_tensordesc_get_index", CASC_OP_TENSOR_DESC_GET_INDEX,
                  file, line, d);
}

asc_int asc_tensordesc_get_shape_at(const char *file, int line,
                                    asc_tensor_desc d, asc__sv offset) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_tensordesc_get_shape", file, line))
    return r;
  casc_value *ops[2] = {desc_value(&c, d), NULL};
  if (ops[0] && (ops[1] = lang_mat(&c, offset, c.k->i32, "offset")))
    r.p_ = lang_op1(&c, CASC_OP_TENSOR_DESC_GET_SHAPE, 2, ops, c.k->i64, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_gm_addr asc_tensordesc_get_data_ptr_at(const char *file, int line,
                                           asc_tensor_desc d) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_tensordesc_get_data_ptr", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = desc_value(&c, d);
  casc_type *elem = v ? desc_elem(&c, v) : NULL;
  if (elem)
    r.p_ = lang_op1(&c, CASC_OP_TENSOR_DESC_GET_DATA_PTR, 1, &v,
                    gm_unranked(&c, elem), NULL);
  return r;
}

asc_global_tensor asc_tensordesc_get_data_obj_at(const char *file, int line,
                                                 asc_tensor_desc d) {
  lang_call c;
  asc_global_tensor r = {0};
  if (!lang_begin(&c, "asc_tensordesc_get_data_obj", file, line))
    return r;
  casc_value *v = desc_value(&c, d);
  casc_type *elem = v ? desc_elem(&c, v) : NULL;
  return lang_global_wrap(
      &c, elem ? lang_op1(&c, CASC_OP_TENSOR_DESC_GET_DATA_OBJ, 1, &v,
                          casc_type_global_tensor(c.k->ctx, elem), NULL)
               : NULL);
}

/* ---- ListTensorDesc ------------------------------------------------------ */

static casc_type *list_type(lang_call *c) {
  return casc_type_asc(c->k->ctx, CASC_ASC_LIST_TENSOR_DESC, 0, NULL, 0, NULL,
                       NULL);
}

asc_list_tensor_desc asc_listtensordesc_empty_at(const char *file, int line) {
  lang_call c;
  asc_list_tensor_desc r = {0};
  if (!lang_begin(&c, "asc_listtensordesc", file, line))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_LIST_TENSOR_DESC, 0, NULL, list_type(&c), NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

/* data, length, shape_size into ops[first..first+3): the operands init and
 * the data constructor share. */
static bool data_length_shape(lang_call *c, casc_value **ops, asc_gm_addr data,
                              asc__sv length, asc__sv shape_size) {
  return (ops[0] = data_value(c, data)) &&
         (ops[1] = lang_mat(c, length, c->k->ui32, "length")) &&
         (ops[2] = lang_mat(c, shape_size, c->k->ui32, "shape_size"));
}

asc_list_tensor_desc asc_listtensordesc_data_at(const char *file, int line,
                                                asc_gm_addr data,
                                                asc__sv length,
                                                asc__sv shape_size) {
  lang_call c;
  asc_list_tensor_desc r = {0};
  if (!lang_begin(&c, "asc_listtensordesc", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[3];
  if (data_length_shape(&c, ops, data, length, shape_size))
    r.p_ =
        lang_op1(&c, CASC_OP_LIST_TENSOR_DESC_V2, 3, ops, list_type(&c), NULL);
  return r;
}

void asc_listtensordesc_init_at(const char *file, int line,
                                asc_list_tensor_desc l, asc_gm_addr data,
                                asc__sv length, asc__sv shape_size) {
  lang_call c;
  if (!lang_begin(&c, "asc_listtensordesc_init", file, line))
    return;
  casc_value *ops[4] = {list_value(&c, l), NULL, NULL, NULL};
  if (ops[0] && data_length_shape(&c, ops + 1, data, length, shape_size))
    lang_op(&c, CASC_OP_LIST_TENSOR_DESC_INIT, 4, ops, 0, NULL, NULL);
}

void asc_listtensordesc_get_desc_at(const char *file, int line,
                                    asc_list_tensor_desc l, asc_tensor_desc d,
                                    asc__sv index) {
  lang_call c;
  if (!lang_begin(&c, "asc_listtensordesc_get_desc", file, line))
    return;
  casc_value *ops[3] = {list_value(&c, l), desc_value(&c, d), NULL};
  if (!c.failed && (ops[2] = lang_mat(&c, index, c.k->ui32, "index")))
    lang_op(&c, CASC_OP_LIST_TENSOR_DESC_GET_DESC, 3, ops, 0, NULL, NULL);
}

asc_gm_addr asc_listtensordesc_get_data_ptr_at(const char *file, int line,
                                               asc_list_tensor_desc l,
                                               asc__sv index, asc_dtype dt) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_listtensordesc_get_data_ptr", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2] = {list_value(&c, l), NULL};
  casc_type *elem = ops[0] ? lang_dtype_checked(&c, dt, "dtype") : NULL;
  if (elem && (ops[1] = lang_mat(&c, index, c.k->ui32, "index")))
    r.p_ = lang_op1(&c, CASC_OP_LIST_TENSOR_DESC_GET_DATA_PTR, 2, ops,
                    gm_unranked(&c, elem),
                    lang_attrs1(&c, "dtype", casc_attr_type(c.k->ctx, elem)));
  return r;
}

asc_int asc_listtensordesc_get_size_at(const char *file, int line,
                                       asc_list_tensor_desc l) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_listtensordesc_get_size", file, line))
    return r;
  casc_value *v = list_value(&c, l);
  if (v)
    r.p_ =
        lang_op1(&c, CASC_OP_LIST_TENSOR_DESC_GET_SIZE, 1, &v, c.k->ui32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

/* ---- ShapeInfo from arrays ----------------------------------------------- */

enum { SHAPE_MAX_DIM = 8 }; /* the reference's K_MAX_DIM */

/* A shape as pyasc's asc.array(uint32, values) passed to ShapeInfo: a
 * memref<nxui32> alloca (marked ascendc.emit_as_unsigned, as ShapeInfo
 * marks it), each value stored at its index. */
static casc_value *shape_array(lang_call *c, const uint32_t *v, int n,
                               const char *what) {
  casc_ctx *ctx = c->k->ctx;
  const int64_t len = n;
  casc_type *mt = casc_type_memref(ctx, 1, &len, c->k->ui32, NULL);
  casc_named_attr attrs[2] = {
      {casc_intern_cstr(ctx, "ascendc.emit_as_unsigned"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "operandSegmentSizes"),
       casc_attr_opaque(ctx, "array<i32: 0, 0>")}};
  casc_value *a = lang_op1(c, CASC_OP_MEMREF_ALLOCA, 0, NULL, mt,
                           casc_attr_dict(ctx, 2, attrs));
  for (int i = 0; a && i < n; i++) {
    casc_value *st[3] = {lang_mat(c, asc__sv_u(v[i]), c->k->ui32, what), a,
                         NULL};
    if (!st[0] || !(st[2] = lang_mat(c, asc__sv_i(i), c->k->index, "index")))
      return NULL;
    lang_op(c, CASC_OP_MEMREF_STORE, 3, st, 0, NULL, NULL);
  }
  return a;
}

static bool dims_valid(lang_call *c, const uint32_t *v, int n,
                       const char *what) {
  if (!v || n < 1 || n > SHAPE_MAX_DIM) {
    lang_error(c, "%s must have 1..%d dimensions, got %d%s", what,
               SHAPE_MAX_DIM, n, v ? "" : " (NULL)");
    return false;
  }
  return true;
}

asc_shape_info asc_shapeinfo_at(const char *file, int line,
                                const uint32_t *shape, int shape_dim,
                                const uint32_t *original_shape,
                                int original_dim, asc_dataformat format) {
  lang_call c;
  asc_shape_info r = {0};
  if (!lang_begin(&c, "asc_shapeinfo", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_ctx *ctx = c.k->ctx;
  casc_type *st =
      casc_type_asc(ctx, CASC_ASC_SHAPE_INFO, 0, NULL, 0, NULL, NULL);
  if (!shape && shape_dim == 0) { /* ShapeInfo(): no fields */
    r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 0, NULL, st,
                    lang_attrs1(&c, "types", casc_attr_array(ctx, 0, NULL)));
    return r;
  }
  bool has_orig = original_dim >= 0;
  if (!dims_valid(&c, shape, shape_dim, "shape") ||
      (has_orig &&
       !dims_valid(&c, original_shape, original_dim, "original_shape")))
    return r;
  if ((int)format < ASC_DATAFORMAT_ND || (int)format > ASC_DATAFORMAT_NHWC) {
    lang_error(&c, "%d is not a valid DataFormat", (int)format);
    return r;
  }
  /* pyasc's order: the arrays exist first, then each length (int8), then
   * the format (int8) */
  casc_value *sa = shape_array(&c, shape, shape_dim, "shape");
  casc_value *oa = sa && has_orig ? shape_array(&c, original_shape,
                                                original_dim, "original_shape")
                                  : NULL;
  if (!sa || (has_orig && !oa))
    return r;
  casc_value *ops[5];
  casc_attr *types[5];
  casc_type *um = casc_type_unranked_memref(ctx, c.k->ui32, NULL);
  unsigned n = 0;
  if (!(ops[n] = lang_mat(&c, asc__sv_i(shape_dim), c.k->i8, "shape_dim")))
    return r;
  types[n++] = casc_attr_type(ctx, c.k->ui8);
  ops[n] = sa;
  types[n++] = casc_attr_type(ctx, um);
  if (has_orig) {
    if (!(ops[n] =
              lang_mat(&c, asc__sv_i(original_dim), c.k->i8, "original_dim")))
      return r;
    types[n++] = casc_attr_type(ctx, c.k->ui8);
    ops[n] = oa;
    types[n++] = casc_attr_type(ctx, um);
  }
  if (!(ops[n] = lang_mat(&c, asc__sv_i(format), c.k->i8, "data_format")))
    return r;
  types[n++] = casc_attr_type(
      ctx, casc_type_asc(ctx, CASC_ASC_DATA_FORMAT, 0, NULL, 0, NULL, NULL));
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, n, ops, st,
                  lang_attrs1(&c, "types", casc_attr_array(ctx, n, types)));
  return r;
}

asc_int asc_get_shape_size_at(const char *file, int line, asc_shape_info si) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_get_shape_size", file, line))
    return r;
  casc_value *v = lang_value(&c, si.p_, si.k_, "shape_info");
  if (v)
    r.p_ = lang_op1(&c, CASC_OP_GET_SHAPE_SIZE, 1, &v, c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}
