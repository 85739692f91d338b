/* `casc run`: run a kernel of an ASC-IR file on the CPU simulator. The
 * options are in help() below and docs/cli.md; the names arguments answer
 * to are run_params.c's, their values run_args.c's, what is reported
 * run_report.c's. A GM buffer named only in --out starts zeroed with as
 * many elements as the first .npy input; outputs are written only after a
 * run without errors. --timing runs the pipeline timing model and the race
 * detector and prints cycles per block, for the launch and each pipe's busy
 * fraction; --trace (implies --timing) writes the Chrome trace of the pipes
 * (docs/timing.md). Exit status (docs/cli.md): 0 the kernel ran clean
 * (warnings allowed), 1 errors in the IR or from the kernel, 2 usage or an
 * input file that cannot be read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "tools/cli_util.h"
#include "tools/diag_format.h"
#include "tools/run_args.h"
#include "tools/run_params.h"
#include "tools/run_report.h"
#include "tools/run_timing.h"
#include "util/alloc.h"

#define MAX_BINDINGS 64
/* An endless kernel fails within seconds; no test or example comes near. */
#define DEFAULT_TIMEOUT 10.0

typedef struct {
  const char *name, *value;
  int param; /* the kernel parameter it names (bind_params) */
} binding;

typedef struct {
  const char *file, *kernel, *platform, *trace;
  unsigned blocks, threads;
  unsigned long long max_steps;
  double timeout;       /* seconds, 0 = none */
  unsigned error_limit; /* 0 = none */
  bool json;            /* the result record on stdout */
  bool stats, timing;
  binding args[MAX_BINDINGS], outs[MAX_BINDINGS];
  unsigned nargs, nouts;
  casc_diag_sink diags; /* --diagnostics-format / --diagnostics-file */
} run_opts;

typedef struct {
  casc_npy arr; /* owns the buffer of a GM argument */
  bool given;   /* by --arg */
} gm_buf;

static void help(void) {
  printf(
      "USAGE: casc run FILE.mlir [options]\n\n"
      "Run a kernel on the CPU simulator (block_dim blocks on a thread pool,\n"
      "with the always-on sanitizer).\n\n"
      "OPTIONS:\n"
      "  --kernel NAME          function to run (default: the only kernel)\n"
      "  --blocks N             block_dim (default 1)\n"
      "  --threads N            worker threads (default: online CPUs)\n"
      "  --arg NAME=VALUE       a kernel argument: FILE.npy or zeros:N for a\n"
      "                         GM buffer, a number in the parameter's type\n"
      "                         for a scalar. NAME: as written (%%x is x), a\n"
      "                         loc(\"name\"), or the position arg0, arg1...\n"
      "  --out NAME=FILE.npy    write GM buffer NAME after a run without\n"
      "                         errors; named only here, it starts as zeros\n"
      "                         as long as the first .npy input\n"
      "  --platform FILE.ini    platform description (default Ascend910B1)\n"
      "  --max-steps N          per-block step limit (default 2^32); a block\n"
      "                         over it stops all blocks when none can differ\n"
      "                         (no block index, no scalar read from memory)\n"
      "  --timeout SECONDS      wall-clock limit of the run (default 10, 0:\n"
      "                         none); running blocks stop with an error\n"
      "  --error-limit N        show at most N errors (default 20, 0: all)\n"
      "  --json                 print one JSON result record on stdout\n"
      "                         (kernel, status, diagnostics per block,\n"
      "                         timing with --timing) instead of the text\n"
      "                         of --stats and --timing\n"
      "  --stats                print blocks, threads, time and steps\n"
      "  --timing               run the pipeline timing model and the race\n"
      "                         detector; print cycles and pipe busy time\n"
      "  --trace OUT.json       write the pipeline chart as a Chrome trace\n"
      "                         (chrome://tracing, Perfetto); implies "
      "--timing\n"
      "  --diagnostics-format=text|json|sarif  diagnostics as text, JSON\n"
      "                         lines (stderr) or a SARIF 2.1.0 log (stdout)\n"
      "  --diagnostics-file=PATH  write the diagnostics to PATH instead\n\n"
      "Exit status: 0 ran clean, 1 errors (IR or kernel), 2 usage or an\n"
      "unreadable input file (docs/cli.md).\n"
      "bf16 buffers are stored in .npy as raw 16-bit patterns, descr '<V2'.\n");
}

