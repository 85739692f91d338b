/* Python structs (`!emitasc.py_struct<"Name", [field types], ["fields"]>`)
 * in C++, as pyasc's translator prints them: the type is its name; an
 * emitasc.declare_py_struct at module level declares it,
 *   #pragma pack(push, 8)
 *   struct Name {
 *     int32_t height;
 *   };
 *   #pragma pack(pop)
 * and emitasc.copy_struct copies one byte by byte from (global) memory.
 *
 * casc keeps py_struct as an opaque dialect type (its text), so the field
 * list is read here from that text: a field is a nested py_struct (its
 * name) or a scalar type (iN, siN, uiN, f16, bf16, f32, f64, index); any
 * other field type is reported. */
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static const char k_head[] = "py_struct<";

static const char *skip_ws(const char *s, const char *end) {
  while (s < end && (*s == ' ' || *s == '\n' || *s == '\t'))
    s++;
  return s;
}

/* The quoted string at *s (no escapes in identifiers): [*q, *qe). */
static bool quoted(const char **s, const char *end, const char **q,
                   const char **qe) {
  const char *p = skip_ws(*s, end);
  if (p >= end || *p != '"')
    return false;
  const char *c = memchr(p + 1, '"', (size_t)(end - p - 1));
  if (!c)
    return false;
  *q = p + 1;
  *qe = c;
  *s = c + 1;
  return true;
}

/* The end of one list item starting at s: the top-level ',' or ']'. */
static const char *item_end(const char *s, const char *end) {
  int depth = 0;
  for (; s < end; s++) {
    if (*s == '"') {
      const char *c = memchr(s + 1, '"', (size_t)(end - s - 1));
      if (!c)
        return end;
      s = c;
    } else if (*s == '<' || *s == '[' || *s == '(') {
      depth++;
    } else if (*s == '>' || *s == ')' || (*s == ']' && depth > 0)) {
      depth--;
    } else if ((*s == ',' || *s == ']') && depth == 0) {
      return s;
    }
  }
  return end;
}

bool casc_em_is_py_struct(const casc_type *t) {
  return t && t->kind == CASC_TYPE_OPAQUE &&
         strcmp(t->u.opaque.dialect, "emitasc") == 0 &&
         strncmp(t->u.opaque.body, k_head, sizeof k_head - 1) == 0;
}

/* The struct name in `py_struct<"Name", ...>` text [s, end). */
static bool name_of(const char *s, const char *end, casc_buf *b) {
  s += sizeof k_head - 1;
  const char *q, *qe;
  if (!quoted(&s, end, &q, &qe))
    return false;
  casc_buf_put(b, q, (size_t)(qe - q));
  return true;
}

bool casc_em_py_struct_name(casc_buf *b, const casc_type *t) {
  const char *body = t->u.opaque.body;
  return name_of(body, body + strlen(body), b);
}

/* The C++ type of one field type's text. */
static bool field_type(casc_buf *b, const char *s, const char *end) {
  size_t n = (size_t)(end - s);
  static const char nested[] = "!emitasc.py_struct<";
  if (n > sizeof nested - 1 && memcmp(s, nested, sizeof nested - 1) == 0)
    return name_of(s + strlen("!emitasc."), end, b);
  return casc_em_scalar_type_text(b, s, end);
}

