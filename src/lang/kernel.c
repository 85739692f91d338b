/* The JIT context (pyasc's @asc.jit / require_jit): casc_jit_build, the
 * per-thread current build, the call protocol of every asc_* function, the
 * checks on handles, and kernel arguments. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

static _Thread_local lang_kernel *g_current;

/* Errors of calls made outside any build (no context to report to). */
static _Thread_local char g_last_error[512];
static _Thread_local bool g_has_error;
static _Thread_local unsigned g_error_count;

/* Serial numbers stamped into handles; 0 is the null handle. */
static atomic_uint g_serial;

lang_kernel *lang_current(void) {
  return g_current;
}

const char *casc_lang_last_error(void) {
  return g_has_error ? g_last_error : NULL;
}
unsigned casc_lang_error_count(void) {
  return g_error_count;
}
void casc_lang_clear_errors(void) {
  g_has_error = false;
  g_error_count = 0;
  g_last_error[0] = '\0';
}

static void record_outside(const char *file, int line, const char *api) {
  snprintf(g_last_error, sizeof g_last_error,
           "%s:%d:0: error: %s must be called while a kernel is being built",
           file ? file : "<unknown>", line, api);
  g_has_error = true;
  g_error_count++;
}

void *lang_alloc(lang_kernel *k, size_t n) {
  return casc_ctx_alloc(k->ctx, n);
}

bool lang_build_failed(const lang_kernel *k) {
  return casc_ctx_error_count(k->ctx) != k->errors_at_start;
}

