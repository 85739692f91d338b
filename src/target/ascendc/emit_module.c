/* The driver of the Ascend C emitter: module, functions, blocks, and the
 * dispatch of each op to its emitter. One op is one statement; `;` follows
 * every statement except the compound ones (for, if, switch) — the layout
 * of pyasc's translator (docs/ir.md §0.4, §6.4). */
#include <string.h>

#include "casc/diag.h"
#include "casc/emit.h"
#include "target/ascendc/emitter.h"

void casc_em_indent(casc_emitter *e) {
  for (unsigned i = 0; i < e->indent; i++)
    casc_buf_puts(e->out, "  ");
}

bool casc_em_fail(casc_emitter *e, casc_op *op, const char *what) {
  casc_emit_error(e->ctx, op->loc, "'%s' op %s", casc_op_name(op), what);
  return false;
}

bool casc_em_attr_int(const casc_attr *a, int64_t *v) {
  if (!a)
    return false;
  if (a->kind == CASC_ATTR_INTEGER) {
    *v = a->u.i.v;
    return true;
  }
  if (a->kind == CASC_ATTR_BOOL) {
    *v = a->u.b;
    return true;
  }
  return false;
}

casc_attr *casc_em_attr(const casc_op *op, const char *name) {
  casc_attr *a = casc_op_attr(op, name);
  if (!a)
    a = casc_dict_get(casc_op_props(op), name);
  return a;
}

bool casc_em_decl(casc_emitter *e, casc_buf *b, casc_value *v, casc_op *op) {
  if (!casc_em_type_at(e, b, v->type, op))
    return false;
  const char *n = casc_em_define(e, v);
  if (!n)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(b, " %s", n);
  return true;
}

bool casc_em_op(casc_emitter *e, casc_op *op) {
  bool semi = true;
  bool ok;
  const char *dot = strchr(casc_op_name(op), '.');
  size_t dl = dot ? (size_t)(dot - casc_op_name(op)) : 0;
  if (op->kind == CASC_OP_UNREGISTERED)
    return casc_em_fail(e, op, "unable to find printer for op");
  if (dl == 5 && memcmp(casc_op_name(op), "arith", 5) == 0)
    ok = casc_em_arith(e, op, &semi);
  else if (dl == 3 && memcmp(casc_op_name(op), "scf", 3) == 0)
    ok = casc_em_scf(e, op, &semi);
  else if (dl == 6 && memcmp(casc_op_name(op), "memref", 6) == 0)
    ok = casc_em_memref(e, op, &semi);
  else if (casc_em_is_inferred(op))
    ok = casc_em_inferred(e, op, &semi);
  else if ((dl == 7 && memcmp(casc_op_name(op), "ascendc", 7) == 0 &&
            op->kind != CASC_OP_CONSTRUCT &&
            op->kind != CASC_OP_LOCAL_MEM_ALLOCATOR) ||
           (dl == 4 && memcmp(casc_op_name(op), "math", 4) == 0))
    ok = casc_em_table(e, op, &semi);
  else
    ok = casc_em_misc(e, op, &semi);
  if (ok && semi)
    casc_buf_puts(e->out, ";\n");
  return ok;
}

bool casc_em_block(casc_emitter *e, casc_block *b) {
  for (casc_op *op = b->first; op; op = op->next)
    if (!casc_em_op(e, op))
      return false;
  return true;
}

/* `T vN_name, ...` for a definition, `T, ...` for a declaration. */
static bool emit_params(casc_emitter *e, casc_op *func, casc_block *entry,
                        const casc_type *ft) {
  casc_buf *o = e->out;
  unsigned n = entry ? entry->nargs : ft->u.func.nin;
  for (unsigned i = 0; i < n; i++) {
    if (i)
      casc_buf_puts(o, ", ");
    if (entry) {
      if (!casc_em_decl(e, o, entry->args[i], func))
        return false;
    } else if (!casc_em_type_at(e, o, ft->u.func.in[i], func)) {
      return false;
    }
  }
  return true;
}

