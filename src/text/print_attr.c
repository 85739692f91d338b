/* Spelling of types, attributes, strings and symbols as MLIR 19 prints
 * them: integer attributes typed (`1 : i32`, `true`), floats through
 * float_text.c, `: i64` / `: f64` elided inside arrays, dictionaries sorted
 * with unit entries as bare keys, strings escaped as `\0A` / `\22`. */
#include <inttypes.h>
#include <string.h>

#include "text/float_text.h"
#include "text/printer.h"

static bool is_bare_id(const char *s, size_t n) {
  if (!n || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
              s[0] == '_'))
    return false;
  for (size_t i = 1; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.'))
      return false;
  }
  return true;
}

void casc_text_put_string(casc_buf *out, const char *s, size_t len) {
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

static void put_key(casc_buf *out, const char *s) {
  size_t n = strlen(s);
  if (is_bare_id(s, n))
    casc_buf_put(out, s, n);
  else
    casc_text_put_string(out, s, n);
}

static void put_symbol(casc_buf *out, const char *s) {
  casc_buf_putc(out, '@');
  put_key(out, s);
}

static void put_shape(casc_buf *out, unsigned rank, const int64_t *shape) {
  for (unsigned i = 0; i < rank; i++) {
    if (shape[i] == CASC_DYN_DIM)
      casc_buf_putc(out, '?');
    else
      casc_buf_printf(out, "%" PRId64, shape[i]);
    casc_buf_putc(out, 'x');
  }
}

void casc_text_put_stripped_type(casc_buf *out, const casc_type *t) {
  const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
  const char *p = info ? info->params : "";
  if (!*p)
    return;
  casc_buf_putc(out, '<');
  if (p[0] == 'S') {
    if (t->u.asc.rank == 0)
      casc_buf_puts(out, "*x");
    else
      put_shape(out, t->u.asc.rank, t->u.asc.shape);
    casc_text_put_type(out, t->u.asc.elem);
  } else if (p[0] == 'T') {
    casc_text_put_type(out, t->u.asc.elem);
  } else if (p[0] == 'Q') {
    const char *s = t->u.asc.str ? t->u.asc.str : "";
    casc_text_put_string(out, s, strlen(s));
  } else {
    for (unsigned i = 0; p[i] && i < 3; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      const char *kw = p[i] == 'P' ? casc_enum_keyword(CASC_ENUM_TPOSITION,
                                                       t->u.asc.p[i])
                                   : NULL;
      if (kw)
        casc_buf_puts(out, kw);
      else
        casc_buf_printf(out, "%" PRId64, t->u.asc.p[i]);
    }
  }
  casc_buf_putc(out, '>');
}

static void put_types(casc_buf *out, casc_type *const *ts, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      casc_buf_puts(out, ", ");
    casc_text_put_type(out, ts[i]);
  }
}

