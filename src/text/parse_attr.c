/* Attributes: integers and floats with their types, strings, unit, bool,
 * arrays, dictionaries, types, symbol references, `#emitasc<kernel_arg ..>`,
 * and everything else (`#dialect.x<...>`, `dense<...>`, `array<...>`) kept
 * as opaque text that prints back unchanged. */
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/text.h"
#include "text/parser.h"
#include "util/alloc.h"
#include "util/float_text.h"

/* Keywords whose `<...>` body is kept as text. */
static const char *const opaque_kws[] = {
    "dense",      "sparse",  "array",          "affine_map",
    "affine_set", "strided", "dense_resource", NULL};

static bool kw_in(const casc_tok *t, const char *const *list) {
  for (int i = 0; list[i]; i++) {
    size_t n = strlen(list[i]);
    if (t->len == n && memcmp(t->p, list[i], n) == 0)
      return true;
  }
  return false;
}

bool pp_attr_start(const casc_parser *p) {
  switch (p->tok.kind) {
  case CASC_TK_INT:
  case CASC_TK_FLOAT:
  case CASC_TK_MINUS:
  case CASC_TK_STRING:
  case CASC_TK_LSQUARE:
  case CASC_TK_LBRACE:
  case CASC_TK_AT:
  case CASC_TK_HASH:
  case CASC_TK_EXCL:
  case CASC_TK_LPAREN:
    return true;
  case CASC_TK_BARE:
    return pp_is_kw(p, "true") || pp_is_kw(p, "false") || pp_is_kw(p, "unit") ||
           kw_in(&p->tok, opaque_kws) || pp_type_start(p);
  default:
    return false;
  }
}

const char *pp_balanced_body(casc_parser *p) {
  if (!pp_is(p, CASC_TK_LESS)) {
    pp_error(p, "expected '<'");
    return NULL;
  }
  const char *start = p->tok.p;
  const char *c = start;
  const char *end = p->lx.end;
  char stack[CASC_PARSE_MAX_DEPTH];
  unsigned depth = 0;
  while (c < end) {
    char ch = *c;
    /* The body is kept as a C string: a NUL inside it would silently cut
     * it short and print something that no longer parses. */
    if (ch == '\0') {
      pp_error(p, "unexpected NUL character in a dialect type or attribute "
                  "body");
      return NULL;
    }
    if (ch == '"') {
      c++;
      while (c < end && *c != '"' && *c != '\n') {
        if (*c == '\\' && c + 1 < end)
          c++;
        c++;
      }
      if (c >= end || *c != '"') {
        pp_error(p, "unbalanced '%c' character in pretty dialect name", '<');
        return NULL;
      }
      c++;
      continue;
    }
    if (ch == '<' || ch == '(' || ch == '[' || ch == '{') {
      if (depth == CASC_PARSE_MAX_DEPTH) {
        pp_error(p, "nesting too deep (more than %d levels)",
                 CASC_PARSE_MAX_DEPTH);
        return NULL;
      }
      stack[depth++] = ch == '<'   ? '>'
                       : ch == '(' ? ')'
                       : ch == '[' ? ']'
                                   : '}';
    } else if (ch == '>' && c > start && c[-1] == '-') {
      /* `->` inside a body is not a closing bracket */
    } else if (ch == '>' || ch == ')' || ch == ']' || ch == '}') {
      if (!depth || stack[depth - 1] != ch) {
        pp_error(p, "unbalanced '%c' character in pretty dialect name", ch);
        return NULL;
      }
      if (--depth == 0) {
        c++;
        const char *s = casc_intern(p->ctx, start, (size_t)(c - start));
        casc_lex_reset(&p->lx, c);
        p->tok = casc_lex_next(&p->lx);
        if (!s)
          pp_error(p, "out of memory");
        return s;
      }
    }
    c++;
  }
  pp_error(p, "unbalanced '%c' character in pretty dialect name", '<');
  return NULL;
}

static bool int_fits(uint64_t mag, bool neg, const casc_type *t) {
  if (t->kind == CASC_TYPE_INDEX)
    return neg ? mag <= (uint64_t)INT64_MAX + 1 : true;
  unsigned w = t->u.integer.width;
  if (w >= 64) {
    if (t->u.integer.sign == CASC_UNSIGNED)
      return !neg || mag == 0;
    if (t->u.integer.sign == CASC_SIGNED)
      return neg ? mag <= (uint64_t)INT64_MAX + 1 : mag <= (uint64_t)INT64_MAX;
    return neg ? mag <= (uint64_t)INT64_MAX + 1 : true;
  }
  uint64_t umax = (1ull << w) - 1;
  uint64_t smax = (1ull << (w - 1)) - 1;
  switch (t->u.integer.sign) {
  case CASC_UNSIGNED:
    return !neg ? mag <= umax : mag == 0;
  case CASC_SIGNED:
    return neg ? mag <= smax + 1 : mag <= smax;
  default: /* signless: either interpretation */
    return neg ? mag <= smax + 1 : mag <= umax;
  }
}

