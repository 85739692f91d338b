/* scf ops as C++ control flow (docs/ir.md §6.2): results become variables
 * declared before the statement and assigned by scf.yield / scf.condition;
 * loop-carried values (iter_args, while arguments) become variables
 * initialised from the inits and reassigned at the end of each iteration.
 * Layout as pyasc prints it: `for`/`if`/`switch` take no `;`, `while` does. */
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

/* A list of target variables: an op's results or a block's arguments. */
typedef struct {
  casc_value *res; /* op results, or NULL */
  casc_value **args;
  unsigned n;
} vars;

static casc_value *var_at(const vars *v, unsigned i) {
  return v->res ? &v->res[i] : v->args[i];
}

static vars results_of(casc_op *op) {
  return (vars){casc_op_results(op), NULL, op->nres};
}
static vars args_of(casc_block *b) {
  return (vars){NULL, b->args, b->nargs};
}

static bool declare(casc_emitter *e, casc_op *at, const vars *v) {
  for (unsigned i = 0; i < v->n; i++) {
    casc_em_indent(e);
    if (!casc_em_decl(e, e->out, var_at(v, i), at))
      return false;
    casc_buf_puts(e->out, ";\n");
  }
  return true;
}

/* `T vN = src_i;` for block arguments initialised from src's operands. */
static bool declare_init(casc_emitter *e, casc_op *at, const vars *v,
                         casc_op *src, unsigned from) {
  for (unsigned i = 0; i < v->n; i++) {
    const char *s = casc_em_name(e, casc_op_operand(src, from + i), at);
    if (!s)
      return false;
    casc_em_indent(e);
    if (!casc_em_decl(e, e->out, var_at(v, i), at))
      return false;
    casc_buf_printf(e->out, " = %s;\n", s);
  }
  return true;
}

/* `dst_i = src_i;` */
static bool assign(casc_emitter *e, casc_op *at, const vars *dst, casc_op *src,
                   unsigned from) {
  if (src->nops < from || src->nops - from != dst->n)
    return casc_em_fail(e, at,
                        "passes a different number of values than "
                        "its parent expects");
  for (unsigned i = 0; i < dst->n; i++) {
    const char *d = casc_em_name(e, var_at(dst, i), at);
    const char *s = casc_em_name(e, casc_op_operand(src, from + i), at);
    if (!d || !s)
      return false;
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s = %s;\n", d, s);
  }
  return true;
}

static casc_block *single_block(casc_emitter *e, casc_op *op, casc_region *r) {
  casc_block *b = r->first;
  if (b && b->next) {
    casc_em_fail(e, op, "has a region with several blocks");
    return NULL;
  }
  return b;
}

/* The ops of b except its terminator; the terminator is returned. */
static bool body(casc_emitter *e, casc_block *b, casc_op **term) {
  casc_op *t = casc_block_terminator(b);
  for (casc_op *o = b->first; o && o != t; o = o->next)
    if (!casc_em_op(e, o))
      return false;
  *term = t;
  return true;
}

/* A region ending in scf.yield whose operands go to targets. */
static bool yield_region(casc_emitter *e, casc_op *op, casc_region *r,
                         const vars *targets) {
  if (!r->first) {
    if (targets->n)
      return casc_em_fail(e, op, "has an empty region but results");
    return true;
  }
  casc_block *b = single_block(e, op, r);
  if (!b)
    return false;
  casc_op *t;
  if (!body(e, b, &t))
    return false;
  if (!t || t->kind != CASC_OP_SCF_YIELD) {
    if (targets->n)
      return casc_em_fail(e, op,
                          "has a region that does not end in "
                          "scf.yield");
    return t ? casc_em_op(e, t) : true;
  }
  return assign(e, t, targets, t, 0);
}

static bool emit_for(casc_emitter *e, casc_op *op, bool *semi) {
  *semi = false;
  casc_block *b = single_block(e, op, &casc_op_regions(op)[0]);
  if (!b || b->nargs != 1u + op->nres || op->nops != 3u + op->nres)
    return casc_em_fail(e, op, "is malformed");
  vars res = results_of(op);
  vars iters = {NULL, b->args + 1, b->nargs - 1};
  if (!declare(e, op, &res) || !declare_init(e, op, &iters, op, 3))
    return false;
  const char *lb = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *ub = casc_em_name(e, casc_op_operand(op, 1), op);
  const char *st = casc_em_name(e, casc_op_operand(op, 2), op);
  if (!lb || !ub || !st)
    return false;
  casc_em_indent(e);
  casc_buf_puts(e->out, "for (");
  if (!casc_em_decl(e, e->out, b->args[0], op))
    return false;
  const char *iv = casc_em_name(e, b->args[0], op);
  casc_buf_printf(e->out, " = %s; %s < %s; %s += %s) {\n", lb, iv, ub, iv, st);
  e->indent++;
  if (!yield_region(e, op, &casc_op_regions(op)[0], &iters))
    return false;
  e->indent--;
  casc_em_indent(e);
  casc_buf_puts(e->out, "}\n");
  for (unsigned i = 0; i < res.n; i++) {
    const char *d = casc_em_name(e, var_at(&res, i), op);
    const char *s = casc_em_name(e, var_at(&iters, i), op);
    if (!d || !s)
      return false;
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s = %s;\n", d, s);
  }
  return true;
}

static bool region_is_empty(casc_region *r) {
  casc_block *b = r->first;
  if (!b)
    return true;
  casc_op *t = casc_block_terminator(b);
  return b->first == t && (!t || (t->kind == CASC_OP_SCF_YIELD && !t->nops));
}

