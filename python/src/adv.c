/* Language calls, part 4: the advanced APIs (asc.adv.softmax, quant,
 * SoftmaxTiling) and their host-side size queries, called with the user's
 * Python file and line. */
#include "calls.h"

/* softmaxtiling(file, line, f0, ..., f15): the fields are Python ints. */
FN(py_softmaxtiling) {
  LOC(18, "softmaxtiling");
  uint32_t f[16];
  for (int i = 0; i < 16; i++) {
    unsigned long v = PyLong_AsUnsignedLong(args[2 + i]);
    if (PyErr_Occurred() || v > UINT32_MAX) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "a field beyond uint32");
      return NULL;
    }
    f[i] = (uint32_t)v;
  }
  asc_softmax_tiling_data d = {f[0],  f[1],  f[2],  f[3], f[4],  f[5],
                               f[6],  f[7],  f[8],  f[9], f[10], f[11],
                               f[12], f[13], f[14], f[15]};
  RET(PH_SMTILING, asc_softmaxtiling_at(file, line, &d));
}

/* rmsnormtiling(file, line, f0, ..., f11): ints, f4 a float. */
FN(py_rmsnormtiling) {
  LOC(14, "rmsnormtiling");
  uint32_t f[12] = {0};
  for (int i = 0; i < 12; i++) {
    if (i == 4)
      continue;
    unsigned long v = PyLong_AsUnsignedLong(args[2 + i]);
    if (PyErr_Occurred() || v > UINT32_MAX) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "a field beyond uint32");
      return NULL;
    }
    f[i] = (uint32_t)v;
  }
  double r = PyFloat_AsDouble(args[6]);
  if (PyErr_Occurred())
    return NULL;
  asc_rmsnorm_tiling_data d = {f[0], f[1], f[2], f[3], (float)r, f[5],
                               f[6], f[7], f[8], f[9], f[10],    f[11]};
  RET(PH_RNTILING, asc_rmsnormtiling_at(file, line, &d));
}

/* rmsnorm(file, line, dst, src, gamma, epsilon, tiling, tmp | None) */
FN(py_rmsnorm) {
  LOC(8, "rmsnorm");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, x, 3, PH_LOCAL);
  HND(asc_local_tensor, g, 4, PH_LOCAL);
  SV(eps, 5);
  HND(asc_rmsnorm_tiling, t, 6, PH_RNTILING);
  asc_local_tensor tmp = {0};
  bool has_tmp = args[7] != Py_None;
  if (has_tmp && !ph_get(args[7], PH_LOCAL, &tmp.p_, &tmp.k_))
    return NULL;
  asc_adv_rmsnorm_at(file, line, d, x, g, eps, t, tmp, has_tmp);
  Py_RETURN_NONE;
}

static PyObject *py_rmsnorm_tmp_size(PyObject *self_, PyObject *args) {
  (void)self_;
  unsigned b, s, h, size, hi, lo;
  if (!PyArg_ParseTuple(args, "IIII", &b, &s, &h, &size))
    return NULL;
  if (!asc_get_rmsnorm_max_min_tmp_size(b, s, h, size, &hi, &lo)) {
    PyErr_SetString(PyExc_ValueError, "rmsnorm_tmp_size: not a shape or "
                                      "type size RmsNorm takes");
    return NULL;
  }
  return Py_BuildValue("(II)", hi, lo);
}

static PyObject *py_rmsnorm_tiling_info(PyObject *self_, PyObject *args) {
  (void)self_;
  unsigned b, s, h, ori, bytes, size;
  if (!PyArg_ParseTuple(args, "IIIIII", &b, &s, &h, &ori, &bytes, &size))
    return NULL;
  asc_rmsnorm_tiling_data t;
  if (!asc_get_rmsnorm_tiling_info(b, s, h, ori, bytes, size, &t)) {
    PyErr_SetString(PyExc_ValueError, "rmsnorm_tiling_info: the shape or "
                                      "the buffer does not fit");
    return NULL;
  }
  return Py_BuildValue("(IIIIfIIIIIII)", t.b_length, t.s_length, t.h_length,
                       t.original_h_length, t.reciprocal_of_h_length,
                       t.main_bsh_length, t.main_bs_length,
                       t.main_bs_length_align, t.loop_round, t.input_tail_pos,
                       t.tail_bsh_length, t.tail_bs_length);
}

