/* The IR text parser: token helpers, SSA name scopes, regions and blocks,
 * operations in generic and custom form, and the module entry point.
 * Types, attributes and locations live in parse_type.c / parse_attr.c /
 * parse_loc.c; custom op syntax in custom_*.c and format.c. */
#include "text/parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/text.h"
#include "text/printer.h"
#include "util/alloc.h"
#include "util/hashmap.h"
#include "util/invariant.h"

/* ------------------------------------------------------------------------ */
/* Tokens and errors                                                         */

void pp_next(casc_parser *p) {
  if (p->tok.kind == CASC_TK_ERROR || p->tok.kind == CASC_TK_EOF)
    return;
  p->tok = casc_lex_next(&p->lx);
}

bool pp_is(const casc_parser *p, casc_tok_kind k) {
  return p->tok.kind == k;
}

bool pp_consume(casc_parser *p, casc_tok_kind k) {
  if (p->tok.kind != k)
    return false;
  pp_next(p);
  return true;
}

static bool lex_error(casc_parser *p) {
  return pp_error(p, "%s", p->tok.err ? p->tok.err : "invalid token");
}

bool pp_expect(casc_parser *p, casc_tok_kind k, const char *what) {
  if (p->tok.kind == k) {
    pp_next(p);
    return true;
  }
  if (p->tok.kind == CASC_TK_ERROR)
    return lex_error(p);
  return pp_error(p, "expected '%s'", what);
}

bool pp_is_kw(const casc_parser *p, const char *kw) {
  size_t n = strlen(kw);
  return p->tok.kind == CASC_TK_BARE && p->tok.len == n &&
         memcmp(p->tok.p, kw, n) == 0;
}

bool pp_consume_kw(casc_parser *p, const char *kw) {
  if (!pp_is_kw(p, kw))
    return false;
  pp_next(p);
  return true;
}

bool pp_expect_kw(casc_parser *p, const char *kw) {
  if (pp_consume_kw(p, kw))
    return true;
  if (p->tok.kind == CASC_TK_ERROR)
    return lex_error(p);
  return pp_error(p, "expected '%s'", kw);
}

casc_loc *pp_loc_at(casc_parser *p, unsigned line, unsigned col) {
  return casc_loc_file(p->ctx, p->filename, line, col);
}

casc_loc *pp_loc(casc_parser *p) {
  return pp_loc_at(p, p->tok.line, p->tok.col);
}

static bool verror_at(casc_parser *p, unsigned line, unsigned col,
                      const char *prefix, const char *fmt, va_list ap) {
  if (p->failed)
    return false;
  p->failed = true;
  /* After the context ran out of memory, what the parser sees next (a
   * missing type, say) is a consequence; the cause is already reported. */
  if (casc_ctx_out_of_memory(p->ctx))
    return false;
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  casc_emit_error(p->ctx, pp_loc_at(p, line, col), "%s%s", prefix, msg);
  return false;
}

bool pp_error(casc_parser *p, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  /* A lexer error at the current token takes precedence: it is the cause. */
  if (p->tok.kind == CASC_TK_ERROR && p->tok.err) {
    va_end(ap);
    casc_tok t = p->tok;
    if (p->failed)
      return false;
    p->failed = true;
    if (casc_ctx_out_of_memory(p->ctx))
      return false;
    casc_emit_error(p->ctx, pp_loc_at(p, t.line, t.col), "%s", t.err);
    return false;
  }
  verror_at(p, p->tok.line, p->tok.col, "", fmt, ap);
  va_end(ap);
  return false;
}

bool pp_error_at(casc_parser *p, unsigned line, unsigned col, const char *fmt,
                 ...) {
  va_list ap;
  va_start(ap, fmt);
  verror_at(p, line, col, "", fmt, ap);
  va_end(ap);
  return false;
}

bool pp_custom_error(casc_parser *p, const char *fmt, ...) {
  char prefix[256];
  if (p->custom_op)
    snprintf(prefix, sizeof prefix, "custom op '%s' ", p->custom_op);
  else
    prefix[0] = 0;
  va_list ap;
  va_start(ap, fmt);
  verror_at(p, p->tok.line, p->tok.col, prefix, fmt, ap);
  va_end(ap);
  return false;
}

bool pp_custom_error_at(casc_parser *p, unsigned line, unsigned col,
                        const char *fmt, ...) {
  char prefix[256];
  if (p->custom_op)
    snprintf(prefix, sizeof prefix, "custom op '%s' ", p->custom_op);
  else
    prefix[0] = 0;
  va_list ap;
  va_start(ap, fmt);
  verror_at(p, line, col, prefix, fmt, ap);
  va_end(ap);
  return false;
}

bool pp_enter(casc_parser *p) {
  if (++p->depth > CASC_PARSE_MAX_DEPTH) {
    p->depth--;
    return pp_error(p, "nesting too deep (more than %d levels)",
                    CASC_PARSE_MAX_DEPTH);
  }
  return true;
}

void pp_leave(casc_parser *p) {
  CASC_ASSERT(p->depth > 0); /* every pp_leave pairs with a pp_enter */
  p->depth--;
}

