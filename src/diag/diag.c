/* The diagnostic engine: builds located diagnostics with notes and hands
 * them to the context's handler. Never prints unless asked to. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "ir/ctx_internal.h"
#include "util/alloc.h"
#include "util/grow.h"

void casc_ctx_set_diag_handler(casc_ctx *ctx, casc_diag_handler fn,
                               void *user) {
  ctx->diag_fn = fn;
  ctx->diag_user = user;
}

static const char *vformat(casc_ctx *ctx, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n < 0) {
    va_end(ap2);
    return "";
  }
  char *s = casc_ctx_alloc(ctx, (size_t)n + 1);
  if (!s) {
    va_end(ap2);
    return "out of memory (the message was lost)";
  }
  vsnprintf(s, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return s;
}

casc_diag *casc_diag_beginv(casc_ctx *ctx, casc_severity sev, casc_loc *loc,
                            const char *fmt, va_list ap) {
  /* A diagnostic must always reach the caller's emit call, so when the
   * arena is exhausted we fall back to a static record (the message is
   * lost, the count is not). */
  static _Thread_local casc_diag fallback;
  casc_diag *d = casc_ctx_alloc(ctx, sizeof(*d));
  if (!d) {
    memset(&fallback, 0, sizeof fallback);
    d = &fallback;
  }
  d->ctx = ctx;
  d->sev = sev;
  d->loc = loc ? loc : casc_loc_unknown(ctx);
  d->msg = d == &fallback ? "out of memory" : vformat(ctx, fmt, ap);
  return d;
}

casc_diag *casc_diag_begin(casc_ctx *ctx, casc_severity sev, casc_loc *loc,
                           const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  casc_diag *d = casc_diag_beginv(ctx, sev, loc, fmt, ap);
  va_end(ap);
  return d;
}

void casc_diag_note(casc_diag *d, casc_loc *loc, const char *fmt, ...) {
  if (d->nnotes == d->cap_notes) {
    unsigned ncap;
    if (!casc_grow_cap(d->cap_notes, d->nnotes + 1, sizeof(casc_diag_note_t),
                       &ncap))
      return;
    casc_diag_note_t *nn = casc_ctx_alloc(d->ctx, ncap * sizeof(*nn));
    if (!nn)
      return;
    if (d->nnotes)
      memcpy(nn, d->notes, d->nnotes * sizeof(*nn));
    d->notes = nn;
    d->cap_notes = ncap;
  }
  va_list ap;
  va_start(ap, fmt);
  d->notes[d->nnotes].loc = loc ? loc : casc_loc_unknown(d->ctx);
  d->notes[d->nnotes].msg = vformat(d->ctx, fmt, ap);
  d->nnotes++;
  va_end(ap);
}

void casc_diag_emit(casc_diag *d) {
  casc_ctx *ctx = d->ctx;
  if (d->sev == CASC_SEV_ERROR)
    ctx->nerrors++;
  if (ctx->diag_fn)
    ctx->diag_fn(d, ctx->diag_user);
}

#define ONE_SHOT(fn, sev)                                                      \
  void fn(casc_ctx *ctx, casc_loc *loc, const char *fmt, ...) {                \
    va_list ap;                                                                \
    va_start(ap, fmt);                                                         \
    casc_diag *d = casc_diag_beginv(ctx, sev, loc, fmt, ap);                   \
    va_end(ap);                                                                \
    casc_diag_emit(d);                                                         \
  }
ONE_SHOT(casc_emit_error, CASC_SEV_ERROR)
ONE_SHOT(casc_emit_warning, CASC_SEV_WARNING)
ONE_SHOT(casc_emit_remark, CASC_SEV_REMARK)

unsigned casc_ctx_error_count(const casc_ctx *ctx) {
  return ctx->nerrors;
}

void casc_ctx_reset_error_count(casc_ctx *ctx) {
  ctx->nerrors = 0;
}

size_t casc_loc_format(const casc_loc *loc, char *buf, size_t n) {
  const casc_loc *f = casc_loc_find_file(loc);
  int r = f ? snprintf(buf, n, "%s:%u:%u", f->u.file.file, f->u.file.line,
                       f->u.file.col)
            : snprintf(buf, n, "<unknown>:0");
  return r < 0 ? 0 : (size_t)r;
}

const char *casc_severity_name(casc_severity s) {
  switch (s) {
  case CASC_SEV_ERROR:
    return "error";
  case CASC_SEV_WARNING:
    return "warning";
  case CASC_SEV_NOTE:
    return "note";
  case CASC_SEV_REMARK:
    return "remark";
  }
  return "error";
}

static void print_one(const casc_loc *loc, const char *sev, const char *msg,
                      FILE *out) {
  char where[512];
  casc_loc_format(loc, where, sizeof where);
  fprintf(out, "%s: %s: %s\n", where, sev, msg);
}

void casc_diag_print(const casc_diag *d, FILE *out) {
  print_one(d->loc, casc_severity_name(d->sev), d->msg, out);
  /* Inlined code: MLIR reports a callsite location with a "called from"
   * note at the caller. */
  const casc_loc *l = d->loc;
  while (l && l->kind == CASC_LOC_NAME && l->u.name.child)
    l = l->u.name.child;
  if (l && l->kind == CASC_LOC_CALLSITE)
    print_one(l->u.callsite.caller, "note", "called from", out);
  for (unsigned i = 0; i < d->nnotes; i++)
    print_one(d->notes[i].loc, "note", d->notes[i].msg, out);
}

void casc_diag_print_handler(const casc_diag *d, void *stream) {
  casc_diag_print(d, stream ? (FILE *)stream : stderr);
}

void casc_diag_collect(const casc_diag *d, void *list) {
  casc_diag_list *l = list;
  if (l->n == l->cap) {
    const casc_diag **ni = casc_grow(l->items, &l->cap, l->n + 1, sizeof(*ni));
    if (!ni) {
      l->dropped++;
      return;
    }
    l->items = ni;
  }
  l->items[l->n++] = d;
}

void casc_diag_list_free(casc_diag_list *l) {
  casc_free(l->items);
  l->items = NULL;
  l->n = l->cap = l->dropped = 0;
}
