/* The declarative-format engine: one interpreter that both parses and
 * prints an op's custom syntax from its op-table `format` (MLIR ODS
 * assemblyFormat syntax). Each format string is compiled once into a list
 * of elements; printing follows ODS's spacing rules (genLiteralPrinter /
 * genElementPrinter), parsing mirrors the generated parsers. */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/parser.h"
#include "text/printer.h"
#include "util/buf_num.h"
#include "util/invariant.h"

/* ------------------------------------------------------------------------ */
/* Compiled formats                                                          */

typedef enum {
  FE_LITERAL,
  FE_SPACE, /* ` ` (text " ") or `` (empty) */
  FE_OPERAND,
  FE_OPERANDS,
  FE_RESULT, /* $result in a format: only legal inside type directives */
  FE_ATTR,
  FE_TYPE,
  FE_FUNC_TYPE,
  FE_ATTR_DICT,
  FE_OPTIONAL,
  FE_SELECT_TYPE /* custom<SelectOpType>(type($cond), type($result)) */
} fe_kind;

/* Target of a type directive: operand spec, result spec, or all. */
typedef enum { T_OPERAND, T_RESULT, T_OPERANDS, T_RESULTS } tgt_kind;
typedef struct {
  tgt_kind kind;
  int idx;
} fe_target;

typedef struct fe fe;
struct fe {
  fe_kind kind;
  const char *text; /* literal / space (NUL-terminated, static storage) */
  int idx;          /* operand / attr spec */
  fe_target t1, t2; /* type / functional-type */
  bool qualified, with_keyword;
  /* optional group */
  fe *then_e, *else_e;
  unsigned nthen, nelse;
  int anchor; /* index in then_e */
};

typedef struct {
  fe *e;
  unsigned n;
  bool ok;
} fe_list;

typedef struct {
  bool compiled;
  bool ok;
  fe_list list;
  const char *used_attrs[CASC_MAX_ARGS]; /* attrs the format spells */
  unsigned nused;
  /* The `operands` directive is used: like ODS, operandSegmentSizes then
   * stays in the attr-dict (nothing else could recover the groups). */
  bool all_operands;
} fe_format;

static fe_format formats[CASC_OP_COUNT_];
static pthread_once_t formats_once = PTHREAD_ONCE_INIT;

/* Formats are compiled once per process into static pools, as the op table
 * and the enums are: nothing to free at exit, and nothing that can fail for
 * lack of memory (a heap failure here would break the op's syntax for the
 * rest of the process). Sized for ops.def with room to spare: a format that
 * does not fit is reported as invalid, and CASC_ASSERT flags the pools as
 * too small in Debug builds. */
#define FE_POOL_SIZE 4096
#define FE_TEXT_POOL_SIZE 4096
#define FE_LIST_MAX 64 /* elements in one list (a format or a group) */
static fe fe_pool[FE_POOL_SIZE];
static unsigned fe_pool_used;
static char text_pool[FE_TEXT_POOL_SIZE];
static size_t text_pool_used;

/* -- the format mini-language ---------------------------------------------- */

typedef struct {
  const casc_op_info *info;
  const char *s;
  bool ok;
} fmt_lexer;

static void skip_ws(fmt_lexer *l) {
  while (*l->s == ' ' || *l->s == '\n' || *l->s == '\t')
    l->s++;
}

static bool ident(fmt_lexer *l, const char **start, size_t *len) {
  skip_ws(l);
  const char *s = l->s;
  while (isalnum((unsigned char)*l->s) || *l->s == '_' || *l->s == '-')
    l->s++;
  *start = s;
  *len = (size_t)(l->s - s);
  return *len > 0;
}

static bool eat(fmt_lexer *l, char c) {
  skip_ws(l);
  if (*l->s != c)
    return false;
  l->s++;
  return true;
}

static const char *pool_text(const char *s, size_t n) {
  CASC_ASSERT(text_pool_used + n + 1 <= sizeof text_pool);
  if (text_pool_used + n + 1 > sizeof text_pool)
    return NULL;
  char *d = text_pool + text_pool_used;
  memcpy(d, s, n);
  d[n] = 0;
  text_pool_used += n + 1;
  return d;
}

/* `$name`, `operands`, `results` as a type-directive argument. */
static bool parse_target(fmt_lexer *l, fe_target *t) {
  skip_ws(l);
  const char *s;
  size_t n;
  if (eat(l, '$')) {
    if (!ident(l, &s, &n))
      return false;
    int o = casc_op_info_operand(l->info, s, n);
    if (o >= 0) {
      t->kind = T_OPERAND;
      t->idx = o;
      return true;
    }
    int r = casc_op_info_result(l->info, s, n);
    if (r >= 0) {
      t->kind = T_RESULT;
      t->idx = r;
      return true;
    }
    return false;
  }
  if (!ident(l, &s, &n))
    return false;
  if (n == 8 && memcmp(s, "operands", 8) == 0) {
    t->kind = T_OPERANDS;
    return true;
  }
  if (n == 7 && memcmp(s, "results", 7) == 0) {
    t->kind = T_RESULTS;
    return true;
  }
  return false;
}

static bool parse_elems(fmt_lexer *l, fe_list *out, char stop, int *anchor);