static bool emit_func(casc_emitter *e, casc_op *func) {
  casc_em_reset_function(e);
  const char *name = casc_func_name(func);
  casc_type *ft = casc_func_type(func);
  if (!name || !ft || ft->kind != CASC_TYPE_FUNCTION)
    return casc_em_fail(e, func, "has no name or function type");
  if (ft->u.func.nout > 1)
    return casc_em_fail(e, func,
                        "has several results, which C++ cannot return");
  casc_block *entry = func->nregions ? casc_op_regions(func)[0].first : NULL;
  casc_buf *o = e->out;
  if (casc_op_attr(func, "ascendc.global"))
    casc_buf_puts(o, "extern \"C\"  __global__ __aicore__ ");
  else if (entry)
    casc_buf_puts(o, "__inline__ __attribute__((always_inline)) __aicore__ ");
  else /* defined elsewhere: not inline (docs/ir.md §10.20) */
    casc_buf_puts(o, "__aicore__ ");
  if (ft->u.func.nout == 0)
    casc_buf_puts(o, "void");
  else if (!casc_em_type_at(e, o, ft->u.func.out[0], func))
    return false;
  casc_buf_printf(o, " %s(", name);
  if (!emit_params(e, func, entry, ft))
    return false;
  if (!entry) { /* an external function: a declaration, not a body */
    casc_buf_puts(o, ");\n");
    return true;
  }
  if (entry->next)
    return casc_em_fail(e, func,
                        "has several blocks (unstructured control "
                        "flow has no C++ form here)");
  casc_buf_puts(o, ") {\n");
  e->indent = 1;
  if (!casc_em_block(e, entry))
    return false;
  e->indent = 0;
  casc_buf_puts(o, "}\n");
  return true;
}

static bool emit_module(casc_emitter *e, casc_op *module) {
  if (module->kind != CASC_OP_MODULE)
    return casc_em_fail(e, module, "is not a builtin.module");
  casc_block *body = casc_module_body(module);
  for (casc_op *op = body ? body->first : NULL; op; op = op->next) {
    e->indent = 0;
    if (op->kind == CASC_OP_FUNC_FUNC) {
      if (!emit_func(e, op))
        return false;
    } else if (op->kind == CASC_OP_MODULE) {
      /* A nested module (a file of several top-level modules or ops is
       * wrapped in one) prints its ops in place, then its blank line, as
       * pyasc's translator does. */
      if (!emit_module(e, op))
        return false;
    } else if (op->kind == CASC_OP_EMITC_INCLUDE ||
               op->kind == CASC_OP_EMITC_VERBATIM ||
               op->kind == CASC_OP_EMITASC_DECLARE_PY_STRUCT) {
      bool semi = false;
      if (!casc_em_misc(e, op, &semi))
        return false;
      casc_buf_puts(e->out, "\n");
    } else {
      return casc_em_fail(e, op, "unable to find printer for op");
    }
  }
  casc_buf_puts(e->out, "\n");
  return true;
}

void casc_em_scratch_done(casc_buf *dst, casc_buf *scratch) {
  if (scratch->oom)
    dst->oom = true;
  casc_buf_free(scratch);
}

bool casc_emit_ascendc_buf(casc_ctx *ctx, casc_op *module, casc_buf *out) {
  casc_buf text;
  casc_buf_init(&text);
  casc_emitter e = {.ctx = ctx, .out = &text};
  casc_ptrmap_init(&e.names);
  casc_hm_init(&e.declared);
  bool ok = emit_module(&e, module);
  /* Whatever else failed, a lost piece of output is reported: the step
   * that lost it may have stopped without a diagnostic of its own. */
  if (text.oom) {
    casc_emit_error(ctx, module->loc, "out of memory while emitting Ascend C");
    ok = false;
  }
  if (casc_ctx_out_of_memory(ctx))
    ok = false; /* a name or type the emitter made is missing (reported) */
  if (ok) {
    casc_buf_put(out, casc_buf_str(&text), text.len);
    if (out->oom) {
      casc_emit_error(ctx, module->loc,
                      "out of memory while emitting Ascend C");
      ok = false;
    }
  }
  casc_ptrmap_free(&e.names);
  casc_hm_free(&e.declared);
  casc_buf_free(&text);
  return ok;
}

bool casc_emit_ascendc(casc_ctx *ctx, casc_op *module, FILE *out) {
  casc_buf b;
  casc_buf_init(&b);
  bool ok = casc_emit_ascendc_buf(ctx, module, &b);
  if (ok && b.len && fwrite(b.data, 1, b.len, out) != b.len) {
    casc_emit_error(ctx, module->loc, "failed to write the Ascend C output");
    ok = false;
  }
  casc_buf_free(&b);
  return ok;
}
