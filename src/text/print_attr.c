/* Spelling of types, attributes, strings and symbols as MLIR 19 prints
 * them: integer attributes typed (`1 : i32`, `true`), floats through
 * float_text.c, `: i64` / `: f64` elided inside arrays, dictionaries sorted
 * with unit entries as bare keys, strings escaped as `\0A` / `\22`. */
#include <inttypes.h>
#include <string.h>

#include "text/printer.h"
#include "util/buf_num.h"
#include "util/float_text.h"

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
  casc_string_format(s, len, out);
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

/* Types are spelled by the IR core (src/ir/type_format.c), so diagnostics
 * of every layer and the printer agree on every type. */
void casc_text_put_stripped_type(casc_buf *out, const casc_type *t) {
  casc_type_format_params(t, out);
}

void casc_text_put_type(casc_buf *out, const casc_type *t) {
  casc_type_format(t, out);
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
    if (t && t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED)
      casc_buf_put_u64(out, (uint64_t)a->u.i.v);
    else
      casc_buf_put_i64(out, a->u.i.v);
    if (!t)
      return;
    if (elide_type && casc_type_is_int_of(t, 64, CASC_SIGNLESS))
      return;
    casc_buf_puts(out, " : ");
    casc_text_put_type(out, t);
    return;
  }
  case CASC_ATTR_FLOAT: {
    casc_float_kind k = a->type && a->type->kind == CASC_TYPE_FLOAT
                            ? a->type->u.flt.fk
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

void casc_print_type(casc_type *t, casc_buf *out) {
  casc_text_put_type(out, t);
}

void casc_print_attr(casc_attr *a, casc_buf *out) {
  casc_text_put_attr(out, a, false);
}

/* ---- printer wrappers ---------------------------------------------------- */

/* Print t's full or stripped spelling from the printer's cache. */
static void put_cached_type(casc_printer *pr, casc_type *t, bool stripped) {
  const void *key = (const char *)t + stripped;
  uintptr_t v;
  if (t && casc_ptrmap_find(&pr->type_spell, key, &v)) {
    pr_put(pr, pr->type_text.data + (v >> 16), v & 0xffff);
    return;
  }
  size_t at = pr->type_text.len;
  if (stripped)
    casc_text_put_stripped_type(&pr->type_text, t);
  else
    casc_text_put_type(&pr->type_text, t);
  size_t len = pr->type_text.len - at;
  if (pr->type_text.oom) {
    pr->oom = true;
    return;
  }
  pr_put(pr, pr->type_text.data + at, len);
  /* A spelling too long for the packing is printed, not cached. */
  if (t && len <= 0xffff && at <= (SIZE_MAX >> 17) &&
      !casc_ptrmap_put(&pr->type_spell, key, (uintptr_t)at << 16 | len))
    pr->oom = true;
}

void pr_type(casc_printer *pr, casc_type *t) {
  put_cached_type(pr, t, false);
}

void pr_type_for(casc_printer *pr, casc_type *t, casc_constraint c) {
  int id = casc_text_constraint_type(c);
  if (t && t->kind == CASC_TYPE_ASC && id >= 0 && (int)t->u.asc.id == id) {
    const casc_asc_type_info *info = casc_asc_type_get(t->u.asc.id);
    if (info && info->params[0]) {
      put_cached_type(pr, t, true);
      return;
    }
  }
  put_cached_type(pr, t, false);
}

void pr_type_list(casc_printer *pr, casc_type **types, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      pr_puts(pr, ", ");
    put_cached_type(pr, types[i], false);
  }
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

void pr_symbol(casc_printer *pr, const char *s) {
  put_symbol(pr->out, s);
}

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
