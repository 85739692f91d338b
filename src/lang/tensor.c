/* GlobalAddress, GlobalTensor and LocalTensor (pyasc asc.language.core;
 * docs/ir.md §4). */
#include <stdint.h>

#include "lang/lang_internal.h"

/* A GlobalTensor is a mutable object in pyasc: asc.GlobalTensor() makes an
 * empty one and set_global_buffer creates its IR value. The handle points
 * at this cell. */
typedef struct {
  casc_value *v;
} gtensor_cell;

static casc_value *gm_value(lang_call *c, asc_gm_addr a) {
  casc_value *v = lang_value(c, a.p_, a.k_, "address");
  if (v && v->type->kind != CASC_TYPE_MEMREF &&
      v->type->kind != CASC_TYPE_UNRANKED_MEMREF) {
    lang_error(c, "address is not a GM address");
    return NULL;
  }
  return v;
}

casc_value *lang_global_value(lang_call *c, void *p, unsigned k,
                              const char *what) {
  if (!lang_handle(c, p, k, what))
    return NULL;
  gtensor_cell *cell = p;
  if (!cell->v) {
    lang_error(c,
               "%s has no buffer; call asc_globaltensor_set_global_buffer "
               "first",
               what);
    return NULL;
  }
  return lang_value(c, cell->v, k, what);
}

static casc_value *global_value(lang_call *c, asc_global_tensor g) {
  return lang_global_value(c, g.p_, g.k_, "global tensor");
}

casc_value *lang_local_tensor(lang_call *c, void *p, unsigned k,
                              const char *what, casc_dtype *dt) {
  casc_value *v = lang_value(c, p, k, what);
  if (v && !casc_type_is_local_tensor(v->type)) {
    lang_error(c, "%s is not a LocalTensor", what);
    return NULL;
  }
  if (v && dt)
    *dt = casc_dtype_of_type(casc_type_elem(v->type));
  return v;
}

static casc_value *local_value(lang_call *c, asc_local_tensor t,
                               const char *what) {
  return lang_local_tensor(c, t.p_, t.k_, what, NULL);
}

/* A fresh GlobalTensor handle around value v (sub-tensors are immutable
 * results, but they are GlobalTensors like any other). */
asc_global_tensor lang_global_wrap(lang_call *c, casc_value *v) {
  asc_global_tensor r = {NULL, lang_stamp(c)};
  if (!v)
    return r;
  gtensor_cell *cell = lang_alloc(c->k, sizeof *cell);
  if (cell)
    cell->v = v;
  r.p_ = cell;
  return r;
}

/* ---- GlobalAddress
 * ------------------------------------------------------------ */

asc_gm_addr asc_gm_addr_add_at(const char *file, int line, asc_gm_addr a,
                               asc__sv off) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_gm_addr_add", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  ops[0] = gm_value(&c, a);
  if (!ops[0])
    return r;
  casc_value *o = lang_mat(&c, off, c.k->i32, "offset");
  ops[1] = o ? lang_op1(&c, CASC_OP_ARITH_INDEX_CAST, 1, &o, c.k->index, NULL)
             : NULL;
  if (ops[1])
    r.p_ = lang_op1(&c, CASC_OP_EMITASC_PTR_OFFSET, 2, ops, ops[0]->type, NULL);
  return r;
}

asc_dtype asc_gm_addr_dtype_at(const char *file, int line, asc_gm_addr a) {
  lang_call c;
  if (!lang_begin(&c, "asc_gm_addr_dtype", file, line))
    return ASC_DTYPE_INVALID_;
  casc_value *v = gm_value(&c, a);
  return v ? lang_type_dtype(casc_type_elem(v->type)) : ASC_DTYPE_INVALID_;
}

/* ---- GlobalTensor
 * --------------------------------------------------------------- */

