/* MLIR's token grammar: identifiers with their sigils, numbers, strings,
 * punctuation and `//` comments, with line/column tracking. */
#include "text/lexer.h"

#include <string.h>

/* Character classes by table: the lexer classifies every byte of the
 * input, and a load beats the chains of range tests. The table is a
 * constant expression (no initialisation at run time, safe from any
 * thread). */
enum {
  CL_ID_START = 1, /* [a-zA-Z_] */
  CL_ID_CHAR = 2,  /* [a-zA-Z_0-9$.] */
  CL_SUFFIX = 4,   /* an id char or '-' (after %, ^, #, !) */
  CL_DIGIT = 8,
  CL_BLANK = 16 /* ' ', '\t', '\r' (a newline is counted apart) */
};
#define CL_ALPHA(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define CL_NUM(c) ((c) >= '0' && (c) <= '9')
#define CL_OF(c)                                                               \
  ((CL_ALPHA(c) || (c) == '_' ? CL_ID_START : 0) |                             \
   (CL_ALPHA(c) || CL_NUM(c) || (c) == '_' || (c) == '$' || (c) == '.'         \
        ? CL_ID_CHAR | CL_SUFFIX                                               \
        : 0) |                                                                 \
   ((c) == '-' ? CL_SUFFIX : 0) | (CL_NUM(c) ? CL_DIGIT : 0) |                 \
   ((c) == ' ' || (c) == '\t' || (c) == '\r' ? CL_BLANK : 0))
#define CL_4(c) CL_OF(c), CL_OF((c) + 1), CL_OF((c) + 2), CL_OF((c) + 3)
#define CL_16(c) CL_4(c), CL_4((c) + 4), CL_4((c) + 8), CL_4((c) + 12)
#define CL_64(c) CL_16(c), CL_16((c) + 16), CL_16((c) + 32), CL_16((c) + 48)
static const unsigned char char_class[256] = {CL_64(0), CL_64(64), CL_64(128),
                                              CL_64(192)};

static bool has_class(char c, unsigned cl) {
  return (char_class[(unsigned char)c] & cl) != 0;
}

bool casc_lex_is_id_start(char c) {
  return has_class(c, CL_ID_START);
}

bool casc_lex_is_id_char(char c) {
  return has_class(c, CL_ID_CHAR);
}

static bool is_digit(char c) {
  return has_class(c, CL_DIGIT);
}

static bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Characters allowed in a suffix-id after %, ^, #, !. */
static bool is_suffix_char(char c) {
  return has_class(c, CL_SUFFIX);
}

void casc_lex_init(casc_lexer *lx, const char *text, size_t len,
                   unsigned first_line) {
  lx->begin = text;
  lx->end = text + len;
  lx->cur = text;
  lx->line_start = text;
  lx->line = first_line ? first_line : 1;
}

void casc_lex_reset(casc_lexer *lx, const char *p) {
  if (p < lx->begin)
    p = lx->begin;
  if (p > lx->end)
    p = lx->end;
  if (p >= lx->cur) {
    /* Forward (the parser skips a memoised type's text this way): memchr
     * finds the newlines in between a vector at a time. */
    for (const char *q = lx->cur;
         (q = memchr(q, '\n', (size_t)(p - q))) != NULL; q++) {
      lx->line++;
      lx->line_start = q + 1;
    }
  } else {
    for (const char *q = p; q < lx->cur; q++)
      if (*q == '\n')
        lx->line--;
    const char *s = p;
    while (s > lx->begin && s[-1] != '\n')
      s--;
    lx->line_start = s;
  }
  lx->cur = p;
}

void casc_lex_pos(const casc_lexer *lx, const char *p, unsigned *line,
                  unsigned *col) {
  /* Only positions on or after the current line start are exact; others
   * are recomputed by scanning back to the start of their line. */
  unsigned l = lx->line;
  const char *ls = lx->line_start;
  if (p < ls) {
    for (const char *q = p; q < ls; q++)
      if (*q == '\n')
        l--;
    ls = p;
    while (ls > lx->begin && ls[-1] != '\n')
      ls--;
  } else {
    for (const char *q = ls; q < p; q++)
      if (*q == '\n') {
        l++;
        ls = q + 1;
      }
  }
  *line = l;
  *col = (unsigned)(p - ls) + 1;
}