/* Value of flag `name` at argv[*i]: "--name=v" or "--name v". NULL if
 * argv[*i] is not the flag; "" (with an error printed) if v is missing. */
static const char *flag_value(int argc, char **argv, int *i, const char *name,
                              bool *missing) {
  const char *v = casc_cli_flag(argv[*i], name);
  if (!v)
    return NULL;
  if (*v)
    return v;
  if (*i + 1 < argc) {
    (*i)++;
    return argv[*i];
  }
  *missing = true;
  return "";
}

/* A finite number of seconds, at least 0. */
static bool parse_seconds(const char *s, double *out) {
  char *end;
  errno = 0;
  double d = strtod(s, &end);
  if (end == s || *end || errno || !(d >= 0) || d > 1e9)
    return false;
  *out = d;
  return true;
}

/* Returns an exit code: running out of memory is no usage error. */
static int add_binding(binding *list, unsigned *n, const char *spec,
                       const char *flag) {
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1]) {
    casc_cli_error("run", "%s expects NAME=VALUE, got '%s'", flag, spec);
    return CASC_EXIT_USAGE;
  }
  if (*n == MAX_BINDINGS) {
    casc_cli_error("run", "too many %s options", flag);
    return CASC_EXIT_USAGE;
  }
  size_t nl = (size_t)(eq - spec);
  /* Two values for one argument: which one was meant is a guess. */
  for (unsigned k = 0; k < *n; k++)
    if (strlen(list[k].name) == nl && memcmp(list[k].name, spec, nl) == 0) {
      casc_cli_error("run", "%s %.*s= is given twice ('%s=%s' and '%s')", flag,
                     (int)nl, spec, list[k].name, list[k].value, spec);
      return CASC_EXIT_USAGE;
    }
  char *name = casc_malloc(nl + 1);
  if (!name) {
    casc_cli_error("run", "out of memory");
    return CASC_EXIT_FAIL;
  }
  memcpy(name, spec, nl);
  name[nl] = 0;
  list[*n].name = name;
  list[*n].value = eq + 1;
  (*n)++;
  return CASC_EXIT_OK;
}

static int parse_args(int argc, char **argv, run_opts *o) {
  memset(o, 0, sizeof *o);
  o->blocks = 1;
  o->timeout = DEFAULT_TIMEOUT;
  o->error_limit = 20; /* clang's -ferror-limit */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    bool missing = false;
    unsigned long long u;
    if (casc_cli_flag(a, "help") || casc_cli_flag(a, "h")) {
      help();
      return -1;
    }
    if ((v = flag_value(argc, argv, &i, "kernel", &missing))) {
      o->kernel = v;
    } else if ((v = flag_value(argc, argv, &i, "blocks", &missing))) {
      if (missing || !run_parse_unsigned(v, 65535, &u) || u == 0) {
        casc_cli_error("run", "--blocks expects 1 ~ 65535, got '%s'", v);
        return CASC_EXIT_USAGE;
      }
      o->blocks = (unsigned)u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "threads", &missing))) {
      if (missing || !run_parse_unsigned(v, 256, &u) || u == 0) {
        casc_cli_error("run", "--threads expects 1 ~ 256, got '%s'", v);
        return CASC_EXIT_USAGE;
      }
      o->threads = (unsigned)u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "max-steps", &missing))) {
      if (missing || !run_parse_unsigned(v, ~0ULL, &u) || u == 0) {
        casc_cli_error("run", "--max-steps expects a positive count, got '%s'",
                       v);
        return CASC_EXIT_USAGE;
      }
      o->max_steps = u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "timeout", &missing))) {
      if (missing || !parse_seconds(v, &o->timeout)) {
        casc_cli_error("run", "--timeout expects seconds (0: none), got '%s'",
                       v);
        return CASC_EXIT_USAGE;
      }
      continue;
    } else if ((v = flag_value(argc, argv, &i, "error-limit", &missing))) {
      if (missing || !run_parse_unsigned(v, ~0U, &u)) {
        casc_cli_error("run", "--error-limit expects a count, got '%s'", v);
        return CASC_EXIT_USAGE;
      }
      o->error_limit = (unsigned)u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "platform", &missing))) {
      o->platform = v;
    } else if ((v = flag_value(argc, argv, &i, "arg", &missing))) {
      int rc =
          missing ? CASC_EXIT_OK : add_binding(o->args, &o->nargs, v, "--arg");
      if (rc != CASC_EXIT_OK)
        return rc;
    } else if ((v = flag_value(argc, argv, &i, "out", &missing))) {
      int rc =
          missing ? CASC_EXIT_OK : add_binding(o->outs, &o->nouts, v, "--out");
      if (rc != CASC_EXIT_OK)
        return rc;
    } else if ((v = flag_value(argc, argv, &i, "trace", &missing))) {
      o->trace = v;
      o->timing = true;
    } else if (casc_cli_flag(a, "json")) {
      o->json = true;
      continue;
    } else if (casc_cli_flag(a, "stats")) {
      o->stats = true;
      continue;
    } else if (casc_cli_flag(a, "timing")) {
      o->timing = true;
      continue;
    } else if (casc_cli_flag(a, "diagnostics-format") ||
               casc_cli_flag(a, "diagnostics-file")) {
      if (casc_diag_sink_option(&o->diags, "run", a) < 0)
        return CASC_EXIT_USAGE;
      continue;
    } else if (a[0] == '-' && a[1]) {
      casc_cli_error("run", "unknown option '%s' (see 'casc run --help')", a);
      return CASC_EXIT_USAGE;
    } else if (!o->file) {
      o->file = a;
      continue;
    } else {
      casc_cli_error("run", "more than one input file ('%s', '%s')", o->file,
                     a);
      return CASC_EXIT_USAGE;
    }
    if (missing) {
      casc_cli_error("run", "option '%s' needs a value", a);
      return CASC_EXIT_USAGE;
    }
  }
  if (!o->file) {
    casc_cli_error("run", "no input file (see 'casc run --help')");
    return CASC_EXIT_USAGE;
  }
  return CASC_EXIT_OK;
}

