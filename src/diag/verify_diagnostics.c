/* -verify-diagnostics: match emitted diagnostics against the
 * `expected-<severity>[-re][@where] {{text}}` annotations of the input.
 *
 * The rules follow MLIR's verifier so that the same test files pass under
 * both (docs/ir.md §7); the points where that matters:
 * - an annotation is recognised anywhere in a line (usually after `//`),
 *   and the line, right-trimmed, must end with the closing `}}`; a line that
 *   does not have that shape is an ordinary line (even if it mentions
 *   `expected-error`), so it can be the target of a pending @below;
 * - @below attaches to the next line that is not itself an annotation line,
 *   @above to the last such line before (a line holding code AND an
 *   annotation counts as an annotation line, as in MLIR), and a @below with
 *   no later ordinary line attaches to the last line;
 * - a diagnostic is consumed by the first annotation on its line whose text
 *   matches and whose severity is equal; an annotation may be matched by
 *   any number of diagnostics; a text match with the wrong severity is
 *   reported as such ("'error' diagnostic emitted when expecting a
 *   'warning'") instead of as an unexpected diagnostic;
 * - `-re` texts are literal except for `{{regex}}` pieces (POSIX extended
 *   regular expressions, searched, not anchored); a bad piece is reported
 *   with the messages LLVM's regex library uses, and its annotation is
 *   dropped, so the diagnostic it meant is reported as unexpected too.
 * casc extension (as newer MLIR): @unknown matches diagnostics that have no
 * file location. */
#include "casc/verify.h"

#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/grow.h"

typedef struct {
  casc_severity sev;
  int64_t line;             /* the line a diagnostic must be on */
  bool unknown_loc;         /* @unknown */
  unsigned at_line, at_col; /* where the annotation itself is */
  char *text;               /* between the outer braces, as written */
  bool is_regex;
  regex_t re;
  bool matched;
} expectation;

struct casc_diag_verifier {
  char *filename;
  expectation *exps;
  unsigned nexps, cap_exps;
  casc_verify_problem *probs;
  unsigned nprobs, cap_probs;
  bool oom;
};

static char *dup_n(const char *s, size_t n) {
  char *p = casc_malloc(n + 1);
  if (p) {
    memcpy(p, s, n);
    p[n] = '\0';
  }
  return p;
}

