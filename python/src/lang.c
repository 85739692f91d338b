/* Language calls, part 1: kernel arguments, scalar arithmetic, cells,
 * control flow, the framework (TPipe, TQue, TQueBind, TBuf), sync. Each is
 * the asc_*_at function of include/casc/asc.h, called with the user's
 * Python file and line. */
#include "calls.h"

static void *get_ptr(PyObject *o, ph_kind kind, const char *what) {
  void *p;
  unsigned k;
  if (!ph_get(o, kind, &p, &k))
    return NULL;
  if (!p)
    PyErr_Format(PyExc_RuntimeError, "%s is no longer open", what);
  return p;
}

/* ---- kernel arguments -------------------------------------------------- */

#define ARG_FN(name, cfn, kind)                                                \
  FN(name) {                                                                   \
    LOC(5, #name);                                                             \
    asc_kernel *k = get_ptr(args[2], PH_KERNEL, "the kernel build");           \
    if (!k)                                                                    \
      return NULL;                                                             \
    STR(pname, 3);                                                             \
    INT(dt, 4);                                                                \
    RET(kind, cfn(file, line, k, pname, (asc_dtype)dt));                       \
  }
ARG_FN(py_arg_gm, asc_arg_gm_at, PH_GM)
ARG_FN(py_arg_int, asc_arg_int_at, PH_INT)
ARG_FN(py_arg_float, asc_arg_float_at, PH_FLOAT)

/* ---- scalars ----------------------------------------------------------- */

#define BIN_FN(name, cfn, kind)                                                \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    SV(a, 2);                                                                  \
    SV(b, 3);                                                                  \
    RET(kind, cfn(file, line, a, b));                                          \
  }
BIN_FN(py_iadd, asc_iadd_at, PH_INT)
BIN_FN(py_isub, asc_isub_at, PH_INT)
BIN_FN(py_imul, asc_imul_at, PH_INT)
BIN_FN(py_idiv, asc_idiv_at, PH_INT)
BIN_FN(py_irem, asc_irem_at, PH_INT)
BIN_FN(py_imin, asc_imin_at, PH_INT)
BIN_FN(py_imax, asc_imax_at, PH_INT)
BIN_FN(py_fadd, asc_fadd_at, PH_FLOAT)
BIN_FN(py_fsub, asc_fsub_at, PH_FLOAT)
BIN_FN(py_fmul, asc_fmul_at, PH_FLOAT)
BIN_FN(py_fdiv, asc_fdiv_at, PH_FLOAT)

/* cmp(file, line, pred, a, b): pred 0..5 = eq ne lt le gt ge */
FN(py_cmp) {
  LOC(5, "cmp");
  INT(pred, 2);
  SV(a, 3);
  SV(b, 4);
  if (pred < ASC__EQ || pred > ASC__GE) {
    PyErr_SetString(PyExc_ValueError, "bad comparison");
    return NULL;
  }
  RET(PH_BOOL, asc_cmp_at(file, line, (asc__cmp)pred, a, b));
}

#define SEL_FN(name, cfn, kind)                                                \
  FN(name) {                                                                   \
    LOC(5, #name);                                                             \
    HND(asc_bool, c, 2, PH_BOOL);                                              \
    SV(a, 3);                                                                  \
    SV(b, 4);                                                                  \
    RET(kind, cfn(file, line, c, a, b));                                       \
  }
SEL_FN(py_iselect, asc_iselect_at, PH_INT)
SEL_FN(py_fselect, asc_fselect_at, PH_FLOAT)

#define CONV_FN(name, cfn, kind)                                               \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    SV(x, 2);                                                                  \
    INT(dt, 3);                                                                \
    RET(kind, cfn(file, line, x, (asc_dtype)dt));                              \
  }
CONV_FN(py_to_int, asc_to_int_at, PH_INT)
CONV_FN(py_to_float, asc_to_float_at, PH_FLOAT)

/* ---- cells ------------------------------------------------------------- */