void lang_error_at(lang_kernel *k, casc_loc *loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  casc_diag *d = casc_diag_beginv(k->ctx, CASC_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
  if (d)
    casc_diag_emit(d);
}

void lang_error(lang_call *c, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->failed = true;
  lang_error_at(c->k, c->loc, "%s: %s", c->api, msg);
}

bool lang_begin(lang_call *c, const char *api, const char *file, int line) {
  memset(c, 0, sizeof *c);
  c->api = api;
  c->file = file;
  c->line = line > 0 ? (unsigned)line : 0;
  lang_kernel *k = g_current;
  if (!k) {
    record_outside(file, line, api);
    return false;
  }
  c->k = k;
  lang_settle(k);
  k->unwinding = false;
  c->loc = casc_loc_file(k->ctx, file ? file : "<unknown>", c->line, 0);
  if (!k->func_loc_set) {
    /* The function is located at the first call its body makes. */
    k->func->loc = c->loc;
    k->func_loc_set = true;
  }
  casc_builder_set_end(&k->b, k->top->block);
  k->b.loc = c->loc;
  return true;
}

unsigned lang_stamp(const lang_call *c) {
  return c->k ? c->k->serial : 0;
}

bool lang_visible(lang_kernel *k, casc_value *v) {
  casc_block *b = v->def ? v->def->parent : casc_value_block(v);
  for (lang_frame *f = k->top; f; f = f->parent)
    if (f->block == b)
      return true;
  return false;
}

unsigned lang_block_line(casc_block *b, const char **what) {
  *what = "region";
  if (!b || !b->parent || !b->parent->parent)
    return 0;
  casc_op *op = b->parent->parent;
  if (op->kind == CASC_OP_SCF_FOR)
    *what = "ASC_FOR";
  else if (op->kind == CASC_OP_SCF_IF)
    *what = "ASC_IF";
  const casc_loc *l = casc_loc_find_file(op->loc);
  return l ? l->u.file.line : 0;
}

/* Shared by value and cell checks: null / foreign / poisoned handles. */
bool lang_handle(lang_call *c, void *p, unsigned k, const char *what) {
  if (k == 0) {
    lang_error(c,
               "%s is not a valid handle (zero-initialised, or created "
               "outside a kernel build)",
               what);
    return false;
  }
  if (k != c->k->serial) {
    lang_error(c, "%s was created by another kernel", what);
    return false;
  }
  if (!p) { /* poisoned by an earlier error: stay silent */
    c->failed = true;
    return false;
  }
  return true;
}

casc_value *lang_value(lang_call *c, void *p, unsigned k, const char *what) {
  if (!lang_handle(c, p, k, what))
    return NULL;
  casc_value *v = p;
  if (!lang_visible(c->k, v)) {
    if (lang_build_failed(c->k)) { /* likely a value from a dropped body */
      c->failed = true;
      return NULL;
    }
    const char *where;
    unsigned line =
        lang_block_line(v->def ? v->def->parent : casc_value_block(v), &where);
    if (line)
      lang_error(c,
                 "%s was defined inside the %s at line %u and is not visible "
                 "here; carry values out of loops and branches with asc_var",
                 what, where, line);
    else
      lang_error(c, "%s is not visible here", what);
    return NULL;
  }
  return v;
}

lang_var *lang_cell(lang_call *c, void *p, unsigned k, const char *what) {
  if (!lang_handle(c, p, k, what))
    return NULL;
  lang_var *var = p;
  for (lang_frame *f = c->k->top; f; f = f->parent)
    if (f == var->home && f->in_else == var->home_else)
      return var;
  lang_error(c,
             "%s was created inside a loop or branch (line %u) that has "
             "ended",
             what, var->line);
  return NULL;
}

casc_op *lang_op(lang_call *c, casc_op_kind kind, unsigned nops,
                 casc_value *const *ops, unsigned nres,
                 casc_type *const *rtypes, casc_attr *attrs) {
  for (unsigned i = 0; i < nops; i++)
    if (!ops[i])
      return NULL;
  for (unsigned i = 0; i < nres; i++)
    if (!rtypes[i])
      return NULL;
  casc_builder_set_end(&c->k->b, c->k->top->block);
  c->k->b.loc = c->loc;
  return casc_build(&c->k->b, kind, nops, ops, nres, rtypes, attrs, 0);
}

casc_value *lang_op1(lang_call *c, casc_op_kind kind, unsigned nops,
                     casc_value *const *ops, casc_type *rtype,
                     casc_attr *attrs) {
  casc_op *op = lang_op(c, kind, nops, ops, 1, &rtype, attrs);
  return op ? casc_op_result(op, 0) : NULL;
}

casc_attr *lang_attrs1(lang_call *c, const char *name, casc_attr *v) {
  casc_named_attr a = {casc_intern_cstr(c->k->ctx, name), v};
  return casc_attr_dict(c->k->ctx, 1, &a);
}

casc_attr *lang_enum_attr(lang_call *c, int64_t v) {
  return casc_attr_int(c->k->ctx, c->k->i32, v);
}

/* ---- dtypes -------------------------------------------------------------- */

static const struct {
  const char *name;
  unsigned size;
} k_dtypes[ASC_DTYPE_COUNT_] = {
    [ASC_HALF] = {"float16", 2},  [ASC_FLOAT] = {"float32", 4},
    [ASC_BF16] = {"bfloat16", 2}, [ASC_DOUBLE] = {"float64", 8},
    [ASC_INT8] = {"int8", 1},     [ASC_INT16] = {"int16", 2},
    [ASC_INT32] = {"int32", 4},   [ASC_INT64] = {"int64", 8},
    [ASC_UINT8] = {"uint8", 1},   [ASC_UINT16] = {"uint16", 2},
    [ASC_UINT32] = {"uint32", 4}, [ASC_UINT64] = {"uint64", 8},
};

static bool dtype_valid(asc_dtype dt) {
  return (int)dt > ASC_DTYPE_INVALID_ && (int)dt < ASC_DTYPE_COUNT_;
}

unsigned asc_dtype_sizeof(asc_dtype dt) {
  return dtype_valid(dt) ? k_dtypes[dt].size : 0;
}

const char *asc_dtype_name(asc_dtype dt) {
  return dtype_valid(dt) ? k_dtypes[dt].name : "invalid";
}

casc_type *lang_dtype_type(lang_kernel *k, asc_dtype dt) {
  switch (dt) {
  case ASC_HALF:
    return k->f16;
  case ASC_FLOAT:
    return k->f32;
  case ASC_BF16:
    return k->bf16;
  case ASC_DOUBLE:
    return k->f64;
  case ASC_INT8:
    return k->i8;
  case ASC_INT16:
    return k->i16;
  case ASC_INT32:
    return k->i32;
  case ASC_INT64:
    return k->i64;
  case ASC_UINT8:
    return k->ui8;
  case ASC_UINT16:
    return k->ui16;
  case ASC_UINT32:
    return k->ui32;
  case ASC_UINT64:
    return k->ui64;
  default:
    return NULL;
  }
}

asc_dtype lang_type_dtype(const casc_type *t) {
  if (!t)
    return ASC_DTYPE_INVALID_;
  if (t->kind == CASC_TYPE_FLOAT) {
    switch (t->u.flt.fk) {
    case CASC_F16:
      return ASC_HALF;
    case CASC_BF16:
      return ASC_BF16;
    case CASC_F32:
      return ASC_FLOAT;
    case CASC_F64:
      return ASC_DOUBLE;
    }
  }
  if (t->kind == CASC_TYPE_INTEGER) {
    bool u = t->u.integer.sign == CASC_UNSIGNED;
    switch (t->u.integer.width) {
    case 8:
      return u ? ASC_UINT8 : ASC_INT8;
    case 16:
      return u ? ASC_UINT16 : ASC_INT16;
    case 32:
      return u ? ASC_UINT32 : ASC_INT32;
    case 64:
      return u ? ASC_UINT64 : ASC_INT64;
    default:
      break;
    }
  }
  return ASC_DTYPE_INVALID_;
}

casc_type *lang_dtype_checked(lang_call *c, asc_dtype dt, const char *what) {
  casc_type *t = lang_dtype_type(c->k, dt);
  if (!t)
    lang_error(c,
               "%s: %d is not a valid dtype (use ASC_HALF, ASC_FLOAT, "
               "ASC_INT32, ...)",
               what, (int)dt);
  return t;
}

const char *lang_type_name(lang_call *c, const casc_type *t) {
  asc_dtype dt = lang_type_dtype(t);
  if (dt)
    return asc_dtype_name(dt);
  return casc_type_str(c->k->ctx, t);
}

/* ---- the build ------------------------------------------------------------
 */

static void init_types(lang_kernel *k) {
  casc_ctx *ctx = k->ctx;
  k->i1 = casc_type_i1(ctx);
  k->i8 = casc_type_i8(ctx);
  k->i16 = casc_type_int(ctx, 16, CASC_SIGNLESS);
  k->i32 = casc_type_i32(ctx);
  k->i64 = casc_type_i64(ctx);
  k->ui8 = casc_type_int(ctx, 8, CASC_UNSIGNED);
  k->ui16 = casc_type_int(ctx, 16, CASC_UNSIGNED);
  k->ui32 = casc_type_int(ctx, 32, CASC_UNSIGNED);
  k->ui64 = casc_type_int(ctx, 64, CASC_UNSIGNED);
  k->index = casc_type_index(ctx);
  k->f16 = casc_type_float(ctx, CASC_F16);
  k->bf16 = casc_type_float(ctx, CASC_BF16);
  k->f32 = casc_type_float(ctx, CASC_F32);
  k->f64 = casc_type_float(ctx, CASC_F64);
}

static bool valid_symbol(const char *s) {
  if (!s || !*s)
    return false;
  for (const char *p = s; *p; p++) {
    char ch = *p;
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
              ch == '_' || (p != s && ch >= '0' && ch <= '9');
    if (!ok)
      return false;
  }
  return true;
}

/* func.func @name with the attributes pyasc's front end sets on a kernel. */
static casc_op *create_func(lang_kernel *k, const char *name) {
  casc_ctx *ctx = k->ctx;
  casc_named_attr a[4] = {
      {casc_intern_cstr(ctx, "sym_name"),
       casc_attr_string(ctx, name, strlen(name))},
      {casc_intern_cstr(ctx, "function_type"),
       casc_attr_type(ctx, casc_type_func(ctx, 0, NULL, 0, NULL))},
      {casc_intern_cstr(ctx, "ascendc.aicore"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "ascendc.global"), casc_attr_unit(ctx)},
  };
  casc_op *f =
      casc_op_create_kind(ctx, CASC_OP_FUNC_FUNC, casc_loc_unknown(ctx), 0,
                          NULL, 0, NULL, casc_attr_dict(ctx, 4, a), 1);
  if (!f)
    return NULL;
  k->entry = casc_region_entry(ctx, casc_op_region(f, 0));
  return k->entry ? f : NULL;
}

/* Ends the body: closes what is still open, adds func.return, fixes the
 * function type from the arguments declared. */
static void finish_func(lang_kernel *k) {
  casc_ctx *ctx = k->ctx;
  lang_settle(k);
  if (k->top != &k->root) {
    for (lang_frame *f = k->top; f != &k->root; f = f->parent)
      if (f->kind != FRAME_DEAD)
        lang_error_at(k, f->loc,
                      "%s body was left by return or goto; the region at "
                      "line %u was never closed",
                      f->what, f->line);
    lang_frames_unwind_all(k);
  }
  casc_op *ret = casc_op_create_kind(ctx, CASC_OP_FUNC_RETURN, k->func->loc, 0,
                                     NULL, 0, NULL, NULL, 0);
  if (ret)
    casc_block_append(k->entry, ret);
  unsigned n = k->entry->nargs;
  casc_type **in = casc_ctx_alloc(ctx, (n ? n : 1) * sizeof(*in));
  if (in) {
    for (unsigned i = 0; i < n; i++)
      in[i] = k->entry->args[i]->type;
    casc_op_set_attr(ctx, k->func, "function_type",
                     casc_attr_type(ctx, casc_type_func(ctx, n, in, 0, NULL)));
  }
}

casc_op *casc_jit_build(casc_ctx *ctx, const char *name, asc_kernel_body body,
                        void *user) {
  if (!ctx)
    return NULL;
  casc_loc *unknown = casc_loc_unknown(ctx);
  if (g_current) {
    casc_emit_error(ctx, unknown,
                    "casc_jit_build: cannot build kernel '%s' while kernel "
                    "'%s' is being built on this thread",
                    name ? name : "(null)", casc_func_name(g_current->func));
    return NULL;
  }
  if (!valid_symbol(name)) {
    casc_emit_error(ctx, unknown,
                    "casc_jit_build: kernel name '%s' is not a C identifier",
                    name ? name : "(null)");
    return NULL;
  }
  if (!body) {
    casc_emit_error(ctx, unknown, "casc_jit_build: kernel '%s' has no body",
                    name);
    return NULL;
  }
  lang_kernel *k = casc_ctx_alloc(ctx, sizeof *k);
  if (!k)
    return NULL;
  k->ctx = ctx;
  k->errors_at_start = casc_ctx_error_count(ctx);
  k->serial = atomic_fetch_add(&g_serial, 1) + 1;
  if (k->serial == 0) /* wrapped: 0 is reserved for null handles */
    k->serial = atomic_fetch_add(&g_serial, 1) + 1;
  init_types(k);
  k->module = casc_module_create(ctx, unknown);
  k->func = k->module ? create_func(k, name) : NULL;
  if (!k->func)
    return NULL;
  casc_block_append(casc_module_body(k->module), k->func);
  casc_builder_init(&k->b, ctx);
  k->root.kind = FRAME_KERNEL;
  k->root.state = FS_BODY;
  k->root.k = k;
  k->root.block = k->entry;
  k->root.what = "kernel";
  k->root.loc = unknown;
  k->top = &k->root;
  casc_builder_set_end(&k->b, k->entry);

  g_current = k;
  body(k, user);
  finish_func(k);
  g_current = NULL;

  if (lang_build_failed(k))
    return NULL;
  if (!casc_verify(ctx, k->module))
    return NULL;
  return k->module;
}

/* ---- kernel arguments ------------------------------------------------------
 */

/* A new entry-block argument with pyasc's NameLoc("name"(callsite)). */
casc_value *lang_add_arg(lang_call *c, asc_kernel *k, const char *name,
                         casc_type *t) {
  if (k != c->k) {
    lang_error(c, "the asc_kernel pointer is not the kernel being built");
    return NULL;
  }
  if (!valid_symbol(name)) {
    lang_error(c, "argument name '%s' is not a C identifier",
               name ? name : "(null)");
    return NULL;
  }
  if (c->k->top != &c->k->root) {
    lang_error(c, "kernel arguments must be declared outside ASC_FOR/ASC_IF");
    return NULL;
  }
  casc_block *e = c->k->entry;
  for (unsigned i = 0; i < e->nargs; i++) {
    casc_loc *l = casc_value_loc(e->args[i]);
    if (l && l->kind == CASC_LOC_NAME && strcmp(l->u.name.name, name) == 0) {
      lang_error(c, "argument '%s' is declared twice", name);
      return NULL;
    }
  }
  if (!t)
    return NULL;
  casc_loc *loc = casc_loc_name(c->k->ctx, name, c->loc);
  return casc_block_add_arg(c->k->ctx, e, t, loc);
}

asc_gm_addr asc_arg_gm_at(const char *file, int line, asc_kernel *k,
                          const char *name, asc_dtype dt) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_arg_gm", file, line))
    return r;
  casc_type *elem = lang_dtype_checked(&c, dt, "dtype");
  casc_type *t = elem ? casc_type_gm_memref(c.k->ctx, elem) : NULL;
  r.p_ = elem ? lang_add_arg(&c, k, name, t) : NULL;
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_arg_int_at(const char *file, int line, asc_kernel *k,
                       const char *name, asc_dtype dt) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_arg_int", file, line))
    return r;
  casc_type *t = lang_dtype_checked(&c, dt, "dtype");
  if (t && t->kind != CASC_TYPE_INTEGER) {
    lang_error(&c, "dtype %s is not an integer type", asc_dtype_name(dt));
    t = NULL;
  }
  r.p_ = t ? lang_add_arg(&c, k, name, t) : NULL;
  r.k_ = lang_stamp(&c);
  return r;
}

asc_float asc_arg_float_at(const char *file, int line, asc_kernel *k,
                           const char *name, asc_dtype dt) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_arg_float", file, line))
    return r;
  casc_type *t = lang_dtype_checked(&c, dt, "dtype");
  if (t && t->kind != CASC_TYPE_FLOAT) {
    lang_error(&c, "dtype %s is not a floating-point type", asc_dtype_name(dt));
    t = NULL;
  }
  r.p_ = t ? lang_add_arg(&c, k, name, t) : NULL;
  r.k_ = lang_stamp(&c);
  return r;
}
