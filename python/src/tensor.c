/* Language calls, part 2: GlobalAddress, GlobalTensor, LocalTensor,
 * DataCopy and the vector ops (include/casc/asc.h), called with the user's
 * Python file and line. */
#include "calls.h"

/* A data_copy operand: a LocalTensor or a GlobalTensor handle. */
static int get_tensor(PyObject *o, asc__tensor *t) {
  if (PyObject_TypeCheck(o, &ph_handle_type)) {
    ph_handle *h = (ph_handle *)o;
    if (h->kind == PH_LOCAL || h->kind == PH_GLOBAL) {
      t->p_ = h->p;
      t->k_ = h->k;
      t->global_ = h->kind == PH_GLOBAL;
      return 1;
    }
  }
  PyErr_Format(PyExc_TypeError,
               "expected a LocalTensor or GlobalTensor, got %s",
               Py_TYPE(o)->tp_name);
  return 0;
}

#define TENSOR(var, i)                                                         \
  asc__tensor var;                                                             \
  if (!get_tensor(args[i], &var))                                              \
  return NULL

/* ---- GlobalAddress and GlobalTensor ------------------------------------ */

FN(py_gm_addr_add) {
  LOC(4, "gm_addr_add");
  HND(asc_gm_addr, a, 2, PH_GM);
  SV(off, 3);
  RET(PH_GM, asc_gm_addr_add_at(file, line, a, off));
}

FN(py_globaltensor) {
  LOC(2, "globaltensor");
  RET(PH_GLOBAL, asc_globaltensor_at(file, line));
}

FN(py_gt_set_global_buffer) {
  LOC(4, "gt_set_global_buffer");
  HND(asc_global_tensor, g, 2, PH_GLOBAL);
  HND(asc_gm_addr, a, 3, PH_GM);
  asc_globaltensor_set_global_buffer_at(file, line, g, a);
  Py_RETURN_NONE;
}

FN(py_gt_set_global_buffer_size) {
  LOC(5, "gt_set_global_buffer_size");
  HND(asc_global_tensor, g, 2, PH_GLOBAL);
  HND(asc_gm_addr, a, 3, PH_GM);
  SV(n, 4);
  asc_globaltensor_set_global_buffer_size_at(file, line, g, a, n);
  Py_RETURN_NONE;
}

/* t(file, line, t, sv) -> handle of the same kind as t */
#define T_SV_FN(name, cfn, T, kind, rkind)                                     \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    HND(T, t, 2, kind);                                                        \
    SV(i, 3);                                                                  \
    RET(rkind, cfn(file, line, t, i));                                         \
  }
T_SV_FN(py_gt_subindex, asc_globaltensor_subindex_at, asc_global_tensor,
        PH_GLOBAL, PH_GLOBAL)
T_SV_FN(py_gt_bracket, asc_globaltensor_bracket_at, asc_global_tensor,
        PH_GLOBAL, PH_GLOBAL)
T_SV_FN(py_gt_get_value_int, asc_globaltensor_get_value_int_at,
        asc_global_tensor, PH_GLOBAL, PH_INT)
T_SV_FN(py_gt_get_value_float, asc_globaltensor_get_value_float_at,
        asc_global_tensor, PH_GLOBAL, PH_FLOAT)
T_SV_FN(py_gt_get_phy_addr, asc_globaltensor_get_phy_addr_at, asc_global_tensor,
        PH_GLOBAL, PH_GM)
T_SV_FN(py_lt_subindex, asc_localtensor_subindex_at, asc_local_tensor, PH_LOCAL,
        PH_LOCAL)
T_SV_FN(py_lt_bracket, asc_localtensor_bracket_at, asc_local_tensor, PH_LOCAL,
        PH_LOCAL)
T_SV_FN(py_lt_get_value_int, asc_localtensor_get_value_int_at, asc_local_tensor,
        PH_LOCAL, PH_INT)
T_SV_FN(py_lt_get_value_float, asc_localtensor_get_value_float_at,
        asc_local_tensor, PH_LOCAL, PH_FLOAT)