const char *pp_string_value(casc_parser *p, size_t *len) {
  const char *body = p->tok.p + 1;
  size_t blen = p->tok.len - 2;
  if (p->tok.kind == CASC_TK_AT) { /* @"..." */
    body++;
    blen--;
  }
  char small[256];
  char *buf = blen < sizeof small ? small : casc_malloc(blen + 1);
  if (!buf) {
    pp_error(p, "out of memory");
    return NULL;
  }
  size_t n = casc_lex_unescape(body, blen, buf);
  const char *s = casc_intern(p->ctx, buf, n);
  if (buf != small)
    casc_free(buf);
  if (len)
    *len = n;
  return s;
}

bool pp_parse_uint(casc_parser *p, uint64_t *v) {
  if (p->tok.kind != CASC_TK_INT)
    return pp_error(p, "expected integer value");
  const char *s = p->tok.p;
  size_t n = p->tok.len;
  uint64_t x = 0;
  if (n > 2 && s[0] == '0' && s[1] == 'x') {
    for (size_t i = 2; i < n; i++) {
      char c = s[i];
      unsigned d = c <= '9'   ? (unsigned)(c - '0')
                   : c <= 'F' ? (unsigned)(c - 'A' + 10)
                              : (unsigned)(c - 'a' + 10);
      if (x >> 60)
        return pp_error(p, "integer constant out of range");
      x = x * 16 + d;
    }
  } else {
    for (size_t i = 0; i < n; i++) {
      unsigned d = (unsigned)(s[i] - '0');
      if (x > (UINT64_MAX - d) / 10)
        return pp_error(p, "integer constant out of range");
      x = x * 10 + d;
    }
  }
  *v = x;
  pp_next(p);
  return true;
}

casc_type *pp_enum_attr_type(casc_ctx *ctx, int enum_kind) {
  if (enum_kind == CASC_ENUM_CMPI || enum_kind == CASC_ENUM_CMPF)
    return casc_type_i64(ctx);
  return casc_type_i32(ctx);
}

/* ------------------------------------------------------------------------ */
/* SSA names                                                                 */

struct pp_ssa_entry {
  const char *name;
  size_t len;
  uint64_t hash;
  unsigned iso;
  unsigned nvals;
  casc_value **vals; /* &one for a single value */
  casc_value *one;
  pp_ssa_entry *next; /* bucket chain; the free list once popped */
};

static pp_ssa_entry *ssa_find(casc_parser *p, const char *name, size_t len,
                              uint64_t h) {
  for (pp_ssa_entry *e = p->buckets[h & (p->nbuckets - 1)]; e; e = e->next)
    if (e->hash == h && e->iso == p->iso_scope && e->len == len &&
        memcmp(e->name, name, len) == 0)
      return e;
  return NULL;
}

static bool ssa_grow(casc_parser *p) {
  /* Rehash keeps each chain's relative (LIFO) order: entries are moved
   * oldest first by walking the definition stack. */
  unsigned nb = p->nbuckets * 2;
  pp_ssa_entry **b = casc_calloc(nb, sizeof *b);
  if (!b)
    return false;
  for (unsigned i = 0; i < p->ndefs; i++) {
    pp_ssa_entry *e = p->defs[i];
    unsigned s = (unsigned)(e->hash & (nb - 1));
    e->next = b[s];
    b[s] = e;
  }
  casc_free(p->buckets);
  p->buckets = b;
  p->nbuckets = nb;
  return true;
}

bool pp_define(casc_parser *p, const pp_ssa_use *u, casc_value **vals,
               unsigned n) {
  uint64_t h = casc_hash_bytes(u->name, u->len);
  if (ssa_find(p, u->name, u->len, h))
    return pp_error_at(p, u->line, u->col, "redefinition of SSA value '%.*s'",
                       (int)u->len, u->name);
  if (p->ndefs == p->cap_defs) {
    pp_ssa_entry **nd =
        casc_grow(p->defs, &p->cap_defs, p->ndefs + 1, sizeof *nd);
    if (!nd)
      return pp_error(p, "out of memory");
    p->defs = nd;
  }
  if (p->ndefs >= p->nbuckets && !ssa_grow(p))
    return pp_error(p, "out of memory");
  /* Entries of popped definitions are reused: the parse keeps as many as
   * there are names in scope, not one per value of the module. */
  pp_ssa_entry *e = p->free_entries;
  if (e)
    p->free_entries = e->next;
  else
    e = casc_arena_alloc(&p->keep, sizeof *e);
  casc_value **copy =
      n == 1 ? (e ? &e->one : NULL)
             : casc_arena_alloc(&p->keep, sizeof *copy * (n ? n : 1));
  if (!e || !copy)
    return pp_error(p, "out of memory");
  memcpy(copy, vals, sizeof *copy * n);
  e->name = u->name;
  e->len = u->len;
  e->hash = h;
  e->iso = p->iso_scope;
  e->nvals = n;
  e->vals = copy;
  unsigned s = (unsigned)(h & (p->nbuckets - 1));
  e->next = p->buckets[s];
  p->buckets[s] = e;
  p->defs[p->ndefs++] = e;
  return true;
}