/* Append a problem; file may be NULL (no location). */
static void add_problem(casc_diag_verifier *v, const char *file, unsigned line,
                        unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void add_problem(casc_diag_verifier *v, const char *file, unsigned line,
                        unsigned col, const char *fmt, ...) {
  if (v->nprobs == v->cap_probs) {
    casc_verify_problem *p =
        casc_grow(v->probs, &v->cap_probs, v->nprobs + 1, sizeof *p);
    if (!p) {
      v->oom = true;
      return;
    }
    v->probs = p;
  }
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *msg = n >= 0 ? casc_malloc((size_t)n + 1) : NULL;
  char *f = file ? dup_n(file, strlen(file)) : NULL;
  if (!msg || (file && !f)) {
    va_end(ap2);
    casc_free(msg);
    casc_free(f);
    v->oom = true;
    return;
  }
  vsnprintf(msg, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  casc_verify_problem *pr = &v->probs[v->nprobs++];
  pr->file = f;
  pr->line = file ? line : 0;
  pr->col = file ? col : 0;
  pr->msg = msg;
}

/* ---- scanning annotations ------------------------------------------------ */

/* First occurrence of needle in hay[0..n), or NULL (the text may hold NULs,
 * so no strstr). */
static const char *find_n(const char *hay, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (memcmp(hay + i, needle, k) == 0)
      return hay + i;
  return NULL;
}

static bool starts(const char *p, const char *end, const char *word) {
  size_t k = strlen(word);
  return (size_t)(end - p) >= k && memcmp(p, word, k) == 0;
}

typedef struct {
  casc_severity sev;
  bool is_regex;
  char where;     /* 0 same line, 'b' below, 'a' above, 'u' unknown, '+', '-' */
  int64_t offset; /* for '+' / '-' */
  const char *start; /* the `expected-` */
  const char *text;  /* inside the outer braces */
  size_t text_len;
} annotation;

/* Match `expected-SEV(-re)? *(@WHERE)? *{{TEXT}}` ending exactly at `end`,
 * starting at p (which points at "expected-"). */
static bool match_at(const char *p, const char *end, annotation *a) {
  static const struct {
    const char *name;
    casc_severity sev;
  } sevs[] = {{"error", CASC_SEV_ERROR},
              {"warning", CASC_SEV_WARNING},
              {"note", CASC_SEV_NOTE},
              {"remark", CASC_SEV_REMARK}};
  a->start = p;
  p += strlen("expected-");
  size_t i;
  for (i = 0; i < sizeof sevs / sizeof sevs[0]; i++)
    if (starts(p, end, sevs[i].name))
      break;
  if (i == sizeof sevs / sizeof sevs[0])
    return false;
  a->sev = sevs[i].sev;
  p += strlen(sevs[i].name);
  a->is_regex = starts(p, end, "-re");
  if (a->is_regex)
    p += 3;
  while (p < end && *p == ' ')
    p++;
  a->where = 0;
  a->offset = 0;
  if (p < end && *p == '@') {
    const char *q = p + 1;
    if (q < end && (*q == '+' || *q == '-')) {
      const char *d = q + 1;
      int64_t off = 0;
      while (d < end && *d >= '0' && *d <= '9') {
        if (off < INT32_MAX)
          off = off * 10 + (*d - '0');
        d++;
      }
      if (d == q + 1)
        return false;
      a->where = *q;
      a->offset = off;
      p = d;
    } else if (starts(q, end, "above")) {
      a->where = 'a';
      p = q + 5;
    } else if (starts(q, end, "below")) {
      a->where = 'b';
      p = q + 5;
    } else if (starts(q, end, "unknown")) {
      a->where = 'u';
      p = q + 7;
    } else {
      return false;
    }
  }
  while (p < end && *p == ' ')
    p++;
  if (!starts(p, end, "{{") || end - p < 4 || end[-1] != '}' || end[-2] != '}')
    return false;
  a->text = p + 2;
  a->text_len = (size_t)(end - 2 - a->text);
  return true;
}

/* Find the leftmost annotation in a (right-trimmed) line. */
static bool match_line(const char *line, const char *end, annotation *a) {
  const char *p = line;
  while ((p = find_n(p, (size_t)(end - p), "expected-")) != NULL) {
    if (match_at(p, end, a))
      return true;
    p++;
  }
  return false;
}

/* LLVM's regex library words its errors differently from glibc; tests
 * written against MLIR check LLVM's words. */
static const char *regex_error_text(int code) {
  switch (code) {
  case REG_BADPAT:
    return "invalid regular expression";
  case REG_ECOLLATE:
    return "invalid collating element";
  case REG_ECTYPE:
    return "invalid character class";
  case REG_EESCAPE:
    return "trailing backslash (\\)";
  case REG_ESUBREG:
    return "invalid backreference number";
  case REG_EBRACK:
    return "brackets ([ ]) not balanced";
  case REG_EPAREN:
    return "parentheses not balanced";
  case REG_EBRACE:
    return "braces not balanced";
  case REG_BADBR:
    return "invalid repetition count(s)";
  case REG_ERANGE:
    return "invalid character range";
  case REG_ESPACE:
    return "out of memory";
  case REG_BADRPT:
    return "repetition-operator operand invalid";
  default:
    return "invalid regular expression";
  }
}

/* Build the regex of a `-re` text: literal parts escaped, `{{re}}` parts
 * grouped. On error records a problem at the annotation and returns false. */
static bool compile_regex(casc_diag_verifier *v, expectation *e) {
  size_t n = strlen(e->text);
  /* Worst case: every literal char escaped, plus 2 per group. */
  char *pat = casc_malloc(2 * n + 1);
  if (!pat) {
    v->oom = true;
    return false;
  }
  size_t k = 0;
  const char *s = e->text, *end = e->text + n;
  while (s < end) {
    const char *open = find_n(s, (size_t)(end - s), "{{");
    const char *lit_end = open ? open : end;
    for (; s < lit_end; s++) {
      if (strchr("()^$|*+?.[]\\{}", *s))
        pat[k++] = '\\';
      pat[k++] = *s;
    }
    if (!open)
      break;
    s = open + 2;
    const char *close = find_n(s, (size_t)(end - s), "}}");
    if (!close) {
      casc_free(pat);
      add_problem(v, v->filename, e->at_line, e->at_col,
                  "found start of regex with no end '}}'");
      return false;
    }
    size_t blen = (size_t)(close - s);
    const char *err = NULL;
    if (blen == 0) {
      err = "empty (sub)expression";
    } else {
      char *block = dup_n(s, blen);
      if (!block) {
        casc_free(pat);
        v->oom = true;
        return false;
      }
      regex_t tmp;
      int rc = regcomp(&tmp, block, REG_EXTENDED | REG_NOSUB);
      if (rc == 0)
        regfree(&tmp);
      else
        err = regex_error_text(rc);
      casc_free(block);
    }
    if (err) {
      casc_free(pat);
      add_problem(v, v->filename, e->at_line, e->at_col, "invalid regex: %s",
                  err);
      return false;
    }
    pat[k++] = '(';
    memcpy(pat + k, s, blen);
    k += blen;
    pat[k++] = ')';
    s = close + 2;
  }
  pat[k] = '\0';
  int rc = regcomp(&e->re, pat, REG_EXTENDED | REG_NOSUB);
  casc_free(pat);
  if (rc != 0) {
    add_problem(v, v->filename, e->at_line, e->at_col, "invalid regex: %s",
                regex_error_text(rc));
    return false;
  }
  return true;
}

static expectation *push_expectation(casc_diag_verifier *v) {
  if (v->nexps == v->cap_exps) {
    expectation *p = casc_grow(v->exps, &v->cap_exps, v->nexps + 1, sizeof *p);
    if (!p) {
      v->oom = true;
      return NULL;
    }
    v->exps = p;
  }
  expectation *e = &v->exps[v->nexps];
  memset(e, 0, sizeof *e);
  return e;
}

static bool is_trailing_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' ||
         c == '\n';
}

static void scan(casc_diag_verifier *v, const char *text, size_t len,
                 unsigned first_line) {
  /* Indices (into exps) of @below annotations waiting for their line. */
  unsigned *pending = NULL, npending = 0, cap_pending = 0;
  unsigned idx = 0;        /* 0-based line index in text */
  unsigned last_plain = 0; /* index of the last non-annotation line */
  const char *line = text, *text_end = text + len;
  for (;; idx++) {
    const char *nl = memchr(line, '\n', (size_t)(text_end - line));
    const char *end = nl ? nl : text_end;
    const char *trimmed = end;
    while (trimmed > line && is_trailing_space(trimmed[-1]))
      trimmed--;
    annotation a;
    if (!match_line(line, trimmed, &a)) {
      for (unsigned i = 0; i < npending; i++)
        v->exps[pending[i]].line = (int64_t)first_line + idx;
      npending = 0;
      last_plain = idx;
    } else {
      expectation *e = push_expectation(v);
      if (!e)
        break;
      e->sev = a.sev;
      e->at_line = first_line + idx;
      e->at_col = (unsigned)(a.start - line) + 1;
      e->line = (int64_t)first_line + idx;
      e->text = dup_n(a.text, a.text_len);
      if (!e->text) {
        v->oom = true;
        break;
      }
      e->is_regex = a.is_regex;
      if (a.is_regex && !compile_regex(v, e)) {
        casc_free(e->text); /* dropped, as MLIR drops it */
        e->text = NULL;
      } else {
        bool keep = true;
        switch (a.where) {
        case '+':
          e->line += a.offset;
          break;
        case '-':
          e->line -= a.offset;
          break;
        case 'a':
          e->line = (int64_t)first_line + last_plain;
          break;
        case 'u':
          e->unknown_loc = true;
          break;
        case 'b':
          if (npending == cap_pending) {
            unsigned *p =
                casc_grow(pending, &cap_pending, npending + 1, sizeof *p);
            if (!p) {
              v->oom = true;
              keep = false;
              break;
            }
            pending = p;
          }
          pending[npending++] = v->nexps;
          break;
        default:
          break;
        }
        if (keep) {
          v->nexps++;
        } else {
          if (e->is_regex)
            regfree(&e->re);
          casc_free(e->text);
        }
      }
    }
    if (!nl)
      break;
    line = nl + 1;
  }
  /* A dangling @below points at the last line, as in MLIR. */
  for (unsigned i = 0; i < npending; i++)
    v->exps[pending[i]].line = (int64_t)first_line + idx;
  casc_free(pending);
}

casc_diag_verifier *casc_diag_verifier_new(const char *filename,
                                           const char *text, size_t len,
                                           unsigned first_line) {
  casc_diag_verifier *v = casc_calloc(1, sizeof *v);
  if (!v)
    return NULL;
  v->filename =
      dup_n(filename ? filename : "", filename ? strlen(filename) : 0);
  if (!v->filename) {
    casc_free(v);
    return NULL;
  }
  if (text)
    scan(v, text, len, first_line);
  return v;
}

void casc_diag_verifier_free(casc_diag_verifier *v) {
  if (!v)
    return;
  for (unsigned i = 0; i < v->nexps; i++) {
    if (v->exps[i].is_regex)
      regfree(&v->exps[i].re);
    casc_free(v->exps[i].text);
  }
  for (unsigned i = 0; i < v->nprobs; i++) {
    casc_free((char *)v->probs[i].file);
    casc_free((char *)v->probs[i].msg);
  }
  casc_free(v->exps);
  casc_free(v->probs);
  casc_free(v->filename);
  casc_free(v);
}

/* ---- matching diagnostics ------------------------------------------------ */

static bool text_matches(const expectation *e, const char *msg) {
  if (e->is_regex)
    return regexec(&e->re, msg, 0, NULL, 0) == 0;
  return strstr(msg, e->text) != NULL;
}

static void process_one(casc_diag_verifier *v, const casc_loc *loc,
                        const char *msg, casc_severity sev) {
  const casc_loc *fl = loc ? casc_loc_find_file(loc) : NULL;
  bool same_file =
      fl && fl->u.file.file && strcmp(fl->u.file.file, v->filename) == 0;
  if (!msg)
    msg = "";
  expectation *near = NULL;
  for (unsigned i = 0; i < v->nexps; i++) {
    expectation *e = &v->exps[i];
    if (fl ? (!same_file || e->unknown_loc || e->line != fl->u.file.line)
           : !e->unknown_loc)
      continue;
    if (!text_matches(e, msg))
      continue;
    if (e->sev == sev) {
      e->matched = true;
      return;
    }
    near = e;
  }
  if (near)
    add_problem(v, v->filename, near->at_line, near->at_col,
                "'%s' diagnostic emitted when expecting a '%s'",
                casc_severity_name(sev), casc_severity_name(near->sev));
  else if (fl)
    add_problem(v, fl->u.file.file, fl->u.file.line, fl->u.file.col,
                "unexpected %s: %s", casc_severity_name(sev), msg);
  else
    add_problem(v, NULL, 0, 0, "unexpected %s: %s", casc_severity_name(sev),
                msg);
}

void casc_diag_verifier_process(casc_diag_verifier *v, const casc_diag *d) {
  if (!v || !d)
    return;
  process_one(v, d->loc, d->msg, d->sev);
  for (unsigned i = 0; i < d->nnotes; i++) {
    const casc_diag_note_t *n = &d->notes[i];
    process_one(v, n->loc ? n->loc : d->loc, n->msg, CASC_SEV_NOTE);
  }
}

void casc_diag_verifier_handler(const casc_diag *d, void *user) {
  casc_diag_verifier_process(user, d);
}

bool casc_diag_verifier_finish(casc_diag_verifier *v) {
  if (!v)
    return false;
  for (unsigned i = 0; i < v->nexps; i++) {
    expectation *e = &v->exps[i];
    if (!e->matched)
      add_problem(v, v->filename, e->at_line, e->at_col,
                  "expected %s \"%s\" was not produced",
                  casc_severity_name(e->sev), e->text);
  }
  return v->nprobs == 0 && !v->oom;
}

unsigned casc_diag_verifier_num_expected(const casc_diag_verifier *v) {
  return v ? v->nexps : 0;
}

unsigned casc_diag_verifier_num_problems(const casc_diag_verifier *v) {
  return v ? v->nprobs : 0;
}

const casc_verify_problem *
casc_diag_verifier_problem(const casc_diag_verifier *v, unsigned i) {
  return v && i < v->nprobs ? &v->probs[i] : NULL;
}

bool casc_diag_verifier_oom(const casc_diag_verifier *v) {
  return !v || v->oom;
}
