/* -split-input-file: cut the text at lines that are exactly `// -----`
 * (trailing blanks allowed), as MLIR's splitAndProcessBuffer does. */
#include <string.h>

#include "casc/text.h"

static bool is_marker(const char *s, const char *e) {
  static const char m[] = "// -----";
  size_t n = sizeof m - 1;
  if ((size_t)(e - s) < n || memcmp(s, m, n) != 0)
    return false;
  for (const char *c = s + n; c < e; c++)
    if (*c != ' ' && *c != '\t' && *c != '\r')
      return false;
  return true;
}

bool casc_split_input(const char *text, size_t len, casc_chunk_fn fn,
                      void *user) {
  if (!text)
    len = 0;
  const char *end = text + len;
  const char *chunk = text;
  unsigned chunk_line = 1, line = 1;
  const char *s = text;
  while (s < end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    const char *le = nl ? nl : end;
    if (is_marker(s, le)) {
      if (!fn(chunk, (size_t)(s - chunk), chunk_line, user))
        return false;
      chunk = nl ? nl + 1 : end;
      chunk_line = line + 1;
    }
    if (!nl)
      break;
    s = nl + 1;
    line++;
  }
  return fn(chunk, (size_t)(end - chunk), chunk_line, user);
}