T_SV_FN(py_lt_get_phy_addr, asc_localtensor_get_phy_addr_at, asc_local_tensor,
        PH_LOCAL, PH_INT)

#define T_SET_FN(name, cfn, T, kind)                                           \
  FN(name) {                                                                   \
    LOC(5, #name);                                                             \
    HND(T, t, 2, kind);                                                        \
    SV(i, 3);                                                                  \
    SV(v, 4);                                                                  \
    cfn(file, line, t, i, v);                                                  \
    Py_RETURN_NONE;                                                            \
  }
T_SET_FN(py_gt_set_value, asc_globaltensor_set_value_at, asc_global_tensor,
         PH_GLOBAL)
T_SET_FN(py_lt_set_value, asc_localtensor_set_value_at, asc_local_tensor,
         PH_LOCAL)

#define T_INT_FN(name, cfn, T, kind)                                           \
  FN(name) {                                                                   \
    LOC(3, #name);                                                             \
    HND(T, t, 2, kind);                                                        \
    RET(PH_INT, cfn(file, line, t));                                           \
  }
T_INT_FN(py_gt_get_size, asc_globaltensor_get_size_at, asc_global_tensor,
         PH_GLOBAL)
T_INT_FN(py_lt_get_size, asc_localtensor_get_size_at, asc_local_tensor,
         PH_LOCAL)
T_INT_FN(py_lt_get_length, asc_localtensor_get_length_at, asc_local_tensor,
         PH_LOCAL)

/* ---- LocalTensor constructors ------------------------------------------ */

FN(py_localtensor) {
  LOC(3, "localtensor");
  INT(dt, 2);
  RET(PH_LOCAL, asc_localtensor_at(file, line, (asc_dtype)dt));
}

FN(py_localtensor_pos) {
  LOC(6, "localtensor_pos");
  INT(dt, 2);
  INT(pos, 3);
  SV(addr, 4);
  SV(size, 5);
  RET(PH_LOCAL, asc_localtensor_pos_at(file, line, (asc_dtype)dt,
                                       (asc_tposition)pos, addr, size));
}

FN(py_lt_reinterpret_cast) {
  LOC(4, "lt_reinterpret_cast");
  HND(asc_local_tensor, t, 2, PH_LOCAL);
  INT(dt, 3);
  RET(PH_LOCAL,
      asc_localtensor_reinterpret_cast_at(file, line, t, (asc_dtype)dt));
}

/* localtensorauto(file, line, dtype, dims...) with 1 to 4 dims */
static PyObject *py_localtensorauto(PyObject *self_, PyObject *const *args,
                                    Py_ssize_t nargs) {
  (void)self_;
  if (nargs < 4 || nargs > 7) {
    PyErr_SetString(PyExc_TypeError, "LocalTensorAuto takes 1 to 4 dims");
    return NULL;
  }
  const char *file = PyUnicode_AsUTF8(args[0]);
  int line, dt;
  if (!file || !ph_int(args[1], &line) || !ph_int(args[2], &dt))
    return NULL;
  asc__sv dims[4];
  unsigned n = (unsigned)(nargs - 3);
  for (unsigned i = 0; i < n; i++)
    if (!ph_sv(args[3 + i], &dims[i]))
      return NULL;
  RET(PH_LOCAL, asc_localtensorauto_at(file, line, (asc_dtype)dt, n, dims));
}

/* ---- data copy --------------------------------------------------------- */

FN(py_datacopyparams) {
  LOC(6, "datacopyparams");
  SV(bc, 2);
  SV(bl, 3);
  SV(ss, 4);
  SV(ds, 5);
  RET(PH_DCP, asc_datacopyparams_at(file, line, bc, bl, ss, ds));
}

FN(py_datacopypadparams) {
  LOC(6, "datacopypadparams");
  SV(p, 2);
  SV(l, 3);
  SV(r, 4);
  SV(v, 5);
  RET(PH_DCPP, asc_datacopypadparams_at(file, line, p, l, r, v));
}

/* data_copy(file, line, dst, src, count_or_params) */
FN(py_data_copy) {
  LOC(5, "data_copy");
  TENSOR(dst, 2);
  TENSOR(src, 3);
  SV(n, 4);
  asc_data_copy_at(file, line, dst, src, n);
  Py_RETURN_NONE;
}

/* data_copy_pad(file, line, dst, src, params, pad_params | None) */
FN(py_data_copy_pad) {
  LOC(6, "data_copy_pad");
  TENSOR(dst, 2);
  TENSOR(src, 3);
  HND(asc_data_copy_params, p, 4, PH_DCP);
  asc_data_copy_pad_params pad = {0};
  bool has_pad = args[5] != Py_None;
  if (has_pad && !ph_get(args[5], PH_DCPP, &pad.p_, &pad.k_))
    return NULL;
  asc_data_copy_pad_at(file, line, dst, src, p, pad, has_pad);
  Py_RETURN_NONE;
}

/* ---- vector ops -------------------------------------------------------- */

/* vec_binary(file, line, api, op, dst, src0, src1, count) */
FN(py_vec_binary) {
  LOC(8, "vec_binary");
  STR(api, 2);
  STR(op, 3);
  HND(asc_local_tensor, d, 4, PH_LOCAL);
  HND(asc_local_tensor, s0, 5, PH_LOCAL);
  HND(asc_local_tensor, s1, 6, PH_LOCAL);
  SV(n, 7);
  asc_vec_binary_at(file, line, api, op, d, s0, s1, n);
  Py_RETURN_NONE;
}

/* vec_scalar(file, line, api, op, dst, src, scalar, count, is_set_mask) */
FN(py_vec_scalar) {
  LOC(9, "vec_scalar");
  STR(api, 2);
  STR(op, 3);
  HND(asc_local_tensor, d, 4, PH_LOCAL);
  HND(asc_local_tensor, s, 5, PH_LOCAL);
  SV(x, 6);
  SV(n, 7);
  int mask = PyObject_IsTrue(args[8]);
  if (mask < 0)
    return NULL;
  asc_vec_scalar_at(file, line, api, op, d, s, x, n, mask);
  Py_RETURN_NONE;
}

/* vec_unary(file, line, api, op, dst, src, count) */
FN(py_vec_unary) {
  LOC(7, "vec_unary");
  STR(api, 2);
  STR(op, 3);
  HND(asc_local_tensor, d, 4, PH_LOCAL);
  HND(asc_local_tensor, s, 5, PH_LOCAL);
  SV(n, 6);
  asc_vec_unary_at(file, line, api, op, d, s, n);
  Py_RETURN_NONE;
}

FN(py_duplicate) {
  LOC(5, "duplicate");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  SV(x, 3);
  SV(n, 4);
  asc_duplicate_at(file, line, d, x, n);
  Py_RETURN_NONE;
}

FN(py_cast) {
  LOC(6, "cast");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, s, 3, PH_LOCAL);
  INT(mode, 4);
  SV(n, 5);
  asc_cast_at(file, line, d, s, (asc_roundmode)mode, n);
  Py_RETURN_NONE;
}

/* reduce(file, line, api, op, dst, src, tmp, count, cal_index) */
FN(py_reduce) {
  LOC(9, "reduce");
  STR(api, 2);
  STR(op, 3);
  HND(asc_local_tensor, d, 4, PH_LOCAL);
  HND(asc_local_tensor, s, 5, PH_LOCAL);
  HND(asc_local_tensor, tmp, 6, PH_LOCAL);
  SV(n, 7);
  SV(ci, 8);
  asc_reduce_at(file, line, api, op, d, s, tmp, n, ci);
  Py_RETURN_NONE;
}

/* axpy(file, line, dst, src, scalar, count) */
FN(py_axpy) {
  LOC(6, "axpy");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, s, 3, PH_LOCAL);
  SV(x, 4);
  SV(n, 5);
  asc_axpy_at(file, line, d, s, x, n);
  Py_RETURN_NONE;
}

