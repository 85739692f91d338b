/* Locations `loc(...)`, `#name = ...` / `!name = ...` alias definitions and
 * forward references to location aliases (MLIR 19 prints most `#locN`
 * definitions after the module that uses them). */
#include <string.h>

#include "text/parser.h"
#include "util/ptrmap.h"

typedef enum { ALIAS_ATTR, ALIAS_LOC, ALIAS_TYPE } alias_kind;

typedef struct {
  alias_kind kind;
  void *value;
} pp_alias;

struct pp_pending_loc {
  casc_loc *placeholder;
  casc_loc *resolved;
  const char *name; /* alias name without '#', interned */
  unsigned line, col;
  pp_pending_loc *next;
};

static pp_alias *find(casc_hashmap *m, const char *name, size_t len) {
  return casc_hm_get(m, name, len, casc_hash_bytes(name, len));
}

casc_attr *pp_lookup_attr_alias(casc_parser *p, const char *name, size_t len) {
  pp_alias *a = find(&p->hash_aliases, name, len);
  return a && a->kind == ALIAS_ATTR ? a->value : NULL;
}

casc_loc *pp_lookup_loc_alias(casc_parser *p, const char *name, size_t len) {
  pp_alias *a = find(&p->hash_aliases, name, len);
  return a && a->kind == ALIAS_LOC ? a->value : NULL;
}

casc_type *pp_lookup_type_alias(casc_parser *p, const char *name, size_t len) {
  pp_alias *a = find(&p->excl_aliases, name, len);
  return a && a->kind == ALIAS_TYPE ? a->value : NULL;
}

static casc_loc *parse_loc_inner(casc_parser *p);

static casc_loc *oom(casc_parser *p) {
  pp_error(p, "out of memory");
  return NULL;
}

static casc_loc *parse_loc_inner_body(casc_parser *p) {
  casc_tok t = p->tok;
  if (t.kind == CASC_TK_HASH) {
    casc_loc *l = pp_lookup_loc_alias(p, t.p + 1, t.len - 1);
    if (!l) {
      pp_error(p, "undefined symbol alias id '%.*s'", (int)t.len - 1, t.p + 1);
      return NULL;
    }
    pp_next(p);
    return l;
  }
  if (pp_is_kw(p, "unknown")) {
    pp_next(p);
    return casc_loc_unknown(p->ctx);
  }
  if (pp_is_kw(p, "callsite")) {
    pp_next(p);
    if (!pp_expect(p, CASC_TK_LPAREN, "("))
      return NULL;
    casc_loc *callee = parse_loc_inner(p);
    if (!callee)
      return NULL;
    if (!pp_is_kw(p, "at"))
      return pp_error(p, "expected 'at' in callsite location"), NULL;
    pp_next(p);
    casc_loc *caller = parse_loc_inner(p);
    if (!caller || !pp_expect(p, CASC_TK_RPAREN, ")"))
      return NULL;
    casc_loc *l = casc_loc_callsite(p->ctx, callee, caller);
    return l ? l : oom(p);
  }
  if (pp_is_kw(p, "fused")) {
    pp_next(p);
    if (pp_is(p, CASC_TK_LESS))
      return pp_error(p, "fused location metadata is not supported by "
                         "casc"),
             NULL;
    if (!pp_expect(p, CASC_TK_LSQUARE, "["))
      return NULL;
    casc_loc *locs[256];
    unsigned n = 0;
    if (!pp_is(p, CASC_TK_RSQUARE)) {
      do {
        if (n == 256)
          return pp_error(p, "too many locations in fused location"), NULL;
        locs[n] = parse_loc_inner(p);
        if (!locs[n])
          return NULL;
        n++;
      } while (pp_consume(p, CASC_TK_COMMA));
    }
    if (!pp_expect(p, CASC_TK_RSQUARE, "]"))
      return NULL;
    casc_loc *l = casc_loc_fused(p->ctx, n, locs);
    return l ? l : oom(p);
  }
  if (t.kind == CASC_TK_STRING) {
    const char *s = pp_string_value(p, NULL);
    if (!s)
      return NULL;
    pp_next(p);
    if (pp_consume(p, CASC_TK_COLON)) {
      uint64_t line, col;
      if (!pp_is(p, CASC_TK_INT))
        return pp_error(p, "expected integer line number in "
                           "FileLineColLoc"),
               NULL;
      if (!pp_parse_uint(p, &line))
        return NULL;
      if (!pp_consume(p, CASC_TK_COLON))
        return pp_error(p, "expected ':' in FileLineColLoc"), NULL;
      if (!pp_is(p, CASC_TK_INT))
        return pp_error(p, "expected integer column number in "
                           "FileLineColLoc"),
               NULL;
      if (!pp_parse_uint(p, &col))
        return NULL;
      if (line > 0xffffffffu || col > 0xffffffffu)
        return pp_error(p, "location out of range"), NULL;
      casc_loc *l = casc_loc_file(p->ctx, s, (unsigned)line, (unsigned)col);
      return l ? l : oom(p);
    }
    casc_loc *child = NULL;
    if (pp_consume(p, CASC_TK_LPAREN)) {
      child = parse_loc_inner(p);
      if (!child || !pp_expect(p, CASC_TK_RPAREN, ")"))
        return NULL;
    }
    casc_loc *l = casc_loc_name(p->ctx, s, child);
    return l ? l : oom(p);
  }
  if (t.kind == CASC_TK_ERROR)
    return pp_error(p, "%s", t.err), NULL;
  pp_error(p, "expected location instance");
  return NULL;
}