static bool emit_if(casc_emitter *e, casc_op *op, bool *semi) {
  *semi = false;
  if (op->nops != 1 || op->nregions != 2)
    return casc_em_fail(e, op, "is malformed");
  vars res = results_of(op);
  if (!declare(e, op, &res))
    return false;
  const char *c = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!c)
    return false;
  casc_em_indent(e);
  casc_buf_printf(e->out, "if (%s) {\n", c);
  e->indent++;
  if (!yield_region(e, op, &casc_op_regions(op)[0], &res))
    return false;
  e->indent--;
  if (!region_is_empty(&casc_op_regions(op)[1])) {
    casc_em_indent(e);
    casc_buf_puts(e->out, "} else {\n");
    e->indent++;
    if (!yield_region(e, op, &casc_op_regions(op)[1], &res))
      return false;
    e->indent--;
  }
  casc_em_indent(e);
  casc_buf_puts(e->out, "}\n");
  return true;
}

/* while (true) { before; if (!cond) { results = args; break; }; after = args;
 * after-body; before-args = yielded; } */
static bool emit_while(casc_emitter *e, casc_op *op, bool *semi) {
  *semi = true;
  if (op->nregions != 2)
    return casc_em_fail(e, op, "is malformed");
  casc_block *before = single_block(e, op, &casc_op_regions(op)[0]);
  casc_block *after = single_block(e, op, &casc_op_regions(op)[1]);
  if (!before || !after || before->nargs != op->nops)
    return casc_em_fail(e, op, "is malformed");
  vars res = results_of(op);
  vars bargs = args_of(before), aargs = args_of(after);
  if (!declare(e, op, &res) || !declare_init(e, op, &bargs, op, 0))
    return false;
  casc_em_indent(e);
  casc_buf_puts(e->out, "while (true) {\n");
  e->indent++;
  casc_op *cond;
  if (!body(e, before, &cond))
    return false;
  if (!cond || cond->kind != CASC_OP_SCF_CONDITION || cond->nops < 1)
    return casc_em_fail(e, op,
                        "has a before region not ending in "
                        "scf.condition");
  const char *c = casc_em_name(e, casc_op_operand(cond, 0), cond);
  if (!c)
    return false;
  casc_em_indent(e);
  casc_buf_printf(e->out, "if (!%s) {\n", c);
  e->indent++;
  if (!assign(e, cond, &res, cond, 1))
    return false;
  casc_em_indent(e);
  casc_buf_puts(e->out, "break;\n");
  e->indent--;
  casc_em_indent(e);
  casc_buf_puts(e->out, "};\n");
  if (aargs.n != cond->nops - 1u)
    return casc_em_fail(e, op,
                        "passes a different number of values to its "
                        "after region");
  if (!declare_init(e, cond, &aargs, cond, 1))
    return false;
  if (!yield_region(e, op, &casc_op_regions(op)[1], &bargs))
    return false;
  e->indent--;
  casc_em_indent(e);
  casc_buf_puts(e->out, "}");
  return true;
}

/* Case values of scf.index_switch: a dense i64 array, kept by the parser
 * either as an array attribute or as its text `array<i64: 1, 2>`. */
static bool case_value(const casc_attr *a, unsigned i, int64_t *v) {
  if (!a)
    return false;
  if (a->kind == CASC_ATTR_ARRAY)
    return i < a->u.array.n && casc_em_attr_int(a->u.array.elems[i], v);
  if (a->kind != CASC_ATTR_OPAQUE)
    return false;
  const char *p = strchr(a->u.opaque.text, ':');
  for (unsigned k = 0; p; k++) {
    long long x;
    int used;
    if (sscanf(p + 1, " %lld%n", &x, &used) != 1)
      return false;
    if (k == i) {
      *v = x;
      return true;
    }
    p = strchr(p + 1 + used, ',');
  }
  return false;
}

static bool emit_switch(casc_emitter *e, casc_op *op, bool *semi) {
  *semi = false;
  if (op->nops != 1 || op->nregions < 1)
    return casc_em_fail(e, op, "is malformed");
  vars res = results_of(op);
  if (!declare(e, op, &res))
    return false;
  const char *x = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!x)
    return false;
  casc_attr *cases = casc_em_attr(op, "cases");
  casc_em_indent(e);
  casc_buf_printf(e->out, "switch(%s) {\n", x);
  /* Region 0 is the default, then one region per case value. */
  for (unsigned r = 1; r <= op->nregions; r++) {
    unsigned ri = r == op->nregions ? 0 : r;
    casc_em_indent(e);
    if (ri) {
      int64_t v;
      if (!case_value(cases, ri - 1, &v))
        return casc_em_fail(e, op, "has fewer case values than case regions");
      casc_buf_printf(e->out, "case %lld: {\n", (long long)v);
    } else {
      casc_buf_puts(e->out, "default: {\n");
    }
    e->indent++;
    if (!yield_region(e, op, &casc_op_regions(op)[ri], &res))
      return false;
    e->indent--;
    casc_em_indent(e);
    casc_buf_puts(e->out, ri ? "} break;\n" : "}\n");
  }
  casc_em_indent(e);
  casc_buf_puts(e->out, "}\n");
  return true;
}

bool casc_em_scf(casc_emitter *e, casc_op *op, bool *semi) {
  switch (op->kind) {
  case CASC_OP_SCF_FOR:
    return emit_for(e, op, semi);
  case CASC_OP_SCF_IF:
    return emit_if(e, op, semi);
  case CASC_OP_SCF_WHILE:
    return emit_while(e, op, semi);
  case CASC_OP_SCF_INDEX_SWITCH:
    return emit_switch(e, op, semi);
  default:
    /* yield/condition are consumed by their parent; anywhere else they
     * have no meaning. */
    return casc_em_fail(e, op, "unable to find printer for op");
  }
}