asc_global_tensor asc_globaltensor_at(const char *file, int line) {
  lang_call c;
  asc_global_tensor r = {0};
  if (!lang_begin(&c, "asc_globaltensor", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  r.p_ = lang_alloc(c.k, sizeof(gtensor_cell));
  return r;
}

static void set_global_buffer(const char *file, int line, asc_global_tensor g,
                              asc_gm_addr a, const asc__sv *size) {
  lang_call c;
  if (!lang_begin(&c, "asc_globaltensor_set_global_buffer", file, line))
    return;
  if (!lang_handle(&c, g.p_, g.k_, "global tensor"))
    return;
  gtensor_cell *cell = g.p_;
  casc_value *ops[3];
  ops[1] = gm_value(&c, a);
  if (!ops[1])
    return;
  casc_type *elem = casc_type_elem(ops[1]->type);
  ops[0] = lang_op1(&c, CASC_OP_GLOBAL_TENSOR, 0, NULL,
                    casc_type_global_tensor(c.k->ctx, elem), NULL);
  unsigned n = 2;
  if (size) {
    ops[2] = lang_mat(&c, *size, c.k->i32, "size");
    n = 3;
  }
  if (!ops[0] || (size && !ops[2]))
    return;
  lang_op(&c, CASC_OP_GLOBAL_TENSOR_SET_GLOBAL_BUFFER, n, ops, 0, NULL, NULL);
  cell->v = ops[0];
}

void asc_globaltensor_set_global_buffer_at(const char *file, int line,
                                           asc_global_tensor g, asc_gm_addr a) {
  set_global_buffer(file, line, g, a, NULL);
}

void asc_globaltensor_set_global_buffer_size_at(const char *file, int line,
                                                asc_global_tensor g,
                                                asc_gm_addr a, asc__sv size) {
  set_global_buffer(file, line, g, a, &size);
}

static asc_global_tensor global_index(const char *api, casc_op_kind kind,
                                      const char *file, int line,
                                      asc_global_tensor g, asc__sv i) {
  lang_call c;
  asc_global_tensor r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  casc_value *ops[2];
  ops[0] = global_value(&c, g);
  ops[1] = ops[0] ? lang_mat(&c, i, c.k->i32, "index") : NULL;
  return lang_global_wrap(
      &c, ops[1] ? lang_op1(&c, kind, 2, ops, ops[0]->type, NULL) : NULL);
}

asc_global_tensor asc_globaltensor_subindex_at(const char *file, int line,
                                               asc_global_tensor g, asc__sv i) {
  return global_index("asc_globaltensor_subindex",
                      CASC_OP_GLOBAL_TENSOR_SUBINDEX, file, line, g, i);
}

asc_global_tensor asc_globaltensor_bracket_at(const char *file, int line,
                                              asc_global_tensor g, asc__sv i) {
  return global_index("asc_globaltensor_bracket", CASC_OP_GLOBAL_TENSOR_BRACKET,
                      file, line, g, i);
}

/* get_value: the result has the element type, which must be the kind the
 * caller asked for (C needs the handle type statically). */
static casc_value *get_value(lang_call *c, casc_op_kind kind, casc_value *t,
                             asc__sv idx, casc_type *idx_type,
                             bool want_float) {
  casc_type *elem = casc_type_elem(t->type);
  if ((elem->kind == CASC_TYPE_FLOAT) != want_float) {
    lang_error(c, "the tensor holds %s; use the _%s variant",
               lang_type_name(c, elem), want_float ? "int" : "float");
    return NULL;
  }
  casc_value *ops[2] = {t, lang_mat(c, idx, idx_type, "index")};
  return ops[1] ? lang_op1(c, kind, 2, ops, elem, NULL) : NULL;
}

asc_int asc_globaltensor_get_value_int_at(const char *file, int line,
                                          asc_global_tensor g, asc__sv off) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_globaltensor_get_value", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *t = global_value(&c, g);
  if (t)
    r.p_ = get_value(&c, CASC_OP_GLOBAL_TENSOR_GET_VALUE, t, off, c.k->ui64,
                     false);
  return r;
}

asc_float asc_globaltensor_get_value_float_at(const char *file, int line,
                                              asc_global_tensor g,
                                              asc__sv off) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_globaltensor_get_value", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *t = global_value(&c, g);
  if (t)
    r.p_ =
        get_value(&c, CASC_OP_GLOBAL_TENSOR_GET_VALUE, t, off, c.k->ui64, true);
  return r;
}

static void set_value(lang_call *c, casc_op_kind kind, casc_value *t,
                      asc__sv idx, casc_type *idx_type, asc__sv v) {
  casc_value *ops[3] = {t, lang_mat(c, idx, idx_type, "index"), NULL};
  ops[2] = ops[1] ? lang_mat(c, v, casc_type_elem(t->type), "value") : NULL;
  if (ops[2])
    lang_op(c, kind, 3, ops, 0, NULL, NULL);
}

void asc_globaltensor_set_value_at(const char *file, int line,
                                   asc_global_tensor g, asc__sv off,
                                   asc__sv v) {
  lang_call c;
  if (!lang_begin(&c, "asc_globaltensor_set_value", file, line))
    return;
  casc_value *t = global_value(&c, g);
  if (t)
    set_value(&c, CASC_OP_GLOBAL_TENSOR_SET_VALUE, t, off, c.k->ui64, v);
}