static casc_tok make(casc_lexer *lx, casc_tok_kind k, const char *start) {
  casc_tok t;
  t.kind = k;
  t.p = start;
  t.len = (size_t)(lx->cur - start);
  t.line = lx->line;
  t.col = (unsigned)(start - lx->line_start) + 1;
  t.err = NULL;
  return t;
}

static casc_tok error(casc_lexer *lx, const char *start, const char *msg) {
  casc_tok t = make(lx, CASC_TK_ERROR, start);
  t.err = msg;
  return t;
}

static void skip_space(casc_lexer *lx) {
  while (lx->cur < lx->end) {
    char c = *lx->cur;
    if (c == '\n') {
      lx->cur++;
      lx->line++;
      lx->line_start = lx->cur;
    } else if (has_class(c, CL_BLANK)) {
      lx->cur++;
    } else if (c == '/' && lx->cur + 1 < lx->end && lx->cur[1] == '/') {
      while (lx->cur < lx->end && *lx->cur != '\n')
        lx->cur++;
    } else {
      break;
    }
  }
}

/* Body of a string after the opening quote; cur ends after the closing
 * quote. */
static casc_tok lex_string(casc_lexer *lx, const char *start) {
  while (lx->cur < lx->end) {
    char c = *lx->cur++;
    if (c == '"')
      return make(lx, CASC_TK_STRING, start);
    if (c == '\n' || c == '\0') {
      lx->cur--;
      return error(lx, start, "expected '\"' in string literal");
    }
    if (c == '\\') {
      if (lx->cur >= lx->end)
        break;
      char e = *lx->cur;
      if (e == '"' || e == '\\' || e == 'n' || e == 't') {
        lx->cur++;
      } else if (lx->cur + 1 < lx->end && is_hex(e) && is_hex(lx->cur[1])) {
        lx->cur += 2;
      } else {
        return error(lx, start, "unknown escape in string literal");
      }
    }
  }
  return error(lx, start, "expected '\"' in string literal");
}

static casc_tok lex_number(casc_lexer *lx, const char *start) {
  /* start points at the first digit; cur is past it. */
  if (*start == '0' && lx->cur < lx->end && *lx->cur == 'x' &&
      lx->cur + 1 < lx->end && is_hex(lx->cur[1])) {
    lx->cur++;
    while (lx->cur < lx->end && is_hex(*lx->cur))
      lx->cur++;
    return make(lx, CASC_TK_INT, start);
  }
  while (lx->cur < lx->end && is_digit(*lx->cur))
    lx->cur++;
  if (lx->cur >= lx->end || *lx->cur != '.')
    return make(lx, CASC_TK_INT, start);
  lx->cur++;
  while (lx->cur < lx->end && is_digit(*lx->cur))
    lx->cur++;
  if (lx->cur < lx->end && (*lx->cur == 'e' || *lx->cur == 'E')) {
    const char *e = lx->cur + 1;
    if (e < lx->end && (*e == '+' || *e == '-'))
      e++;
    if (e < lx->end && is_digit(*e)) {
      while (e < lx->end && is_digit(*e))
        e++;
      lx->cur = e;
    }
  }
  return make(lx, CASC_TK_FLOAT, start);
}

static casc_tok lex_prefixed(casc_lexer *lx, const char *start,
                             casc_tok_kind k) {
  /* suffix-id ::= digit+ | (letter|[$._-]) (letter|digit|[$._-])* */
  if (lx->cur < lx->end && is_digit(*lx->cur)) {
    while (lx->cur < lx->end && is_digit(*lx->cur))
      lx->cur++;
    return make(lx, k, start);
  }
  if (lx->cur < lx->end && (casc_lex_is_id_start(*lx->cur) || *lx->cur == '$' ||
                            *lx->cur == '.' || *lx->cur == '-')) {
    while (lx->cur < lx->end && is_suffix_char(*lx->cur))
      lx->cur++;
    return make(lx, k, start);
  }
  switch (k) {
  case CASC_TK_PERCENT:
    return error(lx, start, "invalid SSA name");
  case CASC_TK_CARET:
    return error(lx, start, "invalid block name");
  case CASC_TK_HASH:
    return error(lx, start, "invalid attribute name");
  default:
    return error(lx, start, "invalid type identifier");
  }
}