/* Forget definitions made after mark (end of a region). */
static void ssa_pop(casc_parser *p, unsigned mark) {
  while (p->ndefs > mark) {
    pp_ssa_entry *e = p->defs[--p->ndefs];
    unsigned s = (unsigned)(e->hash & (p->nbuckets - 1));
    /* LIFO: e is the head of its bucket. */
    if (p->buckets[s] == e)
      p->buckets[s] = e->next;
    e->next = p->free_entries;
    p->free_entries = e;
  }
}

bool pp_parse_ssa_use(casc_parser *p, pp_ssa_use *u) {
  if (p->tok.kind != CASC_TK_PERCENT) {
    if (p->tok.kind == CASC_TK_ERROR)
      return lex_error(p);
    return pp_error(p, "expected SSA operand");
  }
  u->name = p->tok.p;
  u->len = p->tok.len;
  u->line = p->tok.line;
  u->col = p->tok.col;
  u->num = 0;
  /* `%x#N` is lexed as %x then #N (adjacent). */
  const char *after = p->tok.p + p->tok.len;
  pp_next(p);
  if (p->tok.kind == CASC_TK_HASH && p->tok.p == after) {
    unsigned long long n = 0;
    bool ok = p->tok.len > 1 && p->tok.len < 12;
    for (size_t i = 1; ok && i < p->tok.len; i++) {
      char c = p->tok.p[i];
      if (c < '0' || c > '9')
        ok = false;
      else
        n = n * 10 + (unsigned)(c - '0');
    }
    if (!ok)
      return pp_error(p, "invalid SSA value result number");
    u->num = (unsigned)n;
    pp_next(p);
  }
  return true;
}

casc_value *pp_resolve(casc_parser *p, const pp_ssa_use *u, casc_type *type) {
  uint64_t h = casc_hash_bytes(u->name, u->len);
  pp_ssa_entry *e = ssa_find(p, u->name, u->len, h);
  if (!e) {
    pp_error_at(p, u->line, u->col, "use of undeclared SSA value name");
    return NULL;
  }
  if (u->num >= e->nvals) {
    pp_error_at(p, u->line, u->col, "reference to invalid result number");
    return NULL;
  }
  casc_value *v = e->vals[u->num];
  if (type && v->type != type) {
    const char *want = casc_type_str(p->ctx, type);
    const char *have = casc_type_str(p->ctx, v->type);
    if (u->num)
      pp_error_at(p, u->line, u->col,
                  "use of value '%.*s#%u' expects different type than prior "
                  "uses: '%s' vs '%s'",
                  (int)u->len, u->name, u->num, want, have);
    else
      pp_error_at(p, u->line, u->col,
                  "use of value '%.*s' expects different type than prior "
                  "uses: '%s' vs '%s'",
                  (int)u->len, u->name, want, have);
    return NULL;
  }
  return v;
}

bool pp_parse_operand(casc_parser *p, casc_type *type, casc_value **v) {
  pp_ssa_use u;
  if (!pp_parse_ssa_use(p, &u))
    return false;
  *v = pp_resolve(p, &u, type);
  return *v != NULL;
}

bool pp_parse_ssa_use_list(casc_parser *p, pp_ssa_use **uses, unsigned *n,
                           bool allow_empty) {
  *uses = NULL;
  *n = 0;
  if (allow_empty && p->tok.kind != CASC_TK_PERCENT)
    return true;
  unsigned cap = 0;
  do {
    if (*n == cap) {
      pp_ssa_use *nu =
          casc_arena_grow(&p->tmp, *uses, *n, &cap, *n + 1, sizeof *nu);
      if (!nu)
        return pp_error(p, "out of memory");
      *uses = nu;
    }
    if (!pp_parse_ssa_use(p, &(*uses)[*n]))
      return false;
    (*n)++;
  } while (pp_consume(p, CASC_TK_COMMA));
  return true;
}

/* ------------------------------------------------------------------------ */
/* Op state                                                                  */

/* The capacity checks stay here so that the common case (room left)
 * makes no call: the parser adds every operand and result this way. The
 * arrays are op scratch (p->tmp, given back when parse_op ends), not heap
 * blocks: four mallocs and frees an op were 3% of a large parse. */
bool pp_state_add_operand(casc_parser *p, pp_op_state *st, casc_value *v) {
  if (st->nops == st->cap_ops) {
    casc_value **ops = casc_arena_grow(&p->tmp, st->ops, st->nops, &st->cap_ops,
                                       st->nops + 1, sizeof *st->ops);
    if (!ops)
      return pp_error(p, "out of memory");
    st->ops = ops;
  }
  st->ops[st->nops++] = v;
  return true;
}

bool pp_state_add_result(casc_parser *p, pp_op_state *st, casc_type *t) {
  if (st->nres == st->cap_res) {
    casc_type **res = casc_arena_grow(&p->tmp, st->res, st->nres, &st->cap_res,
                                      st->nres + 1, sizeof *st->res);
    if (!res)
      return pp_error(p, "out of memory");
    st->res = res;
  }
  st->res[st->nres++] = t;
  return true;
}

