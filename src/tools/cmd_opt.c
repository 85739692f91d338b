/* `casc opt`: parse ASC-IR, verify it, run passes in command-line order,
 * print it — the counterpart of ascir-opt / mlir-opt, accepting the same
 * command lines (-split-input-file, -verify-diagnostics, pass flags, ...). */
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/text.h"
#include "casc/verify.h"
#include "dialect/dialect.h"
#include "tools/cli_util.h"
#include "util/alloc.h"

#define CMD "opt"

/* One step of the pass list, in command-line order. */
typedef struct {
  const casc_pass_info *pass; /* NULL: a --pipeline */
  const char *options;        /* pass options or the pipeline name */
} step;

typedef struct {
  const char *input, *output;
  bool split, verify_diags, show_dialects;
  bool werror; /* --warnings-as-errors: a warning fails the run */
  casc_print_flags print;
  step *steps;
  unsigned nsteps;
} opt_options;

static void print_help(void) {
  printf("OVERVIEW: casc opt - parse, verify, transform and print ASC-IR\n\n"
         "USAGE: casc opt [options] [FILE|-]\n\n"
         "Reads FILE (or stdin), verifies it, runs the given passes in the\n"
         "order of the command line and prints the result. Every option\n"
         "may be spelled with one or two leading dashes.\n\n"
         "OPTIONS:\n"
         "  -o FILE                     write the output to FILE (default: "
         "stdout)\n"
         "  -split-input-file           process each chunk between '// "
         "-----' lines\n"
         "                              separately; outputs are separated "
         "the same way\n"
         "  -verify-diagnostics         check emitted diagnostics against "
         "the\n"
         "                              'expected-error/warning/note/remark' "
         "annotations\n"
         "                              in the input instead of printing "
         "them\n"
         "  -mlir-print-op-generic      print every op in MLIR's generic "
         "form\n"
         "  -mlir-print-debuginfo       print locations (loc(...)) with "
         "#loc aliases\n"
         "  -mlir-pretty-debuginfo      with -mlir-print-debuginfo: "
         "locations inline\n"
         "  -allow-unregistered-dialect accepted for compatibility (casc "
         "always keeps\n"
         "                              unknown ops written in generic "
         "form)\n"
         "  -show-dialects              list the dialects casc knows and "
         "exit\n"
         "  -warnings-as-errors         a warning (e.g. a verify-sync "
         "finding) makes the\n"
         "                              run fail (exit 1, no output file)\n"
         "  -pipeline=NAME              run a named pass pipeline (list "
         "below)\n"
         "  -PASS[=OPTIONS]             run a registered pass (list "
         "below)\n"
         "  -help                       show this help\n\n"
         "PASSES:\n");
  unsigned n = casc_pass_count();
  if (n == 0)
    printf("  (none registered)\n");
  for (unsigned i = 0; i < n; i++) {
    const casc_pass_info *p = casc_pass_at(i);
    if (p)
      printf("  -%-34s %s\n", p->flag, p->summary ? p->summary : "");
  }
  printf("\nPIPELINES (-pipeline=NAME):");
  const char *const *names = casc_pipeline_names();
  for (unsigned i = 0; names && names[i]; i++)
    printf("%s %s", i ? "," : "", names[i]);
  printf("\n");
  printf("\nEXIT STATUS: 0 success, 1 invalid input / failed pass / "
         "diagnostics not as\nexpected, 2 bad command line.\n");
}

/* "Available Dialects: a,b,c" like mlir-opt, derived from the op and type
 * tables (a dialect is the part of a name before the first '.'). */
typedef struct {
  const char *name[64];
  size_t len[64];
  unsigned n;
} name_set;

