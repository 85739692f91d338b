/* casc opt's pass list and mlir-opt's textual pipeline syntax
 * (see opt_steps.h). */
#include "tools/opt_steps.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/alloc.h"
#include "util/grow.h"

bool casc_opt_steps_add(casc_opt_steps *s, const casc_pass_info *pass,
                        const char *options, unsigned nest) {
  if (s->n == s->cap) {
    casc_opt_step *g = casc_grow(s->items, &s->cap, s->n + 1, sizeof *g);
    if (!g)
      return false;
    s->items = g;
  }
  s->items[s->n].pass = pass;
  s->items[s->n].options = options;
  s->items[s->n].nest = nest;
  s->n++;
  return true;
}

void casc_opt_steps_free(casc_opt_steps *s) {
  casc_free(s->items);
  memset(s, 0, sizeof *s);
}

typedef struct {
  char *s;
  size_t pos;
  casc_opt_steps *steps;
  size_t *err_at;
  char *err;
  size_t errlen;
} parser;

__attribute__((format(printf, 3, 4))) static bool fail(parser *p, size_t at,
                                                       const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, p->errlen, fmt, ap);
  va_end(ap);
  *p->err_at = at;
  return false;
}

static bool out_of_memory(parser *p) {
  snprintf(p->err, p->errlen, "out of memory");
  *p->err_at = CASC_PIPELINE_OOM;
  return false;
}

static void skip_ws(parser *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t')
    p->pos++;
}

/* Length of the pass or op name at pos: what mlir-opt reads as one. */
static size_t name_len(const parser *p) {
  size_t n = 0;
  for (const char *c = p->s + p->pos;
       isalnum((unsigned char)*c) || *c == '-' || *c == '_' || *c == '.'; c++)
    n++;
  return n;
}

static bool is_word(const char *s, size_t len, const char *w) {
  return strlen(w) == len && memcmp(s, w, len) == 0;
}

static const char *pipeline_named(const char *s, size_t len) {
  const char *const *names = casc_pipeline_names();
  for (unsigned k = 0; names && names[k]; k++)
    if (is_word(s, len, names[k]))
      return names[k];
  return NULL;
}

static bool expect(parser *p, char c) {
  skip_ws(p);
  if (p->s[p->pos] != c)
    return fail(p, p->pos, "expected '%c'", c);
  p->pos++;
  return true;
}

/* `{text}` after a pass name: cut out in place (the '}' becomes the NUL)
 * and checked against the options the pass accepts. */
static bool parse_options(parser *p, const casc_pass_info *pass,
                          const char **options) {
  *options = NULL;
  if (p->s[p->pos] != '{')
    return true;
  size_t open = p->pos++;
  char *close = strchr(p->s + p->pos, '}');
  if (!close)
    return fail(p, open, "'{' has no matching '}'");
  while (p->s[p->pos] == ' ')
    p->pos++;
  size_t start = p->pos, end = (size_t)(close - p->s);
  while (end > start && p->s[end - 1] == ' ')
    end--;
  p->s[end] = '\0';
  p->pos = (size_t)(close - p->s) + 1;
  char why[256];
  if (!casc_pass_options_ok(pass, p->s + start, why, sizeof why))
    return fail(p, start, "%s", why);
  *options = p->s + start;
  return true;
}

static bool parse_list(parser *p, unsigned nest);

static bool parse_element(parser *p, unsigned nest) {
  skip_ws(p);
  size_t at = p->pos, len = name_len(p);
  const char *name = p->s + at;
  if (len == 0)
    return fail(p, at, "expected a pass name");
  p->pos += len;
  if (p->s[p->pos] == '(') {
    if (!is_word(name, len, "func.func"))
      return fail(p, at,
                  "casc nests passes only in func.func(...), not in "
                  "'%.*s'",
                  (int)len, name);
    if (nest)
      return fail(p, at, "func.func(...) cannot nest in func.func(...)");
    p->pos++;
    unsigned inner = ++p->steps->nests;
    return parse_list(p, inner) && expect(p, ')');
  }
  const casc_pass_info *pass = casc_pass_lookup(name, len);
  if (!pass) {
    const char *pipeline = pipeline_named(name, len);
    if (!pipeline || nest)
      return fail(p, at,
                  "'%.*s' does not refer to a registered pass%s (see 'casc "
                  "opt -list-passes')",
                  (int)len, name, nest ? "" : " or pass pipeline");
    return casc_opt_steps_add(p->steps, NULL, pipeline, 0) || out_of_memory(p);
  }
  if (nest && pass->anchor == CASC_PASS_ON_MODULE)
    return fail(p, at,
                "'%s' runs on the whole module: it belongs in "
                "builtin.module(...), not in func.func(...)",
                pass->flag);
  const char *options;
  if (!parse_options(p, pass, &options))
    return false;
  return casc_opt_steps_add(p->steps, pass, options, nest) || out_of_memory(p);
}

static bool parse_list(parser *p, unsigned nest) {
  skip_ws(p);
  if (p->s[p->pos] == ')') /* an empty pipeline runs nothing */
    return true;
  for (;;) {
    if (!parse_element(p, nest))
      return false;
    skip_ws(p);
    if (p->s[p->pos] != ',')
      return true;
    p->pos++;
  }
}

bool casc_parse_pass_pipeline(char *text, casc_opt_steps *steps, size_t *err_at,
                              char *err, size_t errlen) {
  parser p = {text, 0, steps, err_at, err, errlen};
  skip_ws(&p);
  size_t at = p.pos, len = name_len(&p);
  p.pos += len;
  if (p.s[p.pos] != '(')
    return fail(&p, at,
                "expected the pipeline to be wrapped with its anchor op, "
                "e.g. 'builtin.module(...)'");
  if (!is_word(text + at, len, "builtin.module"))
    return fail(&p, at,
                "casc runs passes on the module: anchor the pipeline on "
                "'builtin.module(...)', not '%.*s'",
                (int)len, text + at);
  p.pos++;
  if (!parse_list(&p, 0) || !expect(&p, ')'))
    return false;
  skip_ws(&p);
  if (p.s[p.pos])
    return fail(&p, p.pos, "unexpected text after the pipeline");
  return true;
}