static casc_loc *parse_loc_inner(casc_parser *p) {
  if (!pp_enter(p))
    return NULL;
  casc_loc *l = parse_loc_inner_body(p);
  pp_leave(p);
  return l;
}

bool pp_parse_opt_loc(casc_parser *p, casc_loc **slot) {
  if (!pp_is_kw(p, "loc"))
    return true;
  pp_next(p);
  if (!pp_expect(p, CASC_TK_LPAREN, "("))
    return false;
  if (pp_is(p, CASC_TK_HASH)) {
    casc_tok t = p->tok;
    casc_loc *l = pp_lookup_loc_alias(p, t.p + 1, t.len - 1);
    if (!l) {
      if (find(&p->hash_aliases, t.p + 1, t.len - 1))
        return pp_error(p, "expected location, but found '%.*s'", (int)t.len,
                        t.p);
      /* Forward reference: a unique placeholder, replaced at the end. */
      pp_pending_loc *pl = casc_arena_alloc(&p->keep, sizeof *pl);
      char name[64];
      int nl = snprintf(name, sizeof name, "casc.fwdloc.%p", (void *)pl);
      if (!pl || nl <= 0)
        return pp_error(p, "out of memory");
      pl->placeholder =
          casc_loc_name(p->ctx, casc_intern_cstr(p->ctx, name), NULL);
      pl->name = casc_intern(p->ctx, t.p + 1, t.len - 1);
      if (!pl->placeholder || !pl->name)
        return pp_error(p, "out of memory");
      pl->line = t.line;
      pl->col = t.col;
      pl->next = p->pending;
      p->pending = pl;
      l = pl->placeholder;
    }
    pp_next(p);
    *slot = l;
    return pp_expect(p, CASC_TK_RPAREN, ")");
  }
  casc_loc *l = parse_loc_inner(p);
  if (!l)
    return false;
  *slot = l;
  return pp_expect(p, CASC_TK_RPAREN, ")");
}

static bool put_alias(casc_parser *p, casc_hashmap *m, const casc_tok *t,
                      alias_kind kind, void *value) {
  const char *name = t->p + 1;
  size_t len = t->len - 1;
  if (find(m, name, len))
    return pp_error_at(p, t->line, t->col, "redefinition of %s alias id '%.*s'",
                       kind == ALIAS_TYPE ? "type" : "attribute", (int)len,
                       name);
  pp_alias *a = casc_arena_alloc(&p->keep, sizeof *a);
  char *key = casc_arena_alloc(&p->keep, len + 1);
  if (!a || !key)
    return pp_error(p, "out of memory");
  memcpy(key, name, len);
  a->kind = kind;
  a->value = value;
  if (!casc_hm_put(m, key, len, casc_hash_bytes(key, len), a))
    return pp_error(p, "out of memory");
  return true;
}

bool pp_parse_alias_def(casc_parser *p) {
  casc_tok t = p->tok;
  bool is_type = t.kind == CASC_TK_EXCL;
  if (memchr(t.p, '.', t.len))
    return pp_error(p, "%s alias id '%.*s' cannot contain a '.'",
                    is_type ? "type" : "attribute", (int)t.len - 1, t.p + 1);
  pp_next(p);
  if (!pp_expect(p, CASC_TK_EQUAL, "="))
    return false;
  if (is_type) {
    casc_type *ty = pp_parse_type(p);
    return ty && put_alias(p, &p->excl_aliases, &t, ALIAS_TYPE, ty);
  }
  if (pp_is_kw(p, "loc")) {
    pp_next(p);
    if (!pp_expect(p, CASC_TK_LPAREN, "("))
      return false;
    casc_loc *l = parse_loc_inner(p);
    if (!l || !pp_expect(p, CASC_TK_RPAREN, ")"))
      return false;
    return put_alias(p, &p->hash_aliases, &t, ALIAS_LOC, l);
  }
  casc_attr *a = pp_parse_attr(p);
  return a && put_alias(p, &p->hash_aliases, &t, ALIAS_ATTR, a);
}

/* Replace placeholders in every op and block argument, in one walk. */
static casc_loc *lookup_subst(const casc_ptrmap *m, casc_loc *l) {
  return (casc_loc *)casc_ptrmap_get(m, l, (uintptr_t)l);
}

static bool subst_op(casc_op *op, void *user) {
  const casc_ptrmap *m = user;
  op->loc = lookup_subst(m, op->loc);
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (unsigned i = 0; i < b->nargs; i++)
        if (casc_value_loc(b->args[i]))
          casc_value_set_loc(b->args[i],
                             lookup_subst(m, casc_value_loc(b->args[i])));
  return true;
}

bool pp_resolve_pending_locs(casc_parser *p) {
  if (!p->pending)
    return true;
  casc_ptrmap m; /* placeholder -> the location it stands for */
  casc_ptrmap_init(&m);
  bool ok = true;
  for (pp_pending_loc *pl = p->pending; pl && ok; pl = pl->next) {
    pl->resolved = pp_lookup_loc_alias(p, pl->name, strlen(pl->name));
    if (!pl->resolved)
      ok = pp_error_at(p, pl->line, pl->col,
                       "operation location alias was never defined");
    else if (!casc_ptrmap_put(&m, pl->placeholder, (uintptr_t)pl->resolved))
      ok = pp_error(p, "out of memory");
  }
  if (ok && p->top)
    casc_walk_pre(p->top, subst_op, &m);
  casc_ptrmap_free(&m);
  return ok;
}