static bool parse_elem(fmt_lexer *l, fe *e, bool *anchor) {
  memset(e, 0, sizeof *e);
  *anchor = false;
  skip_ws(l);
  if (*l->s == '`') {
    const char *s = ++l->s;
    while (*l->s && *l->s != '`')
      l->s++;
    if (!*l->s)
      return false;
    size_t n = (size_t)(l->s - s);
    l->s++;
    e->text = pool_text(s, n);
    e->kind = (n == 0 || (n == 1 && s[0] == ' ')) ? FE_SPACE : FE_LITERAL;
    return e->text != NULL;
  }
  if (*l->s == '$') {
    l->s++;
    const char *s;
    size_t n;
    if (!ident(l, &s, &n))
      return false;
    int o = casc_op_info_operand(l->info, s, n);
    int a = casc_op_info_attr(l->info, s, n);
    int r = casc_op_info_result(l->info, s, n);
    if (o >= 0) {
      e->kind = FE_OPERAND;
      e->idx = o;
    } else if (a >= 0) {
      e->kind = FE_ATTR;
      e->idx = a;
    } else if (r >= 0) {
      e->kind = FE_RESULT;
      e->idx = r;
    } else {
      return false;
    }
    skip_ws(l);
    if (*l->s == '^') {
      l->s++;
      *anchor = true;
    }
    return true;
  }
  if (*l->s == '(') {
    l->s++;
    e->kind = FE_OPTIONAL;
    fe_list then_l = {0}, else_l = {0};
    int a = -1, unused;
    if (!parse_elems(l, &then_l, ')', &a))
      return false;
    e->then_e = then_l.e;
    e->nthen = then_l.n;
    e->anchor = a;
    skip_ws(l);
    if (*l->s == ':') {
      l->s++;
      if (!eat(l, '(') || !parse_elems(l, &else_l, ')', &unused))
        return false;
      e->else_e = else_l.e;
      e->nelse = else_l.n;
    }
    return a >= 0 && then_l.n > 0 && eat(l, '?');
  }
  const char *s;
  size_t n;
  if (!ident(l, &s, &n))
    return false;
#define IS(w) (n == sizeof(w) - 1 && memcmp(s, w, n) == 0)
  if (IS("attr-dict") || IS("attr-dict-with-keyword")) {
    e->kind = FE_ATTR_DICT;
    e->with_keyword = IS("attr-dict-with-keyword");
    return true;
  }
  if (IS("operands")) {
    e->kind = FE_OPERANDS;
    return true;
  }
  if (IS("type") || IS("qualified")) {
    bool q = IS("qualified");
    if (!eat(l, '('))
      return false;
    if (q && (!ident(l, &s, &n) || !IS("type") || !eat(l, '(')))
      return false;
    e->kind = FE_TYPE;
    e->qualified = q;
    if (!parse_target(l, &e->t1) || !eat(l, ')'))
      return false;
    if (q && !eat(l, ')'))
      return false;
    skip_ws(l);
    if (*l->s == '^') {
      l->s++;
      *anchor = true;
    }
    return true;
  }
  if (IS("functional-type")) {
    e->kind = FE_FUNC_TYPE;
    return eat(l, '(') && parse_target(l, &e->t1) && eat(l, ',') &&
           parse_target(l, &e->t2) && eat(l, ')');
  }
  if (IS("custom")) {
    /* Only MLIR's SelectOpType directive (arith.select) is known. */
    if (!eat(l, '<') || !ident(l, &s, &n) || !IS("SelectOpType") ||
        !eat(l, '>') || !eat(l, '('))
      return false;
    e->kind = FE_SELECT_TYPE;
    return ident(l, &s, &n) && IS("type") && eat(l, '(') &&
           parse_target(l, &e->t1) && eat(l, ')') && eat(l, ',') &&
           ident(l, &s, &n) && IS("type") && eat(l, '(') &&
           parse_target(l, &e->t2) && eat(l, ')') && eat(l, ')');
  }
#undef IS
  return false;
}

/* The list is built in a local array, then moved to the pool whole, so
 * that a group's elements (parsed in the middle of its parent's) stay
 * contiguous. */
static bool parse_elems(fmt_lexer *l, fe_list *out, char stop, int *anchor) {
  fe elems[FE_LIST_MAX];
  unsigned n = 0;
  out->e = NULL;
  out->n = 0;
  *anchor = -1;
  for (;;) {
    skip_ws(l);
    if (stop && *l->s == stop) {
      l->s++;
      break;
    }
    if (!*l->s) {
      if (stop)
        return false;
      break;
    }
    bool is_anchor;
    CASC_ASSERT(n < FE_LIST_MAX);
    if (n == FE_LIST_MAX || !parse_elem(l, &elems[n], &is_anchor))
      return false;
    if (is_anchor)
      *anchor = (int)n;
    n++;
  }
  CASC_ASSERT(fe_pool_used + n <= FE_POOL_SIZE);
  if (fe_pool_used + n > FE_POOL_SIZE)
    return false;
  out->e = fe_pool + fe_pool_used;
  out->n = n;
  fe_pool_used += n;
  if (n)
    memcpy(out->e, elems, n * sizeof *elems);
  return true;
}

static void collect_used(fe_format *f, const casc_op_info *info, const fe *e,
                         unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (e[i].kind == FE_ATTR && f->nused < CASC_MAX_ARGS)
      f->used_attrs[f->nused++] = info->attrs[e[i].idx].name;
    if (e[i].kind == FE_OPERANDS)
      f->all_operands = true;
    if (e[i].kind == FE_OPTIONAL) {
      collect_used(f, info, e[i].then_e, e[i].nthen);
      collect_used(f, info, e[i].else_e, e[i].nelse);
    }
  }
}

static void compile_all(void) {
  for (unsigned k = 1; k < CASC_OP_COUNT_; k++) {
    const casc_op_info *info = casc_op_info_get(k);
    fe_format *f = &formats[k];
    f->compiled = true;
    if (!info || !info->format || !*info->format)
      continue;
    fmt_lexer l = {info, info->format, true};
    int anchor;
    f->ok = parse_elems(&l, &f->list, 0, &anchor) && anchor < 0;
    if (f->ok)
      collect_used(f, info, f->list.e, f->list.n);
  }
}

static const fe_format *format_of(casc_op_kind k) {
  if (k == 0 || k >= CASC_OP_COUNT_)
    return NULL;
  pthread_once(&formats_once, compile_all);
  return formats[k].ok ? &formats[k] : NULL;
}

/* Attributes that print "stripped" after a keyword (`overflow<nsw>`): the
 * dialect prefix their full spelling carries. */
static const char *stripped_attr_prefix(const char *name) {
  if (strcmp(name, "overflowFlags") == 0)
    return "#arith.overflow";
  if (strcmp(name, "fastmath") == 0)
    return "#arith.fastmath";
  return NULL;
}

/* ------------------------------------------------------------------------ */
/* Parsing                                                                   */

typedef struct {
  casc_parser *p;
  pp_op_state *st;
  const casc_op_info *info;
  /* operand uses per spec, or all (operands directive) */
  pp_ssa_use *uses[CASC_MAX_ARGS];
  unsigned nuses[CASC_MAX_ARGS];
  bool have_uses[CASC_MAX_ARGS]; /* read, or its optional group skipped */
  pp_ssa_use *all_uses;
  unsigned nall_uses;
  bool have_all_uses;
  /* types from type directives */
  casc_type **otypes[CASC_MAX_ARGS];
  unsigned notypes[CASC_MAX_ARGS];
  bool have_otypes[CASC_MAX_ARGS];
  casc_type **all_otypes;
  unsigned nall_otypes;
  bool have_all_otypes;
  casc_type **rtypes[4];
  unsigned nrtypes[4];
  bool have_rtypes[4];
  casc_type **all_rtypes;
  unsigned nall_rtypes;
  bool have_all_rtypes;
  /* where the first operand element began: MLIR reports operand/type
   * count mismatches there */
  bool have_oploc;
  unsigned opline, opcol;
  /* the elements after the one parse_list is reading (group_present_by_
   * follow looks at them) */
  const fe *follow;
  unsigned nfollow;
} fparse;