static void free_bindings(run_opts *o) {
  for (unsigned i = 0; i < o->nargs; i++)
    casc_free((char *)o->args[i].name);
  for (unsigned i = 0; i < o->nouts; i++)
    casc_free((char *)o->outs[i].name);
}

static const binding *find_param(const binding *l, unsigned n, int param) {
  for (unsigned i = 0; i < n; i++)
    if (l[i].param == param)
      return &l[i];
  return NULL;
}

/* Which parameter each --arg (--out) names. Two names of one parameter
 * (x and arg0) are as much a usage error as one name given twice. */
static int resolve_names(binding *l, unsigned n, const run_params *rp,
                         const char *flag) {
  for (unsigned i = 0; i < n; i++) {
    l[i].param = run_params_find(rp, l[i].name, flag);
    if (l[i].param < 0)
      return CASC_EXIT_USAGE;
    for (unsigned k = 0; k < i; k++)
      if (l[k].param == l[i].param) {
        casc_cli_error("run", "%s %s= and %s %s= name the same argument of @%s",
                       flag, l[k].name, flag, l[i].name, rp->kernel);
        return CASC_EXIT_USAGE;
      }
  }
  return CASC_EXIT_OK;
}

static bool is_func(const casc_op *op) {
  return strcmp(casc_op_name(op), "func.func") == 0 && casc_func_name(op);
}

/* " @a (kernel), @b" for a message: the module's functions. */
static void print_functions(casc_op *module) {
  unsigned n = 0;
  for (casc_op *op = casc_module_body(module)->first; op; op = op->next)
    if (is_func(op))
      fprintf(stderr, "%s @%s%s", n++ ? "," : "", casc_func_name(op),
              casc_op_attr(op, "ascendc.global") ? " (kernel)" : "");
  fputc('\n', stderr);
}

/* --kernel NAME if the module has it; else the only function with
 * ascendc.global, else the only function. NULL after an error that lists
 * the functions there are (*rc: usage, or a failure for a module without
 * any function). */