#define VAR_FN(name, cfn, kind)                                                \
  FN(name) {                                                                   \
    LOC(3, #name);                                                             \
    SV(init, 2);                                                               \
    RET(kind, cfn(file, line, init));                                          \
  }
VAR_FN(py_var_int, asc_var_int_at, PH_VAR_INT)
VAR_FN(py_var_float, asc_var_float_at, PH_VAR_FLOAT)
VAR_FN(py_var_bool, asc_var_bool_at, PH_VAR_BOOL)

#define GET_FN(name, cfn, T, vkind, kind)                                      \
  FN(name) {                                                                   \
    LOC(3, #name);                                                             \
    HND(T, v, 2, vkind);                                                       \
    RET(kind, cfn(file, line, v));                                             \
  }
GET_FN(py_get_int, asc_get_int_at, asc_int_var, PH_VAR_INT, PH_INT)
GET_FN(py_get_float, asc_get_float_at, asc_float_var, PH_VAR_FLOAT, PH_FLOAT)
GET_FN(py_get_bool, asc_get_bool_at, asc_bool_var, PH_VAR_BOOL, PH_BOOL)

#define SET_FN(name, cfn, T, vkind)                                            \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    HND(T, v, 2, vkind);                                                       \
    SV(x, 3);                                                                  \
    cfn(file, line, v, x);                                                     \
    Py_RETURN_NONE;                                                            \
  }
SET_FN(py_set_int, asc_set_int_at, asc_int_var, PH_VAR_INT)
SET_FN(py_set_float, asc_set_float_at, asc_float_var, PH_VAR_FLOAT)
SET_FN(py_set_bool, asc_set_bool_at, asc_bool_var, PH_VAR_BOOL)

/* ---- control flow ------------------------------------------------------
 * The frame protocol of ASC__FOR_IMPL / ASC__IF_IMPL, driven from Python:
 *   f = for_open(...)            (or if_open / else_open)
 *   while frame_enter(f):
 *       iv = frame_iv(f)
 *       while frame_body(f): <body>; frame_body_end(f)
 *   frame_close(f)               (the cleanup the C macros attach) */

static PyObject *frame_or_null(asc__frame *f) {
  return ph_new(PH_FRAME, f, 0);
}

FN(py_for_open) {
  LOC(5, "for_open");
  SV(lo, 2);
  SV(hi, 3);
  SV(step, 4);
  return frame_or_null(asc__for_open(file, line, lo, hi, step));
}

FN(py_if_open) {
  LOC(3, "if_open");
  SV(cond, 2);
  return frame_or_null(asc__if_open(file, line, cond));
}

FN(py_else_open) {
  LOC(2, "else_open");
  return frame_or_null(asc__else_open(file, line));
}

/* A NULL frame (the C side refused to open one, and reported why) is
 * handled by the asc__frame_* functions themselves. */
static int get_frame(PyObject *o, asc__frame **f) {
  void *p;
  unsigned k;
  if (!ph_get(o, PH_FRAME, &p, &k))
    return 0;
  *f = p;
  return 1;
}

static PyObject *py_frame_iv(PyObject *self, PyObject *o) {
  (void)self;
  asc__frame *f;
  if (!get_frame(o, &f))
    return NULL;
  RET(PH_INT, asc__frame_iv(f));
}

static PyObject *py_frame_enter(PyObject *self, PyObject *o) {
  (void)self;
  asc__frame *f;
  if (!get_frame(o, &f))
    return NULL;
  return PyBool_FromLong(asc__frame_enter(f));
}

static PyObject *py_frame_body(PyObject *self, PyObject *o) {
  (void)self;
  asc__frame *f;
  if (!get_frame(o, &f))
    return NULL;
  return PyBool_FromLong(asc__frame_body(f));
}

static PyObject *py_frame_body_end(PyObject *self, PyObject *o) {
  (void)self;
  asc__frame *f;
  if (!get_frame(o, &f))
    return NULL;
  asc__frame_body_end(f);
  Py_RETURN_NONE;
}

static PyObject *py_frame_close(PyObject *self, PyObject *o) {
  (void)self;
  asc__frame *f;
  if (!get_frame(o, &f))
    return NULL;
  asc__frame_cleanup(&f);
  ((ph_handle *)o)->p = NULL;
  Py_RETURN_NONE;
}

/* ---- framework --------------------------------------------------------- */

FN(py_tpipe) {
  LOC(2, "tpipe");
  RET(PH_TPIPE, asc_tpipe_at(file, line));
}

FN(py_tque) {
  LOC(4, "tque");
  INT(pos, 2);
  INT(depth, 3);
  RET(PH_QUE, asc_tque_at(file, line, (asc_tposition)pos, depth));
}

FN(py_tquebind) {
  LOC(5, "tquebind");
  INT(src, 2);
  INT(dst, 3);
  INT(depth, 4);
  RET(PH_QUE, asc_tquebind_at(file, line, (asc_tposition)src,
                              (asc_tposition)dst, depth));
}

FN(py_tbuf) {
  LOC(3, "tbuf");
  INT(pos, 2);
  RET(PH_TBUF, asc_tbuf_at(file, line, (asc_tposition)pos));
}

FN(py_tpipe_init_buffer_que) {
  LOC(6, "tpipe_init_buffer_que");
  HND(asc_tpipe, p, 2, PH_TPIPE);
  HND(asc_tquebind, q, 3, PH_QUE);
  SV(num, 4);
  SV(len, 5);
  asc_tpipe_init_buffer_que_at(file, line, p, q, num, len);
  Py_RETURN_NONE;
}

FN(py_tpipe_init_buffer_buf) {
  LOC(5, "tpipe_init_buffer_buf");
  HND(asc_tpipe, p, 2, PH_TPIPE);
  HND(asc_tbuf, b, 3, PH_TBUF);
  SV(len, 4);
  asc_tpipe_init_buffer_buf_at(file, line, p, b, len);
  Py_RETURN_NONE;
}

#define PIPE_FN(name, cfn)                                                     \
  FN(name) {                                                                   \
    LOC(3, #name);                                                             \
    HND(asc_tpipe, p, 2, PH_TPIPE);                                            \
    cfn(file, line, p);                                                        \
    Py_RETURN_NONE;                                                            \
  }
PIPE_FN(py_tpipe_init, asc_tpipe_init_at)
PIPE_FN(py_tpipe_reset, asc_tpipe_reset_at)
PIPE_FN(py_tpipe_destroy, asc_tpipe_destroy_at)

#define EVID_FN(name, cfn)                                                     \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    HND(asc_tpipe, p, 2, PH_TPIPE);                                            \
    INT(ev, 3);                                                                \
    RET(PH_INT, cfn(file, line, p, (asc_hardevent)ev));                        \
  }
EVID_FN(py_tpipe_alloc_event_id, asc_tpipe_alloc_event_id_at)
EVID_FN(py_tpipe_fetch_event_id, asc_tpipe_fetch_event_id_at)

FN(py_tpipe_release_event_id) {
  LOC(5, "tpipe_release_event_id");
  HND(asc_tpipe, p, 2, PH_TPIPE);
  SV(id, 3);
  INT(ev, 4);
  asc_tpipe_release_event_id_at(file, line, p, id, (asc_hardevent)ev);
  Py_RETURN_NONE;
}

/* que(file, line, q, dtype) -> LocalTensor */
#define QUE_DT_FN(name, cfn)                                                   \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    HND(asc_tquebind, q, 2, PH_QUE);                                           \
    INT(dt, 3);                                                                \
    RET(PH_LOCAL, cfn(file, line, q, (asc_dtype)dt));                          \
  }