static void note_operand_loc(fparse *f) {
  if (!f->have_oploc) {
    f->have_oploc = true;
    f->opline = f->p->tok.line;
    f->opcol = f->p->tok.col;
  }
}

static bool is_punct_literal(const char *t) {
  return !(t[0] == '_' || isalpha((unsigned char)t[0]));
}

static casc_tok_kind punct_kind(const char *t) {
  static const struct {
    const char *s;
    casc_tok_kind k;
  } map[] = {{",", CASC_TK_COMMA},        {":", CASC_TK_COLON},
             {"::", CASC_TK_COLON_COLON}, {"(", CASC_TK_LPAREN},
             {")", CASC_TK_RPAREN},       {"[", CASC_TK_LSQUARE},
             {"]", CASC_TK_RSQUARE},      {"{", CASC_TK_LBRACE},
             {"}", CASC_TK_RBRACE},       {"<", CASC_TK_LESS},
             {">", CASC_TK_GREATER},      {"=", CASC_TK_EQUAL},
             {"->", CASC_TK_ARROW},       {"?", CASC_TK_QUESTION},
             {"*", CASC_TK_STAR},         {"+", CASC_TK_PLUS},
             {"-", CASC_TK_MINUS},        {"|", CASC_TK_VBAR},
             {"...", CASC_TK_ELLIPSIS}};
  for (unsigned i = 0; i < sizeof map / sizeof map[0]; i++)
    if (strcmp(map[i].s, t) == 0)
      return map[i].k;
  return CASC_TK_ERROR;
}

static bool literal_present(casc_parser *p, const char *t) {
  if (!is_punct_literal(t))
    return pp_is_kw(p, t);
  return pp_is(p, punct_kind(t));
}

static bool parse_literal(casc_parser *p, const char *t) {
  if (!is_punct_literal(t))
    return pp_expect_kw(p, t);
  casc_tok_kind k = punct_kind(t);
  if (k == CASC_TK_ERROR)
    return pp_error(p, "unsupported literal '%s' in format", t);
  return pp_expect(p, k, t);
}

static bool add_use(fparse *f, pp_ssa_use **arr, unsigned *n,
                    const pp_ssa_use *u) {
  pp_ssa_use *na = casc_arena_alloc(&f->p->tmp, (*n + 1) * sizeof *na);
  if (!na)
    return pp_error(f->p, "out of memory");
  if (*n)
    memcpy(na, *arr, *n * sizeof *na);
  na[*n] = *u;
  *arr = na;
  (*n)++;
  return true;
}

static bool parse_operand_elem(fparse *f, int idx) {
  casc_parser *p = f->p;
  note_operand_loc(f);
  const casc_arg_spec *sp = &f->info->opnds[idx];
  f->have_uses[idx] = true;
  if (sp->card == 0) {
    pp_ssa_use u;
    return pp_parse_ssa_use(p, &u) &&
           add_use(f, &f->uses[idx], &f->nuses[idx], &u);
  }
  if (sp->card == '?') {
    if (!pp_is(p, CASC_TK_PERCENT))
      return true;
    pp_ssa_use u;
    return pp_parse_ssa_use(p, &u) &&
           add_use(f, &f->uses[idx], &f->nuses[idx], &u);
  }
  pp_ssa_use *list;
  unsigned n;
  if (!pp_parse_ssa_use_list(p, &list, &n, true))
    return false;
  for (unsigned i = 0; i < n; i++)
    if (!add_use(f, &f->uses[idx], &f->nuses[idx], &list[i]))
      return false;
  return true;
}

static casc_constraint target_constraint(const fparse *f, fe_target t) {
  if (t.kind == T_OPERAND)
    return f->info->opnds[t.idx].c;
  if (t.kind == T_RESULT)
    return f->info->ress[t.idx].c;
  return CASC_C_ANY;
}

static char target_card(const fparse *f, fe_target t) {
  if (t.kind == T_OPERAND)
    return f->info->opnds[t.idx].card;
  if (t.kind == T_RESULT)
    return f->info->ress[t.idx].card;
  return '*';
}

static bool store_types(fparse *f, fe_target t, casc_type **types, unsigned n) {
  switch (t.kind) {
  case T_OPERAND:
    f->otypes[t.idx] = types;
    f->notypes[t.idx] = n;
    f->have_otypes[t.idx] = true;
    break;
  case T_RESULT:
    f->rtypes[t.idx] = types;
    f->nrtypes[t.idx] = n;
    f->have_rtypes[t.idx] = true;
    break;
  case T_OPERANDS:
    f->all_otypes = types;
    f->nall_otypes = n;
    f->have_all_otypes = true;
    break;
  case T_RESULTS:
    f->all_rtypes = types;
    f->nall_rtypes = n;
    f->have_all_rtypes = true;
    break;
  }
  return true;
}

static bool parse_type_elem(fparse *f, const fe *e) {
  casc_parser *p = f->p;
  char card = target_card(f, e->t1);
  if (card == 0) {
    casc_type **one = casc_arena_alloc(&p->tmp, sizeof *one);
    if (!one)
      return pp_error(p, "out of memory");
    one[0] = pp_parse_type_for(p, target_constraint(f, e->t1));
    return one[0] && store_types(f, e->t1, one, 1);
  }
  if (card == '?') {
    if (!pp_type_start(p) && !pp_is(p, CASC_TK_LESS))
      return store_types(f, e->t1, NULL, 0);
    casc_type **one = casc_arena_alloc(&p->tmp, sizeof *one);
    if (!one)
      return pp_error(p, "out of memory");
    one[0] = pp_parse_type_for(p, target_constraint(f, e->t1));
    return one[0] && store_types(f, e->t1, one, 1);
  }
  casc_type **types = NULL;
  unsigned n = 0;
  if ((pp_type_start(p) || pp_is(p, CASC_TK_LESS)) &&
      !pp_parse_type_list(p, &types, &n))
    return false;
  return store_types(f, e->t1, types, n);
}

static bool parse_enum_attr(fparse *f, const casc_attr_spec *as) {
  casc_parser *p = f->p;
  const casc_enum_info *ei = casc_enum_get((casc_enum_kind)as->enum_kind);
  int v = -1;
  if (pp_is(p, CASC_TK_BARE))
    v = casc_enum_parse((casc_enum_kind)as->enum_kind, p->tok.p, p->tok.len);
  else if (pp_is(p, CASC_TK_STRING)) {
    size_t n;
    const char *s = pp_string_value(p, &n);
    if (!s)
      return false;
    v = casc_enum_parse((casc_enum_kind)as->enum_kind, s, n);
  }
  if (v < 0) {
    char list[1024];
    size_t len = 0;
    list[0] = 0;
    for (unsigned i = 0; ei && i < ei->count && len + 40 < sizeof list; i++)
      if (ei->kw[i])
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                len ? ", " : "", ei->kw[i]);
    /* MLIR: a keyword outside the list is "expected ..."; a string that
     * names no value is an invalid specification. */
    if (pp_is(p, CASC_TK_STRING))
      return pp_custom_error(p,
                             "invalid %s attribute specification: "
                             "\"%.*s\"",
                             as->name, (int)(p->tok.len - 2), p->tok.p + 1);
    return pp_custom_error(p,
                           "expected string or keyword containing one of "
                           "the following enum values for attribute '%s' "
                           "[%s]",
                           as->name, list);
  }
  pp_next(p);
  casc_attr *a =
      casc_attr_int(p->ctx, pp_enum_attr_type(p->ctx, as->enum_kind), v);
  return a && pp_state_add_attr(p, f->st, as->name, a);
}