void casc_text_put_type(casc_buf *out, const casc_type *t) {
  if (!t) {
    casc_buf_puts(out, "<<NULL TYPE>>");
    return;
  }
  switch (t->kind) {
  case CASC_TYPE_INTEGER:
    casc_buf_printf(out, "%s%u",
                    t->u.integer.sign == CASC_SIGNED     ? "si"
                    : t->u.integer.sign == CASC_UNSIGNED ? "ui"
                                                         : "i",
                    t->u.integer.width);
    return;
  case CASC_TYPE_INDEX:
    casc_buf_puts(out, "index");
    return;
  case CASC_TYPE_FLOAT: {
    static const char *const names[] = {"f16", "bf16", "f32", "f64"};
    casc_buf_puts(out, names[t->u.flt.fk & 3]);
    return;
  }
  case CASC_TYPE_NONE:
    casc_buf_puts(out, "none");
    return;
  case CASC_TYPE_FUNCTION:
    casc_buf_putc(out, '(');
    put_types(out, t->u.func.in, t->u.func.nin);
    casc_buf_puts(out, ") -> ");
    if (t->u.func.nout == 1 && t->u.func.out[0]->kind != CASC_TYPE_FUNCTION) {
      casc_text_put_type(out, t->u.func.out[0]);
      return;
    }
    casc_buf_putc(out, '(');
    put_types(out, t->u.func.out, t->u.func.nout);
    casc_buf_putc(out, ')');
    return;
  case CASC_TYPE_MEMREF:
  case CASC_TYPE_UNRANKED_MEMREF:
    casc_buf_puts(out, "memref<");
    if (t->kind == CASC_TYPE_UNRANKED_MEMREF)
      casc_buf_puts(out, "*x");
    else
      put_shape(out, t->u.memref.rank, t->u.memref.shape);
    casc_text_put_type(out, t->u.memref.elem);
    if (t->u.memref.space) {
      casc_buf_puts(out, ", ");
      casc_text_put_attr(out, t->u.memref.space, true);
    }
    casc_buf_putc(out, '>');
    return;
  case CASC_TYPE_TUPLE:
    casc_buf_puts(out, "tuple<");
    put_types(out, t->u.tuple.elems, t->u.tuple.n);
    casc_buf_putc(out, '>');
    return;
  case CASC_TYPE_ASC: {
    const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
    casc_buf_printf(out, "!%s.%s", info->dialect, info->mnemonic);
    casc_text_put_stripped_type(out, t);
    return;
  }
  case CASC_TYPE_OPAQUE: {
    const char *d = t->u.opaque.dialect ? t->u.opaque.dialect : "";
    const char *b = t->u.opaque.body ? t->u.opaque.body : "";
    if (!*d) /* builtin type casc does not model (tensor<...>, f80) */
      casc_buf_puts(out, b);
    else if (b[0] == '<' || !b[0])
      casc_buf_printf(out, "!%s%s", d, b);
    else
      casc_buf_printf(out, "!%s.%s", d, b);
    return;
  }
  }
}

void casc_text_put_attr(casc_buf *out, const casc_attr *a, bool elide_type) {
  if (!a) {
    casc_buf_puts(out, "<<NULL ATTRIBUTE>>");
    return;
  }
  switch (a->kind) {
  case CASC_ATTR_INTEGER: {
    casc_type *t = a->type;
    if (t && t->kind == CASC_TYPE_INTEGER && t->u.integer.width == 1 &&
        t->u.integer.sign == CASC_SIGNLESS) {
      casc_buf_puts(out, a->u.i.v ? "true" : "false");
      return;
    }
    if (t && t->kind == CASC_TYPE_INTEGER &&
        t->u.integer.sign == CASC_UNSIGNED)
      casc_buf_printf(out, "%" PRIu64, (uint64_t)a->u.i.v);
    else
      casc_buf_printf(out, "%" PRId64, a->u.i.v);
    if (!t)
      return;
    if (elide_type && casc_type_is_int_of(t, 64, CASC_SIGNLESS))
      return;
    casc_buf_puts(out, " : ");
    casc_text_put_type(out, t);
    return;
  }
  case CASC_ATTR_FLOAT: {
    casc_float_kind k =
        a->type && a->type->kind == CASC_TYPE_FLOAT ? a->type->u.flt.fk
                                                    : CASC_F64;
    bool hex;
    casc_float_print(a->u.f.v, k, out, &hex);
    if (elide_type && k == CASC_F64 && !hex)
      return;
    casc_buf_puts(out, " : ");
    if (a->type)
      casc_text_put_type(out, a->type);
    else
      casc_buf_puts(out, "f64");
    return;
  }
  case CASC_ATTR_STRING:
    casc_text_put_string(out, a->u.str.s, a->u.str.len);
    return;
  case CASC_ATTR_UNIT:
    casc_buf_puts(out, "unit");
    return;
  case CASC_ATTR_BOOL:
    casc_buf_puts(out, a->u.b ? "true" : "false");
    return;
  case CASC_ATTR_ARRAY:
    casc_buf_putc(out, '[');
    for (unsigned i = 0; i < a->u.array.n; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      casc_text_put_attr(out, a->u.array.elems[i], true);
    }
    casc_buf_putc(out, ']');
    return;
  case CASC_ATTR_DICT:
    casc_buf_putc(out, '{');
    for (unsigned i = 0; i < a->u.dict.n; i++) {
      if (i)
        casc_buf_puts(out, ", ");
      put_key(out, a->u.dict.entries[i].name);
      casc_attr *v = a->u.dict.entries[i].value;
      if (v && v->kind == CASC_ATTR_UNIT)
        continue;
      casc_buf_puts(out, " = ");
      casc_text_put_attr(out, v, false);
    }
    casc_buf_putc(out, '}');
    return;
  case CASC_ATTR_TYPE:
    casc_text_put_type(out, a->type);
    return;
  case CASC_ATTR_SYMREF:
    for (unsigned i = 0; i < a->u.sym.n; i++) {
      if (i)
        casc_buf_puts(out, "::");
      put_symbol(out, a->u.sym.path[i]);
    }
    return;
  case CASC_ATTR_KERNEL_ARG: {
    const char *kw = casc_enum_keyword(CASC_ENUM_KERNELARG, a->u.kernel_arg);
    casc_buf_printf(out, "#emitasc<kernel_arg %s>", kw ? kw : "explicit");
    return;
  }
  case CASC_ATTR_OPAQUE:
    casc_buf_puts(out, a->u.opaque.text);
    return;
  }
}

