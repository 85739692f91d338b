/* func, emitc and emitasc ops, and ascendc.construct (brace-initialised API
 * structs, docs/ir.md §5.1). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static bool names_of(casc_emitter *e, casc_op *op, casc_buf *b) {
  for (unsigned i = 0; i < op->nops; i++) {
    const char *n = casc_em_name(e, casc_op_operand(op, i), op);
    if (!n)
      return false;
    if (i)
      casc_buf_puts(b, ", ");
    casc_buf_puts(b, n);
  }
  return true;
}

/* `[T vN = ]rhs` at the current indent; rhs already expanded. */
static bool assign_result(casc_emitter *e, casc_op *op, casc_buf *rhs) {
  if (op->nres > 1)
    return casc_em_fail(e, op, "has several results, which C++ cannot return");
  casc_em_indent(e);
  if (op->nres == 1) {
    if (!casc_em_decl(e, e->out, &casc_op_results(op)[0], op))
      return false;
    casc_buf_puts(e->out, " = ");
  }
  casc_buf_put(e->out, rhs->data ? rhs->data : "", rhs->len);
  return true;
}

static bool emit_return(casc_emitter *e, casc_op *op) {
  if (op->nops > 1)
    return casc_em_fail(e, op, "returns several values, which C++ cannot");
  casc_em_indent(e);
  if (op->nops == 0) {
    casc_buf_puts(e->out, "return");
    return true;
  }
  const char *n = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!n)
    return false;
  casc_buf_printf(e->out, "return %s", n);
  return true;
}

static bool emit_call(casc_emitter *e, casc_op *op) {
  casc_attr *callee = casc_em_attr(op, "callee");
  if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1)
    return casc_em_fail(e, op, "has no callee");
  casc_buf rhs;
  casc_buf_init(&rhs);
  casc_buf_printf(&rhs, "%s(", callee->u.sym.path[0]);
  bool ok = names_of(e, op, &rhs);
  casc_buf_puts(&rhs, ")");
  if (ok)
    ok = assign_result(e, op, &rhs);
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

static bool emit_include(casc_emitter *e, casc_op *op) {
  casc_attr *inc = casc_em_attr(op, "include");
  if (!inc || inc->kind != CASC_ATTR_STRING)
    return casc_em_fail(e, op, "has no include name");
  bool std = casc_em_attr(op, "is_standard_include") != NULL;
  casc_buf_printf(e->out, "#include %c%.*s%c", std ? '<' : '"',
                  (int)inc->u.str.len, inc->u.str.s, std ? '>' : '"');
  return true;
}

static bool emit_verbatim(casc_emitter *e, casc_op *op) {
  casc_attr *v = casc_em_attr(op, "value");
  if (!v || v->kind != CASC_ATTR_STRING || op->nops)
    return casc_em_fail(e, op, "unable to find printer for op");
  casc_em_indent(e);
  casc_buf_put(e->out, v->u.str.s, v->u.str.len);
  return true;
}

/* emitc.constant: an ordinary `vN` (pyasc's unsigned constants). */
/* The C++ text of `#emitc.opaque<"text">` (the string unescaped: `\\`,
 * `\"`, `\n`, `\t`, `\XX` hex), appended to b; false when a is not one. */
static bool opaque_text(const casc_attr *a, casc_buf *b) {
  static const char head[] = "#emitc.opaque<\"";
  const char *s = a->kind == CASC_ATTR_OPAQUE ? a->u.opaque.text : NULL;
  size_t n = s ? strlen(s) : 0;
  if (n < sizeof head + 1 || strncmp(s, head, sizeof head - 1) != 0 ||
      strcmp(s + n - 2, "\">") != 0)
    return false;
  const char *end = s + n - 2;
  for (const char *c = s + sizeof head - 1; c < end; c++) {
    if (*c != '\\' || c + 1 >= end) {
      casc_buf_putc(b, *c);
      continue;
    }
    c++;
    if (*c == 'n')
      casc_buf_putc(b, '\n');
    else if (*c == 't')
      casc_buf_putc(b, '\t');
    else if (isxdigit((unsigned char)c[0]) && c + 1 < end &&
             isxdigit((unsigned char)c[1])) {
      char hex[3] = {c[0], c[1], 0};
      casc_buf_putc(b, (char)strtol(hex, NULL, 16));
      c++;
    } else
      casc_buf_putc(b, *c);
  }
  return true;
}