/* Number token (after an optional '-') with a known or default type. */
static casc_attr *number(casc_parser *p, bool neg, casc_type *t,
                         bool read_type) {
  casc_tok tok = p->tok;
  bool is_float = tok.kind == CASC_TK_FLOAT;
  bool is_hex = !is_float && tok.len > 2 && tok.p[0] == '0' && tok.p[1] == 'x';
  uint64_t mag = 0;
  if (!is_float) {
    if (!pp_parse_uint(p, &mag))
      return NULL;
  } else {
    pp_next(p);
  }
  if (read_type && pp_consume(p, CASC_TK_COLON)) {
    t = pp_parse_type(p);
    if (!t)
      return NULL;
  }
  if (!t)
    t = is_float ? casc_type_float(p->ctx, CASC_F64) : casc_type_i64(p->ctx);
  if (t->kind == CASC_TYPE_FLOAT) {
    casc_float_kind fk = t->u.flt.fk;
    double v;
    if (is_hex) {
      if (neg) {
        pp_error_at(p, tok.line, tok.col,
                    "hexadecimal float literal should not have a leading "
                    "minus");
        return NULL;
      }
      unsigned w = casc_float_width(fk);
      if (w < 64 && (mag >> w)) {
        pp_error_at(p, tok.line, tok.col,
                    "hexadecimal float constant out of range for type");
        return NULL;
      }
      v = casc_float_from_bits(mag, fk);
    } else {
      char buf[128];
      size_t n = tok.len < sizeof buf - 2 ? tok.len : sizeof buf - 2;
      buf[0] = neg ? '-' : '+';
      memcpy(buf + 1, tok.p, n);
      buf[n + 1] = 0;
      v = casc_float_parse(buf, fk);
    }
    casc_attr *a = casc_attr_float(p->ctx, t, v);
    if (!a)
      pp_error(p, "out of memory");
    return a;
  }
  if (t->kind != CASC_TYPE_INTEGER && t->kind != CASC_TYPE_INDEX) {
    pp_error_at(p, tok.line, tok.col,
                "integer literal not valid for "
                "specified type");
    return NULL;
  }
  if (is_float) {
    pp_error_at(p, tok.line, tok.col,
                "floating point value not valid for specified type");
    return NULL;
  }
  if (!int_fits(mag, neg, t)) {
    pp_error_at(p, tok.line, tok.col,
                "integer constant out of range for attribute");
    return NULL;
  }
  int64_t v = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  casc_attr *a = casc_attr_int(p->ctx, t, v);
  if (!a)
    pp_error(p, "out of memory");
  return a;
}

casc_attr *pp_parse_int_value(casc_parser *p, casc_type *t) {
  bool neg = pp_consume(p, CASC_TK_MINUS);
  if (!pp_is(p, CASC_TK_INT) && !pp_is(p, CASC_TK_FLOAT)) {
    pp_error(p, "expected integer value");
    return NULL;
  }
  return number(p, neg, t, false);
}

static casc_attr *parse_array(casc_parser *p) {
  pp_next(p); /* [ */
  casc_attr **elems = NULL;
  unsigned n = 0, cap = 0;
  if (!pp_consume(p, CASC_TK_RSQUARE)) {
    do {
      if (n == cap) {
        casc_attr **ne =
            casc_arena_grow(&p->tmp, elems, n, &cap, n + 1, sizeof *ne);
        if (!ne) {
          pp_error(p, "out of memory");
          return NULL;
        }
        elems = ne;
      }
      casc_attr *a = pp_parse_attr(p);
      if (!a)
        return NULL;
      elems[n++] = a;
    } while (pp_consume(p, CASC_TK_COMMA));
    if (!pp_expect(p, CASC_TK_RSQUARE, "]"))
      return NULL;
  }
  casc_attr *a = casc_attr_array(p->ctx, n, elems);
  if (!a)
    pp_error(p, "out of memory");
  return a;
}