static bool parse_attr_elem(fparse *f, int idx) {
  casc_parser *p = f->p;
  const casc_attr_spec *as = &f->info->attrs[idx];
  casc_attr *a = NULL;
  switch (as->kind) {
  case CASC_A_ENUM:
    return parse_enum_attr(f, as);
  case CASC_A_UNIT:
    a = casc_attr_unit(p->ctx);
    break;
  case CASC_A_STR:
    if (!pp_is(p, CASC_TK_STRING))
      return pp_custom_error(p, "expected string for attribute '%s'", as->name);
    {
      size_t n;
      const char *s = pp_string_value(p, &n);
      if (!s)
        return false;
      pp_next(p);
      a = casc_attr_string(p->ctx, s, n);
    }
    break;
  case CASC_A_I32:
    a = pp_parse_int_value(p, casc_type_i32(p->ctx));
    break;
  case CASC_A_I64:
    a = pp_parse_int_value(p, casc_type_i64(p->ctx));
    break;
  case CASC_A_INDEX:
    a = pp_parse_int_value(p, casc_type_index(p->ctx));
    break;
  case CASC_A_UI8:
    a = pp_parse_int_value(p, casc_type_int(p->ctx, 8, CASC_UNSIGNED));
    break;
  case CASC_A_TYPE: {
    casc_type *t = pp_parse_type(p);
    if (!t)
      return false;
    a = casc_attr_type(p->ctx, t);
    break;
  }
  default: {
    const char *prefix = stripped_attr_prefix(as->name);
    if (prefix && pp_is(p, CASC_TK_LESS)) {
      const char *body = pp_balanced_body(p);
      if (!body)
        return false;
      char buf[512];
      int n = snprintf(buf, sizeof buf, "%s%s", prefix, body);
      if (n < 0 || (size_t)n >= sizeof buf)
        return pp_error(p, "attribute too long");
      a = casc_attr_opaque(p->ctx, casc_intern_cstr(p->ctx, buf));
      /* the default value is implicit in casc's IR */
      const char *an;
      const char *dv;
      for (unsigned i = 0; (dv = pr_default_prop(f->st->name, &an, i)); i++)
        if (strcmp(an, as->name) == 0 && strcmp(dv, buf) == 0)
          return true;
      break;
    }
    a = pp_parse_attr(p);
    break;
  }
  }
  if (!a)
    return false;
  return pp_state_add_attr(p, f->st, as->name, a);
}

static bool parse_list(fparse *f, const fe *e, unsigned n);

/* Does the next token start a value of attribute as? */
static bool attr_starts_here(fparse *f, const casc_attr_spec *as) {
  casc_parser *p = f->p;
  if (as->kind == CASC_A_ENUM)
    return pp_is(p, CASC_TK_BARE) &&
           casc_enum_parse((casc_enum_kind)as->enum_kind, p->tok.p,
                           p->tok.len) >= 0;
  if (stripped_attr_prefix(as->name))
    return pp_is(p, CASC_TK_LESS);
  return pp_attr_start(p);
}

/* Does the optional group start here? Decided by its first element. */
static bool group_present(fparse *f, const fe *g) {
  casc_parser *p = f->p;
  for (unsigned i = 0; i < g->nthen; i++) {
    const fe *e = &g->then_e[i];
    switch (e->kind) {
    case FE_SPACE:
      continue;
    case FE_LITERAL:
      return literal_present(p, e->text);
    case FE_OPERAND:
    case FE_OPERANDS:
      return pp_is(p, CASC_TK_PERCENT);
    case FE_ATTR:
      return attr_starts_here(f, &f->info->attrs[e->idx]);
    case FE_TYPE:
    case FE_FUNC_TYPE:
    case FE_SELECT_TYPE:
      return pp_type_start(p) || pp_is(p, CASC_TK_LESS);
    default:
      return false;
    }
  }
  return false;
}

/* A group anchored on the types of an optional operand that was already read
 * (`$a (`,` $x^)? `:` type($a) (`,` type($x)^)? `,` type($r)`) is printed
 * exactly when that operand is present. Its first element cannot tell, since
 * the `,` may as well begin what follows the group: ascendc.matmul.iterate
 * without localCmaxtrix prints `..., i1, i1, i1`, which MLIR's generated
 * parser (ascir-opt) misreads. With the operand absent the group is taken
 * only in the form pyasc-oracle rewrites that text to, a leading literal
 * followed by no type (`..., i1, , i1`). */
static bool group_present_by_operand(fparse *f, const fe *g, bool *present) {
  const fe *a = &g->then_e[g->anchor];
  if (a->kind != FE_TYPE || a->t1.kind != T_OPERAND ||
      f->info->opnds[a->t1.idx].card != '?' || !f->have_uses[a->t1.idx])
    return false;
  if (f->nuses[a->t1.idx] > 0) {
    *present = true;
    return true;
  }
  const fe *first = &g->then_e[0];
  if (first->kind != FE_LITERAL || !is_punct_literal(first->text) ||
      !literal_present(f->p, first->text)) {
    *present = false;
    return true;
  }
  /* look one token past the literal, then put the lexer back */
  casc_parser *p = f->p;
  casc_lexer lx = p->lx;
  casc_tok tok = p->tok;
  pp_next(p);
  *present = !pp_type_start(p) && !pp_is(p, CASC_TK_LESS);
  p->lx = lx;
  p->tok = tok;
  return true;
}

/* The elements of e[0..n) that are not spaces, up to max of them. */
static unsigned solid_elems(const fe *e, unsigned n, const fe **out,
                            unsigned max) {
  unsigned k = 0;
  for (unsigned i = 0; i < n && k < max; i++)
    if (e[i].kind != FE_SPACE)
      out[k++] = &e[i];
  return k;
}

/* A group `(L $x^)?` followed by `L $y` with one punctuation literal L
 * (ascendc.set_aipp_functions: `$src0 (`,` $src1^)? `,` $config`): L also
 * begins what follows the group, so its first element cannot tell. Look
 * past `L %x`: the group is present only when another `L %` follows, as in
 * `%a, %b, %c` against `%a, %c, format = ...`. */