FN(py_transpose) {
  LOC(4, "transpose");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, s, 3, PH_LOCAL);
  asc_transpose_at(file, line, d, s);
  Py_RETURN_NONE;
}

/* bilinear_interpolation(file, line, dst, src0, src0_offset, src1, masks,
 * bits, h_repeat, repeat_mode, dst_blk_stride, v_r_offset, v_repeat, tmp):
 * masks a tuple of one or two scalars, bits true for pyasc's mask list. */
FN(py_bilinear_interpolation) {
  LOC(14, "bilinear_interpolation");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, s0, 3, PH_LOCAL);
  HND(asc_local_tensor, off, 4, PH_LOCAL);
  HND(asc_local_tensor, s1, 5, PH_LOCAL);
  if (!PyTuple_Check(args[6]) || PyTuple_GET_SIZE(args[6]) < 1 ||
      PyTuple_GET_SIZE(args[6]) > 2) {
    PyErr_SetString(PyExc_TypeError,
                    "bilinear_interpolation: the mask is a tuple of 1 or 2");
    return NULL;
  }
  asc__sv masks[2];
  unsigned nmask = (unsigned)PyTuple_GET_SIZE(args[6]);
  for (unsigned i = 0; i < nmask; i++)
    if (!ph_sv(PyTuple_GET_ITEM(args[6], i), &masks[i]))
      return NULL;
  INT(bits, 7);
  SV(h, 8);
  SV(rm, 9);
  SV(db, 10);
  SV(vo, 11);
  SV(vr, 12);
  HND(asc_local_tensor, tmp, 13, PH_LOCAL);
  asc_bilinear_interpolation_at(file, line, d, s0, off, s1, masks, nmask,
                                bits != 0, h, rm, db, vo, vr, tmp);
  Py_RETURN_NONE;
}

