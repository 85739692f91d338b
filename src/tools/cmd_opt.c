/* `casc opt`: parse ASC-IR, verify it, run passes in command-line order,
 * print it — the counterpart of ascir-opt / mlir-opt, accepting the same
 * command lines (-split-input-file, -verify-diagnostics, pass flags, ...). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/passes.h"
#include "casc/text.h"
#include "casc/verify.h"
#include "dialect/dialect.h"
#include "tools/cli_util.h"
#include "tools/diag_format.h"
#include "tools/opt_instrument.h"
#include "tools/opt_steps.h"
#include "util/alloc.h"
#include "util/map_file.h"

#define CMD "opt"

typedef struct {
  const char *input, *output;
  bool split, verify_diags, show_dialects;
  bool werror; /* --warnings-as-errors: a warning fails the run */
  casc_print_flags print;
  casc_opt_steps steps;
  char **pipeline_texts; /* copies of --pass-pipeline values (steps point
                            into them) */
  unsigned npipeline_texts;
  opt_instrument instr;
  casc_diag_sink diags; /* --diagnostics-format / --diagnostics-file */
} opt_options;

static void free_options(opt_options *o) {
  casc_opt_steps_free(&o->steps);
  for (unsigned i = 0; i < o->npipeline_texts; i++)
    casc_free(o->pipeline_texts[i]);
  casc_free(o->pipeline_texts);
  opt_instrument_free(&o->instr);
  casc_diag_sink_close(&o->diags, CMD); /* an early exit still ends a log */
}

/* Every pass with its flag, summary and the options it accepts. */
static void print_passes(void) {
  unsigned n = casc_pass_count();
  for (unsigned i = 0; i < n; i++) {
    const casc_pass_info *p = casc_pass_at(i);
    printf("  -%-34s %s%s\n", p->flag, p->summary,
           p->anchor == CASC_PASS_ON_MODULE ? " [module]" : "");
    for (const casc_pass_option *po = p->options; po && po->text; po++)
      printf("      =%-30s %s\n", po->text, po->summary);
  }
  printf("\nPIPELINES (-pipeline=NAME):");
  const char *const *names = casc_pipeline_names();
  for (unsigned i = 0; names && names[i]; i++)
    printf("%s %s", i ? "," : "", names[i]);
  printf("\n");
}

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
         "  -mlir-use-nameloc-as-prefix print a value located at loc(\"x\") "
         "as %%x\n"
         "                              (keeps kernel argument names for "
         "casc run)\n"
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
         "  -pass-pipeline=PIPELINE     run mlir-opt's textual pipeline,\n"
         "                              'builtin.module(p1,p2{OPTION},"
         "func.func(p3))'\n"
         "  -PASS[=OPTION]              run a registered pass (list "
         "below)\n"
         "  -mlir-print-ir-before=PASS  dump the module to stderr before "
         "PASS (a comma-\n"
         "                              separated list; may be repeated)\n"
         "  -mlir-print-ir-after=PASS   the same after PASS\n"
         "  -mlir-print-ir-before-all   dump the module before every pass\n"
         "  -mlir-print-ir-after-all    dump the module after every pass\n"
         "  -mlir-timing                report the time of parsing, each "
         "pass and\n"
         "                              printing on stderr\n"
         "  -list-passes                list the passes and pipelines and "
         "exit\n"
         "  -diagnostics-format=FORMAT  text (default), json (one object per "
         "line on\n"
         "                              stderr) or sarif (a SARIF 2.1.0 log "
         "on stdout)\n"
         "  -diagnostics-file=PATH      write the diagnostics to PATH "
         "instead\n"
         "  -help, -help-list           show this help\n\n"
         "PASSES: -PASS or -PASS=OPTION; in -pass-pipeline PASS or "
         "PASS{OPTION}.\n"
         "[module] passes cannot go inside func.func(...).\n");
  print_passes();
  printf("\nEXIT STATUS: 0 success, 1 invalid input / failed pass / "
         "diagnostics not as\nexpected, 2 bad command line or unreadable "
         "input file (docs/cli.md).\n");
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

