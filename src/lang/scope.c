/* ASC_FOR / ASC_IF / ASC_ELSE and asc_var cells.
 *
 * A body runs once. While it runs, its ops go into a detached block (the
 * loop body, or the then/else block); the scf.for / scf.if op is created
 * when the body is closed, because only then are its iter_args / results
 * known (a cell written in the body). The macros drive each frame through
 * asc__frame_enter (outer `for` condition), asc__frame_body (inner `for`
 * condition) and asc__frame_body_end (inner `for` increment): a body that
 * does not reach body_end was left by break, return or goto.
 *
 * Cells: a cell has a value per frame (a binding). Reading a cell inside a
 * loop it comes from outside of "promotes" it: a block argument of the loop
 * body stands for it. When the loop closes, a promoted cell that was
 * written becomes an iter_arg (init = outer value, yield = last value,
 * result = new outer value); one that was only read has its block argument
 * replaced by the outer value and removed. Branches need no promotion (a
 * region can use values from above); a cell written in either branch
 * becomes a result of the scf.if. */
#include <string.h>

#include "lang/lang_internal.h"

/* Outside any build the body is not run; one shared frame says so. */
static _Thread_local lang_frame g_skip = {.kind = FRAME_SKIP,
                                          .state = FS_CLOSED};

/* ---- bindings ------------------------------------------------------------ */

static lang_binding **bindings_of(lang_frame *f) {
  return f->kind == FRAME_IF && f->in_else ? &f->else_bindings : &f->bindings;
}

static lang_binding *find_binding(lang_binding *list, lang_var *var) {
  for (lang_binding *b = list; b; b = b->next)
    if (b->var == var)
      return b;
  return NULL;
}

/* Appends (so that iter_args / results keep first-use order). */
static lang_binding *new_binding(lang_kernel *k, lang_binding **list,
                                 lang_var *var) {
  lang_binding *b = lang_alloc(k, sizeof *b);
  if (!b)
    return NULL;
  b->var = var;
  while (*list)
    list = &(*list)->next;
  *list = b;
  return b;
}

static casc_value *frame_get(lang_kernel *k, lang_frame *f, lang_var *var) {
  lang_binding *b = find_binding(*bindings_of(f), var);
  if (b)
    return b->value;
  if (f == var->home || !f->parent)
    return NULL; /* a cell always has a binding in its home frame */
  casc_value *outer = frame_get(k, f->parent, var);
  if (!outer || f->kind != FRAME_FOR)
    return outer;
  casc_value *arg = casc_block_add_arg(k->ctx, f->block, var->type, f->loc);
  b = arg ? new_binding(k, &f->bindings, var) : NULL;
  if (!b)
    return NULL;
  b->arg = arg;
  b->init = outer;
  b->value = arg;
  return arg;
}

static void frame_set(lang_kernel *k, lang_frame *f, lang_var *var,
                      casc_value *v) {
  lang_binding *b = find_binding(*bindings_of(f), var);
  if (!b && f->kind == FRAME_FOR && f != var->home) {
    frame_get(k, f, var); /* promote first: the write is loop-carried */
    b = find_binding(f->bindings, var);
  }
  if (!b)
    b = new_binding(k, bindings_of(f), var);
  if (!b)
    return;
  b->value = v;
  b->set = true;
}

casc_value *lang_var_get(lang_kernel *k, lang_var *var) {
  return frame_get(k, k->top, var);
}

void lang_var_set(lang_kernel *k, lang_var *var, casc_value *v) {
  frame_set(k, k->top, var, v);
}

/* ---- frame stack ------------------------------------------------------------
 */

static void push(lang_kernel *k, lang_frame *f) {
  f->parent = k->top;
  k->top = f;
  casc_builder_set_end(&k->b, f->block);
}

static void pop(lang_kernel *k, lang_frame *f) {
  k->top = f->parent;
  f->state = FS_CLOSED;
  casc_builder_set_end(&k->b, k->top->block);
}

/* Drop f and every frame above it without building anything. */
static void abandon(lang_kernel *k, lang_frame *f) {
  bool on_stack = false;
  for (lang_frame *t = k->top; t; t = t->parent)
    on_stack |= t == f;
  if (!on_stack) {
    f->state = FS_CLOSED;
    return;
  }
  for (lang_frame *t = k->top; t != &k->root; t = k->top) {
    pop(k, t);
    if (t == f)
      break;
  }
}

