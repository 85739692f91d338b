/* The text layer's lexer: token kinds, spellings, positions (including the
 * first_line offset of -split-input-file chunks), errors, and -split-input-
 * file chunking. */
#include <string.h>

#include "casc/text.h"
#include "check.h"
#include "text/lexer.h"

static casc_tok next(casc_lexer *lx) {
  return casc_lex_next(lx);
}

static int spelled(casc_tok t, const char *s) {
  return t.len == strlen(s) && memcmp(t.p, s, t.len) == 0;
}

static void test_kinds(void) {
  const char *src = "%x#1 ^bb0 @sym @\"q s\" #loc3 !ascendc.queue foo.bar_$ "
                    "42 0x7C00 1.5e-3 2. \"s\\n\" -> :: : , = ( ) { } [ ] < > "
                    "? * + - | ... {-# #-}";
  casc_lexer lx;
  casc_lex_init(&lx, src, strlen(src), 1);
  static const casc_tok_kind want[] = {
      CASC_TK_PERCENT,  CASC_TK_HASH,     CASC_TK_CARET,
      CASC_TK_AT,       CASC_TK_AT,       CASC_TK_HASH,
      CASC_TK_EXCL,     CASC_TK_BARE,     CASC_TK_INT,
      CASC_TK_INT,      CASC_TK_FLOAT,    CASC_TK_FLOAT,
      CASC_TK_STRING,   CASC_TK_ARROW,    CASC_TK_COLON_COLON,
      CASC_TK_COLON,    CASC_TK_COMMA,    CASC_TK_EQUAL,
      CASC_TK_LPAREN,   CASC_TK_RPAREN,   CASC_TK_LBRACE,
      CASC_TK_RBRACE,   CASC_TK_LSQUARE,  CASC_TK_RSQUARE,
      CASC_TK_LESS,     CASC_TK_GREATER,  CASC_TK_QUESTION,
      CASC_TK_STAR,     CASC_TK_PLUS,     CASC_TK_MINUS,
      CASC_TK_VBAR,     CASC_TK_ELLIPSIS, CASC_TK_META_BEGIN,
      CASC_TK_META_END, CASC_TK_EOF};
  for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
    casc_tok t = next(&lx);
    if (!CHECK_EQ_INT(t.kind, want[i]))
      fprintf(stderr, "  token %u: '%.*s'\n", i, (int)t.len, t.p);
  }
  casc_lex_init(&lx, src, strlen(src), 1);
  CHECK(spelled(next(&lx), "%x"));
  CHECK(spelled(next(&lx), "#1"));
  next(&lx);
  next(&lx);
  CHECK(spelled(next(&lx), "@\"q s\""));
  next(&lx);
  CHECK(spelled(next(&lx), "!ascendc.queue"));
  CHECK(spelled(next(&lx), "foo.bar_$"));
}

/* The character classes (a table in the lexer) against MLIR's grammar,
 * for every byte: bare-id ::= (letter|[_]) (letter|digit|[_$.])*, and a
 * suffix-id after a sigil also takes '-'. Blanks (space, tab, CR) and
 * newlines separate tokens. */
static void test_char_classes(void) {
  for (int i = 0; i < 256; i++) {
    char c = (char)i;
    bool alpha = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z');
    bool digit = i >= '0' && i <= '9';
    bool start = alpha || i == '_';
    bool idc = start || digit || i == '$' || i == '.';
    if (!CHECK(casc_lex_is_id_start(c) == start) ||
        !CHECK(casc_lex_is_id_char(c) == idc))
      fprintf(stderr, "  byte %d\n", i);
    /* "%a<c>b": a suffix char extends the SSA name, any other ends it. */
    char src[5] = {'%', 'a', c, 'b', 0};
    casc_lexer lx;
    casc_lex_init(&lx, src, 4, 1);
    casc_tok t = next(&lx);
    bool suffix = idc || i == '-';
    if (!CHECK(t.kind == CASC_TK_PERCENT && t.len == (suffix ? 4u : 2u)))
      fprintf(stderr, "  byte %d in a suffix id\n", i);
    /* " <c>x": blanks are skipped before a token. */
    char sp[3] = {c, 'x', 0};
    casc_lex_init(&lx, sp, 2, 1);
    t = next(&lx);
    bool blank = i == ' ' || i == '\t' || i == '\r' || i == '\n';
    if (blank && !CHECK(t.kind == CASC_TK_BARE && t.p == sp + 1))
      fprintf(stderr, "  byte %d as a blank\n", i);
    if (!blank && !CHECK(t.p == sp))
      fprintf(stderr, "  byte %d skipped as a blank\n", i);
  }
}

