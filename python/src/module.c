/* casc._casc: module init, the Handle type and argument conversion. */
#include "pycasc.h"

static const char *const ph_kind_names[PH_COUNT_] = {"kernel",
                                                     "frame",
                                                     "TPipe",
                                                     "TQueBind",
                                                     "TBuf",
                                                     "LocalTensor",
                                                     "GlobalTensor",
                                                     "GlobalAddress",
                                                     "DataCopyParams",
                                                     "DataCopyPadParams",
                                                     "int",
                                                     "float",
                                                     "bool",
                                                     "int variable",
                                                     "float variable",
                                                     "bool variable",
                                                     "SoftmaxTiling",
                                                     "RmsNormTiling",
                                                     "BinaryRepeatParams",
                                                     "UnaryRepeatParams"};

static PyObject *ph_repr(PyObject *self) {
  ph_handle *h = (ph_handle *)self;
  return PyUnicode_FromFormat("<casc handle %s %p>", ph_kind_names[h->kind],
                              h->p);
}

static PyObject *ph_get_kind(PyObject *self, void *closure) {
  (void)closure;
  return PyUnicode_FromString(ph_kind_names[((ph_handle *)self)->kind]);
}

static PyGetSetDef ph_getset[] = {
    {"kind", ph_get_kind, NULL, "what the handle holds", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject ph_handle_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "casc._casc.Handle",
    .tp_basicsize = sizeof(ph_handle),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An IR value of a kernel being built (opaque).",
    .tp_repr = ph_repr,
    .tp_getset = ph_getset,
};

PyObject *ph_new(ph_kind kind, void *p, unsigned k) {
  ph_handle *h = PyObject_New(ph_handle, &ph_handle_type);
  if (!h)
    return NULL;
  h->p = p;
  h->k = k;
  h->kind = kind;
  return (PyObject *)h;
}

int ph_get(PyObject *o, ph_kind kind, void **p, unsigned *k) {
  if (!PyObject_TypeCheck(o, &ph_handle_type)) {
    PyErr_Format(PyExc_TypeError, "expected a %s, got %s", ph_kind_names[kind],
                 Py_TYPE(o)->tp_name);
    return 0;
  }
  ph_handle *h = (ph_handle *)o;
  if (h->kind != kind) {
    PyErr_Format(PyExc_TypeError, "expected a %s, got a %s",
                 ph_kind_names[kind], ph_kind_names[h->kind]);
    return 0;
  }
  *p = h->p;
  *k = h->k;
  return 1;
}

int ph_sv(PyObject *o, asc__sv *sv) {
  memset(sv, 0, sizeof *sv);
  if (PyObject_TypeCheck(o, &ph_handle_type)) {
    ph_handle *h = (ph_handle *)o;
    if (h->kind != PH_INT && h->kind != PH_FLOAT && h->kind != PH_BOOL &&
        h->kind != PH_DCP) {
      PyErr_Format(PyExc_TypeError, "expected a scalar, got a %s",
                   ph_kind_names[h->kind]);
      return 0;
    }
    sv->kind_ = h->kind == PH_DCP ? ASC__SV_PARAMS : ASC__SV_VALUE;
    sv->p_ = h->p;
    sv->k_ = h->k;
    return 1;
  }
  if (PyFloat_Check(o)) {
    sv->kind_ = ASC__SV_FLOAT;
    sv->f_ = PyFloat_AS_DOUBLE(o);
    return 1;
  }
  if (PyLong_Check(o)) { /* bool is an int subclass: 0 / 1 */
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(o);
      if (PyErr_Occurred())
        return 0;
      sv->kind_ = ASC__SV_UINT;
      sv->u_ = u;
      return 1;
    }
    if (overflow < 0 || (v == -1 && PyErr_Occurred())) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_OverflowError, "integer too small for int64");
      return 0;
    }
    sv->kind_ = ASC__SV_INT;
    sv->i_ = v;
    return 1;
  }
  PyErr_Format(PyExc_TypeError, "expected a number or a runtime scalar, got %s",
               Py_TYPE(o)->tp_name);
  return 0;
}

int ph_int(PyObject *o, int *v) {
  long x = PyLong_AsLong(o);
  if (x == -1 && PyErr_Occurred())
    return 0;
  if (x < INT_MIN || x > INT_MAX) {
    PyErr_SetString(PyExc_OverflowError, "value out of int range");
    return 0;
  }
  *v = (int)x;
  return 1;
}

int ph_loc(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
           const char *api, const char **file, int *line) {
  if (nargs != want) {
    PyErr_Format(PyExc_TypeError, "%s takes %zd arguments (%zd given)", api,
                 want, nargs);
    return 0;
  }
  *file = PyUnicode_AsUTF8(args[0]);
  if (!*file)
    return 0;
  return ph_int(args[1], line);
}

static struct PyModuleDef casc_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "casc._casc",
    .m_doc = "libcasc for Python: kernel building, passes, emitter, "
             "simulator (use the casc package, not this module).",
    .m_size = -1,
};

static int add_methods(PyObject *m, PyMethodDef *defs) {
  return PyModule_AddFunctions(m, defs);
}

PyMODINIT_FUNC PyInit__casc(void) {
  if (PyType_Ready(&ph_handle_type) < 0 || PyType_Ready(&pm_module_type) < 0)
    return NULL;
  PyObject *m = PyModule_Create(&casc_module);
  if (!m)
    return NULL;
  if (add_methods(m, pl_lang_methods) < 0 ||
      add_methods(m, pl_tensor_methods) < 0 ||
      add_methods(m, pl_debug_methods) < 0 ||
      add_methods(m, pl_adv_methods) < 0 ||
      add_methods(m, pl_vector_methods) < 0 ||
      add_methods(m, pm_host_methods) < 0)
    goto fail;
  Py_INCREF(&ph_handle_type);
  if (PyModule_AddObject(m, "Handle", (PyObject *)&ph_handle_type) < 0) {
    Py_DECREF(&ph_handle_type);
    goto fail;
  }
  Py_INCREF(&pm_module_type);
  if (PyModule_AddObject(m, "Module", (PyObject *)&pm_module_type) < 0) {
    Py_DECREF(&pm_module_type);
    goto fail;
  }
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
