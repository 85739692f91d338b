/* casc._casc host side: the Module object (a context and its module), the
 * kernel build that calls back into Python, the parser, the pipeline, the
 * Ascend C emitter and the simulator launch.
 *
 * Every call that can report returns the diagnostics it produced as a list
 * of (severity, "file:line:col", message, [(loc, note), ...]) tuples; the
 * Python package decides which of them become exceptions. */
#include <string.h>

#include "casc/emit.h"
#include "casc/passes.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "pycasc.h"

typedef struct {
  PyObject_HEAD casc_ctx *ctx;
  casc_op *module;
  casc_diag_list diags;
  casc_sim_program *prog; /* lowered kernel, for repeated launches */
  char *prog_kernel;      /* the kernel `prog` was lowered for */
  int running; /* a launch has released the GIL: the module is in use */
} pm_module;

static void pm_drop_program(pm_module *m) {
  casc_sim_program_free(m->prog);
  m->prog = NULL;
  PyMem_Free(m->prog_kernel);
  m->prog_kernel = NULL;
}

static void pm_dealloc(PyObject *self) {
  pm_module *m = (pm_module *)self;
  pm_drop_program(m);
  casc_diag_list_free(&m->diags);
  casc_ctx_free(m->ctx);
  Py_TYPE(self)->tp_free(self);
}

/* A Module with a fresh context whose diagnostics are collected. */
static pm_module *pm_create(void) {
  pm_module *m = PyObject_New(pm_module, &pm_module_type);
  if (!m)
    return NULL;
  m->module = NULL;
  m->prog = NULL;
  m->prog_kernel = NULL;
  m->running = 0;
  memset(&m->diags, 0, sizeof m->diags);
  m->ctx = casc_ctx_new();
  if (!m->ctx) {
    Py_DECREF(m);
    return (pm_module *)PyErr_NoMemory();
  }
  casc_ctx_set_diag_handler(m->ctx, casc_diag_collect, &m->diags);
  return m;
}

static PyObject *loc_str(const casc_loc *loc) {
  char buf[512];
  casc_loc_format(loc, buf, sizeof buf);
  return PyUnicode_FromString(buf);
}

/* The diagnostics collected since the last drain, as Python tuples. */
static PyObject *pm_drain(pm_module *m) {
  PyObject *out = PyList_New(0);
  if (!out)
    return NULL;
  for (unsigned i = 0; i < m->diags.n; i++) {
    const casc_diag *d = m->diags.items[i];
    PyObject *notes = PyList_New(0);
    if (!notes)
      goto fail;
    for (unsigned j = 0; j < d->nnotes; j++) {
      PyObject *n =
          Py_BuildValue("(Ns)", loc_str(d->notes[j].loc), d->notes[j].msg);
      if (!n || PyList_Append(notes, n) < 0) {
        Py_XDECREF(n);
        Py_DECREF(notes);
        goto fail;
      }
      Py_DECREF(n);
    }
    PyObject *t = Py_BuildValue("(sNsN)", casc_severity_name(d->sev),
                                loc_str(d->loc), d->msg, notes);
    if (!t || PyList_Append(out, t) < 0) {
      Py_XDECREF(t);
      goto fail;
    }
    Py_DECREF(t);
  }
  if (m->diags.dropped) {
    PyObject *t = Py_BuildValue("(sss[])", "error", "<unknown>:0",
                                "diagnostics were dropped: out of memory");
    if (!t || PyList_Append(out, t) < 0) {
      Py_XDECREF(t);
      goto fail;
    }
    Py_DECREF(t);
  }
  casc_diag_list_free(&m->diags);
  memset(&m->diags, 0, sizeof m->diags);
  return out;
fail:
  Py_DECREF(out);
  return NULL;
}

/* While a launch runs without the GIL, another thread must not touch the
 * module, its context or its lowered program. */
static int pm_check_idle(pm_module *m) {
  if (m->running) {
    PyErr_SetString(PyExc_RuntimeError,
                    "the module is being launched by another thread");
    return 0;
  }
  return 1;
}

/* (module or None, diagnostics) */
static PyObject *pm_result(pm_module *m, bool ok) {
  PyObject *diags = pm_drain(m);
  if (!diags) {
    Py_DECREF(m);
    return NULL;
  }
  if (!ok) {
    Py_DECREF(m);
    return Py_BuildValue("(ON)", Py_None, diags);
  }
  return Py_BuildValue("(NN)", (PyObject *)m, diags);
}

/* ---- build ------------------------------------------------------------- */