static bool emit_emitc_constant(casc_emitter *e, casc_op *op) {
  casc_attr *v = casc_em_attr(op, "value");
  if (op->nres != 1 || !v)
    return casc_em_fail(e, op, "has no value");
  casc_buf rhs;
  casc_buf_init(&rhs);
  bool ok = true, narrow = false;
  const casc_type *t = casc_op_results(op)[0].type;
  if (v->kind == CASC_ATTR_INTEGER) {
    if (t->kind == CASC_TYPE_INTEGER && t->u.integer.width == 1)
      casc_buf_puts(&rhs, v->u.i.v ? "true" : "false");
    else if (t->kind == CASC_TYPE_INTEGER &&
             t->u.integer.sign == CASC_UNSIGNED) {
      unsigned w = t->u.integer.width;
      uint64_t u = (uint64_t)v->u.i.v;
      if (w < 64)
        u &= (UINT64_C(1) << w) - 1;
      /* The plain decimal, as pyasc prints it; above INT64_MAX no signed
       * type holds the literal, so it needs the suffix to be well-formed
       * (pyasc omits it there: docs/ascendc-emitter.md). */
      casc_buf_printf(&rhs, "%llu%s", (unsigned long long)u,
                      u > INT64_MAX ? "ULL" : "");
    } else {
      casc_buf_printf(&rhs, "%lld", (long long)v->u.i.v);
    }
  } else if (v->kind == CASC_ATTR_FLOAT && t->kind == CASC_TYPE_FLOAT) {
    casc_em_float_literal(&rhs, v->u.f.v, t->u.flt.fk);
    narrow = t->u.flt.fk == CASC_F16 || t->u.flt.fk == CASC_BF16;
  } else if (v->kind == CASC_ATTR_BOOL) {
    casc_buf_puts(&rhs, v->u.b ? "true" : "false");
  } else if (!opaque_text(v, &rhs)) {
    ok = casc_em_fail(e, op, "has a value with no C++ form");
  }
  if (ok) {
    casc_em_indent(e);
    /* No constexpr for half / bfloat16_t, as for arith.constant. */
    if (!narrow)
      casc_buf_puts(e->out, "constexpr ");
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
    if (ok)
      casc_buf_printf(e->out, " = %s", casc_buf_str(&rhs));
  }
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

static bool emit_cast(casc_emitter *e, casc_op *op, const char *fmt_pre,
                      const char *fmt_post, const char *close) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  const char *x = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!x)
    return false;
  casc_buf rhs;
  casc_buf_init(&rhs);
  casc_buf_puts(&rhs, fmt_pre);
  bool ok = casc_em_type_at(e, &rhs, casc_op_results(op)[0].type, op);
  casc_buf_printf(&rhs, "%s%s%s", fmt_post, x, close);
  if (ok)
    ok = assign_result(e, op, &rhs);
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