QUE_DT_FN(py_que_alloc_tensor, asc_tquebind_alloc_tensor_at)
QUE_DT_FN(py_que_deque, asc_tquebind_deque_at)

/* que(file, line, q, tensor) -> None */
#define QUE_T_FN(name, cfn)                                                    \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    HND(asc_tquebind, q, 2, PH_QUE);                                           \
    HND(asc_local_tensor, t, 3, PH_LOCAL);                                     \
    cfn(file, line, q, t);                                                     \
    Py_RETURN_NONE;                                                            \
  }
QUE_T_FN(py_que_alloc_tensor_in_place, asc_tquebind_alloc_tensor_in_place_at)
QUE_T_FN(py_que_enque, asc_tquebind_enque_at)
QUE_T_FN(py_que_deque_in_place, asc_tquebind_deque_in_place_at)
QUE_T_FN(py_que_free_tensor, asc_tquebind_free_tensor_at)

FN(py_que_enque_pos) {
  LOC(6, "que_enque_pos");
  HND(asc_tquebind, q, 2, PH_QUE);
  HND(asc_local_tensor, t, 3, PH_LOCAL);
  INT(src, 4);
  INT(dst, 5);
  asc_tquebind_enque_pos_at(file, line, q, t, (asc_tposition)src,
                            (asc_tposition)dst);
  Py_RETURN_NONE;
}