asc_int asc_globaltensor_get_size_at(const char *file, int line,
                                     asc_global_tensor g) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_globaltensor_get_size", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *t = global_value(&c, g);
  if (t)
    r.p_ = lang_op1(&c, CASC_OP_GLOBAL_TENSOR_GET_SIZE, 1, &t, c.k->ui64, NULL);
  return r;
}

asc_gm_addr asc_globaltensor_get_phy_addr_at(const char *file, int line,
                                             asc_global_tensor g, asc__sv off) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_globaltensor_get_phy_addr", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  ops[0] = global_value(&c, g);
  ops[1] = ops[0] ? lang_mat(&c, off, c.k->ui64, "offset") : NULL;
  if (!ops[1])
    return r;
  casc_ctx *ctx = c.k->ctx;
  casc_type *t =
      casc_type_unranked_memref(ctx, casc_type_elem(ops[0]->type),
                                casc_attr_int(ctx, c.k->i64, 22 /* __gm__ */));
  r.p_ = lang_op1(&c, CASC_OP_GLOBAL_TENSOR_GET_PHY_ADDR, 2, ops, t, NULL);
  return r;
}

asc_dtype asc_globaltensor_dtype_at(const char *file, int line,
                                    asc_global_tensor g) {
  lang_call c;
  if (!lang_begin(&c, "asc_globaltensor_dtype", file, line))
    return ASC_DTYPE_INVALID_;
  casc_value *t = global_value(&c, g);
  return t ? lang_type_dtype(casc_type_elem(t->type)) : ASC_DTYPE_INVALID_;
}

/* ---- LocalTensor
 * ----------------------------------------------------------------- */

asc_local_tensor asc_localtensor_at(const char *file, int line, asc_dtype dt) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_localtensor", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  if (elem)
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_TENSOR, 0, NULL,
                    casc_type_local_tensor(c.k->ctx, elem), NULL);
  return r;
}

asc_local_tensor asc_localtensor_pos_at(const char *file, int line,
                                        asc_dtype dt, asc_tposition pos,
                                        asc__sv addr, asc__sv tile_size) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_localtensor", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  if (!elem)
    return r;
  if ((int)pos < ASC_TPOSITION_GM || (int)pos >= ASC_TPOSITION_MAX) {
    lang_error(&c, "position: %d is not a valid TPosition", (int)pos);
    return r;
  }
  casc_value *ops[2];
  ops[0] = lang_mat(&c, addr, c.k->ui32, "addr");
  ops[1] = ops[0] ? lang_mat(&c, tile_size, c.k->ui32, "tile_size") : NULL;
  if (ops[1])
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_TENSOR_V2, 2, ops,
                    casc_type_local_tensor(c.k->ctx, elem),
                    lang_attrs1(&c, "pos", lang_enum_attr(&c, pos)));
  return r;
}

static asc_local_tensor local_index(const char *api, casc_op_kind kind,
                                    const char *file, int line,
                                    asc_local_tensor t, asc__sv i) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  ops[0] = local_value(&c, t, "tensor");
  ops[1] = ops[0] ? lang_mat(&c, i, c.k->i32, "index") : NULL;
  if (ops[1])
    r.p_ = lang_op1(&c, kind, 2, ops, ops[0]->type, NULL);
  return r;
}

asc_local_tensor asc_localtensor_subindex_at(const char *file, int line,
                                             asc_local_tensor t, asc__sv i) {
  return local_index("asc_localtensor_subindex", CASC_OP_LOCAL_TENSOR_SUBINDEX,
                     file, line, t, i);
}

asc_local_tensor asc_localtensor_bracket_at(const char *file, int line,
                                            asc_local_tensor t, asc__sv i) {
  return local_index("asc_localtensor_bracket", CASC_OP_LOCAL_TENSOR_BRACKET,
                     file, line, t, i);
}

asc_int asc_localtensor_get_value_int_at(const char *file, int line,
                                         asc_local_tensor t, asc__sv i) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_value", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = local_value(&c, t, "tensor");
  if (v)
    r.p_ =
        get_value(&c, CASC_OP_LOCAL_TENSOR_GET_VALUE, v, i, c.k->ui32, false);
  return r;
}

asc_float asc_localtensor_get_value_float_at(const char *file, int line,
                                             asc_local_tensor t, asc__sv i) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_value", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = local_value(&c, t, "tensor");
  if (v)
    r.p_ = get_value(&c, CASC_OP_LOCAL_TENSOR_GET_VALUE, v, i, c.k->ui32, true);
  return r;
}