PyMethodDef pl_tensor_methods[] = {
    METHOD("gm_addr_add", py_gm_addr_add),
    METHOD("globaltensor", py_globaltensor),
    METHOD("gt_set_global_buffer", py_gt_set_global_buffer),
    METHOD("gt_set_global_buffer_size", py_gt_set_global_buffer_size),
    METHOD("gt_subindex", py_gt_subindex),
    METHOD("gt_bracket", py_gt_bracket),
    METHOD("gt_get_value_int", py_gt_get_value_int),
    METHOD("gt_get_value_float", py_gt_get_value_float),
    METHOD("gt_get_phy_addr", py_gt_get_phy_addr),
    METHOD("gt_set_value", py_gt_set_value),
    METHOD("gt_get_size", py_gt_get_size),
    METHOD("lt_subindex", py_lt_subindex),
    METHOD("lt_bracket", py_lt_bracket),
    METHOD("lt_get_value_int", py_lt_get_value_int),
    METHOD("lt_get_value_float", py_lt_get_value_float),
    METHOD("lt_get_phy_addr", py_lt_get_phy_addr),
    METHOD("lt_set_value", py_lt_set_value),
    METHOD("lt_get_size", py_lt_get_size),
    METHOD("lt_get_length", py_lt_get_length),
    METHOD("localtensor", py_localtensor),
    METHOD("localtensor_pos", py_localtensor_pos),
    METHOD("lt_reinterpret_cast", py_lt_reinterpret_cast),
    METHOD("localtensorauto", py_localtensorauto),
    METHOD("datacopyparams", py_datacopyparams),
    METHOD("datacopypadparams", py_datacopypadparams),
    METHOD("data_copy", py_data_copy),
    METHOD("data_copy_pad", py_data_copy_pad),
    METHOD("vec_binary", py_vec_binary),
    METHOD("vec_scalar", py_vec_scalar),
    METHOD("vec_unary", py_vec_unary),
    METHOD("duplicate", py_duplicate),
    METHOD("cast", py_cast),
    METHOD("reduce", py_reduce),
    METHOD("axpy", py_axpy),
    METHOD("transpose", py_transpose),
    METHOD("bilinear_interpolation", py_bilinear_interpolation),
    {NULL, NULL, 0, NULL}};
