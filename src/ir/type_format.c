/* Types in MLIR's textual syntax, for diagnostics of every layer (the IR
 * knows how to spell itself, as MLIR types do). The text printer uses the
 * same functions so that a type is spelled one way everywhere. */
#include <string.h>

#include "casc/buf.h"
#include "dialect/dialect.h"
#include "util/buf_num.h"

/* Numbers and names are appended piece by piece rather than through
 * casc_buf_printf: every type spelled for the printer's cache or for an
 * attribute's `: type` comes here, and vfprintf's format parsing cost
 * more than the spelling. */

/* `!dialect<sep>name`. */
static void put_bang_name(casc_buf *out, const char *dialect, const char *sep,
                          const char *name) {
  casc_buf_putc(out, '!');
  casc_buf_puts(out, dialect);
  casc_buf_puts(out, sep);
  casc_buf_puts(out, name);
}

static void put_shape(casc_buf *out, unsigned rank, const int64_t *shape) {
  for (unsigned i = 0; i < rank; i++) {
    if (shape[i] == CASC_DYN_DIM)
      casc_buf_putc(out, '?');
    else
      casc_buf_put_i64(out, shape[i]);
    casc_buf_putc(out, 'x');
  }
}

static void put_tpos(casc_buf *out, int64_t v) {
  const char *kw = casc_enum_keyword(CASC_ENUM_TPOSITION, v);
  if (kw)
    casc_buf_puts(out, kw);
  else
    casc_buf_put_i64(out, v);
}

void casc_string_format(const char *s, size_t len, casc_buf *out) {
  /* MLIR's escaping (llvm::printEscapedString): printable ASCII as is but
   * for the quote; backslash doubled; everything else, the quote included,
   * as a backslash and two hex digits. */
  static const char hex[] = "0123456789ABCDEF";
  casc_buf_putc(out, '"');
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\') {
      casc_buf_puts(out, "\\\\");
    } else if (c >= 0x20 && c < 0x7f && c != '"') {
      casc_buf_putc(out, (char)c);
    } else {
      char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
      casc_buf_put(out, e, 3);
    }
  }
  casc_buf_putc(out, '"');
}

/* The parameter list of a registered type: `<vecin, 2>`, `<*xf16>`. */
void casc_type_format_params(const casc_type *t, casc_buf *out) {
  const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
  const char *p = info->params;
  if (!*p || (p[0] == 't' && !t->u.asc.elem)) /* optional type: absent */
    return;
  casc_buf_putc(out, '<');
  if (p[0] == 'S') {
    if (t->u.asc.rank == 0)
      casc_buf_puts(out, "*x");
    else
      put_shape(out, t->u.asc.rank, t->u.asc.shape);
    casc_type_format(t->u.asc.elem, out);
  } else if (p[0] == 'T' || p[0] == 't') {
    casc_type_format(t->u.asc.elem, out);
  } else if (p[0] == 'Q') {
    const char *s = t->u.asc.str ? t->u.asc.str : "";
    casc_string_format(s, strlen(s), out);
  } else {
    for (unsigned i = 0; p[i]; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      if (p[i] == 'P')
        put_tpos(out, t->u.asc.p[i]);
      else
        casc_buf_put_i64(out, t->u.asc.p[i]);
    }
  }
  casc_buf_putc(out, '>');
}

static void put_mem_space(const casc_type *t, casc_buf *out) {
  casc_attr *s = t->u.memref.space;
  if (!s)
    return;
  casc_buf_puts(out, ", ");
  /* Memory spaces are integers (pyasc's address spaces, printed with the
   * i64 type elided) or a dialect attribute kept as text. */
  if (s->kind == CASC_ATTR_INTEGER)
    casc_buf_put_i64(out, s->u.i.v);
  else if (s->kind == CASC_ATTR_OPAQUE)
    casc_buf_puts(out, s->u.opaque.text);
  else if (s->kind == CASC_ATTR_STRING)
    casc_string_format(s->u.str.s, s->u.str.len, out);
  else
    casc_buf_puts(out, "<<unsupported memory space>>");
}