typedef struct {
  PyObject *fn;
  int failed; /* the Python body raised */
} build_state;

static void build_body(asc_kernel *k, void *user) {
  build_state *st = user;
  PyObject *kh = ph_new(PH_KERNEL, k, 0);
  if (!kh) {
    st->failed = 1;
    return;
  }
  PyObject *r = PyObject_CallOneArg(st->fn, kh);
  /* The kernel pointer dies with the build: a handle kept by Python must not
   * reach it later. */
  ((ph_handle *)kh)->p = NULL;
  Py_DECREF(kh);
  if (!r)
    st->failed = 1;
  else
    Py_DECREF(r);
}

/* build(name, body) -> (Module | None, diags). body(kernel) records the
 * kernel; an exception it raises propagates (the build is discarded). */
static PyObject *py_build(PyObject *self, PyObject *args) {
  (void)self;
  const char *name;
  PyObject *fn;
  if (!PyArg_ParseTuple(args, "sO:build", &name, &fn))
    return NULL;
  pm_module *m = pm_create();
  if (!m)
    return NULL;
  build_state st = {fn, 0};
  m->module = casc_jit_build(m->ctx, name, build_body, &st);
  if (st.failed) {
    Py_DECREF(m);
    return NULL;
  }
  return pm_result(m, m->module != NULL);
}

/* parse(text, filename) -> (Module | None, diags); the module is verified. */
static PyObject *py_parse(PyObject *self, PyObject *args) {
  (void)self;
  const char *text, *filename;
  Py_ssize_t len;
  if (!PyArg_ParseTuple(args, "s#s:parse", &text, &len, &filename))
    return NULL;
  pm_module *m = pm_create();
  if (!m)
    return NULL;
  m->module = casc_parse_module(m->ctx, text, (size_t)len, filename, 1);
  bool ok = m->module && casc_verify(m->ctx, m->module);
  return pm_result(m, ok);
}

/* ---- Module methods ---------------------------------------------------- */

static PyObject *buf_to_str(casc_buf *b) {
  if (b->oom) {
    casc_buf_free(b);
    return PyErr_NoMemory();
  }
  PyObject *s =
      PyUnicode_FromStringAndSize(casc_buf_str(b), (Py_ssize_t)b->len);
  casc_buf_free(b);
  return s;
}

static PyObject *pm_print(PyObject *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"debuginfo", "generic", NULL};
  int debuginfo = 0, generic = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|pp:print", kwlist, &debuginfo,
                                   &generic))
    return NULL;
  pm_module *m = (pm_module *)self;
  if (!pm_check_idle(m))
    return NULL;
  casc_print_flags flags = {.generic = generic, .debuginfo = debuginfo};
  casc_buf b;
  casc_buf_init(&b);
  casc_print_op(m->ctx, m->module, &flags, &b);
  return buf_to_str(&b);
}

/* compile(verify_sync=True, pyasc_compat=False) -> (ok, diags): pyasc's
 * pass pipeline, in place. */
static PyObject *pm_compile(PyObject *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"verify_sync", "pyasc_compat", NULL};
  int verify_sync = 1, compat = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|pp:compile", kwlist,
                                   &verify_sync, &compat))
    return NULL;
  pm_module *m = (pm_module *)self;
  if (!pm_check_idle(m))
    return NULL;
  casc_compile_options o;
  casc_compile_options_init(&o);
  o.verify_sync = verify_sync;
  o.pyasc_compat = compat;
  pm_drop_program(m);
  bool ok = casc_compile(m->ctx, m->module, &o);
  return Py_BuildValue("(ON)", ok ? Py_True : Py_False, pm_drain(m));
}

/* emit_ascendc() -> (text | None, diags) */
static PyObject *pm_emit(PyObject *self, PyObject *unused) {
  (void)unused;
  pm_module *m = (pm_module *)self;
  if (!pm_check_idle(m))
    return NULL;
  casc_buf b;
  casc_buf_init(&b);
  if (!casc_emit_ascendc_buf(m->ctx, m->module, &b)) {
    casc_buf_free(&b);
    return Py_BuildValue("(ON)", Py_None, pm_drain(m));
  }
  PyObject *text = buf_to_str(&b);
  if (!text)
    return NULL;
  return Py_BuildValue("(NN)", text, pm_drain(m));
}

/* ---- launch ------------------------------------------------------------ */

/* One launch argument from Python: ("gm", buffer, dtype, name),
 * ("int", dtype, value, name) or ("float", dtype, value, name). */