static void add_dialect(name_set *s, const char *full) {
  if (!full)
    return;
  const char *dot = strchr(full, '.');
  size_t len = dot ? (size_t)(dot - full) : strlen(full);
  unsigned i = 0;
  /* Insertion into the sorted list; duplicates are dropped. */
  while (i < s->n) {
    size_t m = len < s->len[i] ? len : s->len[i];
    int c = strncmp(full, s->name[i], m);
    if (c == 0 && len == s->len[i])
      return;
    if (c < 0 || (c == 0 && len < s->len[i]))
      break;
    i++;
  }
  if (s->n == 64)
    return;
  memmove(&s->name[i + 1], &s->name[i], (s->n - i) * sizeof s->name[0]);
  memmove(&s->len[i + 1], &s->len[i], (s->n - i) * sizeof s->len[0]);
  s->name[i] = full;
  s->len[i] = len;
  s->n++;
}

static void show_dialects(void) {
  name_set s;
  s.n = 0;
  add_dialect(&s, "builtin");
  for (casc_op_kind k = 1; k < CASC_OP_COUNT_; k++) {
    const casc_op_info *info = casc_op_info_get(k);
    if (info)
      add_dialect(&s, info->name);
  }
  for (unsigned t = 0; t < CASC_ASC_TYPE_COUNT_; t++) {
    const casc_asc_type_info *info = casc_asc_type_get(t);
    if (info)
      add_dialect(&s, info->dialect);
  }
  printf("Available Dialects: ");
  for (unsigned i = 0; i < s.n; i++)
    printf("%s%.*s", i ? "," : "", (int)s.len[i], s.name[i]);
  printf("\n");
}

/* Parses argv into o. Returns -1 to go on, or an exit code. */
static int parse_args(int argc, char **argv, opt_options *o) {
  bool only_files = false;
  o->input = NULL;
  o->output = "-";
  o->steps = casc_calloc((size_t)argc, sizeof *o->steps);
  if (!o->steps) {
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val;
    if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
      if (o->input) {
        casc_cli_error(CMD, "more than one input file ('%s' and '%s')",
                       o->input, a);
        return CASC_EXIT_USAGE;
      }
      o->input = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_files = true;
    } else if (casc_cli_flag(a, "help") || casc_cli_flag(a, "h")) {
      print_help();
      return CASC_EXIT_OK;
    } else if ((val = casc_cli_flag(a, "o"))) {
      if (*val) {
        o->output = val;
      } else if (i + 1 < argc) {
        o->output = argv[++i];
      } else {
        casc_cli_error(CMD, "option '%s' needs a file name", a);
        return CASC_EXIT_USAGE;
      }
    } else if ((val = casc_cli_flag(a, "split-input-file")) && !*val) {
      o->split = true;
    } else if ((val = casc_cli_flag(a, "verify-diagnostics")) && !*val) {
      o->verify_diags = true;
    } else if ((val = casc_cli_flag(a, "warnings-as-errors")) && !*val) {
      o->werror = true;
    } else if ((val = casc_cli_flag(a, "mlir-print-op-generic")) && !*val) {
      o->print.generic = true;
    } else if ((val = casc_cli_flag(a, "mlir-print-debuginfo")) && !*val) {
      o->print.debuginfo = true;
    } else if ((val = casc_cli_flag(a, "mlir-pretty-debuginfo")) && !*val) {
      o->print.pretty_debuginfo = true;
    } else if ((val = casc_cli_flag(a, "allow-unregistered-dialect")) &&
               !*val) {
      /* Unknown ops in generic form are always kept. */
    } else if ((val = casc_cli_flag(a, "show-dialects")) && !*val) {
      o->show_dialects = true;
    } else if ((val = casc_cli_flag(a, "pipeline"))) {
      if (!*val) {
        casc_cli_error(CMD,
                       "option '%s' needs a pipeline name "
                       "(-pipeline=default)",
                       a);
        return CASC_EXIT_USAGE;
      }
      const char *const *names = casc_pipeline_names();
      bool known = false;
      for (unsigned k = 0; names && names[k] && !known; k++)
        known = strcmp(names[k], val) == 0;
      if (!known) {
        casc_cli_error(CMD, "unknown pipeline '%s' (see 'casc opt --help')",
                       val);
        return CASC_EXIT_USAGE;
      }
      o->steps[o->nsteps].pass = NULL;
      o->steps[o->nsteps++].options = val;
    } else {
      size_t len;
      const char *name = casc_cli_flag_name(a, &len);
      const casc_pass_info *p = name ? casc_pass_lookup(name, len) : NULL;
      if (!p) {
        casc_cli_error(CMD,
                       "unknown option '%s' (see 'casc opt --help' for "
                       "options and passes)",
                       a);
        return CASC_EXIT_USAGE;
      }
      const char *eq = strchr(a, '=');
      o->steps[o->nsteps].pass = p;
      o->steps[o->nsteps++].options = eq ? eq + 1 : NULL;
    }
  }
  if (!o->input)
    o->input = "-";
  return -1;
}