casc_attr *pp_parse_dict(casc_parser *p) {
  if (!pp_expect(p, CASC_TK_LBRACE, "{"))
    return NULL;
  if (!pp_enter(p))
    return NULL;
  casc_named_attr *ents = NULL;
  unsigned n = 0, cap = 0;
  casc_attr *res = NULL;
  if (!pp_consume(p, CASC_TK_RBRACE)) {
    do {
      const char *key;
      casc_tok kt = p->tok;
      if (pp_is(p, CASC_TK_BARE)) {
        key = casc_intern(p->ctx, kt.p, kt.len);
      } else if (pp_is(p, CASC_TK_STRING)) {
        size_t kl;
        key = pp_string_value(p, &kl);
        if (key && kl == 0) {
          pp_error(p, "expected valid attribute name");
          goto out;
        }
      } else {
        pp_error(p, "expected attribute name");
        goto out;
      }
      if (!key)
        goto out;
      pp_next(p);
      for (unsigned i = 0; i < n; i++)
        if (ents[i].name == key) {
          pp_error_at(p, kt.line, kt.col,
                      "duplicate key '%s' in dictionary attribute", key);
          goto out;
        }
      casc_attr *v;
      if (pp_consume(p, CASC_TK_EQUAL)) {
        v = pp_parse_attr(p);
        if (!v)
          goto out;
      } else {
        v = casc_attr_unit(p->ctx);
      }
      if (n == cap) {
        casc_named_attr *ne =
            casc_arena_grow(&p->tmp, ents, n, &cap, n + 1, sizeof *ne);
        if (!ne) {
          pp_error(p, "out of memory");
          goto out;
        }
        ents = ne;
      }
      ents[n].name = key;
      ents[n].value = v;
      n++;
    } while (pp_consume(p, CASC_TK_COMMA));
    if (!pp_expect(p, CASC_TK_RBRACE, "}"))
      goto out;
  }
  res = casc_attr_dict(p->ctx, n, ents);
  if (!res)
    pp_error(p, "out of memory");
out:
  pp_leave(p);
  return res;
}

bool pp_parse_opt_dict(casc_parser *p, casc_attr **dict) {
  if (!pp_is(p, CASC_TK_LBRACE))
    return true;
  *dict = pp_parse_dict(p);
  return *dict != NULL;
}

static casc_attr *parse_symref(casc_parser *p) {
  const char *path[64];
  unsigned n = 0;
  for (;;) {
    if (!pp_is(p, CASC_TK_AT)) {
      pp_error(p, "expected symbol reference");
      return NULL;
    }
    if (n == 64) {
      pp_error(p, "symbol reference nested too deeply");
      return NULL;
    }
    if (p->tok.len > 1 && p->tok.p[1] == '"')
      path[n] = pp_string_value(p, NULL);
    else
      path[n] = casc_intern(p->ctx, p->tok.p + 1, p->tok.len - 1);
    if (!path[n])
      return NULL;
    n++;
    pp_next(p);
    if (!pp_consume(p, CASC_TK_COLON_COLON))
      break;
  }
  casc_attr *a = casc_attr_symref(p->ctx, n, path);
  if (!a)
    pp_error(p, "out of memory");
  return a;
}

/* Concatenate a..b (b may be NULL) and intern. */
static const char *join(casc_parser *p, const char *a, size_t an,
                        const char *b) {
  size_t bn = b ? strlen(b) : 0;
  char *buf = casc_malloc(an + bn + 1);
  if (!buf) {
    pp_error(p, "out of memory");
    return NULL;
  }
  memcpy(buf, a, an);
  if (bn)
    memcpy(buf + an, b, bn);
  const char *s = casc_intern(p->ctx, buf, an + bn);
  casc_free(buf);
  return s;
}

static casc_attr *parse_hash(casc_parser *p) {
  casc_tok t = p->tok;
  const char *after = t.p + t.len;
  pp_next(p);
  bool body = pp_is(p, CASC_TK_LESS) && p->tok.p == after;
  bool dotted = memchr(t.p, '.', t.len) != NULL;
  if (!body && !dotted) {
    casc_attr *a = pp_lookup_attr_alias(p, t.p + 1, t.len - 1);
    if (a)
      return a;
    pp_error_at(p, t.line, t.col, "undefined symbol alias id '%.*s'",
                (int)t.len - 1, t.p + 1);
    return NULL;
  }
  const char *b = NULL;
  if (body) {
    b = pp_balanced_body(p);
    if (!b)
      return NULL;
  }
  if (b && t.len == 8 && memcmp(t.p, "#emitasc", 8) == 0) {
    if (strcmp(b, "<kernel_arg explicit>") == 0)
      return casc_attr_kernel_arg(p->ctx, 0);
    if (strcmp(b, "<kernel_arg ffts_addr>") == 0)
      return casc_attr_kernel_arg(p->ctx, 1);
  }
  const char *text = join(p, t.p, t.len, b);
  return text ? casc_attr_opaque(p->ctx, text) : NULL;
}

