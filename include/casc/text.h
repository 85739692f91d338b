/* The textual IR (MLIR syntax, pyasc's ASC-IR): parser, printer, and
 * -split-input-file support. */
#ifndef CASC_TEXT_H
#define CASC_TEXT_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdio.h>

#include "casc/buf.h"
#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parse a module from text. If the top level is not a single builtin.module
 * the ops are wrapped in an implicit one, as MLIR does. `filename` names the
 * buffer in locations; `first_line` is the line number of the buffer's first
 * line (1 normally; the chunk's line with -split-input-file). Returns NULL
 * after a located error (through the context's handler). The result is not
 * verified: call casc_verify. */
casc_op *casc_parse_module(casc_ctx *ctx, const char *text, size_t len,
                           const char *filename, unsigned first_line);
/* casc_parse_module that calls consumed(user, offset) now and then as it
 * reads, with an offset before which the parser is done with the text in
 * the common case, so that the owner of a large input can let the pages
 * behind it go (casc opt maps its input and gives them back to the
 * kernel). The text must stay readable to the end of the call: the parser
 * may still look back (the owner makes the pages leave memory, not the
 * address space). */
typedef void (*casc_parse_consumed_fn)(void *user, size_t offset);
casc_op *casc_parse_module_consuming(casc_ctx *ctx, const char *text,
                                     size_t len, const char *filename,
                                     unsigned first_line,
                                     casc_parse_consumed_fn consumed,
                                     void *user);
/* casc_parse_module on the contents of the file at `path`, which also names
 * the buffer in locations. A file that cannot be opened or read is an error
 * located at "path:0:0" saying why. NULL after any error. The text is not
 * needed after the call. */
casc_op *casc_parse_file(casc_ctx *ctx, const char *path);

typedef struct {
  bool generic;   /* --mlir-print-op-generic */
  bool debuginfo; /* -mlir-print-debuginfo: trailing loc(...) with #locN aliases
                   */
  bool pretty_debuginfo; /* locations inline instead of aliases */
  /* -mlir-use-nameloc-as-prefix (upstream MLIR's flag): a function
   * argument or single-result op located at a NameLoc loc("x") prints as
   * %x (uniqued as any name) instead of %argN / %N, so the names survive
   * printing without locations. */
  bool nameloc_prefix;
} casc_print_flags;

/* Print op (normally a module) as MLIR's printer does, with its result
 * naming (%c1_i32, %cst, %true, %arg0, %0 ...). Appends to out. */
void casc_print_op(casc_ctx *ctx, casc_op *op, const casc_print_flags *flags,
                   casc_buf *out);
/* Print to a stream the caller owns, as the text is made (64 KiB at a
 * time, at line ends): no copy of the whole text is held. Returns false on
 * a write error or when memory ran out (the stream then has part of the
 * text). */
bool casc_print_op_file(casc_ctx *ctx, casc_op *op,
                        const casc_print_flags *flags, FILE *out);
/* Print a type / attribute / location the way the printer does. */
void casc_print_type(casc_type *t, casc_buf *out);
void casc_print_attr(casc_attr *a, casc_buf *out);

/* -split-input-file: cut text at lines that are exactly `// -----` (MLIR's
 * marker, trailing spaces allowed). Calls fn once per chunk with the chunk's
 * 1-based first line; stops early if fn returns false. */
typedef bool (*casc_chunk_fn)(const char *chunk, size_t len,
                              unsigned first_line, void *user);
bool casc_split_input(const char *text, size_t len, casc_chunk_fn fn,
                      void *user);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
