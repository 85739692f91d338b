/* Reading a whole stream into memory, for every layer that loads a file
 * (ASC-IR text, .npy arrays, platform descriptions). Opening the file and
 * wording the error stay with the caller, which knows what the file is. */
#ifndef CASC_UTIL_READ_FILE_H
#define CASC_UTIL_READ_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "casc/buf.h"

typedef enum {
  CASC_READ_OK,
  CASC_READ_IO_ERROR,  /* ferror on the stream (errno says why) */
  CASC_READ_NO_MEMORY, /* the buffer could not grow */
  CASC_READ_TOO_LARGE  /* more than `limit` bytes */
} casc_read_status;

/* Append the rest of f to out (NUL-terminated, as casc_buf always is).
 * limit: the most bytes accepted, 0 for no limit. */
casc_read_status casc_read_stream(FILE *f, size_t limit, casc_buf *out);

#endif