/* dense<...> [: type] and friends, as text. */
static casc_attr *parse_opaque_kw(casc_parser *p) {
  casc_tok t = p->tok;
  pp_next(p);
  if (!pp_is(p, CASC_TK_LESS)) {
    pp_error(p, "expected '<' after '%.*s'", (int)t.len, t.p);
    return NULL;
  }
  const char *b = pp_balanced_body(p);
  if (!b)
    return NULL;
  const char *text = join(p, t.p, t.len, b);
  if (!text)
    return NULL;
  bool typed = (t.len == 5 && memcmp(t.p, "dense", 5) == 0) ||
               (t.len == 6 && memcmp(t.p, "sparse", 6) == 0) ||
               (t.len == 14 && memcmp(t.p, "dense_resource", 14) == 0);
  if (typed && pp_consume(p, CASC_TK_COLON)) {
    casc_type *ty = pp_parse_type(p);
    if (!ty)
      return NULL;
    casc_buf tb;
    casc_buf_init(&tb);
    casc_buf_puts(&tb, text);
    casc_buf_puts(&tb, " : ");
    casc_print_type(ty, &tb);
    text = tb.data ? casc_intern(p->ctx, tb.data, tb.len) : NULL;
    casc_buf_free(&tb);
    if (!text) {
      pp_error(p, "out of memory");
      return NULL;
    }
  }
  return casc_attr_opaque(p->ctx, text);
}

static casc_attr *parse_attr_inner(casc_parser *p, casc_type *known,
                                   bool read_type) {
  switch (p->tok.kind) {
  case CASC_TK_MINUS: {
    pp_next(p);
    if (!pp_is(p, CASC_TK_INT) && !pp_is(p, CASC_TK_FLOAT)) {
      pp_error(p, "expected constant integer or floating point value");
      return NULL;
    }
    return number(p, true, known, read_type);
  }
  case CASC_TK_INT:
  case CASC_TK_FLOAT:
    return number(p, false, known, read_type);
  case CASC_TK_STRING: {
    size_t n;
    const char *s = pp_string_value(p, &n);
    if (!s)
      return NULL;
    pp_next(p);
    if (read_type && pp_is(p, CASC_TK_COLON)) {
      pp_error(p, "typed string attributes are not supported by casc");
      return NULL;
    }
    casc_attr *a = casc_attr_string(p->ctx, s, n);
    if (!a)
      pp_error(p, "out of memory");
    return a;
  }
  case CASC_TK_LSQUARE:
    return parse_array(p);
  case CASC_TK_LBRACE:
    return pp_parse_dict(p);
  case CASC_TK_AT:
    return parse_symref(p);
  case CASC_TK_HASH:
    return parse_hash(p);
  case CASC_TK_EXCL:
  case CASC_TK_LPAREN: {
    casc_type *t = pp_parse_type(p);
    return t ? casc_attr_type(p->ctx, t) : NULL;
  }
  case CASC_TK_BARE:
    if (pp_is_kw(p, "true") || pp_is_kw(p, "false")) {
      bool b = pp_is_kw(p, "true");
      pp_next(p);
      if (read_type && pp_is(p, CASC_TK_COLON)) {
        pp_next(p);
        casc_type *t = pp_parse_type(p);
        if (!t)
          return NULL;
        if (!casc_type_is_int_of(t, 1, CASC_SIGNLESS)) {
          pp_error(p, "expected i1 type for 'true' or 'false' values");
          return NULL;
        }
      }
      return casc_attr_int(p->ctx, casc_type_i1(p->ctx), b ? 1 : 0);
    }
    if (pp_is_kw(p, "unit")) {
      pp_next(p);
      return casc_attr_unit(p->ctx);
    }
    if (kw_in(&p->tok, opaque_kws))
      return parse_opaque_kw(p);
    if (pp_type_start(p)) {
      casc_type *t = pp_parse_type(p);
      return t ? casc_attr_type(p->ctx, t) : NULL;
    }
    break;
  case CASC_TK_ERROR:
    pp_error(p, "%s", p->tok.err);
    return NULL;
  default:
    break;
  }
  pp_error(p, "expected attribute value");
  return NULL;
}

casc_attr *pp_parse_attr(casc_parser *p) {
  if (!pp_enter(p))
    return NULL;
  casc_attr *a = parse_attr_inner(p, NULL, true);
  pp_leave(p);
  return a;
}

casc_attr *pp_parse_attr_typed(casc_parser *p, casc_type *t) {
  if (!pp_enter(p))
    return NULL;
  casc_attr *a = parse_attr_inner(p, t, t == NULL);
  pp_leave(p);
  return a;
}