/* The declaration of struct t at module level (no trailing blank line). */
static bool declare(casc_emitter *e, casc_op *op, const casc_type *t) {
  const char *s = t->u.opaque.body, *end = s + strlen(s);
  casc_buf decl;
  casc_buf_init(&decl);
  casc_buf_puts(&decl, "#pragma pack(push, 8)\nstruct ");
  bool ok = name_of(s, end, &decl);
  casc_buf_puts(&decl, " {\n");
  /* [types] then [names]. */
  const char *types = ok ? memchr(s, '[', (size_t)(end - s)) : NULL;
  const char *tend = types ? item_end(types + 1, end) : NULL;
  const char *p = types ? types + 1 : NULL;
  /* The names list is after the types list's `]`. */
  int depth = 0;
  const char *names = NULL;
  for (const char *c = types; c && c < end && !names; c++) {
    if (*c == '"') {
      c = memchr(c + 1, '"', (size_t)(end - c - 1));
      if (!c)
        break;
    } else if (*c == '[') {
      depth++;
    } else if (*c == ']' && --depth == 0) {
      names = memchr(c, '[', (size_t)(end - c));
    }
  }
  const char *np = names ? names + 1 : NULL;
  ok = ok && p && np && tend;
  bool reported = false;
  while (ok) {
    p = skip_ws(p, end);
    np = skip_ws(np, end);
    if (*p == ']' || *np == ']') {
      ok = *p == ']' && *np == ']';
      if (!ok)
        casc_emit_error(e->ctx, op->loc,
                        "'%s' op has a py_struct whose field types and "
                        "names differ in number",
                        casc_op_name(op));
      reported = !ok;
      break;
    }
    const char *ie = item_end(p, end), *te = ie;
    while (te > p && te[-1] == ' ')
      te--;
    const char *q, *qe;
    casc_buf_puts(&decl, "  ");
    if (!field_type(&decl, p, te)) {
      casc_emit_error(e->ctx, op->loc,
                      "'%s' op has a py_struct field of type '%.*s', which "
                      "casc cannot print in C++",
                      casc_op_name(op), (int)(te - p), p);
      ok = false;
      reported = true;
      break;
    }
    if (!quoted(&np, end, &q, &qe)) {
      ok = false;
      break;
    }
    casc_buf_printf(&decl, " %.*s;\n", (int)(qe - q), q);
    p = *ie == ',' ? ie + 1 : ie;
    np = skip_ws(np, end);
    if (*np == ',')
      np++;
  }
  if (ok) {
    casc_buf_puts(&decl, "};\n#pragma pack(pop)\n");
    casc_buf_put(e->out, casc_buf_str(&decl), decl.len);
  } else if (!reported && !casc_ctx_out_of_memory(e->ctx)) {
    casc_em_fail(e, op, "has a malformed py_struct type");
  }
  casc_em_scratch_done(e->out, &decl);
  return ok;
}

bool casc_em_declare_py_struct(casc_emitter *e, casc_op *op) {
  casc_attr *a = casc_op_attr(op, "pystruct");
  if (!a || a->kind != CASC_ATTR_TYPE || !casc_em_is_py_struct(a->type))
    return casc_em_fail(e, op, "needs a !emitasc.py_struct type");
  return declare(e, op, a->type);
}

/* `T vN;` and a byte loop from the base pointer (its address space kept). */
bool casc_em_copy_struct(casc_emitter *e, casc_op *op) {
  if (op->nops != 1 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  casc_value *base = casc_op_operand(op, 0);
  const casc_type *bt = base->type;
  if (bt->kind != CASC_TYPE_MEMREF && bt->kind != CASC_TYPE_UNRANKED_MEMREF)
    return casc_em_fail(e, op, "needs a memref base");
  const int64_t dyn = CASC_DYN_DIM;
  casc_type *bytes =
      casc_type_memref(e->ctx, 1, &dyn, casc_type_int(e->ctx, 8, CASC_UNSIGNED),
                       bt->u.memref.space);
  const char *b = casc_em_name(e, base, op);
  if (!b || !bytes)
    return b ? casc_em_fail(e, op, "ran out of memory") : false;
  casc_em_indent(e);
  if (!casc_em_decl(e, e->out, &casc_op_results(op)[0], op))
    return false;
  const char *r = casc_em_name(e, &casc_op_results(op)[0], op);
  casc_buf_printf(e->out, ";\n");
  casc_em_indent(e);
  casc_buf_printf(e->out, "for (size_t i = 0; i < sizeof(%s); i++) {\n", r);
  e->indent++;
  casc_em_indent(e);
  casc_buf_puts(e->out, "auto byte = reinterpret_cast<");
  bool ok = casc_em_type_at(e, e->out, bytes, op);
  casc_buf_printf(e->out, ">(%s)[i];\n", b);
  casc_em_indent(e);
  casc_buf_printf(e->out, "reinterpret_cast<uint8_t*>(&%s)[i] = byte;\n", r);
  e->indent--;
  casc_em_indent(e);
  casc_buf_putc(e->out, '}');
  return ok;
}