void lang_frames_unwind_all(lang_kernel *k) {
  while (k->top != &k->root)
    pop(k, k->top);
}

static void remove_block_arg(casc_block *b, casc_value *arg) {
  unsigned j = 0;
  for (unsigned i = 0; i < b->nargs; i++) {
    if (b->args[i] == arg)
      continue;
    b->args[j] = b->args[i];
    b->args[j]->index = j;
    j++;
  }
  b->nargs = j;
}

static casc_op *make_yield(lang_kernel *k, casc_loc *loc, unsigned n,
                           casc_value **vals) {
  return casc_op_create_kind(k->ctx, CASC_OP_SCF_YIELD, loc, n, vals, 0, NULL,
                             NULL, 0);
}

static unsigned count_bindings(const lang_binding *b) {
  unsigned n = 0;
  for (; b; b = b->next)
    n++;
  return n;
}

static void close_while(lang_kernel *k, lang_frame *f);

static void close_for(lang_kernel *k, lang_frame *f) {
  if (f->while_before) {
    close_while(k, f);
    return;
  }
  unsigned n = count_bindings(f->bindings), kept = 0;
  casc_value **ops = lang_alloc(k, (3 + n) * sizeof *ops);
  casc_value **yields = lang_alloc(k, (n ? n : 1) * sizeof *yields);
  casc_type **types = lang_alloc(k, (n ? n : 1) * sizeof *types);
  lang_var **vars = lang_alloc(k, (n ? n : 1) * sizeof *vars);
  if (!ops || !yields || !types || !vars) {
    abandon(k, f);
    return;
  }
  memcpy(ops, f->bounds, sizeof f->bounds);
  for (lang_binding *b = f->bindings; b; b = b->next) {
    if (!b->arg)
      continue; /* a cell created in this body: dies with it */
    if (!b->set) {
      casc_value_replace_all_uses(b->arg, b->init);
      remove_block_arg(f->block, b->arg);
      continue;
    }
    ops[3 + kept] = b->init;
    yields[kept] = b->value;
    types[kept] = b->var->type;
    vars[kept] = b->var;
    kept++;
  }
  casc_op *y = make_yield(k, f->loc, kept, yields);
  casc_op *op = casc_op_create_kind(k->ctx, CASC_OP_SCF_FOR, f->loc, 3 + kept,
                                    ops, kept, types, NULL, 1);
  pop(k, f);
  if (!y || !op)
    return;
  casc_block_append(f->block, y);
  casc_region_push_block(casc_op_region(op, 0), f->block);
  casc_block_append(k->top->block, op);
  for (unsigned i = 0; i < kept; i++)
    frame_set(k, k->top, vars[i], casc_op_result(op, i));
}

/* scf.while (count = 0, carried cells) { before: cond; scf.condition }
 * do { body; count + 1 }: pyasc's MatmulIterator. The carried cells are
 * close_for's (written promoted cells); the before-region passes them on
 * unchanged. */
