/* Diagnostics: located errors, warnings, notes and remarks with attached
 * notes, delivered to the context's handler. The library never prints on
 * its own; tools install a handler (or collect diagnostics) and decide what
 * reaches stderr and the exit code. */
#ifndef CASC_DIAG_H
#define CASC_DIAG_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdarg.h>
#include <stdio.h>

#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  CASC_SEV_ERROR,
  CASC_SEV_WARNING,
  CASC_SEV_NOTE,
  CASC_SEV_REMARK
} casc_severity;

typedef struct {
  casc_loc *loc;
  const char *msg;
} casc_diag_note_t;

typedef struct casc_diag {
  casc_ctx *ctx;
  casc_severity sev;
  casc_loc *loc;
  const char *msg; /* arena-owned, valid until the context is freed */
  unsigned nnotes, cap_notes;
  casc_diag_note_t *notes;
} casc_diag;

/* The handler sees each diagnostic once, after all its notes are attached.
 * The diagnostic's memory belongs to the context. */
typedef void (*casc_diag_handler)(const casc_diag *d, void *user);
void casc_ctx_set_diag_handler(casc_ctx *ctx, casc_diag_handler fn, void *user);

/* Start a diagnostic; attach notes; emit. A diagnostic that is begun must be
 * emitted (emitting is what counts it and hands it to the handler). */
casc_diag *casc_diag_begin(casc_ctx *ctx, casc_severity sev, casc_loc *loc,
                           const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
casc_diag *casc_diag_beginv(casc_ctx *ctx, casc_severity sev, casc_loc *loc,
                            const char *fmt, va_list ap);
void casc_diag_note(casc_diag *d, casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void casc_diag_emit(casc_diag *d);

/* One-shot helpers. */
void casc_emit_error(casc_ctx *ctx, casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void casc_emit_warning(casc_ctx *ctx, casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void casc_emit_remark(casc_ctx *ctx, casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Number of errors emitted through ctx since creation (or the last reset). */
unsigned casc_ctx_error_count(const casc_ctx *ctx);
void casc_ctx_reset_error_count(casc_ctx *ctx);

/* "error", "warning", "note" or "remark". */
const char *casc_severity_name(casc_severity s);

/* "file:line:col" of a location (MLIR's rule: the first file location found
 * through names and call sites; "<unknown>:0" when there is none). Writes at
 * most n bytes including the NUL; returns the length it wanted. */
size_t casc_loc_format(const casc_loc *loc, char *buf, size_t n);

/* Render "file:line:col: error: message" plus one line per note, the form
 * of clang and MLIR, to a stream the caller chose. */
void casc_diag_print(const casc_diag *d, FILE *out);
/* A ready-made handler for programs that want clang-style diagnostics:
 *   casc_ctx_set_diag_handler(ctx, casc_diag_print_handler, stderr);
 * prints each diagnostic with casc_diag_print to the FILE * given as the
 * handler's user data (NULL means stderr). */
void casc_diag_print_handler(const casc_diag *d, void *stream);

/* A handler that keeps every diagnostic, for tools and tests. */
typedef struct {
  const casc_diag **items;
  unsigned n, cap;
  unsigned dropped; /* diagnostics not kept for lack of memory */
} casc_diag_list;
void casc_diag_collect(const casc_diag *d, void *list);
void casc_diag_list_free(casc_diag_list *l);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