bool pp_state_add_attr(casc_parser *p, pp_op_state *st, const char *name,
                       casc_attr *value) {
  for (unsigned i = 0; i < st->nattrs; i++)
    if (strcmp(st->attrs[i].name, name) == 0)
      return pp_error(p,
                      "attribute '%s' occurs more than once in the "
                      "attribute list",
                      name);
  if (st->nattrs == st->cap_attrs) {
    casc_named_attr *attrs =
        casc_arena_grow(&p->tmp, st->attrs, st->nattrs, &st->cap_attrs,
                        st->nattrs + 1, sizeof *st->attrs);
    if (!attrs)
      return pp_error(p, "out of memory");
    st->attrs = attrs;
  }
  const char *iname = casc_intern_cstr(p->ctx, name);
  if (!iname)
    return pp_error(p, "out of memory");
  st->attrs[st->nattrs].name = iname;
  st->attrs[st->nattrs].value = value;
  st->nattrs++;
  return true;
}

bool pp_state_add_dict(casc_parser *p, pp_op_state *st, casc_attr *dict) {
  if (!dict)
    return true;
  for (unsigned i = 0; i < dict->u.dict.n; i++)
    if (!pp_state_add_attr(p, st, dict->u.dict.entries[i].name,
                           dict->u.dict.entries[i].value))
      return false;
  return true;
}

casc_region *pp_state_add_region(casc_parser *p, pp_op_state *st) {
  if (st->nregions == st->cap_regions) {
    casc_region **regions =
        casc_arena_grow(&p->tmp, st->regions, st->nregions, &st->cap_regions,
                        st->nregions + 1, sizeof *st->regions);
    if (!regions) {
      pp_error(p, "out of memory");
      return NULL;
    }
    st->regions = regions;
  }
  casc_region *r = casc_ctx_alloc(p->ctx, sizeof *r);
  if (!r) {
    pp_error(p, "out of memory");
    return NULL;
  }
  st->regions[st->nregions++] = r;
  return r;
}

void pp_ensure_terminator(casc_parser *p, casc_block *b, casc_op_kind kind,
                          casc_loc *loc) {
  casc_op *last = b->last;
  if (last) {
    /* MLIR asks hasTrait<IsTerminator>, which is false for unregistered
     * ops: a block ending in one still gets the implicit terminator. */
    const casc_op_info *info = casc_op_info_of(last);
    if (info && (info->flags & CASC_F_TERMINATOR))
      return;
  }
  casc_op *t =
      casc_op_create_kind(p->ctx, kind, loc, 0, NULL, 0, NULL, NULL, 0);
  if (t)
    casc_block_append(b, t);
}

/* ------------------------------------------------------------------------ */
/* Regions and blocks                                                        */

static bool parse_op(casc_parser *p);

bool pp_parse_arg(casc_parser *p, pp_arg *a, bool with_attrs) {
  memset(a, 0, sizeof *a);
  if (!pp_parse_ssa_use(p, &a->name))
    return false;
  if (a->name.num)
    return pp_error_at(p, a->name.line, a->name.col,
                       "invalid block argument name");
  if (!pp_expect(p, CASC_TK_COLON, ":"))
    return false;
  a->type = pp_parse_type(p);
  if (!a->type)
    return false;
  if (with_attrs && pp_is(p, CASC_TK_LBRACE)) {
    a->attrs = pp_parse_dict(p);
    if (!a->attrs)
      return false;
  }
  a->loc = pp_loc_at(p, a->name.line, a->name.col);
  return pp_parse_opt_loc(p, &a->loc);
}

/* Block labels of one region: `^bb1` names, so that labels are unique. */
typedef struct {
  const char **names;
  size_t *lens;
  unsigned n, cap;
} label_set;

static bool label_add(casc_parser *p, label_set *ls, const casc_tok *t) {
  for (unsigned i = 0; i < ls->n; i++)
    if (ls->lens[i] == t->len && memcmp(ls->names[i], t->p, t->len) == 0)
      return pp_error_at(p, t->line, t->col, "redefinition of block '%.*s'",
                         (int)t->len, t->p);
  if (ls->n == ls->cap) {
    unsigned lens_cap = ls->cap;
    const char **nn = casc_arena_grow(&p->tmp, ls->names, ls->n, &ls->cap,
                                      ls->n + 1, sizeof *nn);
    size_t *nl = casc_arena_grow(&p->tmp, ls->lens, ls->n, &lens_cap, ls->n + 1,
                                 sizeof *nl);
    if (!nn || !nl)
      return pp_error(p, "out of memory");
    ls->names = nn;
    ls->lens = nl;
  }
  ls->names[ls->n] = t->p;
  ls->lens[ls->n] = t->len;
  ls->n++;
  return true;
}