static const char *choose_kernel(casc_op *module, const char *wanted,
                                 const char *file, int *rc) {
  const char *global = NULL, *any = NULL;
  unsigned nglobal = 0, nany = 0;
  for (casc_op *op = casc_module_body(module)->first; op; op = op->next) {
    if (!is_func(op))
      continue;
    const char *n = casc_func_name(op);
    if (wanted && strcmp(n, wanted) == 0)
      return n;
    nany++;
    any = n;
    if (casc_op_attr(op, "ascendc.global")) {
      nglobal++;
      global = n;
    }
  }
  if (!wanted && (nglobal == 1 || nany == 1))
    return nglobal == 1 ? global : any;
  *rc = nany ? CASC_EXIT_USAGE : CASC_EXIT_FAIL;
  if (!nany) {
    casc_cli_error("run", "%s has no function to run", file);
  } else if (wanted) {
    fprintf(stderr, "casc run: --kernel %s: %s has no function @%s; it has",
            wanted, file, wanted);
    print_functions(module);
  } else {
    fprintf(stderr,
            "casc run: %s has several functions: choose one with --kernel "
            "NAME from",
            file);
    print_functions(module);
  }
  return NULL;
}

static bool write_trace(const char *path, const casc_buf *b) {
  if (b->oom) {
    casc_cli_error("run", "out of memory while writing the trace");
    return false;
  }
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(b->data ? b->data : "", 1, b->len, f) != b->len) {
    casc_cli_error("run", "cannot write trace '%s': %s", path, strerror(errno));
    if (f)
      fclose(f);
    return false;
  }
  if (fclose(f) != 0) {
    casc_cli_error("run", "cannot write trace '%s': %s", path, strerror(errno));
    return false;
  }
  return true;
}

static bool is_gm(const casc_type *t) {
  return t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF;
}

/* Fills args (parameter order) from --arg, and creates the buffers named
 * only by --out. Returns an exit code. */
static int bind_params(casc_ctx *ctx, run_opts *o, const run_params *rp,
                       gm_buf *bufs, casc_arg *args) {
  int rc = resolve_names(o->args, o->nargs, rp, "--arg");
  if (rc == CASC_EXIT_OK)
    rc = resolve_names(o->outs, o->nouts, rp, "--out");
  if (rc != CASC_EXIT_OK)
    return rc;
  for (unsigned i = 0; i < o->nouts; i++)
    if (!is_gm(casc_sim_param_type(rp->prog, (unsigned)o->outs[i].param))) {
      casc_cli_error("run", "--out %s: argument %s of @%s is no GM buffer",
                     o->outs[i].name, rp->display[o->outs[i].param],
                     rp->kernel);
      return CASC_EXIT_USAGE;
    }
  /* Inputs first, so that output-only buffers can take their size. */
  size_t default_count = 0;
  bool have_default = false;
  for (unsigned j = 0; j < rp->n; j++) {
    const char *pn = rp->display[j];
    casc_type *t = casc_sim_param_type(rp->prog, j);
    const binding *bi = find_param(o->args, o->nargs, (int)j);
    if (!bi)
      continue;
    if (is_gm(t)) {
      rc = run_gm_arg(ctx, pn, bi->value, casc_dtype_of_type(casc_type_elem(t)),
                      &bufs[j].arr, &args[j]);
      if (rc != CASC_EXIT_OK)
        return rc;
      if (!have_default && strncmp(bi->value, "zeros:", 6) != 0) {
        default_count = bufs[j].arr.count;
        have_default = true;
      }
    } else if ((rc = run_scalar_arg(pn, bi->value, t, &args[j])) !=
               CASC_EXIT_OK) {
      return rc;
    }
    bufs[j].given = true;
  }
  for (unsigned j = 0; j < rp->n; j++) {
    const char *pn = rp->display[j];
    casc_type *t = casc_sim_param_type(rp->prog, j);
    if (bufs[j].given || casc_sim_param_is_ffts(rp->prog, j))
      continue; /* ffts_addr is filled in by the simulator */
    if (find_param(o->outs, o->nouts, (int)j) && have_default) {
      char spec[48];
      snprintf(spec, sizeof spec, "zeros:%zu", default_count);
      rc = run_gm_arg(ctx, pn, spec, casc_dtype_of_type(casc_type_elem(t)),
                      &bufs[j].arr, &args[j]);
      if (rc != CASC_EXIT_OK)
        return rc;
      continue;
    }
    if (find_param(o->outs, o->nouts, (int)j))
      casc_cli_error("run",
                     "--out %s: no .npy input to take the size of %s from: "
                     "give --arg %s=zeros:N (N elements) as well",
                     pn, pn, pn);
    else
      casc_cli_error("run", "missing --arg %s=... for @%s", pn, rp->kernel);
    return CASC_EXIT_USAGE;
  }
  return CASC_EXIT_OK;
}

