/* The MLIR token lexer of the text layer (private to src/text). */
#ifndef CASC_TEXT_LEXER_H
#define CASC_TEXT_LEXER_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
  CASC_TK_EOF,
  CASC_TK_ERROR,   /* malformed input; the lexer's message is in err */
  CASC_TK_BARE,    /* foo, foo.bar, i32, x$_.y */
  CASC_TK_PERCENT, /* %name, %12 */
  CASC_TK_CARET,   /* ^bb0 */
  CASC_TK_AT,      /* @sym or @"quoted" */
  CASC_TK_HASH,    /* #alias, #dialect, #0 */
  CASC_TK_EXCL,    /* !alias, !dialect.type */
  CASC_TK_INT,     /* 42, 0x2A */
  CASC_TK_FLOAT,   /* 1.5, 2.0e-3 */
  CASC_TK_STRING,  /* "text" (escapes still in the spelling) */
  CASC_TK_ARROW,   /* -> */
  CASC_TK_COLON,
  CASC_TK_COLON_COLON,
  CASC_TK_COMMA,
  CASC_TK_EQUAL,
  CASC_TK_LPAREN,
  CASC_TK_RPAREN,
  CASC_TK_LBRACE,
  CASC_TK_RBRACE,
  CASC_TK_LSQUARE,
  CASC_TK_RSQUARE,
  CASC_TK_LESS,
  CASC_TK_GREATER,
  CASC_TK_QUESTION,
  CASC_TK_STAR,
  CASC_TK_PLUS,
  CASC_TK_MINUS,
  CASC_TK_VBAR,
  CASC_TK_ELLIPSIS,
  CASC_TK_META_BEGIN, /* {-# */
  CASC_TK_META_END    /* #-} */
} casc_tok_kind;

typedef struct {
  casc_tok_kind kind;
  const char *p; /* spelling in the source buffer */
  size_t len;
  unsigned line, col; /* 1-based, line includes the buffer's first_line */
  const char *err;    /* CASC_TK_ERROR only: a static message */
} casc_tok;

typedef struct {
  const char *begin, *end, *cur;
  const char *line_start;
  unsigned line;
} casc_lexer;

void casc_lex_init(casc_lexer *lx, const char *text, size_t len,
                   unsigned first_line);
casc_tok casc_lex_next(casc_lexer *lx);
/* Restart lexing at p (a position inside the buffer at or after the line
 * start lx knows about; used after scanning raw text such as shapes). */
void casc_lex_reset(casc_lexer *lx, const char *p);
/* Line and column of a position in the buffer. */
void casc_lex_pos(const casc_lexer *lx, const char *p, unsigned *line,
                  unsigned *col);

/* Decode the escapes of a string token's body (without the quotes) into
 * out (at least len bytes). Returns the decoded length. The lexer has
 * already validated the escapes. */
size_t casc_lex_unescape(const char *body, size_t len, char *out);

bool casc_lex_is_id_start(char c);
bool casc_lex_is_id_char(char c);

#endif
