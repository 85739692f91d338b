/* -mlir-print-ir-* and -mlir-timing for casc opt (see opt_instrument.h). */
#include "tools/opt_instrument.h"

#include <string.h>
#include <time.h>

#include "casc/buf.h"
#include "util/alloc.h"
#include "util/grow.h"

/* One row of the timing report. A row is the n-th use of a label inside one
 * entry of its parent, so a pass that runs twice in a pipeline has two rows
 * (as mlir-opt's tree shows it) while the same pass over several
 * -split-input-file chunks adds up in one. */
struct opt_timer {
  const char *label;
  bool is_pipeline;
  unsigned parent;  /* row + 1, 0: the root */
  unsigned nth;     /* among the parent's rows with this label */
  unsigned used_in; /* the parent's entry it was last used in */
  unsigned entry;   /* this row's current entry number */
  double seconds;   /* accumulated */
  double opened;    /* when the current entry began */
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool opt_instrument_init(opt_instrument *in) {
  memset(in, 0, sizeof *in);
  unsigned n = casc_pass_count();
  in->before_pass = casc_calloc(n + 1, sizeof *in->before_pass);
  in->after_pass = casc_calloc(n + 1, sizeof *in->after_pass);
  in->start = now();
  return in->before_pass && in->after_pass;
}

void opt_instrument_free(opt_instrument *in) {
  casc_free(in->before_pass);
  casc_free(in->after_pass);
  casc_free(in->rows);
  memset(in, 0, sizeof *in);
}

bool opt_instrument_select(opt_instrument *in, bool after, const char *list,
                           const char **bad, size_t *badlen) {
  /* mlir-opt takes a comma-separated list of pass flags. */
  for (const char *s = list;;) {
    const char *comma = strchr(s, ',');
    size_t len = comma ? (size_t)(comma - s) : strlen(s);
    const casc_pass_info *p = casc_pass_lookup(s, len);
    if (!p) {
      *bad = s;
      *badlen = len;
      return false;
    }
    (after ? in->after_pass : in->before_pass)[p - casc_pass_at(0)] = true;
    if (!comma)
      return true;
    s = comma + 1;
  }
}

bool opt_instrument_active(const opt_instrument *in) {
  if (in->timing || in->before_all || in->after_all)
    return true;
  for (unsigned i = 0; i < casc_pass_count(); i++)
    if (in->before_pass[i] || in->after_pass[i])
      return true;
  return false;
}

static void dump(opt_instrument *in, const char *when,
                 const casc_pass_info *pass, casc_op *module) {
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_printf(&b, "// -----// IR Dump %s %s (%s) //----- //\n", when,
                  pass->name, pass->flag);
  casc_print_op(in->ctx, module, in->print, &b);
  /* mlir-opt follows the module with two empty lines. */
  casc_buf_puts(&b, "\n\n");
  if (b.oom)
    fputs("casc opt: out of memory printing the IR dump\n", stderr);
  else
    fwrite(b.data, 1, b.len, stderr);
  casc_buf_free(&b);
}

void opt_instrument_before(void *user, const casc_pass_info *pass,
                           casc_op *module) {
  opt_instrument *in = user;
  if (in->before_all || in->before_pass[pass - casc_pass_at(0)])
    dump(in, "Before", pass, module);
  opt_instrument_enter(in, pass->name, false);
}

void opt_instrument_after(void *user, const casc_pass_info *pass,
                          casc_op *module, bool ok) {
  opt_instrument *in = user;
  opt_instrument_leave(in);
  /* As mlir-opt: a pass that failed leaves no "after" dump. */
  if (ok && (in->after_all || in->after_pass[pass - casc_pass_at(0)]))
    dump(in, "After", pass, module);
}

casc_pass_observer opt_instrument_observer(opt_instrument *in) {
  casc_pass_observer o = {opt_instrument_before, opt_instrument_after, in};
  return o;
}

void opt_instrument_chunk(opt_instrument *in) {
  in->cur = 0;
  in->root_gen = ++in->gen;
}

void opt_instrument_enter(opt_instrument *in, const char *label,
                          bool is_pipeline) {
  if (!in->timing || in->oom)
    return;
  unsigned parent_entry = in->cur ? in->rows[in->cur - 1].entry : in->root_gen;
  /* The n-th use of this label in the parent's current entry. */
  unsigned nth = 0;
  for (unsigned i = 0; i < in->nrows; i++)
    if (in->rows[i].parent == in->cur && in->rows[i].used_in == parent_entry &&
        in->rows[i].is_pipeline == is_pipeline &&
        strcmp(in->rows[i].label, label) == 0)
      nth++;
  unsigned r = 0;
  while (r < in->nrows &&
         !(in->rows[r].parent == in->cur && in->rows[r].nth == nth &&
           in->rows[r].is_pipeline == is_pipeline &&
           strcmp(in->rows[r].label, label) == 0))
    r++;
  if (r == in->nrows) {
    opt_timer *g = casc_grow(in->rows, &in->cap, in->nrows + 1, sizeof *g);
    if (!g) {
      in->oom = true;
      return;
    }
    in->rows = g;
    memset(&g[r], 0, sizeof g[r]);
    g[r].label = label;
    g[r].is_pipeline = is_pipeline;
    g[r].parent = in->cur;
    g[r].nth = nth;
    in->nrows++;
  }
  in->rows[r].used_in = parent_entry;
  in->rows[r].entry = ++in->gen;
  in->rows[r].opened = now();
  in->cur = r + 1;
}

void opt_instrument_leave(opt_instrument *in) {
  if (!in->timing || in->oom || !in->cur)
    return;
  opt_timer *t = &in->rows[in->cur - 1];
  t->seconds += now() - t->opened;
  in->cur = t->parent;
}

static void report_row(FILE *out, double secs, double total, unsigned depth,
                       const char *label, bool is_pipeline) {
  fprintf(out, "  %8.4f (%5.1f%%)  %*s", secs,
          total > 0 ? 100.0 * secs / total : 0.0, (int)(2 * depth), "");
  if (is_pipeline)
    fprintf(out, "'%s' Pipeline\n", label);
  else
    fprintf(out, "%s\n", label);
}

static void report_children(const opt_instrument *in, FILE *out,
                            unsigned parent, unsigned depth, double total) {
  for (unsigned i = 0; i < in->nrows; i++)
    if (in->rows[i].parent == parent) {
      report_row(out, in->rows[i].seconds, total, depth, in->rows[i].label,
                 in->rows[i].is_pipeline);
      report_children(in, out, i + 1, depth + 1, total);
    }
}

void opt_instrument_report(opt_instrument *in, FILE *out) {
  if (!in->timing)
    return;
  if (in->oom) {
    fputs("casc opt: out of memory for the timing report\n", out);
    return;
  }
  double total = now() - in->start, listed = 0;
  for (unsigned i = 0; i < in->nrows; i++)
    if (in->rows[i].parent == 0)
      listed += in->rows[i].seconds;
  static const char rule[] = "===-------------------------------------------"
                             "------------------------------===\n";
  fputs(rule, out);
  fputs("                         ... Execution time report ...\n", out);
  fputs(rule, out);
  fprintf(out, "  Total Execution Time: %.4f seconds\n\n", total);
  fputs("  ----Wall Time----  ----Name----\n", out);
  report_children(in, out, 0, 0, total);
  /* What no row covers: reading the input, verifying after each pass,
   * writing the output. */
  report_row(out, total > listed ? total - listed : 0, total, 0, "Rest", false);
  report_row(out, total, total, 0, "Total", false);
}