static void close_while(lang_kernel *k, lang_frame *f) {
  unsigned n = count_bindings(f->bindings) + 1, kept = 1;
  casc_value **inits = lang_alloc(k, n * sizeof *inits);
  casc_value **yields = lang_alloc(k, n * sizeof *yields);
  casc_value **conds = lang_alloc(k, (n + 1) * sizeof *conds);
  casc_type **types = lang_alloc(k, n * sizeof *types);
  lang_var **vars = lang_alloc(k, n * sizeof *vars);
  if (!inits || !yields || !conds || !types || !vars) {
    abandon(k, f);
    return;
  }
  types[0] = k->i32;
  for (lang_binding *b = f->bindings; b; b = b->next) {
    if (!b->arg)
      continue;
    if (!b->set) {
      casc_value_replace_all_uses(b->arg, b->init);
      remove_block_arg(f->block, b->arg);
      continue;
    }
    inits[kept] = b->init;
    yields[kept] = b->value;
    types[kept] = b->var->type;
    vars[kept] = b->var;
    kept++;
  }
  /* The count's step at the body's end (k->top is f: ops go to its body). */
  lang_call c = {
      .k = k, .api = "ASC_MATMUL_ITERATE", .line = f->line, .loc = f->loc};
  casc_value *one = lang_mat(&c, asc__sv_i(1), k->i32, "count step");
  casc_value *addo[2] = {f->iv, one};
  yields[0] =
      one ? lang_op1(&c, CASC_OP_ARITH_ADDI, 2, addo, k->i32, NULL) : NULL;
  casc_op *y = yields[0] ? make_yield(k, f->loc, kept, yields) : NULL;
  pop(k, f);
  /* The count starts at 0, made just before the loop as pyasc does. */
  inits[0] = y ? lang_mat(&c, asc__sv_i(0), k->i32, "count") : NULL;
  conds[0] = f->while_cond;
  conds[1] = casc_block_add_arg(k->ctx, f->while_before, k->i32, f->loc);
  for (unsigned i = 1; i < kept && conds[i]; i++)
    conds[i + 1] =
        casc_block_add_arg(k->ctx, f->while_before, types[i], f->loc);
  if (!inits[0] || !conds[kept])
    return; /* the context reported running out of memory */
  casc_op *cond = casc_op_create_kind(k->ctx, CASC_OP_SCF_CONDITION, f->loc,
                                      kept + 1, conds, 0, NULL, NULL, 0);
  casc_op *op = casc_op_create_kind(k->ctx, CASC_OP_SCF_WHILE, f->loc, kept,
                                    inits, kept, types, NULL, 2);
  if (!cond || !op)
    return;
  casc_block_append(f->while_before, cond);
  casc_block_append(f->block, y);
  casc_region_push_block(casc_op_region(op, 0), f->while_before);
  casc_region_push_block(casc_op_region(op, 1), f->block);
  casc_block_append(k->top->block, op);
  for (unsigned i = 1; i < kept; i++)
    frame_set(k, k->top, vars[i], casc_op_result(op, i));
}

/* A cell written in a branch: its value at the end of `branch`, or the
 * value it has around the if when that branch did not write it. */
static casc_value *branch_value(lang_kernel *k, lang_frame *f,
                                lang_binding *branch, lang_var *var) {
  lang_binding *b = find_binding(branch, var);
  return b ? b->value : frame_get(k, f->parent, var);
}

static void close_if(lang_kernel *k, lang_frame *f) {
  unsigned n = count_bindings(f->bindings) + count_bindings(f->else_bindings);
  lang_var **vars = lang_alloc(k, (n ? n : 1) * sizeof *vars);
  if (!vars) {
    abandon(k, f);
    return;
  }
  unsigned nres = 0;
  lang_binding *lists[2] = {f->bindings, f->else_bindings};
  for (int l = 0; l < 2; l++)
    for (lang_binding *b = lists[l]; b; b = b->next) {
      if (b->var->home == f || !b->set)
        continue;
      bool seen = false;
      for (unsigned i = 0; i < nres; i++)
        seen |= vars[i] == b->var;
      if (!seen)
        vars[nres++] = b->var;
    }
  /* The frame stays on the stack while outer values are looked up, so a
   * cell promoted by an enclosing loop is found through it. */
  casc_value **tv = lang_alloc(k, (nres ? nres : 1) * sizeof *tv);
  casc_value **ev = lang_alloc(k, (nres ? nres : 1) * sizeof *ev);
  casc_type **types = lang_alloc(k, (nres ? nres : 1) * sizeof *types);
  if (!tv || !ev || !types) {
    abandon(k, f);
    return;
  }
  for (unsigned i = 0; i < nres; i++) {
    tv[i] = branch_value(k, f, f->bindings, vars[i]);
    ev[i] = branch_value(k, f, f->else_bindings, vars[i]);
    types[i] = vars[i]->type;
    if (!tv[i] || !ev[i]) {
      abandon(k, f);
      return;
    }
  }
  casc_op *yt = make_yield(k, f->loc, nres, tv);
  casc_op *ye = make_yield(k, f->loc, nres, ev);
  casc_op *op = casc_op_create_kind(k->ctx, CASC_OP_SCF_IF, f->loc, 1, &f->cond,
                                    nres, types, NULL, 2);
  pop(k, f);
  if (!yt || !ye || !op)
    return;
  casc_block_append(f->then_block, yt);
  casc_block_append(f->else_block, ye);
  casc_region_push_block(casc_op_region(op, 0), f->then_block);
  casc_region_push_block(casc_op_region(op, 1), f->else_block);
  casc_block_append(k->top->block, op);
  for (unsigned i = 0; i < nres; i++)
    frame_set(k, k->top, vars[i], casc_op_result(op, i));
}