static bool group_present_by_follow(fparse *f, const fe *g, bool *present) {
  const fe *in[3], *after[3];
  if (solid_elems(g->then_e, g->nthen, in, 3) != 2 ||
      solid_elems(f->follow, f->nfollow, after, 2) != 2 ||
      in[0]->kind != FE_LITERAL || !is_punct_literal(in[0]->text) ||
      in[1]->kind != FE_OPERAND || after[0]->kind != FE_LITERAL ||
      strcmp(after[0]->text, in[0]->text) != 0 || after[1]->kind != FE_OPERAND)
    return false;
  casc_parser *p = f->p;
  if (!literal_present(p, in[0]->text)) {
    *present = false;
    return true;
  }
  /* look three tokens on (four with a `#N` result number), then put the
   * lexer back */
  casc_lexer lx = p->lx;
  casc_tok tok = p->tok;
  pp_next(p);
  bool ssa = pp_is(p, CASC_TK_PERCENT);
  if (ssa) {
    const char *end = p->tok.p + p->tok.len;
    pp_next(p);
    if (pp_is(p, CASC_TK_HASH) && p->tok.p == end)
      pp_next(p);
    ssa = literal_present(p, in[0]->text);
    if (ssa) {
      pp_next(p);
      ssa = pp_is(p, CASC_TK_PERCENT);
    }
  }
  p->lx = lx;
  p->tok = tok;
  *present = ssa;
  return true;
}

static bool parse_elem_p(fparse *f, const fe *e) {
  casc_parser *p = f->p;
  switch (e->kind) {
  case FE_LITERAL:
    return parse_literal(p, e->text);
  case FE_SPACE:
    return true;
  case FE_OPERAND:
    return parse_operand_elem(f, e->idx);
  case FE_OPERANDS: {
    note_operand_loc(f);
    f->have_all_uses = true;
    return pp_parse_ssa_use_list(p, &f->all_uses, &f->nall_uses, true);
  }
  case FE_RESULT:
    return pp_error(p, "result variable used outside of a type directive");
  case FE_ATTR:
    /* An optional attribute outside an optional group (the else branch of
     * `($a^):($b)?`) is printed as nothing when it is absent: read it so. */
    if (f->info->attrs[e->idx].optional &&
        !attr_starts_here(f, &f->info->attrs[e->idx]))
      return true;
    return parse_attr_elem(f, e->idx);
  case FE_TYPE:
    return parse_type_elem(f, e);
  case FE_FUNC_TYPE: {
    casc_type *ft = pp_parse_function_type(p);
    if (!ft)
      return false;
    return store_types(f, e->t1, ft->u.func.in, ft->u.func.nin) &&
           store_types(f, e->t2, ft->u.func.out, ft->u.func.nout);
  }
  case FE_SELECT_TYPE: {
    casc_type **one = casc_arena_alloc(&p->tmp, 2 * sizeof *one);
    if (!one)
      return pp_error(p, "out of memory");
    one[0] = pp_parse_type(p);
    if (!one[0])
      return false;
    if (pp_consume(p, CASC_TK_COMMA)) {
      one[1] = pp_parse_type(p);
      return one[1] && store_types(f, e->t1, one, 1) &&
             store_types(f, e->t2, one + 1, 1);
    }
    one[1] = casc_type_i1(p->ctx);
    return store_types(f, e->t1, one + 1, 1) && store_types(f, e->t2, one, 1);
  }
  case FE_ATTR_DICT: {
    if (e->with_keyword && !pp_consume_kw(p, "attributes"))
      return true;
    casc_attr *d = NULL;
    return pp_parse_opt_dict(p, &d) && pp_state_add_dict(p, f->st, d);
  }
  case FE_OPTIONAL: {
    bool present;
    if (!group_present_by_operand(f, e, &present) &&
        !group_present_by_follow(f, e, &present))
      present = group_present(f, e);
    if (present) {
      const fe *anchor = &e->then_e[e->anchor];
      if (anchor->kind == FE_ATTR &&
          f->info->attrs[anchor->idx].kind == CASC_A_UNIT &&
          anchor != &e->then_e[0]) {
        /* the unit anchor is implied by the group */
        for (unsigned i = 0; i < e->nthen; i++)
          if (&e->then_e[i] != anchor && !parse_elem_p(f, &e->then_e[i]))
            return false;
        return pp_state_add_attr(p, f->st, f->info->attrs[anchor->idx].name,
                                 casc_attr_unit(p->ctx));
      }
      return parse_list(f, e->then_e, e->nthen);
    }
    /* the group's operands were read: absent (group_present_by_operand) */
    for (unsigned i = 0; i < e->nthen; i++)
      if (e->then_e[i].kind == FE_OPERAND)
        f->have_uses[e->then_e[i].idx] = true;
    return parse_list(f, e->else_e, e->nelse);
  }
  }
  return false;
}

static bool parse_list(fparse *f, const fe *e, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    f->follow = e + i + 1;
    f->nfollow = n - i - 1;
    if (!parse_elem_p(f, &e[i]))
      return false;
  }
  return true;
}

/* Number of operands in each spec when they were parsed together. */
static bool split_counts(fparse *f, unsigned total, unsigned *counts) {
  const casc_op_info *info = f->info;
  unsigned nflex = 0, fixed = 0;
  for (unsigned i = 0; i < info->nopnds; i++) {
    if (info->opnds[i].card)
      nflex++;
    else
      fixed++;
  }
  if (total < fixed || (nflex == 0 && total != fixed))
    return pp_custom_error_at(f->p, f->opline, f->opcol,
                              "%u operands present, but expected %u", total,
                              fixed);
  if (nflex > 1) {
    /* Only an explicit operandSegmentSizes in the attr-dict can tell. */
    casc_attr *seg = NULL;
    for (unsigned i = 0; i < f->st->nattrs; i++)
      if (strcmp(f->st->attrs[i].name, "operandSegmentSizes") == 0)
        seg = f->st->attrs[i].value;
    const char *c = seg && seg->kind == CASC_ATTR_OPAQUE
                        ? strchr(seg->u.opaque.text, ':')
                        : NULL;
    unsigned k = 0, sum = 0;
    while (c && *c && *c != '>' && k < info->nopnds) {
      c++;
      while (*c == ' ')
        c++;
      char *e;
      unsigned long v = strtoul(c, &e, 10);
      if (e == c || v > 100000)
        break;
      counts[k++] = (unsigned)v;
      sum += (unsigned)v;
      c = e;
      while (*c == ' ')
        c++;
    }
    if (k != info->nopnds || sum != total)
      return pp_custom_error(f->p,
                             "cannot split %u operands among %u "
                             "variadic groups without "
                             "operandSegmentSizes",
                             total, nflex);
    return true;
  }
  for (unsigned i = 0; i < info->nopnds; i++) {
    counts[i] = info->opnds[i].card ? total - fixed : 1;
    if (info->opnds[i].card == '?' && counts[i] > 1)
      return pp_custom_error_at(f->p, f->opline, f->opcol,
                                "%u operands present, but expected %u", total,
                                fixed + 1);
  }
  return true;
}

