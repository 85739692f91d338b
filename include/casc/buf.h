/* A growable byte buffer: the output sink of the printer and the emitter. */
#ifndef CASC_BUF_H
#define CASC_BUF_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct casc_buf_s {
  char *data; /* NUL-terminated when len > 0 */
  size_t len, cap;
  bool oom; /* set once an allocation failed; later writes are dropped */
} casc_buf;

void casc_buf_init(casc_buf *b);
void casc_buf_free(casc_buf *b);
void casc_buf_clear(casc_buf *b);
void casc_buf_put(casc_buf *b, const char *s, size_t n);
void casc_buf_puts(casc_buf *b, const char *s);
void casc_buf_putc(casc_buf *b, char c);
void casc_buf_printf(casc_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void casc_buf_vprintf(casc_buf *b, const char *fmt, va_list ap);
/* The text as a C string: "" while nothing is stored (data is NULL until
 * the first write, and stays NULL when that write ran out of memory). */
static inline const char *casc_buf_str(const casc_buf *b) {
  return b->data ? b->data : "";
}

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