/* --pass-pipeline=TEXT: its steps, or a usage error located in TEXT with
 * a caret under the place, as mlir-opt reports it. */
static int add_pass_pipeline(opt_options *o, const char *a, const char *text) {
  if (!*text) {
    casc_cli_error(CMD,
                   "option '%s' needs a pipeline, e.g. "
                   "-pass-pipeline='builtin.module(cse)'",
                   a);
    return CASC_EXIT_USAGE;
  }
  size_t n = strlen(text);
  char *copy = casc_malloc(n + 1);
  char **texts =
      casc_realloc(o->pipeline_texts, (o->npipeline_texts + 1) * sizeof *texts);
  if (texts)
    o->pipeline_texts = texts;
  if (!copy || !texts) {
    casc_free(copy);
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  memcpy(copy, text, n + 1);
  o->pipeline_texts[o->npipeline_texts++] = copy;
  size_t at;
  char why[320];
  if (casc_parse_pass_pipeline(copy, &o->steps, &at, why, sizeof why))
    return -1;
  if (at == CASC_PIPELINE_OOM) {
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  casc_cli_error(CMD, "--pass-pipeline:1:%zu: error: %s\n%s\n%*s^", at + 1, why,
                 text, (int)at, "");
  return CASC_EXIT_USAGE;
}

/* -pipeline=NAME: one step that runs the named pipeline. */
static int add_named_pipeline(opt_options *o, const char *a, const char *name) {
  if (!*name) {
    casc_cli_error(CMD, "option '%s' needs a pipeline name (-pipeline=default)",
                   a);
    return CASC_EXIT_USAGE;
  }
  const char *const *names = casc_pipeline_names();
  bool known = false;
  for (unsigned k = 0; names && names[k] && !known; k++)
    known = strcmp(names[k], name) == 0;
  if (!known) {
    casc_cli_error(CMD, "unknown pipeline '%s' (see 'casc opt --help')", name);
    return CASC_EXIT_USAGE;
  }
  if (!casc_opt_steps_add(&o->steps, NULL, name, 0)) {
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  return -1;
}

/* -mlir-print-ir-before=PASS / -after=PASS. */
static int select_dump(opt_options *o, const char *a, const char *val,
                       bool after) {
  const char *bad;
  size_t badlen;
  if (!*val) {
    casc_cli_error(CMD, "option '%s' needs a pass (e.g. %s=cse)", a, a);
    return CASC_EXIT_USAGE;
  }
  if (opt_instrument_select(&o->instr, after, val, &bad, &badlen))
    return -1;
  size_t flen;
  const char *flag = casc_cli_flag_name(a, &flen);
  casc_cli_error(CMD,
                 "-%.*s: '%.*s' is not a registered pass (see 'casc "
                 "opt -list-passes')",
                 (int)flen, flag, (int)badlen, bad);
  return CASC_EXIT_USAGE;
}

/* -PASS[=OPTION]: an unknown pass or option is a command-line error. */
static int add_pass_flag(opt_options *o, const char *a) {
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
  char why[256];
  if (!casc_pass_options_ok(p, eq ? eq + 1 : NULL, why, sizeof why)) {
    casc_cli_error(CMD, "%s", why);
    return CASC_EXIT_USAGE;
  }
  if (!casc_opt_steps_add(&o->steps, p, eq ? eq + 1 : NULL, 0)) {
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  return -1;
}

/* Parses argv into o. Returns -1 to go on, or an exit code. */
static int parse_args(int argc, char **argv, opt_options *o) {
  bool only_files = false;
  o->input = NULL;
  o->output = "-";
  if (!opt_instrument_init(&o->instr)) {
    casc_cli_error(CMD, "out of memory");
    return CASC_EXIT_FAIL;
  }
  o->instr.print = &o->print;
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
    } else if (casc_cli_flag(a, "help") || casc_cli_flag(a, "h") ||
               casc_cli_flag(a, "help-list")) {
      print_help();
      return CASC_EXIT_OK;
    } else if ((val = casc_cli_flag(a, "list-passes")) && !*val) {
      printf("PASSES:\n");
      print_passes();
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
    } else if ((val = casc_cli_flag(a, "mlir-use-nameloc-as-prefix")) &&
               !*val) {
      o->print.nameloc_prefix = true;
    } else if ((val = casc_cli_flag(a, "allow-unregistered-dialect")) &&
               !*val) {
      /* Unknown ops in generic form are always kept. */
    } else if ((val = casc_cli_flag(a, "show-dialects")) && !*val) {
      o->show_dialects = true;
    } else if ((val = casc_cli_flag(a, "mlir-print-ir-before-all")) && !*val) {
      o->instr.before_all = true;
    } else if ((val = casc_cli_flag(a, "mlir-print-ir-after-all")) && !*val) {
      o->instr.after_all = true;
    } else if ((val = casc_cli_flag(a, "mlir-print-ir-before")) ||
               (val = casc_cli_flag(a, "mlir-print-ir-after"))) {
      int rc = select_dump(o, a, val, casc_cli_flag(a, "mlir-print-ir-after"));
      if (rc >= 0)
        return rc;
    } else if ((val = casc_cli_flag(a, "mlir-timing")) && !*val) {
      o->instr.timing = true;
    } else if ((val = casc_cli_flag(a, "pass-pipeline"))) {
      int rc = add_pass_pipeline(o, a, val);
      if (rc >= 0)
        return rc;
    } else if ((val = casc_cli_flag(a, "pipeline"))) {
      int rc = add_named_pipeline(o, a, val);
      if (rc >= 0)
        return rc;
    } else if ((val = casc_cli_flag(a, "diagnostics-format")) ||
               (val = casc_cli_flag(a, "diagnostics-file"))) {
      if (casc_diag_sink_option(&o->diags, CMD, a) < 0)
        return CASC_EXIT_USAGE;
    } else {
      int rc = add_pass_flag(o, a);
      if (rc >= 0)
        return rc;
    }
  }
  if (!o->input)
    o->input = "-";
  return -1;
}

/* ---- processing one buffer (a file or a chunk) ------------------------- */

typedef struct {
  opt_options *o;
  const char *name; /* buffer name in locations */
  const char *text; /* the whole input */
  size_t text_len;
  const char *scan; /* split_line_of's position in text, and its line */
  unsigned scan_line;
  casc_buf out; /* everything to print, in order */
  /* Without -split-input-file the one module is printed straight to the
   * output as it is made (no copy of the text in memory); a named file is
   * still removed when the run fails. */
  FILE *direct;
  bool write_failed;
  char *owned_text; /* the input, when transform may free it */
  /* The input when it is a mapped file (no split, no diagnostics to
   * verify): the parser gives back its pages as it reads, and it is
   * unmapped once parsed, so the text is never resident beside the IR. */
  casc_mapped_file *map;
  unsigned nchunks;
  bool failed;
  bool oom;
} run_state;

/* Runs one step, telling the instrumentation (when active) about each
 * pass; a named pipeline is one timed group. */
static bool run_step(casc_ctx *ctx, casc_op *module, opt_options *o,
                     const casc_opt_step *s) {
  opt_instrument *in = &o->instr;
  if (!opt_instrument_active(in))
    return s->pass ? casc_run_pass(ctx, module, s->pass, s->options)
                   : casc_run_pipeline(ctx, module, s->options);
  if (!s->pass) {
    casc_pass_observer obs = opt_instrument_observer(in);
    opt_instrument_enter(in, s->options, true);
    bool ok = casc_run_pipeline_observed(ctx, module, s->options, &obs);
    opt_instrument_leave(in);
    return ok;
  }
  opt_instrument_before(in, s->pass, module);
  bool ok = casc_run_pass(ctx, module, s->pass, s->options);
  opt_instrument_after(in, s->pass, module, ok);
  return ok;
}

/* Runs parse, verify and the passes on one buffer; the module (or NULL when
 * something failed) is returned for printing. owned: when not NULL, the
 * input to free once it is parsed (the IR keeps no pointer into it), so
 * the passes and the printer run without a copy of the text beside the
 * IR. */
static void release_mapped(void *map, size_t offset) {
  casc_mapped_file_release(map, offset);
}

static casc_op *transform(casc_ctx *ctx, opt_options *o, const char *name,
                          const char *text, size_t len, unsigned first_line,
                          char **owned, casc_mapped_file *map) {
  opt_instrument *in = &o->instr;
  in->ctx = ctx;
  opt_instrument_chunk(in);
  opt_instrument_enter(in, "Parser", false);
  casc_op *module =
      map ? casc_parse_module_consuming(ctx, text, len, name, first_line,
                                        release_mapped, map)
          : casc_parse_module(ctx, text, len, name, first_line);
  if (owned) {
    casc_free(*owned);
    *owned = NULL;
  }
  if (map)
    casc_unmap_file(map);
  bool valid = module && casc_verify(ctx, module);
  opt_instrument_leave(in);
  if (!valid)
    return NULL;
  static const char vs_flag[] = "ascendc-verify-sync";
  const casc_pass_info *vs = casc_pass_lookup(vs_flag, sizeof vs_flag - 1);
  bool just_checked = false; /* the IR is as verify-sync last saw it */
  bool ok = true;
  unsigned nest = 0; /* the func.func(...) group open in the timing */
  for (unsigned i = 0; i < o->steps.n && ok; i++) {
    const casc_opt_step *s = &o->steps.items[i];
    /* verify-sync changes nothing, so running it again right after the
     * pipelines (which end with it) or itself would only print each
     * finding twice. */
    bool plain_vs = s->pass == vs && (!s->options || !*s->options);
    if (plain_vs && just_checked)
      continue;
    just_checked = plain_vs || !s->pass;
    if (s->nest != nest) {
      if (nest)
        opt_instrument_leave(in);
      if (s->nest)
        opt_instrument_enter(in, "func.func", true);
      nest = s->nest;
    }
    /* As mlir-opt (-verify-each): a pass must leave valid IR behind.
     * verify-sync only reads the IR, which was valid before it; mlir-opt
     * likewise skips the verifier after a pass that preserved everything
     * (on the 240k-op module the second verify was 5% of the run). */
    ok = run_step(ctx, module, o, s) &&
         (s->pass == vs || casc_verify(ctx, module));
  }
  if (nest)
    opt_instrument_leave(in);
  return ok ? module : NULL;
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
  opt_options *o = st->o;
  if (o->split && st->nchunks > 0)
    casc_buf_puts(&st->out, "// -----\n");
  st->nchunks++;

  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) {
    st->oom = st->failed = true;
    return false;
  }
  casc_diag_verifier *v = NULL;
  casc_cli_diag_printer printer = {st->name, o->split, 1, 0, 0, &o->diags};
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

  /* The diagnostics verifier matches against the text to the end. */
  casc_op *module = transform(ctx, o, st->name, chunk, len, first_line,
                              v || !st->owned_text ? NULL : &st->owned_text,
                              v ? NULL : st->map);
  if (module && st->direct) {
    opt_instrument_enter(&o->instr, "Output", false);
    bool printed = casc_print_op_file(ctx, module, &o->print, st->direct);
    if (!printed || fputc('\n', st->direct) == EOF) {
      /* The stream's error flag tells a failed write from memory that ran
       * out while printing (then part of the text is missing). */
      if (ferror(st->direct))
        st->write_failed = true;
      else
        st->oom = st->failed = true;
    }
    opt_instrument_leave(&o->instr);
  } else if (module) {
    opt_instrument_enter(&o->instr, "Output", false);
    casc_print_op(ctx, module, &o->print, &st->out);
    /* mlir-opt ends each printed module with one more newline. */
    casc_buf_putc(&st->out, '\n');
    opt_instrument_leave(&o->instr);
  }

  if (v) {
    /* In verify mode a failure that was expected is a success. */
    if (!casc_diag_verifier_finish(v))
      st->failed = true;
    for (unsigned i = 0; i < casc_diag_verifier_num_problems(v); i++) {
      const casc_verify_problem *p = casc_diag_verifier_problem(v, i);
      casc_diag_sink_emit_plain(&o->diags, CASC_SEV_ERROR, p->file, p->line,
                                p->col, p->msg);
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

/* A regular input file, mapped; false for anything else (stdin, a pipe, an
 * empty file, or one that cannot be opened: casc_cli_read_file then reads
 * it, or words the error). Nor is the input mapped when it is also the
 * output (`-o` the same file): opening the output empties the file, and
 * a mapping of it would then fault (SIGBUS) instead of holding the text. */
static bool map_input(const char *path, const char *output,
                      casc_mapped_file *map) {
  if (strcmp(path, "-") == 0)
    return false;
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  struct stat in, out;
  bool same = strcmp(output, "-") != 0 && fstat(fileno(f), &in) == 0 &&
              stat(output, &out) == 0 && in.st_dev == out.st_dev &&
              in.st_ino == out.st_ino;
  bool ok = !same && casc_map_file(fileno(f), map);
  fclose(f);
  return ok;
}

int casc_cmd_opt(int argc, char **argv) {
  opt_options o;
  memset(&o, 0, sizeof o);
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0) {
    free_options(&o);
    return rc;
  }
  if (o.show_dialects) {
    show_dialects();
    free_options(&o);
    return CASC_EXIT_OK;
  }

  rc = casc_diag_sink_open(&o.diags, CMD, strcmp(o.output, "-") == 0);
  if (rc != CASC_EXIT_OK) {
    free_options(&o);
    return rc;
  }
  char err[1024];
  char *text = NULL;
  size_t len = 0;
  casc_mapped_file map = {0};
  bool mapped =
      !o.split && !o.verify_diags && map_input(o.input, o.output, &map);
  if (!mapped && !casc_cli_read_file(o.input, &text, &len, err, sizeof err)) {
    casc_cli_error(CMD, "%s", err);
    free_options(&o);
    return casc_cli_read_failure_exit();
  }
  casc_cli_output out;
  if (!casc_cli_output_open(&out, o.output, err, sizeof err)) {
    casc_cli_error(CMD, "%s", err);
    casc_free(text);
    casc_unmap_file(&map);
    free_options(&o);
    return CASC_EXIT_FAIL;
  }

  run_state st;
  memset(&st, 0, sizeof st);
  st.o = &o;
  st.name = casc_cli_buffer_name(o.input);
  st.text = text;
  st.text_len = len;
  casc_buf_init(&st.out);
  if (o.split) {
    casc_split_input(text, len, process_chunk, &st);
  } else if (mapped) {
    st.direct = out.f;
    st.map = &map;
    process_chunk(map.data, map.len, 1, &st);
    casc_unmap_file(&map); /* when the parse did not run */
  } else {
    st.direct = out.f;
    st.owned_text = text;
    st.text = text = NULL; /* transform frees it */
    process_chunk(st.owned_text, len, 1, &st);
    text = st.owned_text;
  }
  if (st.oom)
    casc_cli_error(CMD, "out of memory");

  /* stdout gets whatever was produced (as mlir-opt streams it); a named
   * output file is kept only when everything succeeded. */
  bool ok = !st.failed;
  if (st.out.len && (ok || out.is_stdout))
    fwrite(st.out.data, 1, st.out.len, out.f);
  if (st.write_failed && ok) {
    casc_cli_error(CMD, "error writing '%s'", o.output);
    ok = false;
  }
  if (!casc_cli_output_close(&out, ok) && ok) {
    casc_cli_error(CMD, "error writing '%s'", o.output);
    ok = false;
  }
  opt_instrument_report(&o.instr, stderr);
  if (!casc_diag_sink_close(&o.diags, CMD))
    ok = false;
  casc_buf_free(&st.out);
  casc_free(text);
  free_options(&o);
  return ok ? CASC_EXIT_OK : CASC_EXIT_FAIL;
}