void asc_localtensor_set_value_at(const char *file, int line,
                                  asc_local_tensor t, asc__sv i, asc__sv v) {
  lang_call c;
  if (!lang_begin(&c, "asc_localtensor_set_value", file, line))
    return;
  casc_value *tv = local_value(&c, t, "tensor");
  if (tv)
    set_value(&c, CASC_OP_LOCAL_TENSOR_SET_VALUE, tv, i, c.k->ui32, v);
}

static asc_int local_query(const char *api, casc_op_kind kind, const char *file,
                           int line, asc_local_tensor t, int result) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = local_value(&c, t, "tensor");
  if (v)
    r.p_ = lang_op1(&c, kind, 1, &v, result == 32 ? c.k->i32 : c.k->ui32, NULL);
  return r;
}

asc_int asc_localtensor_get_size_at(const char *file, int line,
                                    asc_local_tensor t) {
  return local_query("asc_localtensor_get_size", CASC_OP_LOCAL_TENSOR_GET_SIZE,
                     file, line, t, 32);
}

asc_int asc_localtensor_get_length_at(const char *file, int line,
                                      asc_local_tensor t) {
  return local_query("asc_localtensor_get_length",
                     CASC_OP_LOCAL_TENSOR_GET_LENGTH, file, line, t, -32);
}

asc_int asc_localtensor_get_phy_addr_at(const char *file, int line,
                                        asc_local_tensor t, asc__sv off) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_phy_addr", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  ops[0] = local_value(&c, t, "tensor");
  ops[1] = ops[0] ? lang_mat(&c, off, c.k->ui32, "offset") : NULL;
  if (ops[1])
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR, 2, ops, c.k->ui64,
                    NULL);
  return r;
}

asc_local_tensor asc_localtensor_reinterpret_cast_at(const char *file, int line,
                                                     asc_local_tensor t,
                                                     asc_dtype dt) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_localtensor_reinterpret_cast", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = local_value(&c, t, "tensor");
  casc_type *elem = v ? lang_dtype_checked(&c, dt, "dtype") : NULL;
  if (!elem)
    return r;
  if (casc_type_elem(v->type) == elem) { /* pyasc returns the tensor itself */
    r.p_ = v;
    return r;
  }
  r.p_ = lang_op1(&c, CASC_OP_REINTERPRET_CAST, 1, &v,
                  casc_type_local_tensor(c.k->ctx, elem), NULL);
  return r;
}

asc_dtype asc_localtensor_dtype_at(const char *file, int line,
                                   asc_local_tensor t) {
  lang_call c;
  if (!lang_begin(&c, "asc_localtensor_dtype", file, line))
    return ASC_DTYPE_INVALID_;
  casc_value *v = local_value(&c, t, "tensor");
  return v ? lang_type_dtype(casc_type_elem(v->type)) : ASC_DTYPE_INVALID_;
}

asc_local_tensor asc_localtensorauto_at(const char *file, int line,
                                        asc_dtype dt, unsigned ndims,
                                        const asc__sv *dims) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_localtensorauto", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  if (!elem)
    return r;
  if (ndims < 1 || ndims > 4 || !dims) {
    lang_error(&c, "expected 1 to 4 dims, got %u", ndims);
    return r;
  }
  bool all_const = true;
  int64_t shape[4];
  for (unsigned i = 0; i < ndims; i++) {
    if (dims[i].kind_ == ASC__SV_VALUE) {
      all_const = false;
      continue;
    }
    long long d =
        dims[i].kind_ == ASC__SV_INT ? dims[i].i_ : (long long)dims[i].u_;
    if (d <= 0 || (dims[i].kind_ == ASC__SV_UINT && dims[i].u_ > INT64_MAX)) {
      lang_error(&c, "dim %u must be positive", i);
      return r;
    }
    shape[i] = d;
  }
  casc_ctx *ctx = c.k->ctx;
  if (all_const) {
    casc_type *t =
        casc_type_asc(ctx, CASC_ASC_LOCAL_TENSOR, 0, NULL, ndims, shape, elem);
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_TENSOR_AUTO, 0, NULL, t, NULL);
    return r;
  }
  casc_value *ops[4];
  for (unsigned i = 0; i < ndims; i++)
    if (!(ops[i] = lang_mat(&c, dims[i], c.k->i64, "dim")))
      return r;
  r.p_ = lang_op1(&c, CASC_OP_LOCAL_TENSOR_AUTO, ndims, ops,
                  casc_type_local_tensor(ctx, elem), NULL);
  return r;
}