static void close_frame(lang_kernel *k, lang_frame *f) {
  switch (f->kind) {
  case FRAME_FOR:
    close_for(k, f);
    break;
  case FRAME_IF:
    close_if(k, f);
    break;
  default:
    pop(k, f);
    break;
  }
}

void lang_settle(lang_kernel *k) {
  while (k->top != &k->root && k->top->state == FS_PENDING)
    close_frame(k, k->top);
}

/* ---- opening frames
 * ---------------------------------------------------------- */

static lang_frame *new_frame(lang_call *c, frame_kind kind, const char *what) {
  lang_frame *f = lang_alloc(c->k, sizeof *f);
  if (!f)
    return NULL;
  f->kind = kind;
  f->state = FS_OPEN;
  f->k = c->k;
  f->loc = c->loc;
  f->line = c->line;
  f->what = what;
  f->block = casc_block_create(c->k->ctx);
  return f->block ? f : NULL;
}

/* A body after an error: it still runs (so that later, independent
 * mistakes are reported) but its ops go to a block that is dropped. */
static lang_frame *dead_frame(lang_call *c, const char *what) {
  lang_frame *f = new_frame(c, FRAME_DEAD, what);
  if (!f)
    return &g_skip;
  push(c->k, f);
  return f;
}

asc__frame *asc__for_open(const char *file, int line, asc__sv lo, asc__sv hi,
                          asc__sv step) {
  lang_call c;
  if (!lang_begin(&c, "ASC_FOR", file, line))
    return &g_skip;
  lang_kernel *k = c.k;
  casc_value *b[3];
  b[0] = lang_mat(&c, lo, k->i32, "lower bound");
  b[1] = b[0] ? lang_mat(&c, hi, k->i32, "upper bound") : NULL;
  if ((step.kind_ == ASC__SV_INT && step.i_ <= 0) ||
      (step.kind_ == ASC__SV_UINT && step.u_ == 0)) {
    lang_error(&c, "step must be positive, got %lld", step.i_);
    b[2] = NULL;
  } else {
    b[2] = b[1] ? lang_mat(&c, step, k->i32, "step") : NULL;
  }
  if (!b[0] || !b[1] || !b[2])
    return dead_frame(&c, "ASC_FOR");
  lang_frame *f = new_frame(&c, FRAME_FOR, "ASC_FOR");
  if (!f)
    return &g_skip;
  memcpy(f->bounds, b, sizeof b);
  f->iv = casc_block_add_arg(k->ctx, f->block, k->i32, c.loc);
  push(k, f);
  return f;
}

asc__frame *lang_while_open(lang_call *c,
                            casc_value *(*cond)(lang_call *c, void *ud),
                            void *ud) {
  lang_kernel *k = c->k;
  if (!k) /* outside a build (reported by lang_begin): the body is skipped */
    return &g_skip;
  lang_frame *f = new_frame(c, FRAME_FOR, "ASC_MATMUL_ITERATE");
  if (!f)
    return &g_skip;
  /* The condition's ops go into the frame's first block (the
   * before-region): lang_op builds into the top frame's block. */
  push(k, f);
  casc_value *v = cond(c, ud);
  f->while_before = f->block;
  f->while_cond = v;
  f->block = casc_block_create(k->ctx);
  pop(k, f);
  f->state = FS_OPEN;
  if (!v || !f->block)
    return dead_frame(c, "ASC_MATMUL_ITERATE");
  f->iv =
      casc_block_add_arg(k->ctx, f->block, k->i32, casc_loc_unknown(k->ctx));
  push(k, f);
  return f;
}

asc__frame *asc__if_open(const char *file, int line, asc__sv cond) {
  lang_call c;
  if (!lang_begin(&c, "ASC_IF", file, line))
    return &g_skip;
  lang_kernel *k = c.k;
  casc_value *v = lang_sv_value(&c, cond, "condition");
  if (v && v->type != k->i1) {
    if (v->type->kind == CASC_TYPE_INTEGER) {
      /* `if n:` on an integer: n != 0 (pyasc truncates to i1, which tests
       * the low bit only; docs/ir.md §10.23). */
      casc_value *zero = lang_mat(&c, asc__sv_i(0), v->type, "condition");
      casc_value *ops[2] = {v, zero};
      casc_attr *pred = casc_attr_int(k->ctx, k->i64, 1 /* ne */);
      v = zero ? lang_op1(&c, CASC_OP_ARITH_CMPI, 2, ops, k->i1,
                          lang_attrs1(&c, "predicate", pred))
               : NULL;
    } else {
      lang_error(&c, "condition must be an asc_bool or an integer, got %s",
                 lang_type_name(&c, v->type));
      v = NULL;
    }
  }
  if (!v) {
    lang_frame *d = dead_frame(&c, "ASC_IF");
    d->is_if = true;
    return d;
  }
  lang_frame *f = new_frame(&c, FRAME_IF, "ASC_IF");
  if (!f)
    return &g_skip;
  f->is_if = true;
  f->cond = v;
  f->then_block = f->block;
  f->else_block = casc_block_create(k->ctx);
  if (!f->else_block)
    return &g_skip;
  push(k, f);
  return f;
}