static int launch_arg(PyObject *t, casc_arg *a, Py_buffer *view) {
  const char *kind, *name;
  PyObject *obj;
  int dt;
  if (!PyArg_ParseTuple(t, "siOs", &kind, &dt, &obj, &name))
    return 0;
  memset(a, 0, sizeof *a);
  a->dtype = (casc_dtype)dt;
  if (dt <= CASC_DT_INVALID || dt >= CASC_DT_COUNT_) {
    PyErr_Format(PyExc_ValueError, "argument %s: bad dtype %d", name, dt);
    return 0;
  }
  if (strcmp(kind, "gm") == 0) {
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
      return 0;
    a->kind = CASC_ARG_GM;
    a->data = view->buf;
    a->count = (size_t)view->len / casc_dtype_size(a->dtype);
    return 1;
  }
  a->kind = CASC_ARG_SCALAR;
  if (strcmp(kind, "int") == 0) {
    long long v = PyLong_AsLongLong(obj);
    if (v == -1 && PyErr_Occurred())
      return 0;
    a->i = v;
    return 1;
  }
  if (strcmp(kind, "float") == 0) {
    a->f = PyFloat_AsDouble(obj);
    return !(a->f == -1.0 && PyErr_Occurred());
  }
  PyErr_Format(PyExc_ValueError, "argument %s: unknown kind '%s'", name, kind);
  return 0;
}

static PyObject *issues_list(const casc_launch_result *res) {
  PyObject *out = PyList_New(0);
  for (unsigned i = 0; out && i < res->nissues; i++) {
    const casc_sim_issue *is = &res->issues[i];
    PyObject *t =
        Py_BuildValue("(sNiss)", casc_severity_name(is->sev), loc_str(is->loc),
                      is->block, casc_sim_check_name(is->check), is->msg);
    if (!t || PyList_Append(out, t) < 0) {
      Py_XDECREF(t);
      Py_CLEAR(out);
    } else {
      Py_DECREF(t);
    }
  }
  return out;
}

static PyObject *timing_dict(const casc_timing *t) {
  if (!t->valid)
    Py_RETURN_NONE;
  PyObject *busy = PyDict_New();
  PyObject *blocks = PyList_New(0);
  if (!busy || !blocks)
    goto fail;
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++) {
    PyObject *f = PyFloat_FromDouble(t->busy_fraction[p]);
    if (!f ||
        PyDict_SetItemString(busy, casc_sim_pipe_name((casc_sim_pipe)p), f)) {
      Py_XDECREF(f);
      goto fail;
    }
    Py_DECREF(f);
  }
  for (unsigned b = 0; b < t->nblocks; b++) {
    const casc_block_timing *bt = &t->blocks[b];
    PyObject *d = Py_BuildValue(
        "{s:K,s:I,s:K,s:I,s:O}", "cycles", (unsigned long long)bt->cycles,
        "core", bt->core, "start", (unsigned long long)bt->start, "races",
        bt->races, "complete", bt->complete ? Py_True : Py_False);
    if (!d || PyList_Append(blocks, d) < 0) {
      Py_XDECREF(d);
      goto fail;
    }
    Py_DECREF(d);
  }
  return Py_BuildValue("{s:K,s:d,s:I,s:I,s:N,s:N}", "cycles",
                       (unsigned long long)t->cycles, "seconds", t->seconds,
                       "clock_mhz", t->clock_mhz, "races", t->races, "busy",
                       busy, "blocks", blocks);
fail:
  Py_XDECREF(busy);
  Py_XDECREF(blocks);
  return NULL;
}

static const char *const launch_status_names[] = {
    "ok", "kernel-error", "bad-launch", "out-of-memory"};

/* launch(kernel, blocks, args, timing=True, threads=0)
 *   -> (status, issues, summary, diags)
 * issues: (severity, loc, block, check, message) from the simulator;
 * diags: everything else the context reported (lowering errors). */
/* The launch's print sink: every print, prefixed by block and location,
 * into a casc_buf (called after the run, without the GIL). */
static void collect_print(const casc_sim_print *p, void *user) {
  casc_sim_print_format(p, user);
}