/* One `casc run`: what the steps below share. */
typedef struct {
  run_opts *o;
  casc_ctx *ctx;
  run_report report;
  const char *text;
  size_t len;
  casc_platform plat;
  casc_op *module;
  const char *kernel;
  casc_sim_program *prog;
  run_params params;
  gm_buf *bufs;
  casc_arg *args;
  unsigned nargs;
  casc_launch_result res;
  bool ran; /* the launch ran: res holds its figures */
  casc_launch_status status;
  unsigned outputs_written;
} run_state;

/* Platform, module and kernel. Returns an exit code. */
static int load(run_state *s) {
  const run_opts *o = s->o;
  casc_platform_default(&s->plat);
  if (o->platform && !casc_platform_load(s->ctx, o->platform, &s->plat))
    /* A bad platform file is a usage error; lack of memory is not. */
    return casc_ctx_out_of_memory(s->ctx) ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
  s->module = casc_parse_module(s->ctx, s->text, s->len,
                                casc_cli_buffer_name(o->file), 1);
  if (!s->module)
    return CASC_EXIT_FAIL;
  int rc = CASC_EXIT_OK;
  s->kernel =
      choose_kernel(s->module, o->kernel, casc_cli_buffer_name(o->file), &rc);
  return rc;
}

/* Compile the kernel and bind its arguments. Returns an exit code. */
static int prepare(run_state *s) {
  s->prog = casc_sim_compile(s->ctx, s->module, s->kernel);
  if (!s->prog)
    return CASC_EXIT_FAIL;
  casc_sim_set_time_limit(s->prog, s->o->timeout);
  unsigned np = casc_sim_num_params(s->prog);
  s->bufs = casc_calloc(np + 1, sizeof *s->bufs);
  s->args = casc_calloc(np + 1, sizeof *s->args);
  if (!s->bufs || !s->args) {
    casc_cli_error("run", "out of memory");
    return CASC_EXIT_FAIL;
  }
  if (!run_params_init(&s->params, s->ctx, s->module, s->prog, s->kernel,
                       s->text, s->len, casc_cli_buffer_name(s->o->file)))
    return CASC_EXIT_FAIL; /* reported */
  int rc = bind_params(s->ctx, s->o, &s->params, s->bufs, s->args);
  if (rc != CASC_EXIT_OK)
    return rc;
  /* Pack in parameter order, dropping ffts_addr if it was not given. */
  for (unsigned j = 0; j < np; j++) {
    if (casc_sim_param_is_ffts(s->prog, j) && !s->bufs[j].given)
      continue;
    s->args[s->nargs++] = s->args[j];
  }
  return CASC_EXIT_OK;
}

/* Run, then the trace, the outputs and the reports. Returns an exit code. */
static int launch(run_state *s) {
  const run_opts *o = s->o;
  /* The kernel's DumpTensor / printf output is the command's output (on
   * stderr when a SARIF log or the --json record takes stdout). */
  casc_launch_opts lo = {.threads = o->threads,
                         .platform = &s->plat,
                         .max_steps = o->max_steps,
                         .print = casc_sim_print_stream,
                         .print_user =
                             o->diags.f == stdout || o->json ? stderr : stdout};
  casc_buf trace;
  casc_buf_init(&trace);
  s->report.in_launch = true;
  casc_launch_status st =
      o->timing
          ? casc_sim_run_timed(s->prog, o->blocks, s->args, s->nargs, &lo,
                               o->trace ? &trace : NULL, &s->res)
          : casc_sim_run(s->prog, o->blocks, s->args, s->nargs, &lo, &s->res);
  s->report.in_launch = false;
  s->status = st;
  s->ran = st != CASC_LAUNCH_BAD_LAUNCH;
  if (s->ran)
    run_report_add_issues(&s->report, &s->res);
  /* A trace that cannot be written fails the run (exit status 1). A run
   * that ran out of memory writes none: its chart may miss a part. */
  bool trace_failed = st != CASC_LAUNCH_BAD_LAUNCH &&
                      st != CASC_LAUNCH_OUT_OF_MEMORY && o->trace &&
                      !write_trace(o->trace, &trace);
  casc_buf_free(&trace);
  if (trace_failed)
    st = CASC_LAUNCH_KERNEL_ERROR;
  if (st == CASC_LAUNCH_BAD_LAUNCH)
    return CASC_EXIT_USAGE;
  int rc = st == CASC_LAUNCH_OK ? CASC_EXIT_OK : CASC_EXIT_FAIL;
  /* What a failed kernel left in its buffers is no result: an old file of
   * that name must not pass for one either, so it is left alone and the
   * run says so. */
  if (rc != CASC_EXIT_OK && o->nouts)
    casc_cli_error("run", "the run failed: --out file(s) not written");
  for (unsigned i = 0; i < o->nouts && rc == CASC_EXIT_OK; i++)
    if (!casc_npy_write(s->ctx, o->outs[i].value,
                        &s->bufs[o->outs[i].param].arr))
      rc = CASC_EXIT_FAIL;
    else
      s->outputs_written++;
  if (o->timing && s->res.timing.valid && !o->json)
    run_print_timing(&s->res.timing, s->kernel, &s->plat);
  if (o->stats && !o->json)
    printf("casc run: @%s, %u block(s), %.3f ms, %llu steps, %u error(s), "
           "%u warning(s)\n",
           s->kernel, o->blocks, s->res.seconds * 1e3,
           (unsigned long long)s->res.steps, s->res.errors, s->res.warnings);
  return rc;
}