asc__frame *asc__else_open(const char *file, int line) {
  lang_kernel *k = lang_current();
  if (!k) {
    lang_call c;
    lang_begin(&c, "ASC_ELSE", file, line); /* records the error */
    return &g_skip;
  }
  /* Not lang_begin: that would close the pending if this else belongs to. */
  lang_frame *f = k->top;
  casc_loc *loc = casc_loc_file(k->ctx, file ? file : "<unknown>",
                                line > 0 ? (unsigned)line : 0, 0);
  if (f == &k->root || f->state != FS_PENDING || !f->is_if || f->in_else) {
    lang_error_at(k, loc,
                  "ASC_ELSE: no ASC_IF to attach to (an ASC_ELSE must follow "
                  "the body of an ASC_IF directly)");
    lang_settle(k);
    return &g_skip;
  }
  f->in_else = true;
  f->state = FS_OPEN;
  f->what = "ASC_ELSE";
  if (f->kind == FRAME_IF)
    f->block = f->else_block;
  casc_builder_set_end(&k->b, f->block);
  return f;
}

asc_int asc__frame_iv(asc__frame *f) {
  asc_int r = {0};
  if (f->kind == FRAME_SKIP)
    return r;
  r.k_ = f->k->serial;
  r.p_ = f->kind == FRAME_FOR ? f->iv : NULL; /* dead loop: poisoned */
  return r;
}

/* Outer `for` condition: start the body, or close the region. */
int asc__frame_enter(asc__frame *f) {
  lang_kernel *k = f->k;
  switch (f->state) {
  case FS_OPEN:
    f->state = FS_BODY;
    return 1;
  case FS_DONE:
    if (f->is_if && !f->in_else) {
      f->state = FS_PENDING; /* closed by the next call, or by ASC_ELSE */
      return 0;
    }
    close_frame(k, f);
    return 0;
  case FS_BODY:
    /* The inner loop ended without body_end: a `break`. */
    if (f->kind != FRAME_DEAD)
      lang_error_at(k, f->loc,
                    "break inside an %s body is not supported (the body is "
                    "recorded once; use ASC_IF to make work conditional)",
                    f->what);
    abandon(k, f);
    return 0;
  default:
    return 0;
  }
}

int asc__frame_body(asc__frame *f) {
  return f->state == FS_BODY;
}

void asc__frame_body_end(asc__frame *f) {
  lang_kernel *k = f->k;
  /* An ASC_IF that ended the body is closed inside it. */
  while (k->top != f && k->top != &k->root && k->top->state == FS_PENDING)
    close_frame(k, k->top);
  f->state = FS_DONE;
}

void asc__frame_cleanup(asc__frame **pf) {
  lang_frame *f = *pf;
  if (f->kind == FRAME_SKIP || f->state == FS_CLOSED || f->state == FS_PENDING)
    return;
  lang_kernel *k = f->k;
  if (k != lang_current())
    return;
  if (f->state == FS_BODY && !k->unwinding && f->kind != FRAME_DEAD)
    lang_error_at(k, f->loc,
                  "return (or goto) out of an %s body is not supported: the "
                  "region could not be closed",
                  f->what);
  k->unwinding = true;
  /* Only frames still on the stack are dropped. */
  for (lang_frame *t = k->top; t; t = t->parent)
    if (t == f) {
      abandon(k, f);
      break;
    }
}

/* ---- cells ----------------------------------------------------------------
 */

static void *new_cell(lang_call *c, casc_value *init) {
  lang_var *var = lang_alloc(c->k, sizeof *var);
  if (!var)
    return NULL;
  var->type = init->type;
  var->home = c->k->top;
  var->home_else = c->k->top->in_else;
  var->line = c->line;
  lang_binding *b = new_binding(c->k, bindings_of(c->k->top), var);
  if (!b)
    return NULL;
  b->value = init;
  return var;
}