bool casc_format_parse(casc_parser *p, pp_op_state *st) {
  const fe_format *fmt = format_of(st->kind);
  if (!fmt)
    return pp_error(p, "custom op '%s' has an invalid assembly format",
                    st->name);
  fparse f;
  memset(&f, 0, sizeof f);
  f.p = p;
  f.st = st;
  f.opline = p->tok.line; /* until an operand element is seen */
  f.opcol = p->tok.col;
  f.info = st->info;
  const casc_op_info *info = st->info;
  unsigned line = p->tok.line, col = p->tok.col;
  if (!parse_list(&f, fmt->list.e, fmt->list.n))
    return false;

  /* Operand uses, flat, and the count of each spec. */
  unsigned counts[CASC_MAX_ARGS];
  pp_ssa_use *flat = NULL;
  unsigned nflat = 0;
  if (f.have_all_uses) {
    if (!split_counts(&f, f.nall_uses, counts))
      return false;
    flat = f.all_uses;
    nflat = f.nall_uses;
  } else {
    for (unsigned i = 0; i < info->nopnds; i++) {
      counts[i] = f.nuses[i];
      for (unsigned k = 0; k < f.nuses[i]; k++)
        if (!add_use(&f, &flat, &nflat, &f.uses[i][k]))
          return false;
    }
  }

  /* Result types. */
  unsigned rcounts[4];
  casc_type **rt = NULL;
  unsigned nrt = 0;
  if (f.have_all_rtypes) {
    rt = f.all_rtypes;
    nrt = f.nall_rtypes;
    unsigned fixed = 0, nflex = 0;
    for (unsigned i = 0; i < info->nress; i++)
      info->ress[i].card ? nflex++ : fixed++;
    if (nrt < fixed || (!nflex && nrt != fixed))
      return pp_error_at(p, line, col, "expected %u result types", fixed);
    for (unsigned i = 0; i < info->nress; i++)
      rcounts[i] = info->ress[i].card ? nrt - fixed : 1;
  } else {
    for (unsigned i = 0; i < info->nress; i++)
      rcounts[i] = f.have_rtypes[i] ? f.nrtypes[i] : info->ress[i].card ? 0 : 1;
    for (unsigned i = 0; i < info->nress; i++)
      nrt += rcounts[i];
    rt = casc_arena_alloc(&p->tmp, (nrt ? nrt : 1) * sizeof *rt);
    if (!rt)
      return pp_error(p, "out of memory");
    unsigned k = 0;
    for (unsigned i = 0; i < info->nress; i++)
      for (unsigned j = 0; j < rcounts[i]; j++, k++)
        rt[k] = f.have_rtypes[i] ? f.rtypes[i][j] : NULL;
  }

  /* Operand types. */
  casc_type **ot = casc_arena_alloc(&p->tmp, (nflat ? nflat : 1) * sizeof *ot);
  if (!ot)
    return pp_error(p, "out of memory");
  /* Like ODS, an op that declares no operands resolves none: the types of a
   * `type(operands)` directive are parsed and dropped (pyasc's tests write
   * `ascendc.set_atomic_none : () -> ()`). */
  if (f.have_all_otypes && info->nopnds == 0) {
  } else if (f.have_all_otypes) {
    if (f.nall_otypes != nflat)
      return pp_custom_error_at(p, f.opline, f.opcol,
                                "%u operands present, but expected %u", nflat,
                                f.nall_otypes);
    if (nflat) /* f.all_otypes is NULL for an op without operands */
      memcpy(ot, f.all_otypes, nflat * sizeof *ot);
  } else {
    unsigned k = 0;
    for (unsigned i = 0; i < info->nopnds; i++) {
      if (f.have_otypes[i] && f.notypes[i] != counts[i])
        return pp_custom_error_at(p, f.opline, f.opcol,
                                  "%u operands present, but expected %u",
                                  counts[i], f.notypes[i]);
      for (unsigned j = 0; j < counts[i]; j++, k++)
        ot[k] = f.have_otypes[i] ? f.otypes[i][j] : NULL;
    }
  }
  /* Infer the types no directive gave: `=other` or a buildable type. A
   * round that leaves none unknown is the last (nearly every op). */
  bool unknown = true;
  for (int round = 0; round < 3 && unknown; round++) {
    unknown = false;
    unsigned k = 0;
    for (unsigned i = 0; i < info->nopnds; i++)
      for (unsigned j = 0; j < counts[i]; j++, k++) {
        if (ot[k])
          continue;
        int s = info->opnds[i].same_as;
        if (s >= 100) {
          unsigned ri = 0;
          for (int q = 0; q < s - 100; q++)
            ri += rcounts[q];
          if ((unsigned)(s - 100) < info->nress && rcounts[s - 100] && ri < nrt)
            ot[k] = rt[ri];
        } else if (s >= 0) {
          unsigned oi = 0;
          for (int q = 0; q < s; q++)
            oi += counts[q];
          if (counts[s] && oi < nflat)
            ot[k] = ot[oi];
        }
        if (!ot[k])
          ot[k] = casc_constraint_buildable(p->ctx, info->opnds[i].c);
        unknown |= !ot[k];
      }
    k = 0;
    for (unsigned i = 0; i < info->nress; i++)
      for (unsigned j = 0; j < rcounts[i]; j++, k++) {
        if (rt[k])
          continue;
        int s = info->ress[i].same_as;
        if (s >= 100) {
          unsigned ri = 0;
          for (int q = 0; q < s - 100; q++)
            ri += rcounts[q];
          if (ri < nrt)
            rt[k] = rt[ri];
        } else if (s >= 0) {
          unsigned oi = 0;
          for (int q = 0; q < s; q++)
            oi += counts[q];
          if (counts[s] && oi < nflat)
            rt[k] = ot[oi];
        }
        if (!rt[k])
          rt[k] = casc_constraint_buildable(p->ctx, info->ress[i].c);
        unknown |= !rt[k];
      }
  }
  for (unsigned k = 0; k < nflat; k++) {
    if (!ot[k])
      return pp_error_at(p, line, col,
                         "custom op '%s' cannot infer the type of operand #%u",
                         st->name, k);
    casc_value *v = pp_resolve(p, &flat[k], ot[k]);
    if (!v || !pp_state_add_operand(p, st, v))
      return false;
  }
  for (unsigned k = 0; k < nrt; k++) {
    if (!rt[k])
      return pp_error_at(p, line, col,
                         "custom op '%s' cannot infer the type of result #%u",
                         st->name, k);
    if (!pp_state_add_result(p, st, rt[k]))
      return pp_error(p, "out of memory");
  }
  unsigned nflex = 0;
  for (unsigned i = 0; i < info->nopnds; i++)
    if (info->opnds[i].card)
      nflex++;
  bool have_seg = false;
  for (unsigned i = 0; i < st->nattrs; i++)
    if (strcmp(st->attrs[i].name, "operandSegmentSizes") == 0)
      have_seg = true;
  if (nflex > 1 && !have_seg) {
    char buf[256] = "array<i32";
    size_t len = strlen(buf);
    for (unsigned i = 0; i < info->nopnds && len + 16 < sizeof buf; i++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%u",
                              i ? ", " : ": ", counts[i]);
    snprintf(buf + len, sizeof buf - len, ">");
    casc_attr *seg = casc_attr_opaque(p->ctx, casc_intern_cstr(p->ctx, buf));
    if (!seg || !pp_state_add_attr(p, st, "operandSegmentSizes", seg))
      return false;
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Printing                                                                  */

typedef struct {
  casc_printer *pr;
  casc_op *op;
  const casc_op_info *info;
  const fe_format *fmt;
  bool space, punct; /* ODS's shouldEmitSpace / lastWasPunctuation */
  bool ok;
} fprint;

static bool operand_range(fprint *f, int spec, unsigned *b, unsigned *n) {
  if (!casc_op_operand_group(f->op, (unsigned)spec, b, n)) {
    f->ok = false;
    return false;
  }
  return true;
}

static unsigned result_begin(fprint *f, int spec, unsigned *n) {
  /* results: at most one variadic spec (op table rule) */
  const casc_op_info *info = f->info;
  unsigned fixed = 0;
  for (unsigned i = 0; i < info->nress; i++)
    if (!info->ress[i].card)
      fixed++;
  unsigned flex = f->op->nres >= fixed ? f->op->nres - fixed : 0;
  unsigned b = 0;
  for (int i = 0; i < spec; i++)
    b += info->ress[i].card ? flex : 1;
  *n = info->ress[spec].card ? flex : 1;
  if (b + *n > f->op->nres) {
    f->ok = false;
    *n = 0;
  }
  return b;
}

static bool anchor_present(fprint *f, const fe *a) {
  switch (a->kind) {
  case FE_OPERAND: {
    unsigned b, n;
    return operand_range(f, a->idx, &b, &n) && n > 0;
  }
  case FE_OPERANDS:
    return f->op->nops > 0;
  case FE_ATTR:
    return casc_op_attr(f->op, f->info->attrs[a->idx].name) != NULL;
  case FE_TYPE:
    if (a->t1.kind == T_OPERAND) {
      unsigned b, n;
      return operand_range(f, a->t1.idx, &b, &n) && n > 0;
    }
    if (a->t1.kind == T_RESULT) {
      unsigned n;
      result_begin(f, a->t1.idx, &n);
      return n > 0;
    }
    return a->t1.kind == T_OPERANDS ? f->op->nops > 0 : f->op->nres > 0;
  default:
    return false;
  }
}

static void print_literal(fprint *f, const char *v) {
  size_t n = strlen(v);
  if (f->space) {
    bool sp;
    if (n != 1 && strcmp(v, "->") != 0)
      sp = true;
    else if (f->punct)
      sp = !strchr(">)}],", v[0]);
    else
      sp = !strchr("<>(){}[],", v[0]);
    if (sp)
      pr_putc(f->pr, ' ');
  }
  pr_puts(f->pr, v);
  f->space = n != 1 || !strchr("<({[", v[0]);
  f->punct = v[0] != '_' && !isalpha((unsigned char)v[0]);
}

static void print_types_of(fprint *f, fe_target t, bool qualified) {
  casc_printer *pr = f->pr;
  casc_op *op = f->op;
  switch (t.kind) {
  case T_OPERAND: {
    unsigned b, n;
    if (!operand_range(f, t.idx, &b, &n))
      return;
    casc_constraint c = f->info->opnds[t.idx].c;
    /* ODS prints the types of an optional or variadic operand as a type
     * range: in full, never stripped. */
    if (f->info->opnds[t.idx].card)
      qualified = true;
    for (unsigned i = 0; i < n; i++) {
      if (i)
        pr_puts(pr, ", ");
      if (qualified)
        pr_type(pr, op->operands[b + i].value->type);
      else
        pr_type_for(pr, op->operands[b + i].value->type, c);
    }
    return;
  }
  case T_RESULT: {
    unsigned n;
    unsigned b = result_begin(f, t.idx, &n);
    casc_constraint c = f->info->ress[t.idx].c;
    if (f->info->ress[t.idx].card)
      qualified = true;
    for (unsigned i = 0; i < n; i++) {
      if (i)
        pr_puts(pr, ", ");
      if (qualified)
        pr_type(pr, casc_op_results(op)[b + i].type);
      else
        pr_type_for(pr, casc_op_results(op)[b + i].type, c);
    }
    return;
  }
  case T_OPERANDS:
    pr_value_types(pr, op->operands, op->nops);
    return;
  case T_RESULTS:
    for (unsigned i = 0; i < op->nres; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_type(pr, casc_op_results(op)[i].type);
    }
    return;
  }
}

static unsigned count_of(fprint *f, fe_target t) {
  unsigned b, n;
  switch (t.kind) {
  case T_OPERAND:
    return operand_range(f, t.idx, &b, &n) ? n : 0;
  case T_RESULT:
    result_begin(f, t.idx, &n);
    return n;
  case T_OPERANDS:
    return f->op->nops;
  default:
    return f->op->nres;
  }
}

static casc_type *first_type_of(fprint *f, fe_target t) {
  unsigned b, n;
  switch (t.kind) {
  case T_OPERAND:
    return operand_range(f, t.idx, &b, &n) && n ? f->op->operands[b].value->type
                                                : NULL;
  case T_RESULT:
    b = result_begin(f, t.idx, &n);
    return n ? casc_op_results(f->op)[b].type : NULL;
  case T_OPERANDS:
    return f->op->nops ? f->op->operands[0].value->type : NULL;
  default:
    return f->op->nres ? casc_op_results(f->op)[0].type : NULL;
  }
}

static void print_attr_value(fprint *f, const casc_attr_spec *as,
                             casc_attr *a) {
  casc_printer *pr = f->pr;
  if (as->kind == CASC_A_ENUM && a->kind == CASC_ATTR_INTEGER) {
    const char *kw = casc_enum_keyword((casc_enum_kind)as->enum_kind, a->u.i.v);
    if (kw) {
      pr_puts(pr, kw);
      return;
    }
  }
  if ((as->kind == CASC_A_I32 || as->kind == CASC_A_I64 ||
       as->kind == CASC_A_INDEX || as->kind == CASC_A_UI8) &&
      a->kind == CASC_ATTR_INTEGER) {
    casc_buf_put_i64(pr->out, a->u.i.v);
    return;
  }
  const char *prefix = stripped_attr_prefix(as->name);
  if (prefix && a->kind == CASC_ATTR_OPAQUE &&
      strncmp(a->u.opaque.text, prefix, strlen(prefix)) == 0 &&
      a->u.opaque.text[strlen(prefix)] == '<') {
    pr_puts(pr, a->u.opaque.text + strlen(prefix));
    return;
  }
  pr_attr(pr, a);
}

static void print_list(fprint *f, const fe *e, unsigned n);

/* ODS threads its spacing state (shouldEmitSpace / lastWasPunctuation)
 * through the *generated code*, not through what is printed: an optional
 * group's else-branch starts in the state its then-branch's code left, and
 * whatever branch ran, the group ends in the state of the last branch
 * generated. So `$base `[` ($dyn^):($static ` `)? `]`` prints `[%2]` but
 * `[ 2 ]` (as pyasc's ascir-opt does). This replays those state changes
 * without printing. */
static void spacing_after(const fe *e, unsigned n, bool *space, bool *punct) {
  for (unsigned i = 0; i < n; i++) {
    const fe *x = &e[i];
    switch (x->kind) {
    case FE_LITERAL: {
      size_t len = strlen(x->text);
      *space = len != 1 || !strchr("<({[", x->text[0]);
      *punct = x->text[0] != '_' && !isalpha((unsigned char)x->text[0]);
      break;
    }
    case FE_SPACE:
      *punct = !x->text[0];
      *space = false;
      break;
    case FE_OPTIONAL:
      spacing_after(x->then_e, x->nthen, space, punct);
      if (x->nelse)
        spacing_after(x->else_e, x->nelse, space, punct);
      break;
    case FE_ATTR_DICT:
      *punct = false;
      break;
    default:
      *punct = false;
      *space = true;
      break;
    }
  }
}

static void print_elem(fprint *f, const fe *e) {
  casc_printer *pr = f->pr;
  switch (e->kind) {
  case FE_LITERAL:
    print_literal(f, e->text);
    return;
  case FE_SPACE:
    if (e->text[0]) {
      pr_putc(pr, ' ');
      f->punct = false;
    } else {
      f->punct = true;
    }
    f->space = false;
    return;
  case FE_OPTIONAL: {
    const fe *anchor = &e->then_e[e->anchor];
    bool space = f->space, punct = f->punct;
    spacing_after(e->then_e, e->nthen, &space, &punct);
    if (anchor_present(f, anchor)) {
      bool elide = anchor->kind == FE_ATTR && anchor != &e->then_e[0] &&
                   f->info->attrs[anchor->idx].kind == CASC_A_UNIT;
      for (unsigned i = 0; i < e->nthen; i++)
        if (!(elide && &e->then_e[i] == anchor))
          print_elem(f, &e->then_e[i]);
    } else if (e->nelse) {
      f->space = space; /* the else code starts where the then code ended */
      f->punct = punct;
      print_list(f, e->else_e, e->nelse);
    }
    if (e->nelse)
      spacing_after(e->else_e, e->nelse, &space, &punct);
    f->space = space;
    f->punct = punct;
    return;
  }
  case FE_ATTR_DICT: {
    const char *elide[CASC_MAX_ARGS + 8];
    unsigned ne = 0;
    for (unsigned i = 0; i < f->fmt->nused; i++)
      elide[ne++] = f->fmt->used_attrs[i];
    if (!f->fmt->all_operands)
      elide[ne++] = "operandSegmentSizes";
    pr_attr_dict(pr, f->op->attrs, elide, ne, e->with_keyword);
    f->punct = false;
    return;
  }
  default:
    break;
  }
  if (f->space || !f->punct)
    pr_putc(pr, ' ');
  f->punct = false;
  f->space = true;
  switch (e->kind) {
  case FE_OPERAND: {
    unsigned b, n;
    if (operand_range(f, e->idx, &b, &n) && n) /* operands may be NULL */
      pr_value_list(pr, f->op->operands + b, n);
    return;
  }
  case FE_OPERANDS:
    pr_value_list(pr, f->op->operands, f->op->nops);
    return;
  case FE_ATTR: {
    const casc_attr_spec *as = &f->info->attrs[e->idx];
    casc_attr *a = casc_op_attr(f->op, as->name);
    if (a)
      print_attr_value(f, as, a);
    else if (!as->optional)
      f->ok = false;
    return;
  }
  case FE_TYPE:
    print_types_of(f, e->t1, e->qualified);
    return;
  case FE_FUNC_TYPE: {
    pr_putc(pr, '(');
    print_types_of(f, e->t1, true);
    pr_puts(pr, ") -> ");
    casc_type *first = first_type_of(f, e->t2);
    if (count_of(f, e->t2) == 1 && first->kind != CASC_TYPE_FUNCTION) {
      pr_type(pr, first);
    } else {
      pr_putc(pr, '(');
      print_types_of(f, e->t2, true);
      pr_putc(pr, ')');
    }
    return;
  }
  case FE_SELECT_TYPE: {
    casc_type *cond = first_type_of(f, e->t1);
    if (cond && !casc_type_is_int_of(cond, 1, CASC_SIGNLESS)) {
      pr_type(pr, cond);
      pr_puts(pr, ", ");
    }
    print_types_of(f, e->t2, true);
    return;
  }
  case FE_RESULT:
    f->ok = false;
    return;
  default:
    return;
  }
}

static void print_list(fprint *f, const fe *e, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    print_elem(f, &e[i]);
}

bool casc_format_print(casc_printer *pr, casc_op *op) {
  const fe_format *fmt = format_of(op->kind);
  if (!fmt)
    return false;
  const casc_op_info *info = casc_op_info_of(op);
  /* Shape checks the printer relies on (verified IR always passes). */
  unsigned fixed = 0;
  bool flex = false;
  for (unsigned i = 0; i < info->nress; i++) {
    if (info->ress[i].card)
      flex = true;
    else
      fixed++;
  }
  if (op->nres < fixed || (!flex && op->nres != fixed))
    return false;
  fprint f = {pr, op, info, fmt, true, false, true};
  print_list(&f, fmt->list.e, fmt->list.n);
  return f.ok;
}