/* The --json record of run s, which ends with exit code rc. */
static bool print_record(const run_state *s, int rc) {
  const char *status = rc == CASC_EXIT_OK      ? "ok"
                       : rc == CASC_EXIT_USAGE ? "usage"
                       : !s->ran               ? "input-error"
                       : s->res.timed_out      ? "timeout"
                       : s->status == CASC_LAUNCH_OUT_OF_MEMORY
                           ? "out-of-memory"
                           : "kernel-error";
  run_record rec = {s->o->file,
                    s->kernel,
                    s->o->blocks,
                    rc,
                    status,
                    s->ran,
                    &s->res,
                    s->o->timing,
                    s->outputs_written == s->o->nouts && s->o->nouts > 0};
  return run_report_print_json(&s->report, &rec);
}

int casc_cmd_run(int argc, char **argv) {
  run_opts o;
  int rc = parse_args(argc, argv, &o);
  if (rc != CASC_EXIT_OK) {
    free_bindings(&o);
    return rc < 0 ? CASC_EXIT_OK : rc;
  }
  run_state s;
  memset(&s, 0, sizeof s);
  s.o = &o;
  char *text = NULL;
  char err[512];
  if (!casc_cli_read_file(o.file, &text, &s.len, err, sizeof err)) {
    casc_cli_error("run", "%s", err);
    free_bindings(&o);
    return casc_cli_read_failure_exit();
  }
  s.text = text;
  s.ctx = casc_ctx_new();
  if (!s.ctx) {
    casc_cli_error("run", "out of memory");
    casc_free(text);
    free_bindings(&o);
    return CASC_EXIT_FAIL;
  }
  run_report_init(&s.report, casc_cli_buffer_name(o.file), o.error_limit,
                  o.json);
  s.report.printer.sink = &o.diags;
  casc_ctx_set_diag_handler(s.ctx, run_report_diag, &s.report);
  /* --stats, --timing and --json print on stdout, where SARIF would go. */
  rc = casc_diag_sink_open(&o.diags, "run", o.stats || o.timing || o.json);
  if (rc == CASC_EXIT_OK)
    rc = load(&s);
  if (rc == CASC_EXIT_OK)
    rc = prepare(&s);
  if (rc == CASC_EXIT_OK)
    rc = launch(&s);
  run_report_finish(&s.report);
  if (o.json && !print_record(&s, rc))
    rc = CASC_EXIT_FAIL;
  run_report_free(&s.report);
  if (s.bufs)
    for (unsigned j = 0; j < casc_sim_num_params(s.prog); j++)
      casc_npy_free(&s.bufs[j].arr);
  casc_free(s.bufs);
  casc_free(s.args);
  run_params_free(&s.params);
  casc_sim_program_free(s.prog);
  casc_ctx_free(s.ctx);
  casc_free(text);
  free_bindings(&o);
  if (!casc_diag_sink_close(&o.diags, "run") && rc == CASC_EXIT_OK)
    rc = CASC_EXIT_FAIL;
  return rc;
}