void casc_print_type(casc_type *t, casc_buf *out) { casc_text_put_type(out, t); }

void casc_print_attr(casc_attr *a, casc_buf *out) {
  casc_text_put_attr(out, a, false);
}

/* ---- printer wrappers ---------------------------------------------------- */

void pr_type(casc_printer *pr, casc_type *t) {
  casc_text_put_type(pr->out, t);
}

void pr_type_for(casc_printer *pr, casc_type *t, casc_constraint c) {
  int id = casc_text_constraint_type(c);
  if (t && t->kind == CASC_TYPE_ASC && id >= 0 && (int)t->u.asc.id == id) {
    const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
    if (info && info->params[0]) {
      casc_text_put_stripped_type(pr->out, t);
      return;
    }
  }
  casc_text_put_type(pr->out, t);
}

void pr_type_list(casc_printer *pr, casc_type **types, unsigned n) {
  put_types(pr->out, types, n);
}

void pr_value_types(casc_printer *pr, casc_use *uses, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      pr_puts(pr, ", ");
    pr_type(pr, uses[i].value->type);
  }
}

void pr_attr(casc_printer *pr, casc_attr *a) {
  casc_text_put_attr(pr->out, a, false);
}

void pr_escaped_string(casc_printer *pr, const char *s, size_t len) {
  casc_text_put_string(pr->out, s, len);
}

void pr_symbol(casc_printer *pr, const char *s) { put_symbol(pr->out, s); }

void pr_attr_dict(casc_printer *pr, casc_attr *dict, const char *const *elide,
                  unsigned nelide, bool with_keyword) {
  if (!dict || dict->kind != CASC_ATTR_DICT)
    return;
  bool any = false;
  for (unsigned i = 0; i < dict->u.dict.n; i++) {
    const char *name = dict->u.dict.entries[i].name;
    bool skip = false;
    for (unsigned k = 0; k < nelide && !skip; k++)
      skip = strcmp(elide[k], name) == 0;
    if (skip)
      continue;
    pr_puts(pr, any ? ", " : with_keyword ? " attributes {" : " {");
    any = true;
    put_key(pr->out, name);
    casc_attr *v = dict->u.dict.entries[i].value;
    if (v && v->kind == CASC_ATTR_UNIT)
      continue;
    pr_puts(pr, " = ");
    pr_attr(pr, v);
  }
  if (any)
    pr_putc(pr, '}');
}
