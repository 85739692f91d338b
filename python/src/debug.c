/* Language calls, part 3: debug output (asc.dump_tensor, asc.printf),
 * called with the user's Python file and line. */
#include "calls.h"

/* dump_tensor(file, line, tensor, desc, dump_size) */
FN(py_dump_tensor) {
  LOC(5, "dump_tensor");
  SV(desc, 3);
  SV(n, 4);
  if (PyObject_TypeCheck(args[2], &ph_handle_type)) {
    ph_handle *h = (ph_handle *)args[2];
    if (h->kind == PH_LOCAL) {
      asc_local_tensor t = {h->p, h->k};
      asc_dump_tensor_local_at(file, line, t, desc, n);
      Py_RETURN_NONE;
    }
    if (h->kind == PH_GLOBAL) {
      asc_global_tensor t = {h->p, h->k};
      asc_dump_tensor_global_at(file, line, t, desc, n);
      Py_RETURN_NONE;
    }
  }
  PyErr_Format(PyExc_TypeError,
               "dump_tensor: expected a LocalTensor or GlobalTensor, got %s",
               Py_TYPE(args[2])->tp_name);
  return NULL;
}

/* printf(file, line, fmt, values...) */
FN(py_printf) {
  if (nargs < 3) {
    PyErr_SetString(PyExc_TypeError, "printf: expected (file, line, fmt, ...)");
    return NULL;
  }
  LOC((int)nargs, "printf");
  STR(fmt, 2);
  enum { MAX_VALUES = 16 };
  Py_ssize_t n = nargs - 3;
  if (n > MAX_VALUES) {
    PyErr_Format(PyExc_TypeError, "printf: %zd values; at most %d", n,
                 MAX_VALUES);
    return NULL;
  }
  asc__sv vals[MAX_VALUES];
  for (Py_ssize_t i = 0; i < n; i++)
    if (!ph_sv(args[3 + i], &vals[i]))
      return NULL;
  asc_printf_at(file, line, fmt, (unsigned)n, vals);
  Py_RETURN_NONE;
}

PyMethodDef pl_debug_methods[] = {METHOD("dump_tensor", py_dump_tensor),
                                  METHOD("printf", py_printf),
                                  {NULL, NULL, 0, NULL}};