/* ---- processing one buffer (a file or a chunk) ------------------------- */

typedef struct {
  const opt_options *o;
  const char *name; /* buffer name in locations */
  const char *text; /* the whole input */
  size_t text_len;
  const char *scan; /* split_line_of's position in text, and its line */
  unsigned scan_line;
  casc_buf out; /* everything to print, in order */
  unsigned nchunks;
  bool failed;
  bool oom;
} run_state;

/* Runs parse, verify and the passes on one buffer; the module (or NULL when
 * something failed) is returned for printing. */
static casc_op *transform(casc_ctx *ctx, const opt_options *o, const char *name,
                          const char *text, size_t len, unsigned first_line) {
  casc_op *module = casc_parse_module(ctx, text, len, name, first_line);
  if (!module || !casc_verify(ctx, module))
    return NULL;
  static const char vs_flag[] = "ascendc-verify-sync";
  const casc_pass_info *vs = casc_pass_lookup(vs_flag, sizeof vs_flag - 1);
  bool just_checked = false; /* the IR is as verify-sync last saw it */
  for (unsigned i = 0; i < o->nsteps; i++) {
    const step *s = &o->steps[i];
    /* verify-sync changes nothing, so running it again right after the
     * pipelines (which end with it) or itself would only print each
     * finding twice. */
    bool plain_vs = s->pass == vs && (!s->options || !*s->options);
    if (plain_vs && just_checked)
      continue;
    just_checked = plain_vs || !s->pass;
    bool ok = s->pass ? casc_run_pass(ctx, module, s->pass, s->options)
                      : casc_run_pipeline(ctx, module, s->options);
    /* As mlir-opt (-verify-each): a pass must leave valid IR behind. */
    if (!ok || !casc_verify(ctx, module))
      return NULL;
  }
  return module;
}

/* The line MLIR names in "within split at FILE:N": the line holding the
 * character before the chunk (the marker line), or 1 for the first chunk. */
static unsigned split_line_of(run_state *st, const char *chunk,
                              unsigned first_line) {
  if (chunk <= st->text || chunk > st->text + st->text_len)
    return first_line;
  /* Chunks come in order: count newlines incrementally. */
  if (!st->scan || st->scan > chunk - 1) {
    st->scan = st->text;
    st->scan_line = 1;
  }
  for (; st->scan < chunk - 1; st->scan++)
    st->scan_line += *st->scan == '\n';
  return st->scan_line;
}