typedef enum { CELL_INT, CELL_FLOAT, CELL_BOOL } cell_kind;

static bool cell_type_ok(lang_call *c, const casc_type *t, cell_kind kind) {
  bool ok = kind == CELL_INT    ? t->kind == CASC_TYPE_INTEGER && t != c->k->i1
            : kind == CELL_BOOL ? t == c->k->i1
                                : t->kind == CASC_TYPE_FLOAT;
  if (!ok)
    lang_error(c, "a %s cell cannot hold a value of type %s",
               kind == CELL_INT    ? "int"
               : kind == CELL_BOOL ? "bool"
                                   : "float",
               lang_type_name(c, t));
  return ok;
}

static void *var_new(const char *api, const char *file, int line, asc__sv init,
                     cell_kind kind, unsigned *stamp) {
  lang_call c;
  *stamp = 0;
  if (!lang_begin(&c, api, file, line))
    return NULL;
  *stamp = lang_stamp(&c);
  casc_type *want = kind == CELL_BOOL             ? c.k->i1
                    : init.kind_ == ASC__SV_VALUE ? NULL
                    : kind == CELL_INT            ? c.k->i32
                                                  : c.k->f32;
  casc_value *v = lang_mat(&c, init, want, "initial value");
  if (!v || !cell_type_ok(&c, v->type, kind))
    return NULL;
  return new_cell(&c, v);
}

asc_int_var asc_var_int_at(const char *file, int line, asc__sv init) {
  asc_int_var r;
  r.p_ = var_new("asc_var", file, line, init, CELL_INT, &r.k_);
  return r;
}
asc_float_var asc_var_float_at(const char *file, int line, asc__sv init) {
  asc_float_var r;
  r.p_ = var_new("asc_var", file, line, init, CELL_FLOAT, &r.k_);
  return r;
}
asc_bool_var asc_var_bool_at(const char *file, int line, asc__sv init) {
  asc_bool_var r;
  r.p_ = var_new("asc_var", file, line, init, CELL_BOOL, &r.k_);
  return r;
}

static casc_value *var_get(const char *file, int line, void *p, unsigned k,
                           unsigned *stamp) {
  lang_call c;
  *stamp = 0;
  if (!lang_begin(&c, "asc_get", file, line))
    return NULL;
  *stamp = lang_stamp(&c);
  lang_var *var = lang_cell(&c, p, k, "cell");
  return var ? lang_var_get(c.k, var) : NULL;
}

asc_int asc_get_int_at(const char *file, int line, asc_int_var v) {
  asc_int r;
  r.p_ = var_get(file, line, v.p_, v.k_, &r.k_);
  return r;
}
asc_float asc_get_float_at(const char *file, int line, asc_float_var v) {
  asc_float r;
  r.p_ = var_get(file, line, v.p_, v.k_, &r.k_);
  return r;
}
asc_bool asc_get_bool_at(const char *file, int line, asc_bool_var v) {
  asc_bool r;
  r.p_ = var_get(file, line, v.p_, v.k_, &r.k_);
  return r;
}

static void var_set(const char *file, int line, void *p, unsigned k,
                    asc__sv x) {
  lang_call c;
  if (!lang_begin(&c, "asc_set", file, line))
    return;
  lang_var *var = lang_cell(&c, p, k, "cell");
  if (!var)
    return;
  casc_value *v = lang_sv_value(&c, x, "value");
  if (c.failed)
    return;
  if (v && v->type != var->type) {
    lang_error(&c, "the cell holds %s but the value is %s",
               lang_type_name(&c, var->type), lang_type_name(&c, v->type));
    return;
  }
  v = lang_mat(&c, x, var->type, "value");
  if (v)
    lang_var_set(c.k, var, v);
}

void asc_set_int_at(const char *file, int line, asc_int_var v, asc__sv x) {
  var_set(file, line, v.p_, v.k_, x);
}
void asc_set_float_at(const char *file, int line, asc_float_var v, asc__sv x) {
  var_set(file, line, v.p_, v.k_, x);
}
void asc_set_bool_at(const char *file, int line, asc_bool_var v, asc__sv x) {
  var_set(file, line, v.p_, v.k_, x);
}