void casc_type_format(const casc_type *t, casc_buf *out) {
  if (!t) {
    casc_buf_puts(out, "<<NULL TYPE>>");
    return;
  }
  switch (t->kind) {
  case CASC_TYPE_INTEGER:
    casc_buf_puts(out, t->u.integer.sign == CASC_SIGNED     ? "si"
                       : t->u.integer.sign == CASC_UNSIGNED ? "ui"
                                                            : "i");
    casc_buf_put_u64(out, t->u.integer.width);
    return;
  case CASC_TYPE_INDEX:
    casc_buf_puts(out, "index");
    return;
  case CASC_TYPE_FLOAT: {
    static const char *const names[] = {"f16", "bf16", "f32", "f64"};
    casc_buf_puts(out, names[t->u.flt.fk]);
    return;
  }
  case CASC_TYPE_NONE:
    casc_buf_puts(out, "none");
    return;
  case CASC_TYPE_FUNCTION:
    casc_buf_putc(out, '(');
    for (unsigned i = 0; i < t->u.func.nin; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      casc_type_format(t->u.func.in[i], out);
    }
    casc_buf_puts(out, ") -> ");
    /* MLIR wraps results in parentheses unless there is exactly one that
     * is not itself a function type. */
    if (t->u.func.nout == 1 && t->u.func.out[0]->kind != CASC_TYPE_FUNCTION) {
      casc_type_format(t->u.func.out[0], out);
      return;
    }
    casc_buf_putc(out, '(');
    for (unsigned i = 0; i < t->u.func.nout; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      casc_type_format(t->u.func.out[i], out);
    }
    casc_buf_putc(out, ')');
    return;
  case CASC_TYPE_MEMREF:
    casc_buf_puts(out, "memref<");
    put_shape(out, t->u.memref.rank, t->u.memref.shape);
    casc_type_format(t->u.memref.elem, out);
    put_mem_space(t, out);
    casc_buf_putc(out, '>');
    return;
  case CASC_TYPE_UNRANKED_MEMREF:
    casc_buf_puts(out, "memref<*x");
    casc_type_format(t->u.memref.elem, out);
    put_mem_space(t, out);
    casc_buf_putc(out, '>');
    return;
  case CASC_TYPE_TUPLE:
    casc_buf_puts(out, "tuple<");
    for (unsigned i = 0; i < t->u.tuple.n; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      casc_type_format(t->u.tuple.elems[i], out);
    }
    casc_buf_putc(out, '>');
    return;
  case CASC_TYPE_ASC: {
    const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
    put_bang_name(out, info->dialect, ".", info->mnemonic);
    casc_type_format_params(t, out);
    return;
  }
  case CASC_TYPE_OPAQUE:
    /* The parser keeps three spellings: a builtin type casc does not model
     * (dialect "": `tensor<2xi32>`), the dialect's own opaque syntax
     * (`!dialect<...>`) and the pretty form (`!dialect.name<...>`). */
    if (!t->u.opaque.dialect[0])
      casc_buf_puts(out, t->u.opaque.body);
    else if (t->u.opaque.body[0] == '<' || !t->u.opaque.body[0])
      put_bang_name(out, t->u.opaque.dialect, "", t->u.opaque.body);
    else
      put_bang_name(out, t->u.opaque.dialect, ".", t->u.opaque.body);
    return;
  }
}

const char *casc_type_str(casc_ctx *ctx, const casc_type *t) {
  casc_buf b;
  casc_buf_init(&b);
  casc_type_format(t, &b);
  if (b.oom) { /* a truncated spelling would name another type */
    casc_buf_free(&b);
    casc_ctx_report_oom(ctx);
    return "<out of memory>";
  }
  const char *s = casc_intern(ctx, casc_buf_str(&b), b.len);
  casc_buf_free(&b);
  return s ? s : "<out of memory>";
}