FN(py_que_deque_pos) {
  LOC(6, "que_deque_pos");
  HND(asc_tquebind, q, 2, PH_QUE);
  INT(dt, 3);
  INT(src, 4);
  INT(dst, 5);
  RET(PH_LOCAL,
      asc_tquebind_deque_pos_at(file, line, q, (asc_dtype)dt,
                                (asc_tposition)src, (asc_tposition)dst));
}

FN(py_que_free_all_event) {
  LOC(3, "que_free_all_event");
  HND(asc_tquebind, q, 2, PH_QUE);
  asc_tquebind_free_all_event_at(file, line, q);
  Py_RETURN_NONE;
}

#define QUE_Q_FN(name, cfn, kind)                                              \
  FN(name) {                                                                   \
    LOC(3, #name);                                                             \
    HND(asc_tquebind, q, 2, PH_QUE);                                           \
    RET(kind, cfn(file, line, q));                                             \
  }
QUE_Q_FN(py_que_has_idle_buffer, asc_tquebind_has_idle_buffer_at, PH_BOOL)
QUE_Q_FN(py_que_has_tensor_in_que, asc_tquebind_has_tensor_in_que_at, PH_BOOL)
QUE_Q_FN(py_que_vacant_in_que, asc_tquebind_vacant_in_que_at, PH_BOOL)
QUE_Q_FN(py_que_get_tensor_count_in_que,
         asc_tquebind_get_tensor_count_in_que_at, PH_INT)

FN(py_tbuf_get) {
  LOC(4, "tbuf_get");
  HND(asc_tbuf, b, 2, PH_TBUF);
  INT(dt, 3);
  RET(PH_LOCAL, asc_tbuf_get_at(file, line, b, (asc_dtype)dt));
}

FN(py_tbuf_alloc_tensor) {
  LOC(4, "tbuf_alloc_tensor");
  HND(asc_tbuf, b, 2, PH_TBUF);
  INT(dt, 3);
  RET(PH_LOCAL, asc_tbuf_alloc_tensor_at(file, line, b, (asc_dtype)dt));
}

FN(py_tbuf_free_tensor) {
  LOC(4, "tbuf_free_tensor");
  HND(asc_tbuf, b, 2, PH_TBUF);
  HND(asc_local_tensor, t, 3, PH_LOCAL);
  asc_tbuf_free_tensor_at(file, line, b, t);
  Py_RETURN_NONE;
}

FN(py_tbuf_get_len) {
  LOC(5, "tbuf_get_len");
  HND(asc_tbuf, b, 2, PH_TBUF);
  INT(dt, 3);
  SV(len, 4);
  RET(PH_LOCAL, asc_tbuf_get_len_at(file, line, b, (asc_dtype)dt, len));
}

FN(py_tbuf_get_with_offset) {
  LOC(6, "tbuf_get_with_offset");
  HND(asc_tbuf, b, 2, PH_TBUF);
  SV(size, 3);
  SV(off, 4);
  INT(dt, 5);
  RET(PH_LOCAL,
      asc_tbuf_get_with_offset_at(file, line, b, size, off, (asc_dtype)dt));
}

/* ---- synchronisation and system values --------------------------------- */

#define FLAG_FN(name, cfn)                                                     \
  FN(name) {                                                                   \
    LOC(4, #name);                                                             \
    INT(ev, 2);                                                                \
    SV(id, 3);                                                                 \
    cfn(file, line, (asc_hardevent)ev, id);                                    \
    Py_RETURN_NONE;                                                            \
  }
FLAG_FN(py_set_flag, asc_set_flag_at)
FLAG_FN(py_wait_flag, asc_wait_flag_at)

FN(py_pipe_barrier) {
  LOC(3, "pipe_barrier");
  INT(pipe, 2);
  asc_pipe_barrier_at(file, line, (asc_pipeid)pipe);
  Py_RETURN_NONE;
}

FN(py_get_block_idx) {
  LOC(2, "get_block_idx");
  RET(PH_INT, asc_get_block_idx_at(file, line));
}

FN(py_get_block_num) {
  LOC(2, "get_block_num");
  RET(PH_INT, asc_get_block_num_at(file, line));
}

PyMethodDef pl_lang_methods[] = {
    METHOD("arg_gm", py_arg_gm),
    METHOD("arg_int", py_arg_int),
    METHOD("arg_float", py_arg_float),
    METHOD("iadd", py_iadd),
    METHOD("isub", py_isub),
    METHOD("imul", py_imul),
    METHOD("idiv", py_idiv),
    METHOD("irem", py_irem),
    METHOD("imin", py_imin),
    METHOD("imax", py_imax),
    METHOD("fadd", py_fadd),
    METHOD("fsub", py_fsub),
    METHOD("fmul", py_fmul),
    METHOD("fdiv", py_fdiv),
    METHOD("cmp", py_cmp),
    METHOD("iselect", py_iselect),
    METHOD("fselect", py_fselect),
    METHOD("to_int", py_to_int),
    METHOD("to_float", py_to_float),
    METHOD("var_int", py_var_int),
    METHOD("var_float", py_var_float),
    METHOD("var_bool", py_var_bool),
    METHOD("get_int", py_get_int),
    METHOD("get_float", py_get_float),
    METHOD("get_bool", py_get_bool),
    METHOD("set_int", py_set_int),
    METHOD("set_float", py_set_float),
    METHOD("set_bool", py_set_bool),
    METHOD("for_open", py_for_open),
    METHOD("if_open", py_if_open),
    METHOD("else_open", py_else_open),
    {"frame_iv", py_frame_iv, METH_O, NULL},
    {"frame_enter", py_frame_enter, METH_O, NULL},
    {"frame_body", py_frame_body, METH_O, NULL},
    {"frame_body_end", py_frame_body_end, METH_O, NULL},
    {"frame_close", py_frame_close, METH_O, NULL},
    METHOD("tpipe", py_tpipe),
    METHOD("tque", py_tque),
    METHOD("tquebind", py_tquebind),
    METHOD("tbuf", py_tbuf),
    METHOD("tpipe_init_buffer_que", py_tpipe_init_buffer_que),
    METHOD("tpipe_init_buffer_buf", py_tpipe_init_buffer_buf),
    METHOD("tpipe_init", py_tpipe_init),
    METHOD("tpipe_reset", py_tpipe_reset),
    METHOD("tpipe_destroy", py_tpipe_destroy),
    METHOD("tpipe_alloc_event_id", py_tpipe_alloc_event_id),
    METHOD("tpipe_fetch_event_id", py_tpipe_fetch_event_id),
    METHOD("tpipe_release_event_id", py_tpipe_release_event_id),
    METHOD("que_alloc_tensor", py_que_alloc_tensor),
    METHOD("que_alloc_tensor_in_place", py_que_alloc_tensor_in_place),
    METHOD("que_enque", py_que_enque),
    METHOD("que_enque_pos", py_que_enque_pos),
    METHOD("que_deque", py_que_deque),
    METHOD("que_deque_in_place", py_que_deque_in_place),
    METHOD("que_deque_pos", py_que_deque_pos),
    METHOD("que_free_tensor", py_que_free_tensor),
    METHOD("que_free_all_event", py_que_free_all_event),
    METHOD("que_has_idle_buffer", py_que_has_idle_buffer),
    METHOD("que_has_tensor_in_que", py_que_has_tensor_in_que),
    METHOD("que_vacant_in_que", py_que_vacant_in_que),
    METHOD("que_get_tensor_count_in_que", py_que_get_tensor_count_in_que),
    METHOD("tbuf_get", py_tbuf_get),
    METHOD("tbuf_get_len", py_tbuf_get_len),
    METHOD("tbuf_alloc_tensor", py_tbuf_alloc_tensor),
    METHOD("tbuf_free_tensor", py_tbuf_free_tensor),
    METHOD("tbuf_get_with_offset", py_tbuf_get_with_offset),
    METHOD("set_flag", py_set_flag),
    METHOD("wait_flag", py_wait_flag),
    METHOD("pipe_barrier", py_pipe_barrier),
    METHOD("get_block_idx", py_get_block_idx),
    METHOD("get_block_num", py_get_block_num),
    {NULL, NULL, 0, NULL}};
