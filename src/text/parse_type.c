/* Types: builtin integers/floats/index/none, function types, memref, tuple,
 * the registered dialect types of types.def (full and stripped forms), and
 * any other `!dialect.type<...>` or builtin type kept as opaque text. */
#include <stdlib.h>
#include <string.h>

#include "text/parser.h"
#include "util/alloc.h"

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/* i32 / si8 / ui64: width or 0 if not an integer type keyword. */
static unsigned int_width(const char *s, size_t n, casc_signedness *sign) {
  size_t i = 0;
  *sign = CASC_SIGNLESS;
  if (n >= 3 && s[0] == 's' && s[1] == 'i') {
    *sign = CASC_SIGNED;
    i = 2;
  } else if (n >= 3 && s[0] == 'u' && s[1] == 'i') {
    *sign = CASC_UNSIGNED;
    i = 2;
  } else if (n >= 2 && s[0] == 'i') {
    i = 1;
  } else {
    return 0;
  }
  if (i >= n || n - i > 8)
    return 0;
  unsigned w = 0;
  for (; i < n; i++) {
    if (!is_digit(s[i]))
      return 0;
    w = w * 10 + (unsigned)(s[i] - '0');
  }
  return w;
}

static bool kw_is(const casc_tok *t, const char *kw) {
  size_t n = strlen(kw);
  return t->len == n && memcmp(t->p, kw, n) == 0;
}

/* Builtin type keywords that casc keeps as opaque text. */
static const char *const opaque_builtin_params[] = {"tensor", "vector",
                                                    "complex", "opaque", NULL};
static const char *const opaque_builtin_plain[] = {
    "f80",      "f128",       "tf32",       "f8E5M2",        "f8E4M3",
    "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f6E2M3FN",
    "f6E3M2FN", "f4E2M1FN",   "f8E3M4",     "f8E8M0FNU",     NULL};

bool pp_type_start(const casc_parser *p) {
  switch (p->tok.kind) {
  case CASC_TK_EXCL:
  case CASC_TK_LPAREN:
    return true;
  case CASC_TK_BARE: {
    casc_signedness s;
    const casc_tok *t = &p->tok;
    if (int_width(t->p, t->len, &s))
      return true;
    static const char *const kws[] = {"index", "f16",    "bf16",  "f32", "f64",
                                      "none",  "memref", "tuple", NULL};
    for (int i = 0; kws[i]; i++)
      if (kw_is(t, kws[i]))
        return true;
    for (int i = 0; opaque_builtin_params[i]; i++)
      if (kw_is(t, opaque_builtin_params[i]))
        return true;
    for (int i = 0; opaque_builtin_plain[i]; i++)
      if (kw_is(t, opaque_builtin_plain[i]))
        return true;
    return false;
  }
  default:
    return false;
  }
}

bool pp_parse_type_list(casc_parser *p, casc_type ***types, unsigned *n) {
  unsigned cap = 0;
  *n = 0;
  *types = NULL;
  do {
    if (*n == cap) {
      casc_type **nt =
          casc_arena_grow(&p->tmp, *types, *n, &cap, *n + 1, sizeof *nt);
      if (!nt)
        return pp_error(p, "out of memory");
      *types = nt;
    }
    casc_type *t = pp_parse_type(p);
    if (!t)
      return false;
    (*types)[(*n)++] = t;
  } while (pp_consume(p, CASC_TK_COMMA));
  return true;
}

/* `(` [types] `)` with the current token `(`. */
static bool paren_types(casc_parser *p, casc_type ***types, unsigned *n) {
  *types = NULL;
  *n = 0;
  if (!pp_expect(p, CASC_TK_LPAREN, "("))
    return false;
  if (pp_consume(p, CASC_TK_RPAREN))
    return true;
  if (!pp_parse_type_list(p, types, n))
    return false;
  return pp_expect(p, CASC_TK_RPAREN, ")");
}

bool pp_parse_result_types(casc_parser *p, casc_type ***types, unsigned *n) {
  if (pp_is(p, CASC_TK_LPAREN))
    return paren_types(p, types, n);
  casc_type *t = pp_parse_type(p);
  if (!t)
    return false;
  *types = casc_arena_alloc(&p->tmp, sizeof **types);
  if (!*types)
    return pp_error(p, "out of memory");
  (*types)[0] = t;
  *n = 1;
  return true;
}