casc_tok casc_lex_next(casc_lexer *lx) {
  skip_space(lx);
  const char *start = lx->cur;
  if (lx->cur >= lx->end)
    return make(lx, CASC_TK_EOF, start);
  char c = *lx->cur++;
  switch (c) {
  case ':':
    if (lx->cur < lx->end && *lx->cur == ':') {
      lx->cur++;
      return make(lx, CASC_TK_COLON_COLON, start);
    }
    return make(lx, CASC_TK_COLON, start);
  case ',':
    return make(lx, CASC_TK_COMMA, start);
  case '=':
    return make(lx, CASC_TK_EQUAL, start);
  case '(':
    return make(lx, CASC_TK_LPAREN, start);
  case ')':
    return make(lx, CASC_TK_RPAREN, start);
  case '{':
    if (lx->end - lx->cur >= 2 && lx->cur[0] == '-' && lx->cur[1] == '#') {
      lx->cur += 2;
      return make(lx, CASC_TK_META_BEGIN, start);
    }
    return make(lx, CASC_TK_LBRACE, start);
  case '}':
    return make(lx, CASC_TK_RBRACE, start);
  case '[':
    return make(lx, CASC_TK_LSQUARE, start);
  case ']':
    return make(lx, CASC_TK_RSQUARE, start);
  case '<':
    return make(lx, CASC_TK_LESS, start);
  case '>':
    return make(lx, CASC_TK_GREATER, start);
  case '?':
    return make(lx, CASC_TK_QUESTION, start);
  case '*':
    return make(lx, CASC_TK_STAR, start);
  case '+':
    return make(lx, CASC_TK_PLUS, start);
  case '|':
    return make(lx, CASC_TK_VBAR, start);
  case '-':
    if (lx->cur < lx->end && *lx->cur == '>') {
      lx->cur++;
      return make(lx, CASC_TK_ARROW, start);
    }
    return make(lx, CASC_TK_MINUS, start);
  case '.':
    if (lx->end - lx->cur >= 2 && lx->cur[0] == '.' && lx->cur[1] == '.') {
      lx->cur += 2;
      return make(lx, CASC_TK_ELLIPSIS, start);
    }
    return error(lx, start, "unexpected character");
  case '"':
    return lex_string(lx, start);
  case '%':
    return lex_prefixed(lx, start, CASC_TK_PERCENT);
  case '^':
    return lex_prefixed(lx, start, CASC_TK_CARET);
  case '!':
    return lex_prefixed(lx, start, CASC_TK_EXCL);
  case '#':
    if (lx->end - lx->cur >= 2 && lx->cur[0] == '-' && lx->cur[1] == '}') {
      lx->cur += 2;
      return make(lx, CASC_TK_META_END, start);
    }
    return lex_prefixed(lx, start, CASC_TK_HASH);
  case '@':
    if (lx->cur < lx->end && *lx->cur == '"') {
      lx->cur++;
      casc_tok t = lex_string(lx, start);
      if (t.kind == CASC_TK_STRING)
        t.kind = CASC_TK_AT;
      return t;
    }
    if (lx->cur < lx->end && (casc_lex_is_id_start(*lx->cur))) {
      while (lx->cur < lx->end &&
             (casc_lex_is_id_char(*lx->cur) || *lx->cur == '-'))
        lx->cur++;
      return make(lx, CASC_TK_AT, start);
    }
    return error(lx, start, "invalid symbol reference");
  default:
    break;
  }
  if (is_digit(c))
    return lex_number(lx, start);
  if (casc_lex_is_id_start(c)) {
    while (lx->cur < lx->end && casc_lex_is_id_char(*lx->cur))
      lx->cur++;
    return make(lx, CASC_TK_BARE, start);
  }
  return error(lx, start, "unexpected character");
}

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

size_t casc_lex_unescape(const char *body, size_t len, char *out) {
  size_t n = 0;
  for (size_t i = 0; i < len; i++) {
    char c = body[i];
    if (c != '\\' || i + 1 >= len) {
      out[n++] = c;
      continue;
    }
    char e = body[++i];
    if (e == 'n')
      out[n++] = '\n';
    else if (e == 't')
      out[n++] = '\t';
    else if (e == '"' || e == '\\')
      out[n++] = e;
    else if (i + 1 < len && is_hex(e) && is_hex(body[i + 1])) {
      out[n++] = (char)(hexval(e) * 16 + hexval(body[i + 1]));
      i++;
    } else
      out[n++] = e;
  }
  return n;
}