/* softmax(file, line, simple, dst, sum, max, src, tiling, tmp | None) */
FN(py_softmax) {
  LOC(9, "softmax");
  INT(simple, 2);
  HND(asc_local_tensor, d, 3, PH_LOCAL);
  HND(asc_local_tensor, s, 4, PH_LOCAL);
  HND(asc_local_tensor, m, 5, PH_LOCAL);
  HND(asc_local_tensor, x, 6, PH_LOCAL);
  HND(asc_softmax_tiling, t, 7, PH_SMTILING);
  asc_local_tensor tmp = {0};
  bool has_tmp = args[8] != Py_None;
  if (has_tmp && !ph_get(args[8], PH_LOCAL, &tmp.p_, &tmp.k_))
    return NULL;
  asc_adv_softmax_at(file, line, simple != 0, d, s, m, x, t, tmp, has_tmp,
                     (asc_softmax_shape_info){0}, false);
  Py_RETURN_NONE;
}

/* quant(file, line, dst, src, scale, offset, count, tmp | None) */
FN(py_quant) {
  LOC(8, "quant");
  HND(asc_local_tensor, d, 2, PH_LOCAL);
  HND(asc_local_tensor, x, 3, PH_LOCAL);
  SV(scale, 4);
  SV(offset, 5);
  SV(count, 6);
  asc_local_tensor tmp = {0};
  bool has_tmp = args[7] != Py_None;
  if (has_tmp && !ph_get(args[7], PH_LOCAL, &tmp.p_, &tmp.k_))
    return NULL;
  asc_adv_quant_at(file, line, d, x, scale, offset, count, tmp, has_tmp);
  Py_RETURN_NONE;
}

/* Host queries: plain functions of the shape. */
static PyObject *py_softmax_tmp_size(PyObject *self_, PyObject *args) {
  (void)self_;
  unsigned m, k, size, want_max;
  if (!PyArg_ParseTuple(args, "IIIp", &m, &k, &size, &want_max))
    return NULL;
  return PyLong_FromUnsignedLong(
      want_max ? asc_get_softmax_max_tmp_size(m, k, size)
               : asc_get_softmax_min_tmp_size(m, k, size));
}

static PyObject *py_softmax_tiling_func(PyObject *self_, PyObject *args) {
  (void)self_;
  unsigned m, k, size, ws;
  if (!PyArg_ParseTuple(args, "IIII", &m, &k, &size, &ws))
    return NULL;
  asc_softmax_tiling_data t;
  if (!asc_softmax_tiling_func(m, k, size, ws, &t)) {
    PyErr_SetString(PyExc_ValueError,
                    "softmax_tiling_func: the shape or type size is not one "
                    "SoftMax takes");
    return NULL;
  }
  return Py_BuildValue("(IIIIIIIIIIIIIIII)", t.src_m, t.src_k, t.src_size,
                       t.out_max_m, t.out_max_k, t.out_max_size, t.split_m,
                       t.split_k, t.split_size, t.reduce_m, t.reduce_k,
                       t.reduce_size, t.range_m, t.tail_m, t.tail_split_size,
                       t.tail_reduce_size);
}

static PyObject *py_quant_tmp_size(PyObject *self_, PyObject *args) {
  (void)self_;
  unsigned n, hi, lo;
  if (!PyArg_ParseTuple(args, "I", &n))
    return NULL;
  asc_get_ascend_quant_max_min_tmp_size(n, &hi, &lo);
  return Py_BuildValue("(II)", hi, lo);
}

PyMethodDef pl_adv_methods[] = {
    METHOD("softmaxtiling", py_softmaxtiling),
    METHOD("softmax", py_softmax),
    METHOD("quant", py_quant),
    METHOD("rmsnormtiling", py_rmsnormtiling),
    METHOD("rmsnorm", py_rmsnorm),
    {"rmsnorm_tmp_size", py_rmsnorm_tmp_size, METH_VARARGS,
     "rmsnorm_tmp_size(b, s, h, type_size) -> (max, min)"},
    {"rmsnorm_tiling_info", py_rmsnorm_tiling_info, METH_VARARGS,
     "rmsnorm_tiling_info(b, s, h, original_h, bytes, type_size) -> 12 "
     "fields"},
    {"softmax_tmp_size", py_softmax_tmp_size, METH_VARARGS,
     "softmax_tmp_size(m, k, type_size, max) -> bytes"},
    {"softmax_tiling_func", py_softmax_tiling_func, METH_VARARGS,
     "softmax_tiling_func(m, k, type_size, workspace) -> 16 fields"},
    {"quant_tmp_size", py_quant_tmp_size, METH_VARARGS,
     "quant_tmp_size(count) -> (max, min)"},
    {NULL, NULL, 0, NULL}};