/* `^bb(%a: T loc(..), ...):` after the label token was consumed. */
static bool parse_block_args(casc_parser *p, casc_block *b) {
  if (!pp_consume(p, CASC_TK_LPAREN))
    return true;
  if (pp_consume(p, CASC_TK_RPAREN))
    return true;
  do {
    pp_arg a;
    if (!pp_parse_arg(p, &a, false))
      return false;
    casc_value *v = casc_block_add_arg(p->ctx, b, a.type, a.loc);
    if (!v)
      return pp_error(p, "out of memory");
    if (!pp_define(p, &a.name, &v, 1))
      return false;
  } while (pp_consume(p, CASC_TK_COMMA));
  return pp_expect(p, CASC_TK_RPAREN, ")");
}

static bool parse_block_body(casc_parser *p, casc_block *b) {
  casc_block *saved = p->block;
  p->block = b;
  while (!pp_is(p, CASC_TK_CARET) && !pp_is(p, CASC_TK_RBRACE)) {
    if (pp_is(p, CASC_TK_EOF)) {
      p->block = saved;
      return pp_error(p, "expected '}' to end the region");
    }
    if (!parse_op(p)) {
      p->block = saved;
      return false;
    }
  }
  p->block = saved;
  return true;
}

bool pp_parse_region(casc_parser *p, casc_region *r, const pp_arg *args,
                     unsigned nargs, bool isolated, const char *dflt_dialect) {
  if (!pp_expect(p, CASC_TK_LBRACE, "{"))
    return false;
  if (!pp_enter(p))
    return false;
  unsigned mark = p->ndefs;
  unsigned saved_iso = p->iso_scope;
  const char *saved_dialect = p->default_dialect;
  bool ok = false;
  if (isolated)
    p->iso_scope = ++p->next_iso_scope;
  p->default_dialect = dflt_dialect;
  label_set labels = {0};

  if (pp_is(p, CASC_TK_RBRACE) && !args) {
    pp_next(p);
    ok = true;
    goto done;
  }
  casc_block *entry = casc_block_create(p->ctx);
  if (!entry) {
    pp_error(p, "out of memory");
    goto done;
  }
  casc_region_push_block(r, entry);
  for (unsigned i = 0; i < nargs; i++) {
    casc_value *v =
        casc_block_add_arg(p->ctx, entry, args[i].type, args[i].loc);
    if (!v) {
      pp_error(p, "out of memory");
      goto done;
    }
    casc_value_set_arg_attrs(v, args[i].attrs);
    if (!pp_define(p, &args[i].name, &v, 1))
      goto done;
  }
  if (pp_is(p, CASC_TK_CARET)) {
    if (args) {
      pp_error(p, "invalid block name in region with named arguments");
      goto done;
    }
    if (!label_add(p, &labels, &p->tok))
      goto done;
    pp_next(p);
    if (!parse_block_args(p, entry) || !pp_expect(p, CASC_TK_COLON, ":"))
      goto done;
  }
  if (!parse_block_body(p, entry))
    goto done;
  while (pp_is(p, CASC_TK_CARET)) {
    casc_block *b = casc_block_create(p->ctx);
    if (!b) {
      pp_error(p, "out of memory");
      goto done;
    }
    casc_region_push_block(r, b);
    if (!label_add(p, &labels, &p->tok))
      goto done;
    pp_next(p);
    if (!parse_block_args(p, b) || !pp_expect(p, CASC_TK_COLON, ":"))
      goto done;
    if (!parse_block_body(p, b))
      goto done;
  }
  ok = pp_expect(p, CASC_TK_RBRACE, "}");
done:
  ssa_pop(p, mark);
  p->iso_scope = saved_iso;
  p->default_dialect = saved_dialect;
  pp_leave(p);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Operations                                                                */

/* Attribute names the generic form prints that casc keeps implicit: MLIR's
 * default-valued properties of the arith ops that have them
 * (pr_default_prop). */
static bool is_default_prop(const char *op_name, const char *name,
                            casc_attr *v) {
  if (!v || v->kind != CASC_ATTR_OPAQUE)
    return false;
  const char *an, *dv;
  for (unsigned i = 0; (dv = pr_default_prop(op_name, &an, i)); i++)
    if (strcmp(an, name) == 0 && strcmp(dv, v->u.opaque.text) == 0)
      return true;
  return false;
}

/* `"name"(%a, %b) <{props}> ({regions}) {attrs} : (T) -> R` after the name
 * token (current token: `(`). */
static bool parse_generic_body(casc_parser *p, pp_op_state *st,
                               casc_attr **props_out) {
  pp_ssa_use *uses;
  unsigned nuses;
  if (!pp_expect(p, CASC_TK_LPAREN, "("))
    return false;
  if (!pp_parse_ssa_use_list(p, &uses, &nuses, true) ||
      !pp_expect(p, CASC_TK_RPAREN, ")"))
    return false;
  if (pp_is(p, CASC_TK_LSQUARE))
    return pp_error(p, "block successors are not supported by casc");
  casc_attr *props = NULL;
  if (pp_consume(p, CASC_TK_LESS)) {
    if (!pp_is(p, CASC_TK_LBRACE))
      return pp_error(p, "expected '{' to start the properties dictionary");
    props = pp_parse_dict(p);
    if (!props || !pp_expect(p, CASC_TK_GREATER, ">"))
      return false;
  }
  if (pp_consume(p, CASC_TK_LPAREN)) {
    do {
      casc_region *r = pp_state_add_region(p, st);
      if (!r ||
          !pp_parse_region(p, r, NULL, 0,
                           st->info && (st->info->flags & CASC_F_ISOLATED),
                           st->kind == CASC_OP_FUNC_FUNC ? "func"
                           : st->kind == CASC_OP_MODULE  ? "builtin"
                                                         : ""))
        return false;
    } while (pp_consume(p, CASC_TK_COMMA));
    if (!pp_expect(p, CASC_TK_RPAREN, ")"))
      return false;
  }
  casc_attr *attrs = NULL;
  if (!pp_parse_opt_dict(p, &attrs))
    return false;
  if (!pp_expect(p, CASC_TK_COLON, ":"))
    return false;
  unsigned tl = p->tok.line, tc = p->tok.col;
  casc_type *ft = pp_parse_type(p);
  if (!ft)
    return false;
  if (ft->kind != CASC_TYPE_FUNCTION)
    return pp_error_at(p, tl, tc, "expected function type");
  if (ft->u.func.nin != nuses)
    return pp_error_at(p, tl, tc, "expected %u operand type%s but had %u",
                       nuses, nuses == 1 ? "" : "s", ft->u.func.nin);
  for (unsigned i = 0; i < nuses; i++) {
    casc_value *v = pp_resolve(p, &uses[i], ft->u.func.in[i]);
    if (!v || !pp_state_add_operand(p, st, v))
      return false;
  }
  for (unsigned i = 0; i < ft->u.func.nout; i++)
    if (!pp_state_add_result(p, st, ft->u.func.out[i]))
      return pp_error(p, "out of memory");
  if (!st->info) {
    /* Unregistered: properties stay separate and survive as written. */
    *props_out = props;
    return pp_state_add_dict(p, st, attrs);
  }
  /* Registered: properties and discardable attributes are one dictionary
   * in casc; the printer splits them again by the op table. */
  if (props)
    for (unsigned i = 0; i < props->u.dict.n; i++) {
      casc_named_attr *e = &props->u.dict.entries[i];
      if (is_default_prop(st->name, e->name, e->value))
        continue;
      if (!pp_state_add_attr(p, st, e->name, e->value))
        return false;
    }
  return pp_state_add_dict(p, st, attrs);
}

/* func.func in generic form: `arg_attrs` become the entry arguments'
 * attributes, where custom syntax and the rest of casc keep them. */
static void move_arg_attrs(casc_parser *p, casc_op *op) {
  if (op->kind != CASC_OP_FUNC_FUNC || !op->nregions ||
      !casc_op_regions(op)[0].first)
    return;
  casc_attr *aa = casc_op_attr(op, "arg_attrs");
  casc_block *entry = casc_op_regions(op)[0].first;
  if (!aa || aa->kind != CASC_ATTR_ARRAY || aa->u.array.n != entry->nargs)
    return;
  for (unsigned i = 0; i < entry->nargs; i++) {
    casc_attr *d = aa->u.array.elems[i];
    if (d->kind == CASC_ATTR_DICT && d->u.dict.n)
      casc_value_set_arg_attrs(entry->args[i], d);
  }
  casc_op_set_attr(p->ctx, op, "arg_attrs", NULL);
}

static const char *lookup_op_name(casc_parser *p, const char *s, size_t n,
                                  casc_op_kind *kind) {
  *kind = casc_op_kind_lookup(s, n);
  if (*kind)
    return casc_op_info_get(*kind)->name;
  if (!memchr(s, '.', n)) {
    char buf[256];
    const char *dd[2] = {p->default_dialect, "builtin"};
    for (int i = 0; i < 2; i++) {
      if (!dd[i] || !*dd[i])
        continue;
      int l = snprintf(buf, sizeof buf, "%s.%.*s", dd[i], (int)n, s);
      if (l > 0 && (size_t)l < sizeof buf) {
        *kind = casc_op_kind_lookup(buf, (size_t)l);
        if (*kind)
          return casc_op_info_get(*kind)->name;
      }
    }
  }
  return NULL;
}

/* Tell the owner of the text how far it has been read, every
 * CONSUMED_STEP bytes. What lies more than CONSUMED_SLACK before the current
 * token is not read again in the common case (a look back, such as a type
 * memo key, still may: the owner keeps the text readable, see text.h). */
enum { CONSUMED_STEP = 1 << 20, CONSUMED_SLACK = 1 << 16 };

static void note_progress(casc_parser *p) {
  size_t at = (size_t)(p->tok.p - p->lx.begin);
  if (at < p->consumed_next)
    return;
  p->consumed_next = at + CONSUMED_STEP;
  p->consumed(p->consumed_user, at - CONSUMED_SLACK);
}

static bool parse_op(casc_parser *p) {
  pp_op_state st;
  memset(&st, 0, sizeof st);
  bool ok = false;
  if (!pp_enter(p))
    return false;
  if (p->consumed)
    note_progress(p);
  casc_arena_mark scratch = casc_arena_get_mark(&p->tmp);

  /* Result names: `%a, %b:2 = ` */
  pp_ssa_use res_names[16];
  unsigned res_counts[16];
  pp_ssa_use *names = res_names;
  unsigned *counts = res_counts;
  unsigned nnames = 0, cap = 16;
  if (pp_is(p, CASC_TK_PERCENT)) {
    do {
      if (nnames == cap) {
        unsigned counts_cap = cap;
        pp_ssa_use *nn = casc_arena_grow(&p->tmp, names, nnames, &cap,
                                         nnames + 1, sizeof *nn);
        unsigned *ncnt = casc_arena_grow(&p->tmp, counts, nnames, &counts_cap,
                                         nnames + 1, sizeof *ncnt);
        if (!nn || !ncnt) {
          pp_error(p, "out of memory");
          goto out;
        }
        names = nn;
        counts = ncnt;
      }
      casc_tok t = p->tok;
      if (!pp_parse_ssa_use(p, &names[nnames]))
        goto out;
      if (names[nnames].num) {
        pp_error_at(p, t.line, t.col, "expected valid ssa identifier");
        goto out;
      }
      counts[nnames] = 1;
      if (pp_consume(p, CASC_TK_COLON)) {
        uint64_t c;
        if (!pp_parse_uint(p, &c))
          goto out;
        if (c == 0 || c > 1000000) {
          pp_error(p, "expected named operation to have at least 1 result");
          goto out;
        }
        counts[nnames] = (unsigned)c;
      }
      st.nres_bound += counts[nnames];
      nnames++;
    } while (pp_consume(p, CASC_TK_COMMA));
    if (!pp_expect(p, CASC_TK_EQUAL, "=")) {
      goto out;
    }
  }

  unsigned op_line = p->tok.line, op_col = p->tok.col;
  st.loc = pp_loc(p);
  casc_attr *props = NULL;
  if (pp_is(p, CASC_TK_STRING)) {
    size_t n;
    const char *name = pp_string_value(p, &n);
    if (!name)
      goto out;
    if (n == 0 || !memchr(name, '.', n) || strlen(name) != n) {
      pp_error(p, "expected an operation name in the form 'dialect.op'");
      goto out;
    }
    st.kind = casc_op_kind_lookup(name, n);
    st.info = casc_op_info_get(st.kind);
    st.name = st.info ? st.info->name : name;
    pp_next(p);
    if (!parse_generic_body(p, &st, &props))
      goto out;
  } else if (pp_is(p, CASC_TK_BARE)) {
    casc_tok t = p->tok;
    const char *name = lookup_op_name(p, t.p, t.len, &st.kind);
    if (!name) {
      pp_error(p, "custom op '%.*s' is unknown", (int)t.len, t.p);
      goto out;
    }
    st.info = casc_op_info_get(st.kind);
    st.name = name;
    pp_next(p);
    const char *saved = p->custom_op;
    p->custom_op = name;
    bool cok;
    if (st.info->flags & CASC_F_CUSTOM) {
      pp_custom_fn fn = pp_custom_parser(st.kind);
      cok =
          fn ? fn(p, &st)
             : pp_error_at(p, t.line, t.col,
                           "custom op '%s' has no custom assembly form", name);
    } else if (st.info->format && *st.info->format) {
      cok = casc_format_parse(p, &st);
    } else {
      cok = pp_error_at(p, t.line, t.col,
                        "custom op '%s' has no custom assembly form; use the "
                        "generic form",
                        name);
    }
    p->custom_op = saved;
    if (!cok)
      goto out;
  } else {
    if (p->tok.kind == CASC_TK_ERROR)
      lex_error(p);
    else
      pp_error(p, "expected operation name in quotes");
    goto out;
  }

  if (nnames && st.nres_bound != st.nres) {
    pp_error_at(p, op_line, op_col,
                "operation defines %u results but was provided %u to bind",
                st.nres, st.nres_bound);
    goto out;
  }
  casc_loc *loc = st.loc;
  if (!pp_parse_opt_loc(p, &loc))
    goto out;

  casc_attr *dict = NULL;
  if (st.nattrs) {
    dict = casc_attr_dict(p->ctx, st.nattrs, st.attrs);
    if (!dict) {
      pp_error(p, "out of memory");
      goto out;
    }
  }
  if (st.nops > CASC_OP_MAX_COUNT || st.nres > CASC_OP_MAX_COUNT ||
      st.nregions > CASC_OP_MAX_COUNT) {
    pp_error(p, "an op has at most %u operands, results and regions each",
             CASC_OP_MAX_COUNT);
    goto out;
  }
  casc_op *op = st.kind
                    ? casc_op_create_kind(p->ctx, st.kind, loc, st.nops, st.ops,
                                          st.nres, st.res, dict, st.nregions)
                    : casc_op_create(p->ctx, st.name, loc, st.nops, st.ops,
                                     st.nres, st.res, dict, st.nregions);
  if (!op) {
    pp_error(p, "out of memory");
    goto out;
  }
  casc_op_set_props(op, props); /* only ever for an unregistered op */
  for (unsigned i = 0; i < st.nregions; i++) {
    casc_block *b = st.regions[i]->first;
    while (b) {
      casc_block *next = b->next;
      b->prev = b->next = NULL;
      casc_region_push_block(&casc_op_regions(op)[i], b);
      b = next;
    }
  }
  move_arg_attrs(p, op);
  casc_block_append(p->block, op);

  /* Bind result names. */
  unsigned r = 0;
  for (unsigned i = 0; i < nnames; i++) {
    casc_value *vals[64];
    casc_value **vp = vals;
    if (counts[i] > 64) {
      vp = casc_arena_alloc(&p->tmp, counts[i] * sizeof *vp);
      if (!vp) {
        pp_error(p, "out of memory");
        goto out;
      }
    }
    for (unsigned k = 0; k < counts[i]; k++)
      vp[k] = casc_op_result(op, r + k);
    if (!pp_define(p, &names[i], vp, counts[i]))
      goto out;
    r += counts[i];
  }
  /* The context reported running out of memory: the op may lack an
   * attribute or a type that a NULL from its constructor dropped. */
  ok = !casc_ctx_out_of_memory(p->ctx);
  if (!ok)
    p->failed = true;
out:
  casc_arena_release(&p->tmp, scratch);
  pp_leave(p);
  return ok;
}

/* ------------------------------------------------------------------------ */
/* Module                                                                    */

static bool parse_top(casc_parser *p, casc_block *body) {
  p->block = body;
  while (!pp_is(p, CASC_TK_EOF)) {
    if (pp_is(p, CASC_TK_ERROR))
      return lex_error(p);
    if (pp_is(p, CASC_TK_HASH) || pp_is(p, CASC_TK_EXCL)) {
      if (!pp_parse_alias_def(p))
        return false;
      continue;
    }
    if (pp_is(p, CASC_TK_META_BEGIN))
      return pp_error(p, "file metadata dictionaries are not supported");
    if (!parse_op(p))
      return false;
  }
  return true;
}

static void parser_free(casc_parser *p) {
  casc_free(p->buckets);
  casc_free(p->defs);
  casc_hm_free(&p->hash_aliases);
  casc_hm_free(&p->excl_aliases);
  casc_hm_free(&p->type_memo);
  casc_arena_free(&p->tmp);
  casc_arena_free(&p->keep);
}

casc_op *casc_parse_module(casc_ctx *ctx, const char *text, size_t len,
                           const char *filename, unsigned first_line) {
  return casc_parse_module_consuming(ctx, text, len, filename, first_line, NULL,
                                     NULL);
}

casc_op *casc_parse_module_consuming(casc_ctx *ctx, const char *text,
                                     size_t len, const char *filename,
                                     unsigned first_line,
                                     casc_parse_consumed_fn consumed,
                                     void *user) {
  casc_parser p;
  memset(&p, 0, sizeof p);
  p.ctx = ctx;
  p.consumed = consumed;
  p.consumed_user = user;
  p.consumed_next = CONSUMED_STEP;
  p.filename = casc_intern_cstr(ctx, filename ? filename : "<input>");
  casc_arena_init(&p.tmp);
  casc_arena_init(&p.keep);
  casc_hm_init(&p.hash_aliases);
  casc_hm_init(&p.excl_aliases);
  casc_hm_init(&p.type_memo);
  p.nbuckets = 256;
  p.buckets = casc_calloc(p.nbuckets, sizeof *p.buckets);
  p.default_dialect = "builtin";
  if (!p.buckets || !p.filename) {
    casc_emit_error(ctx, casc_loc_unknown(ctx), "out of memory");
    parser_free(&p);
    return NULL;
  }
  if (!text)
    len = 0;
  casc_lex_init(&p.lx, text ? text : "", len, first_line);
  p.tok = casc_lex_next(&p.lx);

  /* MLIR gives an implicit module the location file:0:0. */
  casc_loc *mloc = casc_loc_file(ctx, p.filename, 0, 0);
  casc_op *wrapper = casc_module_create(ctx, mloc);
  casc_op *result = NULL;
  if (!wrapper) {
    casc_emit_error(ctx, mloc, "out of memory");
    parser_free(&p);
    return NULL;
  }
  casc_block *body = casc_module_body(wrapper);
  p.top = wrapper;
  if (parse_top(&p, body) && pp_resolve_pending_locs(&p)) {
    /* A single top-level builtin.module is the module itself. */
    casc_op *first = body->first;
    if (first && first == body->last && first->kind == CASC_OP_MODULE) {
      casc_op_unlink(first);
      result = first;
    } else {
      result = wrapper;
    }
  }
  if (casc_ctx_out_of_memory(ctx))
    result = NULL; /* reported by the context; the IR may be incomplete */
  parser_free(&p);
  return result;
}
