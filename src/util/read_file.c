#include "util/read_file.h"

#include <stdint.h>
#include <sys/stat.h>

#include "util/alloc.h"

/* Room for the rest of a regular file at once: the doubling buffer would
 * otherwise hold up to twice the file (a 24 MB module kept 32 MiB). */
static void reserve_file_size(FILE *f, size_t limit, casc_buf *out) {
  struct stat st;
  long pos = ftell(f);
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || pos < 0 ||
      st.st_size <= pos)
    return;
  uint64_t rest = (uint64_t)st.st_size - (uint64_t)pos;
  if ((limit && rest > limit) || rest >= SIZE_MAX - out->len - 1)
    return; /* the read below reports it */
  size_t need = out->len + (size_t)rest + 1;
  if (need <= out->cap)
    return;
  char *n = casc_realloc(out->data, need);
  if (!n)
    return; /* the read below grows the buffer, or reports no memory */
  out->data = n;
  out->cap = need;
  out->data[out->len] = 0;
}

casc_read_status casc_read_stream(FILE *f, size_t limit, casc_buf *out) {
  char chunk[1 << 16];
  size_t start = out->len;
  reserve_file_size(f, limit, out);
  for (;;) {
    size_t got = fread(chunk, 1, sizeof chunk, f);
    if (got == 0)
      break;
    if (limit && out->len - start + got > limit)
      return CASC_READ_TOO_LARGE;
    casc_buf_put(out, chunk, got);
    if (out->oom)
      return CASC_READ_NO_MEMORY;
  }
  return ferror(f) ? CASC_READ_IO_ERROR : CASC_READ_OK;
}