static bool process_chunk(const char *chunk, size_t len, unsigned first_line,
                          void *user) {
  run_state *st = user;
  const opt_options *o = st->o;
  if (o->split && st->nchunks > 0)
    casc_buf_puts(&st->out, "// -----\n");
  st->nchunks++;

  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) {
    st->oom = st->failed = true;
    return false;
  }
  casc_diag_verifier *v = NULL;
  casc_cli_diag_printer printer = {st->name, o->split, 1, 0, 0};
  if (o->verify_diags) {
    v = casc_diag_verifier_new(st->name, chunk, len, first_line);
    if (!v) {
      casc_ctx_free(ctx);
      st->oom = st->failed = true;
      return false;
    }
    casc_ctx_set_diag_handler(ctx, casc_diag_verifier_handler, v);
  } else {
    printer.split_line = o->split ? split_line_of(st, chunk, first_line) : 1;
    casc_ctx_set_diag_handler(ctx, casc_cli_print_diag, &printer);
  }

  casc_op *module = transform(ctx, o, st->name, chunk, len, first_line);
  if (module) {
    casc_print_op(ctx, module, &o->print, &st->out);
    /* mlir-opt ends each printed module with one more newline. */
    casc_buf_putc(&st->out, '\n');
  }

  if (v) {
    /* In verify mode a failure that was expected is a success. */
    if (!casc_diag_verifier_finish(v))
      st->failed = true;
    for (unsigned i = 0; i < casc_diag_verifier_num_problems(v); i++) {
      const casc_verify_problem *p = casc_diag_verifier_problem(v, i);
      if (p->file)
        fprintf(stderr, "%s:%u:%u: error: %s\n", p->file, p->line, p->col,
                p->msg);
      else
        fprintf(stderr, "<unknown>:0: error: %s\n", p->msg);
    }
    if (casc_diag_verifier_oom(v))
      fprintf(stderr, "casc opt: out of memory while verifying "
                      "diagnostics\n");
    casc_diag_verifier_free(v);
  } else if (!module) {
    st->failed = true;
    if (printer.errors == 0)
      casc_cli_error(CMD, "%s: processing failed without a diagnostic",
                     st->name);
  } else if (o->werror && printer.warnings) {
    /* CI gates on findings: the warnings stand, and the run fails. */
    st->failed = true;
    casc_cli_error(CMD,
                   "%u warning%s treated as error%s "
                   "(-warnings-as-errors)",
                   printer.warnings, printer.warnings == 1 ? "" : "s",
                   printer.warnings == 1 ? "" : "s");
  }
  casc_ctx_free(ctx);
  if (st->out.oom)
    st->oom = st->failed = true;
  return !st->oom;
}

int casc_cmd_opt(int argc, char **argv) {
  opt_options o;
  memset(&o, 0, sizeof o);
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0) {
    casc_free(o.steps);
    return rc;
  }
  if (o.show_dialects) {
    show_dialects();
    casc_free(o.steps);
    return CASC_EXIT_OK;
  }

  char err[1024];
  char *text;
  size_t len;
  if (!casc_cli_read_file(o.input, &text, &len, err, sizeof err)) {
    casc_cli_error(CMD, "%s", err);
    casc_free(o.steps);
    return casc_cli_read_failure_exit();
  }
  casc_cli_output out;
  if (!casc_cli_output_open(&out, o.output, err, sizeof err)) {
    casc_cli_error(CMD, "%s", err);
    casc_free(text);
    casc_free(o.steps);
    return CASC_EXIT_FAIL;
  }

  run_state st;
  memset(&st, 0, sizeof st);
  st.o = &o;
  st.name = casc_cli_buffer_name(o.input);
  st.text = text;
  st.text_len = len;
  casc_buf_init(&st.out);
  if (o.split)
    casc_split_input(text, len, process_chunk, &st);
  else
    process_chunk(text, len, 1, &st);
  if (st.oom)
    casc_cli_error(CMD, "out of memory");

  /* stdout gets whatever was produced (as mlir-opt streams it); a named
   * output file is kept only when everything succeeded. */
  bool ok = !st.failed;
  if (st.out.len && (ok || out.is_stdout))
    fwrite(st.out.data, 1, st.out.len, out.f);
  if (!casc_cli_output_close(&out, ok) && ok) {
    casc_cli_error(CMD, "error writing '%s'", o.output);
    ok = false;
  }
  casc_buf_free(&st.out);
  casc_free(text);
  casc_free(o.steps);
  return ok ? CASC_EXIT_OK : CASC_EXIT_FAIL;
}
