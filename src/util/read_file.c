#include "util/read_file.h"

casc_read_status casc_read_stream(FILE *f, size_t limit, casc_buf *out) {
  char chunk[1 << 16];
  size_t start = out->len;
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
