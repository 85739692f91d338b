/* casc._casc: the CPython extension over libcasc (shared declarations).
 *
 * The extension is deliberately thin: the Python package (python/casc/)
 * owns the language (classes, the AST front end, specialisation, launch
 * argument checks); this module only moves values between Python and the
 * public C API (include/casc/asc.h, text.h, passes.h, emit.h, sim.h).
 *
 * Kernel handles (asc_local_tensor, asc_int, ...) cross into Python as one
 * small object type, Handle, that remembers which C handle type it holds,
 * so that a queue passed where a tensor belongs is a TypeError here rather
 * than a silent reinterpretation. */
#ifndef PYCASC_H
#define PYCASC_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "casc/asc.h"

/* What a Handle holds. The order is private to the extension; Python sees
 * the kind through Handle.kind only in error messages. */
typedef enum {
  PH_KERNEL, /* asc_kernel * (the build in progress) */
  PH_FRAME,  /* asc__frame * (an open ASC_FOR / ASC_IF) */
  PH_TPIPE,
  PH_QUE, /* TQueBind and TQue */
  PH_TBUF,
  PH_LOCAL,
  PH_GLOBAL,
  PH_GM,
  PH_DCP,  /* DataCopyParams */
  PH_DCPP, /* DataCopyPadParams */
  PH_INT,
  PH_FLOAT,
  PH_BOOL,
  PH_VAR_INT,
  PH_VAR_FLOAT,
  PH_VAR_BOOL,
  PH_SMTILING, /* SoftmaxTiling */
  PH_RNTILING, /* RmsNormTiling */
  PH_BRP, /* BinaryRepeatParams */
  PH_URP, /* UnaryRepeatParams */
  PH_COUNT_
} ph_kind;

typedef struct {
  PyObject_HEAD void *p;
  unsigned k;
  ph_kind kind;
} ph_handle;

extern PyTypeObject ph_handle_type;
extern PyTypeObject pm_module_type;

/* A new Handle (NULL with a Python error on allocation failure). */
PyObject *ph_new(ph_kind kind, void *p, unsigned k);
/* Unpack args[i] as a Handle of `kind` (TypeError naming the API and the
 * argument position otherwise). */
int ph_get(PyObject *o, ph_kind kind, void **p, unsigned *k);
/* A scalar argument: Python int, float, bool, or an INT/FLOAT/BOOL/DCP
 * Handle. */
int ph_sv(PyObject *o, asc__sv *sv);
/* The (file, line) pair every language call starts with. */
int ph_loc(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
           const char *api, const char **file, int *line);
int ph_int(PyObject *o, int *v);

/* Method tables of the parts (NULL-terminated), joined in module init. */
extern PyMethodDef pl_lang_methods[];
extern PyMethodDef pl_tensor_methods[];
extern PyMethodDef pl_debug_methods[];
extern PyMethodDef pl_adv_methods[];
extern PyMethodDef pl_vector_methods[];
extern PyMethodDef pm_host_methods[];

#endif
