#include "casc/buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/buf_num.h"

void casc_buf_init(casc_buf *b) {
  b->data = NULL;
  b->len = b->cap = 0;
  b->oom = false;
}

void casc_buf_free(casc_buf *b) {
  casc_free(b->data);
  casc_buf_init(b);
}

void casc_buf_clear(casc_buf *b) {
  b->len = 0;
  if (b->data)
    b->data[0] = 0;
}

static bool reserve(casc_buf *b, size_t extra) {
  if (b->oom)
    return false;
  if (extra >= SIZE_MAX - b->len) {
    b->oom = true;
    return false;
  }
  size_t need = b->len + extra + 1;
  if (need <= b->cap)
    return true;
  size_t ncap = b->cap ? b->cap : 256;
  while (ncap < need)
    ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
  char *n = casc_realloc(b->data, ncap);
  if (!n) {
    b->oom = true;
    return false;
  }
  b->data = n;
  b->cap = ncap;
  return true;
}

void casc_buf_put(casc_buf *b, const char *s, size_t n) {
  /* Most writes are a few bytes (", ", " : ", a keyword): copied in place
   * while there is room, without a call to memcpy. */
  if (n <= 8 && !b->oom && b->len + n < b->cap) {
    char *d = b->data + b->len;
    for (size_t i = 0; i < n; i++)
      d[i] = s[i];
    b->len += n;
    d[n] = 0;
    return;
  }
  if (!reserve(b, n))
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void casc_buf_puts(casc_buf *b, const char *s) {
  casc_buf_put(b, s, strlen(s));
}

void casc_buf_putc(casc_buf *b, char c) {
  /* The printer writes most punctuation a character at a time: store it
   * in place while there is room (len + 1 < cap keeps the NUL's byte). */
  if (!b->oom && b->len + 1 < b->cap) {
    b->data[b->len++] = c;
    b->data[b->len] = 0;
    return;
  }
  casc_buf_put(b, &c, 1);
}

void casc_buf_vprintf(casc_buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0) {
    va_end(ap2);
    return;
  }
  if ((size_t)n < sizeof small) {
    casc_buf_put(b, small, (size_t)n);
  } else if (reserve(b, (size_t)n)) {
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    b->len += (size_t)n;
  }
  va_end(ap2);
}

void casc_buf_printf(casc_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  casc_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void casc_buf_put_u64(casc_buf *b, uint64_t v) {
  char digits[20];
  size_t n = 0;
  do {
    digits[sizeof digits - 1 - n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  casc_buf_put(b, digits + sizeof digits - n, n);
}

void casc_buf_put_i64(casc_buf *b, int64_t v) {
  if (v < 0) {
    casc_buf_putc(b, '-');
    /* -(v + 1) + 1 is |v| without overflowing on INT64_MIN. */
    casc_buf_put_u64(b, (uint64_t)(-(v + 1)) + 1);
    return;
  }
  casc_buf_put_u64(b, (uint64_t)v);
}
