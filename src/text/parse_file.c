/* casc_parse_file: the parser on a file's contents, for host programs that
 * load ASC-IR (a pyasc dump, casc's own output) without reading it
 * themselves. The casc command reads its inputs itself (stdin, "-"). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/text.h"
#include "util/read_file.h"

casc_op *casc_parse_file(casc_ctx *ctx, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "cannot open input file: %s", strerror(errno));
    return NULL;
  }
  casc_buf text;
  casc_buf_init(&text);
  casc_read_status st = casc_read_stream(f, 0, &text);
  int read_errno = errno;
  fclose(f);
  casc_op *module = NULL;
  if (st == CASC_READ_IO_ERROR)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "cannot read input file: %s", strerror(read_errno));
  else if (st != CASC_READ_OK)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "out of memory reading the input file");
  else
    module =
        casc_parse_module(ctx, text.data ? text.data : "", text.len, path, 1);
  casc_buf_free(&text);
  return module;
}
