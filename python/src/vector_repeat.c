/* Language calls, part 3: the level-0/1 (mask, repeat times, repeat
 * params) forms of the vector ops and their parameter structs
 * (include/casc/asc.h, src/lang/vector_repeat.c). */
#include "calls.h"

/* A mask argument: a count (Python int or runtime int) or a list/tuple of
 * two Python ints (the words of a level-1 bit mask, kept in *words). */
static int get_mask(PyObject *o, asc__mask *m, uint64_t words[2]) {
  m->bits_ = NULL;
  if (PyList_Check(o) || PyTuple_Check(o)) {
    if (PySequence_Size(o) != 2) {
      PyErr_Format(PyExc_ValueError,
                   "a mask list has 2 uint64 words (elements 0..63, "
                   "64..127), got %zd",
                   PySequence_Size(o));
      return 0;
    }
    for (Py_ssize_t i = 0; i < 2; i++) {
      PyObject *w = PySequence_GetItem(o, i);
      if (!w)
        return 0;
      if (!PyLong_Check(w)) {
        PyErr_Format(PyExc_TypeError, "mask words must be Python ints, got %s",
                     Py_TYPE(w)->tp_name);
        Py_DECREF(w);
        return 0;
      }
      words[i] = PyLong_AsUnsignedLongLong(w);
      Py_DECREF(w);
      if (PyErr_Occurred())
        return 0;
    }
    m->bits_ = words;
    return 1;
  }
  return ph_sv(o, &m->count_);
}

#define MASK(var, i)                                                           \
  asc__mask var;                                                               \
  uint64_t var##_words[2];                                                     \
  if (!get_mask(args[i], &var, var##_words))                                   \
  return NULL
#define TRUTH(var, i)                                                          \
  int var = PyObject_IsTrue(args[i]);                                          \
  if (var < 0)                                                                 \
  return NULL

FN(py_binaryrepeatparams) {
  LOC(8, "binaryrepeatparams");
  SV(db, 2);
  SV(s0b, 3);
  SV(s1b, 4);
  SV(dr, 5);
  SV(s0r, 6);
  SV(s1r, 7);
  RET(PH_BRP,
      asc_binaryrepeatparams_at(file, line, db, s0b, s1b, dr, s0r, s1r));
}

FN(py_unaryrepeatparams) {
  LOC(6, "unaryrepeatparams");
  SV(db, 2);
  SV(sb, 3);
  SV(dr, 4);
  SV(sr, 5);
  RET(PH_URP, asc_unaryrepeatparams_at(file, line, db, sb, dr, sr));
}

/* vec_binary_rep(file, line, api, op_l0, op_l1, dst, src0, src1, mask,
 * repeat_times, params, is_set_mask) */
FN(py_vec_binary_rep) {
  LOC(12, "vec_binary_rep");
  STR(api, 2);
  STR(l0, 3);
  STR(l1, 4);
  HND(asc_local_tensor, d, 5, PH_LOCAL);
  HND(asc_local_tensor, s0, 6, PH_LOCAL);
  HND(asc_local_tensor, s1, 7, PH_LOCAL);
  MASK(mask, 8);
  SV(r, 9);
  HND(asc_binary_repeat_params, p, 10, PH_BRP);
  TRUTH(sm, 11);
  asc_vec_binary_rep_at(file, line, api, l0, l1, d, s0, s1, mask, r, p, sm);
  Py_RETURN_NONE;
}

/* vec_scalar_rep(file, line, api, op_l0, op_l1, dst, src, scalar, mask,
 * repeat_times, params, is_set_mask) */
FN(py_vec_scalar_rep) {
  LOC(12, "vec_scalar_rep");
  STR(api, 2);
  STR(l0, 3);
  STR(l1, 4);
  HND(asc_local_tensor, d, 5, PH_LOCAL);
  HND(asc_local_tensor, s, 6, PH_LOCAL);
  SV(x, 7);
  MASK(mask, 8);
  SV(r, 9);
  HND(asc_unary_repeat_params, p, 10, PH_URP);
  TRUTH(sm, 11);
  asc_vec_scalar_rep_at(file, line, api, l0, l1, d, s, x, mask, r, p, sm);
  Py_RETURN_NONE;
}

/* vec_unary_rep(file, line, api, op_l0, op_l1, dst, src, mask,
 * repeat_times, params, is_set_mask) */
FN(py_vec_unary_rep) {
  LOC(11, "vec_unary_rep");
  STR(api, 2);
  STR(l0, 3);
  STR(l1, 4);
  HND(asc_local_tensor, d, 5, PH_LOCAL);
  HND(asc_local_tensor, s, 6, PH_LOCAL);
  MASK(mask, 7);
  SV(r, 8);
  HND(asc_unary_repeat_params, p, 9, PH_URP);
  TRUTH(sm, 10);
  asc_vec_unary_rep_at(file, line, api, l0, l1, d, s, mask, r, p, sm);
  Py_RETURN_NONE;
}

PyMethodDef pl_vector_methods[] = {
    METHOD("binaryrepeatparams", py_binaryrepeatparams),
    METHOD("unaryrepeatparams", py_unaryrepeatparams),
    METHOD("vec_binary_rep", py_vec_binary_rep),
    METHOD("vec_scalar_rep", py_vec_scalar_rep),
    METHOD("vec_unary_rep", py_vec_unary_rep),
    {NULL, NULL, 0, NULL}};