/* `__gm__ T* vN = base + off;` */
static bool emit_ptr_offset(casc_emitter *e, casc_op *op) {
  if (op->nops < 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  const char *base = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!base)
    return false;
  casc_buf rhs;
  casc_buf_init(&rhs);
  bool ok = true;
  if (op->nops == 2) {
    const char *off = casc_em_name(e, casc_op_operand(op, 1), op);
    ok = off != NULL;
    if (ok)
      casc_buf_printf(&rhs, "%s + %s", base, off);
  } else {
    int64_t v;
    if (casc_em_attr_int(casc_em_attr(op, "staticOffset"), &v))
      casc_buf_printf(&rhs, "%s + %lld", base, (long long)v);
    else
      casc_buf_puts(&rhs, base);
  }
  if (ok)
    ok = assign_result(e, op, &rhs);
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

/* `T vN{a, static_cast<F>(b), ...};` — an operand whose type differs from
 * the declared field type (the optional `[types]`) is converted: a memref
 * by reinterpret_cast to the field's pointer type, anything else by
 * static_cast. */
static bool emit_construct(casc_emitter *e, casc_op *op) {
  if (op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  casc_attr *types = casc_em_attr(op, "types");
  if (types && (types->kind != CASC_ATTR_ARRAY || types->u.array.n != op->nops))
    return casc_em_fail(e, op,
                        "has a field type list that does not match its "
                        "operands");
  casc_buf init;
  casc_buf_init(&init);
  bool ok = true;
  for (unsigned i = 0; ok && i < op->nops; i++) {
    casc_value *v = casc_op_operand(op, i);
    const char *n = casc_em_name(e, v, op);
    if (!n) {
      ok = false;
      break;
    }
    if (i)
      casc_buf_puts(&init, ", ");
    casc_attr *ft = types ? types->u.array.elems[i] : NULL;
    if (ft && (ft->kind != CASC_ATTR_TYPE || !ft->type)) {
      ok = casc_em_fail(e, op, "has a field type list that is not types");
      break;
    }
    if (!ft || ft->type == v->type) {
      casc_buf_puts(&init, n);
      continue;
    }
    bool ptr = ft->type->kind == CASC_TYPE_MEMREF ||
               ft->type->kind == CASC_TYPE_UNRANKED_MEMREF;
    casc_buf_puts(&init, ptr ? "reinterpret_cast<" : "static_cast<");
    ok = casc_em_type_at(e, &init, ft->type, op);
    casc_buf_printf(&init, ">(%s)", n);
  }
  if (ok) {
    casc_em_indent(e);
    if (casc_em_attr(op, "isStatic"))
      casc_buf_puts(e->out, "static ");
    if (casc_em_attr(op, "isConstexpr"))
      casc_buf_puts(e->out, "constexpr ");
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
    if (ok && op->nops)
      casc_buf_printf(e->out, "{%s}", casc_buf_str(&init));
  }
  casc_em_scratch_done(e->out, &init);
  return ok;
}

/* emitasc.variable: a local array of the memref's static shape, its first
 * element initialised from the operand or the constant, as pyasc prints it
 * (`int32_t v5[1]{v1};`, `half v2[2][3]{v1};`, `float v4[1]{(float)1.5e+00};`).
 * With neither initialiser (pyasc crashes there) it is left uninitialised. */
static bool emit_variable(casc_emitter *e, casc_op *op) {
  const casc_type *t = op->nres == 1 ? casc_op_results(op)[0].type : NULL;
  if (!t || t->kind != CASC_TYPE_MEMREF || !t->u.memref.rank)
    return casc_em_fail(e, op, "needs a ranked memref result");
  for (unsigned i = 0; i < t->u.memref.rank; i++)
    if (t->u.memref.shape[i] < 1)
      return casc_em_fail(e, op, "needs a static memref shape");
  casc_buf init;
  casc_buf_init(&init);
  bool ok = true;
  casc_attr *a = casc_em_attr(op, "staticInit");
  int64_t iv;
  if (op->nops == 1) {
    const char *n = casc_em_name(e, casc_op_operand(op, 0), op);
    ok = n != NULL;
    if (ok)
      casc_buf_puts(&init, n);
  } else if (a && a->kind == CASC_ATTR_FLOAT && a->type &&
             a->type->kind == CASC_TYPE_FLOAT) {
    casc_em_float_literal(&init, a->u.f.v, a->type->u.flt.fk);
  } else if (a && casc_em_attr_int(a, &iv)) {
    casc_buf_printf(&init, "%lld", (long long)iv);
  } else if (a) {
    ok = casc_em_fail(e, op, "has an initial value that is not a number");
  }
  if (ok) {
    casc_em_indent(e);
    ok = casc_em_type_at(e, e->out, t->u.memref.elem, op);
  }
  const char *name = ok ? casc_em_define(e, &casc_op_results(op)[0]) : NULL;
  if (ok && !name)
    ok = casc_em_fail(e, op, "ran out of memory naming a value");
  if (ok) {
    casc_buf_printf(e->out, " %s", name);
    for (unsigned i = 0; i < t->u.memref.rank; i++)
      casc_buf_printf(e->out, "[%lld]", (long long)t->u.memref.shape[i]);
    if (init.len)
      casc_buf_printf(e->out, "{%s}", casc_buf_str(&init));
  }
  casc_em_scratch_done(e->out, &init);
  return ok;
}

/* emitasc.dereference: a reference to the pointee, `T& vN = *p;`. */
static bool emit_dereference(casc_emitter *e, casc_op *op) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  const char *p = casc_em_name(e, casc_op_operand(op, 0), op);
  if (!p)
    return false;
  casc_em_indent(e);
  if (!casc_em_type_at(e, e->out, casc_op_results(op)[0].type, op))
    return false;
  const char *name = casc_em_define(e, &casc_op_results(op)[0]);
  if (!name)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(e->out, "& %s = *%s", name, p);
  return true;
}

/* ascendc.local_mem_allocator: `AscendC::LocalMemAllocator<Hardware::X> vN;`
 * — the hardware operand is a template argument, which the result type
 * carries; a constant operand that says otherwise is an error (pyasc
 * ignores the operand). */
static bool emit_local_mem_allocator(casc_emitter *e, casc_op *op) {
  const casc_type *t = op->nres == 1 ? casc_op_results(op)[0].type : NULL;
  if (op->nops != 1 || !t || !casc_type_is_asc(t, CASC_ASC_LOCAL_MEM_ALLOCATOR))
    return casc_em_fail(e, op, "is malformed");
  casc_op *d = casc_op_operand(op, 0)->def;
  int64_t hw;
  if (d && d->kind == CASC_OP_ARITH_CONSTANT &&
      casc_em_attr_int(casc_op_attr(d, "value"), &hw) && hw != t->u.asc.p[0]) {
    casc_emit_error(e->ctx, op->loc,
                    "'%s' op has hardware %lld but its type says %lld",
                    casc_op_name(op), (long long)hw, (long long)t->u.asc.p[0]);
    return false;
  }
  casc_em_indent(e);
  return casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
}

/* emitasc.call_opaque: `[T vN = ]callee(args)`, the callee as written. */
static bool emit_call_opaque(casc_emitter *e, casc_op *op) {
  casc_attr *c = casc_op_attr(op, "callee");
  if (!c || c->kind != CASC_ATTR_STRING)
    return casc_em_fail(e, op, "has no callee");
  casc_buf rhs;
  casc_buf_init(&rhs);
  casc_buf_printf(&rhs, "%.*s(", (int)c->u.str.len, c->u.str.s);
  bool ok = true;
  for (unsigned i = 0; ok && i < op->nops; i++) {
    const char *n = casc_em_name(e, casc_op_operand(op, i), op);
    ok = n != NULL;
    if (ok)
      casc_buf_printf(&rhs, "%s%s", i ? ", " : "", n);
  }
  casc_buf_putc(&rhs, ')');
  if (ok)
    ok = assign_result(e, op, &rhs);
  casc_em_scratch_done(e->out, &rhs);
  return ok;
}

bool casc_em_misc(casc_emitter *e, casc_op *op, bool *semi) {
  (void)semi; /* every op here is one statement ending in `;` */
  switch (op->kind) {
  case CASC_OP_FUNC_RETURN:
    return emit_return(e, op);
  case CASC_OP_FUNC_CALL:
    return emit_call(e, op);
  case CASC_OP_EMITC_INCLUDE:
    return emit_include(e, op);
  case CASC_OP_EMITC_VERBATIM:
    return emit_verbatim(e, op);
  case CASC_OP_EMITC_CONSTANT:
    return emit_emitc_constant(e, op);
  case CASC_OP_EMITC_CAST:
    return emit_cast(e, op, "(", ") ", "");
  case CASC_OP_EMITASC_REINTERPRET_CAST:
    return emit_cast(e, op, "reinterpret_cast<", ">(", ")");
  case CASC_OP_EMITASC_PTR_OFFSET:
    return emit_ptr_offset(e, op);
  case CASC_OP_CONSTRUCT:
    if (casc_em_is_aipp_params(op))
      return casc_em_aipp_params(e, op);
    if (casc_em_aipp_member_only(op)) {
      /* Its fields are assigned into the AippParams; what is left is an
       * empty statement, as pyasc prints it (byte compatibility). */
      casc_em_indent(e);
      return true;
    }
    if (casc_em_is_aipp_struct(op))
      return casc_em_aipp_struct(e, op);
    return emit_construct(e, op);
  case CASC_OP_EMITASC_VARIABLE:
    return emit_variable(e, op);
  case CASC_OP_EMITASC_DEREFERENCE:
    return emit_dereference(e, op);
  case CASC_OP_LOCAL_MEM_ALLOCATOR:
    return emit_local_mem_allocator(e, op);
  case CASC_OP_EMITASC_CALL_OPAQUE:
    return emit_call_opaque(e, op);
  case CASC_OP_EMITASC_COPY_STRUCT:
    return casc_em_copy_struct(e, op);
  case CASC_OP_EMITASC_DECLARE_PY_STRUCT:
    return casc_em_declare_py_struct(e, op);
  case CASC_OP_EMITASC_MEMBER:
  case CASC_OP_EMITASC_MEMBER_PTR:
  case CASC_OP_EMITASC_MEMBER_REF:
  case CASC_OP_EMITASC_SET_MEMBER:
    return casc_em_member(e, op);
  default:
    return casc_em_fail(e, op, "unable to find printer for op");
  }
}