casc_type *pp_parse_function_type(casc_parser *p) {
  casc_type **in, **out;
  unsigned nin, nout;
  if (!paren_types(p, &in, &nin))
    return NULL;
  if (!pp_expect(p, CASC_TK_ARROW, "->"))
    return NULL;
  if (!pp_parse_result_types(p, &out, &nout))
    return NULL;
  casc_type *t = casc_type_func(p->ctx, nin, in, nout, out);
  if (!t)
    pp_error(p, "out of memory");
  return t;
}

/* Dimension list `4x?x` scanned as characters right after the `<` token;
 * stops before the element type. Returns false on malformed dims. */
static bool scan_dims(casc_parser *p, int64_t **dims, unsigned *rank,
                      bool *unranked) {
  const char *c = p->lx.cur;
  const char *end = p->lx.end;
  while (c < end && (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r'))
    c++;
  *rank = 0;
  *dims = NULL;
  *unranked = false;
  if (c < end && *c == '*') {
    if (c + 1 >= end || c[1] != 'x') {
      casc_lex_reset(&p->lx, c + 1);
      p->tok = casc_lex_next(&p->lx);
      return pp_error(p, "expected 'x' in dimension list");
    }
    *unranked = true;
    casc_lex_reset(&p->lx, c + 2);
    p->tok = casc_lex_next(&p->lx);
    return true;
  }
  unsigned cap = 0;
  for (;;) {
    int64_t d;
    const char *s = c;
    if (c < end && *c == '?') {
      d = CASC_DYN_DIM;
      c++;
    } else if (c < end && is_digit(*c)) {
      uint64_t v = 0;
      while (c < end && is_digit(*c)) {
        if (v > (uint64_t)INT64_MAX / 10) {
          casc_lex_reset(&p->lx, s);
          p->tok = casc_lex_next(&p->lx);
          return pp_error(p, "invalid dimension");
        }
        v = v * 10 + (uint64_t)(*c - '0');
        c++;
      }
      d = (int64_t)v;
    } else {
      break;
    }
    if (c >= end || *c != 'x') {
      casc_lex_reset(&p->lx, c);
      p->tok = casc_lex_next(&p->lx);
      return pp_error(p, "expected 'x' in dimension list");
    }
    c++;
    if (*rank == cap) {
      int64_t *nd =
          casc_arena_grow(&p->tmp, *dims, *rank, &cap, *rank + 1, sizeof *nd);
      if (!nd)
        return pp_error(p, "out of memory");
      *dims = nd;
    }
    (*dims)[(*rank)++] = d;
  }
  casc_lex_reset(&p->lx, c);
  p->tok = casc_lex_next(&p->lx);
  return true;
}

static casc_type *parse_memref(casc_parser *p) {
  /* current token: `<` */
  if (!pp_is(p, CASC_TK_LESS)) {
    pp_error(p, "expected '<' in memref type");
    return NULL;
  }
  int64_t *dims;
  unsigned rank;
  bool unranked;
  if (!scan_dims(p, &dims, &rank, &unranked))
    return NULL;
  casc_type *elem = pp_parse_type(p);
  if (!elem)
    return NULL;
  casc_attr *space = NULL;
  if (pp_consume(p, CASC_TK_COMMA)) {
    unsigned l = p->tok.line, c = p->tok.col;
    space = pp_parse_attr(p);
    if (!space)
      return NULL;
    if (pp_is(p, CASC_TK_COMMA) ||
        (space->kind == CASC_ATTR_OPAQUE &&
         (strncmp(space->u.opaque.text, "strided<", 8) == 0 ||
          strncmp(space->u.opaque.text, "affine_map<", 11) == 0))) {
      pp_error_at(p, l, c, "memref layouts are not supported by casc");
      return NULL;
    }
    /* A memory space is an integer (pyasc's address spaces) or a dialect
     * attribute; MLIR rejects anything else at parse time. */
    if (space->kind != CASC_ATTR_INTEGER && space->kind != CASC_ATTR_STRING &&
        !(space->kind == CASC_ATTR_OPAQUE && space->u.opaque.text[0] == '#')) {
      pp_error_at(p, l, c, "unsupported memory space Attribute");
      return NULL;
    }
  }
  if (!pp_expect(p, CASC_TK_GREATER, ">"))
    return NULL;
  casc_type *t = unranked ? casc_type_unranked_memref(p->ctx, elem, space)
                          : casc_type_memref(p->ctx, rank, dims, elem, space);
  if (!t)
    pp_error(p, "out of memory");
  return t;
}

static casc_type *parse_tuple(casc_parser *p) {
  if (!pp_expect(p, CASC_TK_LESS, "<"))
    return NULL;
  casc_type **elems = NULL;
  unsigned n = 0;
  if (!pp_is(p, CASC_TK_GREATER) && !pp_parse_type_list(p, &elems, &n))
    return NULL;
  if (!pp_expect(p, CASC_TK_GREATER, ">"))
    return NULL;
  return casc_type_tuple(p->ctx, n, elems);
}

int casc_text_constraint_type(casc_constraint c) {
  switch (c) {
  case CASC_C_QUEUE:
    return CASC_ASC_QUEUE;
  case CASC_C_QUE_BIND:
    return CASC_ASC_QUE_BIND;
  case CASC_C_TBUF:
    return CASC_ASC_TBUF;
  case CASC_C_TBUF_POOL:
    return CASC_ASC_TBUF_POOL;
  case CASC_C_LOCAL_TENSOR:
    return CASC_ASC_LOCAL_TENSOR;
  case CASC_C_GLOBAL_TENSOR:
    return CASC_ASC_GLOBAL_TENSOR;
  default:
    return -1;
  }
}

static bool parse_tpos(casc_parser *p, int64_t *v, bool stripped) {
  if (!pp_is(p, CASC_TK_BARE)) {
    if (stripped)
      return pp_custom_error(p, "expected a position keyword");
    return pp_error(p, "expected a position keyword");
  }
  int k = casc_enum_parse(CASC_ENUM_TPOSITION, p->tok.p, p->tok.len);
  if (k < 0) {
    if (stripped)
      return pp_custom_error(p, "position is not recognized: %.*s",
                             (int)p->tok.len, p->tok.p);
    return pp_error(p, "position is not recognized: %.*s", (int)p->tok.len,
                    p->tok.p);
  }
  *v = k;
  pp_next(p);
  return true;
}

static bool parse_int_param(casc_parser *p, int64_t *v) {
  bool neg = pp_consume(p, CASC_TK_MINUS);
  uint64_t u;
  if (!pp_parse_uint(p, &u))
    return false;
  if (u > (uint64_t)INT64_MAX)
    return pp_error(p, "integer parameter out of range");
  *v = neg ? -(int64_t)u : (int64_t)u;
  return true;
}

static casc_type *asc_body(casc_parser *p, int id, bool stripped) {
  const casc_asc_type_info *info = casc_asc_type_get((casc_asc_type)id);
  const char *params = info->params;
  int64_t v[3] = {0, 0, 0};
  casc_type *t = NULL;
  if (params[0] == 'S') {
    int64_t *dims;
    unsigned rank;
    bool unranked;
    if (!pp_is(p, CASC_TK_LESS)) {
      pp_error(p, "expected '<'");
      return NULL;
    }
    if (!scan_dims(p, &dims, &rank, &unranked))
      return NULL;
    casc_type *elem = pp_parse_type(p);
    if (!elem || !pp_expect(p, CASC_TK_GREATER, ">"))
      return NULL;
    t = casc_type_asc(p->ctx, (casc_asc_type)id, 0, NULL, rank, dims, elem);
  } else if (params[0] == 'T' || params[0] == 't') {
    if (!pp_expect(p, CASC_TK_LESS, "<"))
      return NULL;
    casc_type *elem = pp_parse_type(p);
    if (!elem || !pp_expect(p, CASC_TK_GREATER, ">"))
      return NULL;
    t = casc_type_asc(p->ctx, (casc_asc_type)id, 0, NULL, 0, NULL, elem);
  } else if (params[0] == 'Q') {
    if (!pp_expect(p, CASC_TK_LESS, "<"))
      return NULL;
    if (!pp_is(p, CASC_TK_STRING)) {
      pp_error(p, "expected string");
      return NULL;
    }
    const char *s = pp_string_value(p, NULL);
    if (!s)
      return NULL;
    pp_next(p);
    if (!pp_expect(p, CASC_TK_GREATER, ">"))
      return NULL;
    t = casc_type_asc_str(p->ctx, (casc_asc_type)id, s);
  } else {
    if (!pp_expect(p, CASC_TK_LESS, "<"))
      return NULL;
    for (unsigned i = 0; params[i]; i++) {
      if (i && !pp_expect(p, CASC_TK_COMMA, ","))
        return NULL;
      bool ok = params[i] == 'P' ? parse_tpos(p, &v[i], stripped)
                                 : parse_int_param(p, &v[i]);
      if (!ok)
        return NULL;
    }
    if (!pp_expect(p, CASC_TK_GREATER, ">"))
      return NULL;
    t = casc_type_asc(p->ctx, (casc_asc_type)id, (unsigned)strlen(params), v, 0,
                      NULL, NULL);
  }
  if (!t)
    pp_error(p, "out of memory");
  return t;
}

casc_type *pp_parse_asc_type_body(casc_parser *p, int id, unsigned line,
                                  unsigned col) {
  (void)line;
  (void)col;
  return asc_body(p, id, true);
}

/* `!name...` (current token). */
static casc_type *parse_excl(casc_parser *p) {
  casc_tok t = p->tok;
  const char *s = t.p + 1;
  size_t n = t.len - 1;
  const char *after = t.p + t.len;
  const char *dot = memchr(s, '.', n);
  pp_next(p);
  bool body_follows = pp_is(p, CASC_TK_LESS) && p->tok.p == after;
  if (!dot) {
    casc_type *alias = pp_lookup_type_alias(p, s, n);
    if (alias)
      return alias;
    if (!body_follows) {
      pp_error_at(p, t.line, t.col, "undefined symbol alias id '%.*s'", (int)n,
                  s);
      return NULL;
    }
    const char *body = pp_balanced_body(p);
    if (!body)
      return NULL;
    const char *dialect = casc_intern(p->ctx, s, n);
    return casc_type_opaque(p->ctx, dialect, body);
  }
  size_t dl = (size_t)(dot - s);
  const char *mn = dot + 1;
  size_t ml = n - dl - 1;
  if (dl == 0 || ml == 0) {
    pp_error_at(p, t.line, t.col, "invalid type identifier");
    return NULL;
  }
  int id = casc_asc_type_lookup(s, dl, mn, ml);
  if (id >= 0) {
    const casc_asc_type_info *info = casc_asc_type_get((casc_asc_type)id);
    if (!info->params[0] || (info->params[0] == 't' && !body_follows)) {
      if (body_follows) {
        pp_error(p, "type '!%.*s' has no parameters", (int)n, s);
        return NULL;
      }
      casc_type *r =
          casc_type_asc(p->ctx, (casc_asc_type)id, 0, NULL, 0, NULL, NULL);
      if (!r)
        pp_error(p, "out of memory");
      return r;
    }
    if (!body_follows) {
      pp_error(p, "expected '<' after '!%.*s'", (int)n, s);
      return NULL;
    }
    return asc_body(p, id, false);
  }
  /* Unknown dialect type: keep `name<...>` as text. */
  const char *dialect = casc_intern(p->ctx, s, dl);
  const char *body;
  if (body_follows) {
    const char *b = pp_balanced_body(p);
    if (!b)
      return NULL;
    size_t bl = strlen(b);
    char *buf = casc_malloc(ml + bl + 1);
    if (!buf) {
      pp_error(p, "out of memory");
      return NULL;
    }
    memcpy(buf, mn, ml);
    memcpy(buf + ml, b, bl);
    body = casc_intern(p->ctx, buf, ml + bl);
    casc_free(buf);
  } else {
    body = casc_intern(p->ctx, mn, ml);
  }
  return casc_type_opaque(p->ctx, dialect, body);
}

static casc_type *parse_type_inner(casc_parser *p) {
  casc_tok t = p->tok;
  if (t.kind == CASC_TK_EXCL)
    return parse_excl(p);
  if (t.kind == CASC_TK_LPAREN)
    return pp_parse_function_type(p);
  if (t.kind != CASC_TK_BARE) {
    if (t.kind == CASC_TK_ERROR)
      pp_error(p, "%s", t.err);
    else
      pp_error(p, "expected non-function type");
    return NULL;
  }
  casc_signedness sign;
  unsigned w = int_width(t.p, t.len, &sign);
  if (w) {
    if (w > 16777215) {
      pp_error(p, "integer bitwidth is limited to 16777215 bits");
      return NULL;
    }
    pp_next(p);
    return casc_type_int(p->ctx, w, sign);
  }
  if (kw_is(&t, "index")) {
    pp_next(p);
    return casc_type_index(p->ctx);
  }
  static const struct {
    const char *kw;
    casc_float_kind k;
  } floats[] = {{"f16", CASC_F16},
                {"bf16", CASC_BF16},
                {"f32", CASC_F32},
                {"f64", CASC_F64}};
  for (unsigned i = 0; i < 4; i++)
    if (kw_is(&t, floats[i].kw)) {
      pp_next(p);
      return casc_type_float(p->ctx, floats[i].k);
    }
  if (kw_is(&t, "none")) {
    pp_next(p);
    return casc_type_none(p->ctx);
  }
  if (kw_is(&t, "memref")) {
    pp_next(p);
    return parse_memref(p);
  }
  if (kw_is(&t, "tuple")) {
    pp_next(p);
    return parse_tuple(p);
  }
  for (int i = 0; opaque_builtin_plain[i]; i++)
    if (kw_is(&t, opaque_builtin_plain[i])) {
      pp_next(p);
      return casc_type_opaque(p->ctx, "", casc_intern(p->ctx, t.p, t.len));
    }
  for (int i = 0; opaque_builtin_params[i]; i++)
    if (kw_is(&t, opaque_builtin_params[i])) {
      pp_next(p);
      if (!pp_is(p, CASC_TK_LESS)) {
        pp_error(p, "expected '<' in %.*s type", (int)t.len, t.p);
        return NULL;
      }
      const char *b = pp_balanced_body(p);
      if (!b)
        return NULL;
      size_t bl = strlen(b);
      char *buf = casc_malloc(t.len + bl + 1);
      if (!buf) {
        pp_error(p, "out of memory");
        return NULL;
      }
      memcpy(buf, t.p, t.len);
      memcpy(buf + t.len, b, bl);
      const char *body = casc_intern(p->ctx, buf, t.len + bl);
      casc_free(buf);
      return casc_type_opaque(p->ctx, "", body);
    }
  pp_error(p, "expected non-function type");
  return NULL;
}

/* The end of a type spelled `!d.t<...>` or `name<...>` starting with the
 * current token: after the `>` matching the `<` right behind the token,
 * or NULL when the type has no such body or its body spans lines (the
 * lexer restarts only within a line) or holds a string. */
static const char *memo_span_end(const casc_parser *p) {
  const char *c = p->tok.p + p->tok.len, *end = p->lx.end;
  if (c >= end || *c != '<')
    return NULL;
  unsigned depth = 0;
  for (; c < end; c++) {
    if (*c == '<')
      depth++;
    else if (*c == '>' && --depth == 0)
      return c + 1;
    else if (*c == '\n' || *c == '"')
      return NULL;
  }
  return NULL;
}

static bool only_blanks(const char *a, const char *b) {
  for (; a < b; a++)
    if (*a != ' ' && *a != '\t')
      return false;
  return true;
}

casc_type *pp_parse_type(casc_parser *p) {
  if (!pp_enter(p))
    return NULL;
  /* A type spelled as one seen before is that type: skip its text. */
  const char *start = p->tok.p, *end = NULL;
  uint64_t h = 0;
  if (p->tok.kind == CASC_TK_EXCL || p->tok.kind == CASC_TK_BARE) {
    end = memo_span_end(p);
    if (end) {
      h = casc_hash_bytes(start, (size_t)(end - start));
      casc_type *seen =
          casc_hm_get(&p->type_memo, start, (size_t)(end - start), h);
      if (seen) {
        casc_lex_reset(&p->lx, end);
        p->tok = casc_lex_next(&p->lx);
        pp_leave(p);
        return seen;
      }
    }
  }
  casc_type *t = parse_type_inner(p);
  /* Remembered only when the parse ended where the span does, under a copy
   * of the spelling: the text it came from may be given back before the
   * memo's last use (casc_parse_module_consuming). */
  if (t && end && p->tok.p >= end && only_blanks(end, p->tok.p)) {
    size_t n = (size_t)(end - start);
    char *key = casc_arena_alloc(&p->keep, n ? n : 1);
    if (key)
      memcpy(key, start, n);
    if (!key || !casc_hm_put(&p->type_memo, key, n, h, t)) {
      pp_error(p, "out of memory");
      t = NULL;
    }
  }
  pp_leave(p);
  return t;
}

casc_type *pp_parse_type_for(casc_parser *p, casc_constraint c) {
  if (!pp_is(p, CASC_TK_LESS))
    return pp_parse_type(p);
  int id = casc_text_constraint_type(c);
  if (id < 0) {
    pp_error(p, "expected type");
    return NULL;
  }
  if (!pp_enter(p))
    return NULL;
  casc_type *t = asc_body(p, id, true);
  pp_leave(p);
  return t;
}