static void test_positions(void) {
  const char *src = "a\n  // comment\n   %b\n\tc";
  casc_lexer lx;
  casc_lex_init(&lx, src, strlen(src), 10);
  casc_tok t = next(&lx);
  CHECK_EQ_INT(t.line, 10);
  CHECK_EQ_INT(t.col, 1);
  t = next(&lx);
  CHECK(spelled(t, "%b"));
  CHECK_EQ_INT(t.line, 12);
  CHECK_EQ_INT(t.col, 4);
  t = next(&lx);
  CHECK_EQ_INT(t.line, 13);
  CHECK_EQ_INT(t.col, 2);
  CHECK_EQ_INT(next(&lx).kind, CASC_TK_EOF);
}

/* casc_lex_reset forward over several lines (and over none) and back:
 * the next token's line and column are those of its place in the text. */
static void test_reset_positions(void) {
  const char *src = "a\nbb\n\n  ccc dd\neee";
  casc_lexer lx;
  casc_lex_init(&lx, src, strlen(src), 10);
  next(&lx);
  casc_lex_reset(&lx, strstr(src, "dd"));
  casc_tok t = next(&lx);
  CHECK(spelled(t, "dd"));
  CHECK_EQ_INT(t.line, 13);
  CHECK_EQ_INT(t.col, 7);
  casc_lex_reset(&lx, strstr(src, "eee"));
  t = next(&lx);
  CHECK(spelled(t, "eee") && t.line == 14 && t.col == 1);
  casc_lex_reset(&lx, strstr(src, "bb") + 1);
  t = next(&lx);
  CHECK(spelled(t, "b") && t.line == 11 && t.col == 2);
  casc_lex_reset(&lx, strstr(src, "ccc"));
  t = next(&lx);
  CHECK(spelled(t, "ccc") && t.line == 13 && t.col == 3);
}

static void test_errors(void) {
  static const char *const bad[] = {"\"open", "\"a\nb\"", "\"\\q\"", "%",
                                    "@",      "`",        "."};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    casc_lexer lx;
    casc_lex_init(&lx, bad[i], strlen(bad[i]), 1);
    casc_tok t = next(&lx);
    if (!CHECK_EQ_INT(t.kind, CASC_TK_ERROR))
      fprintf(stderr, "  input %u\n", i);
    CHECK(t.err != NULL);
  }
}

static void test_unescape(void) {
  const char body[] = "a\\n\\t\\\"\\\\\\0A\\22z";
  char out[32];
  size_t n = casc_lex_unescape(body, sizeof body - 1, out);
  CHECK_EQ_INT(n, 8);
  CHECK(memcmp(out, "a\n\t\"\\\n\"z", 8) == 0);
}

typedef struct {
  unsigned n;
  unsigned lines[8];
  size_t lens[8];
  const char *starts[8];
} chunks;

static bool on_chunk(const char *c, size_t len, unsigned line, void *user) {
  chunks *cs = user;
  if (cs->n < 8) {
    cs->starts[cs->n] = c;
    cs->lens[cs->n] = len;
    cs->lines[cs->n] = line;
  }
  cs->n++;
  return true;
}

static void test_split(void) {
  const char *src = "a\nb\n// -----\nc\n// -----  \n// ----- x\nd";
  chunks cs = {0};
  CHECK(casc_split_input(src, strlen(src), on_chunk, &cs));
  REQUIRE(cs.n == 3);
  CHECK_EQ_INT(cs.lines[0], 1);
  CHECK_EQ_INT(cs.lens[0], 4);
  CHECK_EQ_INT(cs.lines[1], 4);
  CHECK(memcmp(cs.starts[1], "c\n", 2) == 0);
  CHECK_EQ_INT(cs.lines[2], 6);
  CHECK(memcmp(cs.starts[2], "// ----- x\nd", 12) == 0);
  chunks one = {0};
  CHECK(casc_split_input("", 0, on_chunk, &one));
  CHECK_EQ_INT(one.n, 1);
}

int main(void) {
  RUN_TEST(test_kinds);
  RUN_TEST(test_char_classes);
  RUN_TEST(test_positions);
  RUN_TEST(test_reset_positions);
  RUN_TEST(test_errors);
  RUN_TEST(test_unescape);
  RUN_TEST(test_split);
  return CHECK_SUMMARY();
}