static PyObject *pm_launch(PyObject *self, PyObject *args, PyObject *kw) {
  static char *kwlist[] = {"kernel", "blocks",  "args",
                           "timing", "threads", NULL};
  const char *kernel;
  unsigned blocks, threads = 0;
  PyObject *list;
  int timing = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "sIO!|pI:launch", kwlist, &kernel,
                                   &blocks, &PyList_Type, &list, &timing,
                                   &threads))
    return NULL;
  pm_module *m = (pm_module *)self;
  if (!pm_check_idle(m))
    return NULL;
  if (!m->prog || strcmp(m->prog_kernel, kernel) != 0) {
    pm_drop_program(m);
    m->prog = casc_sim_compile(m->ctx, m->module, kernel);
    if (!m->prog)
      return Py_BuildValue("(s[]{}N)", "bad-launch", pm_drain(m));
    size_t n = strlen(kernel) + 1;
    m->prog_kernel = PyMem_Malloc(n);
    if (!m->prog_kernel) {
      pm_drop_program(m);
      return PyErr_NoMemory();
    }
    memcpy(m->prog_kernel, kernel, n);
  }
  Py_ssize_t nargs = PyList_GET_SIZE(list);
  casc_arg *cargs = PyMem_Calloc((size_t)nargs + 1, sizeof *cargs);
  Py_buffer *views = PyMem_Calloc((size_t)nargs + 1, sizeof *views);
  PyObject *result = NULL;
  Py_ssize_t got = 0;
  if (!cargs || !views) {
    PyErr_NoMemory();
    goto done;
  }
  for (; got < nargs; got++)
    if (!launch_arg(PyList_GET_ITEM(list, got), &cargs[got], &views[got]))
      goto done;
  /* What the kernel prints (DumpTensor / printf) comes back as
   * summary["output"]; the Python side writes it to sys.stdout. */
  casc_buf out;
  casc_buf_init(&out);
  casc_launch_opts o = {
      .threads = threads, .print = collect_print, .print_user = &out};
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  casc_launch_status st;
  /* The simulator does not touch Python objects: other Python threads may
   * run meanwhile (the buffers stay exported until the views are released). */
  m->running = 1;
  Py_BEGIN_ALLOW_THREADS;
  if (timing)
    st = casc_sim_run_timed(m->prog, blocks, cargs, (unsigned)nargs, &o, NULL,
                            &res);
  else
    st = casc_sim_run(m->prog, blocks, cargs, (unsigned)nargs, &o, &res);
  Py_END_ALLOW_THREADS;
  m->running = 0;
  PyObject *summary =
      Py_BuildValue("{s:I,s:I,s:I,s:K,s:d,s:N,s:s#}", "errors", res.errors,
                    "warnings", res.warnings, "blocks_failed",
                    res.blocks_failed, "steps", (unsigned long long)res.steps,
                    "seconds", res.seconds, "timing", timing_dict(&res.timing),
                    "output", casc_buf_str(&out), (Py_ssize_t)out.len);
  casc_buf_free(&out);
  result = Py_BuildValue("(sNNN)", launch_status_names[st], issues_list(&res),
                         summary, pm_drain(m));
done:
  for (Py_ssize_t i = 0; i < got; i++)
    if (views[i].obj)
      PyBuffer_Release(&views[i]);
  PyMem_Free(cargs);
  PyMem_Free(views);
  return result;
}

static PyMethodDef pm_methods[] = {
    {"print", (PyCFunction)(void (*)(void))pm_print,
     METH_VARARGS | METH_KEYWORDS,
     "print(debuginfo=False, generic=False) -> ASC-IR text"},
    {"compile", (PyCFunction)(void (*)(void))pm_compile,
     METH_VARARGS | METH_KEYWORDS,
     "compile(verify_sync=True, pyasc_compat=False) -> (ok, diags)"},
    {"emit_ascendc", pm_emit, METH_NOARGS,
     "emit_ascendc() -> (Ascend C text | None, diags)"},
    {"launch", (PyCFunction)(void (*)(void))pm_launch,
     METH_VARARGS | METH_KEYWORDS,
     "launch(kernel, blocks, args, timing=True, threads=0) -> "
     "(status, issues, summary, diags)"},
    {NULL, NULL, 0, NULL}};

PyTypeObject pm_module_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "casc._casc.Module",
    .tp_basicsize = sizeof(pm_module),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An ASC-IR module and the casc context that owns it.",
    .tp_dealloc = pm_dealloc,
    .tp_methods = pm_methods,
};

PyMethodDef pm_host_methods[] = {
    {"build", py_build, METH_VARARGS,
     "build(name, body) -> (Module | None, diags): body(kernel) records "
     "the kernel through the language calls"},
    {"parse", py_parse, METH_VARARGS,
     "parse(text, filename) -> (Module | None, diags)"},
    {NULL, NULL, 0, NULL}};
