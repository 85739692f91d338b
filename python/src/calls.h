/* Argument unpacking for the language calls (lang.c, tensor.c).
 *
 * Every call is METH_FASTCALL with (file, line, ...): the Python front end
 * passes the user's Python line, which the C API records as the op's
 * location, exactly as the asc_* macros pass __FILE__/__LINE__. */
#ifndef PYCASC_CALLS_H
#define PYCASC_CALLS_H

#include "pycasc.h"

#define FN(name)                                                               \
  static PyObject *name(PyObject *self_, PyObject *const *args,                \
                        Py_ssize_t nargs)
#define LOC(n, api)                                                            \
  (void)self_;                                                                 \
  const char *file;                                                            \
  int line;                                                                    \
  if (!ph_loc(args, nargs, n, api, &file, &line))                              \
  return NULL
#define HND(T, var, i, kind)                                                   \
  T var;                                                                       \
  if (!ph_get(args[i], kind, &var.p_, &var.k_))                                \
  return NULL
#define SV(var, i)                                                             \
  asc__sv var;                                                                 \
  if (!ph_sv(args[i], &var))                                                   \
  return NULL
#define INT(var, i)                                                            \
  int var;                                                                     \
  if (!ph_int(args[i], &var))                                                  \
  return NULL
#define STR(var, i)                                                            \
  const char *var = PyUnicode_AsUTF8(args[i]);                                 \
  if (!var)                                                                    \
  return NULL
/* Return a C handle as a Handle of `kind` (the expression is evaluated
 * once: it is the call that records the op). */
#define RET(kind, e)                                                           \
  do {                                                                         \
    ph_t_##kind r_ = (e);                                                      \
    return ph_new(kind, r_.p_, r_.k_);                                         \
  } while (0)
typedef asc_tpipe ph_t_PH_TPIPE;
typedef asc_tquebind ph_t_PH_QUE;
typedef asc_tbuf ph_t_PH_TBUF;
typedef asc_local_tensor ph_t_PH_LOCAL;
typedef asc_global_tensor ph_t_PH_GLOBAL;
typedef asc_gm_addr ph_t_PH_GM;
typedef asc_data_copy_params ph_t_PH_DCP;
typedef asc_data_copy_pad_params ph_t_PH_DCPP;
typedef asc_int ph_t_PH_INT;
typedef asc_float ph_t_PH_FLOAT;
typedef asc_bool ph_t_PH_BOOL;
typedef asc_int_var ph_t_PH_VAR_INT;
typedef asc_float_var ph_t_PH_VAR_FLOAT;
typedef asc_bool_var ph_t_PH_VAR_BOOL;
typedef asc_softmax_tiling ph_t_PH_SMTILING;
typedef asc_rmsnorm_tiling ph_t_PH_RNTILING;
typedef asc_binary_repeat_params ph_t_PH_BRP;
typedef asc_unary_repeat_params ph_t_PH_URP;
#define METHOD(name, fn)                                                       \
  { name, (PyCFunction)(void (*)(void))fn, METH_FASTCALL, NULL }

#endif
