/* `casc run`: run a kernel of an ASC-IR file on the CPU simulator.
 *
 *   casc run FILE.mlir [--kernel NAME] [--blocks N] [--threads N]
 *            [--arg NAME=VALUE]... [--out NAME=FILE.npy]...
 *            [--platform FILE.ini] [--max-steps N] [--stats]
 *            [--timing] [--trace OUT.json]
 *
 * VALUE is a .npy file or zeros:N (N elements) for a GM buffer, a number
 * for a scalar. A GM buffer named only in --out starts zeroed with as many
 * elements as the first .npy input. --timing runs the pipeline timing model
 * and the race detector and prints cycles per block, for the launch and
 * each pipe's busy fraction; --trace (implies --timing) writes the Chrome
 * trace of the pipes (docs/timing.md). Exit status: 0 the kernel ran clean
 * (warnings allowed), 1 errors in the IR or from the kernel, 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "tools/cli_util.h"
#include "tools/diag_format.h"
#include "util/alloc.h"

#define MAX_BINDINGS 64

typedef struct {
  const char *name, *value;
} binding;

typedef struct {
  const char *file, *kernel, *platform, *trace;
  unsigned blocks, threads;
  unsigned long long max_steps;
  bool stats, timing;
  binding args[MAX_BINDINGS], outs[MAX_BINDINGS];
  unsigned nargs, nouts;
  casc_diag_sink diags; /* --diagnostics-format / --diagnostics-file */
} run_opts;

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
      "                         GM buffer, a number for a scalar\n"
      "  --out NAME=FILE.npy    write GM buffer NAME after the run\n"
      "  --platform FILE.ini    platform description (default Ascend910B1)\n"
      "  --max-steps N          per-block step limit (hang guard)\n"
      "  --stats                print blocks, threads, time and steps\n"
      "  --timing               run the pipeline timing model and the race\n"
      "                         detector; print cycles and pipe busy time\n"
      "  --trace OUT.json       write the pipeline chart as a Chrome trace\n"
      "                         (chrome://tracing, Perfetto); implies "
      "--timing\n"
      "  --diagnostics-format=text|json|sarif  diagnostics as text, JSON\n"
      "                         lines (stderr) or a SARIF 2.1.0 log (stdout)\n"
      "  --diagnostics-file=PATH  write the diagnostics to PATH instead\n\n"
      "Exit status: 0 ran clean, 1 errors (IR or kernel), 2 usage.\n"
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

static bool parse_unsigned(const char *s, unsigned long long max,
                           unsigned long long *out) {
  if (!*s || *s == '-')
    return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v > max)
    return false;
  *out = v;
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
      if (missing || !parse_unsigned(v, 65535, &u) || u == 0) {
        casc_cli_error("run", "--blocks expects 1 ~ 65535, got '%s'", v);
        return CASC_EXIT_USAGE;
      }
      o->blocks = (unsigned)u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "threads", &missing))) {
      if (missing || !parse_unsigned(v, 256, &u) || u == 0) {
        casc_cli_error("run", "--threads expects 1 ~ 256, got '%s'", v);
        return CASC_EXIT_USAGE;
      }
      o->threads = (unsigned)u;
      continue;
    } else if ((v = flag_value(argc, argv, &i, "max-steps", &missing))) {
      if (missing || !parse_unsigned(v, ~0ULL, &u) || u == 0) {
        casc_cli_error("run", "--max-steps expects a positive count, got '%s'",
                       v);
        return CASC_EXIT_USAGE;
      }
      o->max_steps = u;
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

static const binding *find(const binding *l, unsigned n, const char *name) {
  for (unsigned i = 0; i < n; i++)
    if (strcmp(l[i].name, name) == 0)
      return &l[i];
  return NULL;
}

/* The only function with ascendc.global, else the only function. */
static const char *pick_kernel(casc_op *module) {
  const char *global = NULL, *any = NULL;
  unsigned nglobal = 0, nany = 0;
  for (casc_op *op = casc_module_body(module)->first; op; op = op->next) {
    const char *n = casc_func_name(op);
    if (!n || strcmp(op->name, "func.func") != 0)
      continue;
    nany++;
    any = n;
    if (casc_op_attr(op, "ascendc.global")) {
      nglobal++;
      global = n;
    }
  }
  if (nglobal == 1)
    return global;
  return nany == 1 ? any : NULL;
}

typedef struct {
  casc_npy arr; /* owns the buffer of a GM argument */
  bool used;
} gm_buf;

static bool scalar_arg(const char *name, const char *v, casc_type *t,
                       casc_arg *out) {
  casc_dtype dt = casc_dtype_of_type(t);
  char *end;
  errno = 0;
  if (dt == CASC_DT_F16 || dt == CASC_DT_BF16 || dt == CASC_DT_F32 ||
      dt == CASC_DT_F64) {
    double d = strtod(v, &end);
    if (errno || *end || end == v) {
      casc_cli_error("run", "--arg %s: '%s' is not a number", name, v);
      return false;
    }
    *out = casc_arg_float(dt, d);
    return true;
  }
  long long i = strtoll(v, &end, 0);
  if (errno || *end || end == v) {
    casc_cli_error("run", "--arg %s: '%s' is not an integer", name, v);
    return false;
  }
  *out = casc_arg_int(dt, i);
  return true;
}

/* Returns an exit code: usage (docs/simulator.md) for a bad zeros:N, a
 * file that cannot be read or holds the wrong dtype; a failure for running
 * out of memory, which is no fault of the command line. */
static int gm_arg(casc_ctx *ctx, const char *name, const char *v,
                  casc_dtype want, gm_buf *gb, casc_arg *out) {
  if (strncmp(v, "zeros:", 6) == 0) {
    unsigned long long n;
    if (!parse_unsigned(v + 6, 1ULL << 34, &n)) {
      casc_cli_error("run", "--arg %s: bad element count in '%s'", name, v);
      return CASC_EXIT_USAGE;
    }
    gb->arr.dtype = want;
    gb->arr.ndim = 1;
    gb->arr.shape[0] = gb->arr.count = (size_t)n;
    gb->arr.data = casc_calloc(n ? n : 1, casc_dtype_size(want));
    if (!gb->arr.data) {
      casc_cli_error("run", "--arg %s: out of memory", name);
      return CASC_EXIT_FAIL;
    }
  } else if (!casc_npy_read(ctx, v, &gb->arr)) {
    return casc_ctx_out_of_memory(ctx) ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
  }
  /* bf16 may also come as raw uint16 bit patterns. */
  if (want == CASC_DT_BF16 && gb->arr.dtype == CASC_DT_U16)
    gb->arr.dtype = CASC_DT_BF16;
  if (gb->arr.dtype != want) {
    casc_cli_error("run", "--arg %s: %s holds %s, the kernel expects %s", name,
                   v, casc_dtype_name(gb->arr.dtype), casc_dtype_name(want));
    return CASC_EXIT_USAGE;
  }
  gb->used = true;
  *out = casc_arg_gm(gb->arr.data, want, gb->arr.count);
  out->name = name;
  return CASC_EXIT_OK;
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

/* "S 12.5%  V 3.0%  MTE2 80.1%" for the pipes that did anything. */
static void print_busy(const double *frac, const bool *used) {
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    if (used[p])
      printf("  %s %.1f%%", casc_sim_pipe_name((casc_sim_pipe)p),
             100.0 * frac[p]);
}

static bool same_block(const casc_block_timing *a, const casc_block_timing *b) {
  if (a->cycles != b->cycles || a->complete != b->complete)
    return false;
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    if (a->busy[p] != b->busy[p])
      return false;
  return true;
}

/* The [casc.timing] figures the model used (the platform file's or the
 * built-in ones), so a report says what it rests on. */
static void print_parameters(const casc_platform *p) {
  printf("  parameters: scalar %u; V head+cycles/repeat", p->scalar_cycles);
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++)
    printf(" %s %u+%u", casc_platform_vcost_name(c), p->vec_head[c],
           p->vec_cycles_per_repeat[c]);
  printf(" (repeat %u B), latency %u; MTE2 %u + burst/%u B, latency %u; "
         "MTE3 %u + burst/%u B, latency %u; flags %u/%u/%u; min %u; "
         "launch %u\n",
         p->vector_bytes_per_cycle, p->vector_latency, p->mte2_setup,
         p->mte2_bytes_per_cycle, p->mte2_latency, p->mte3_setup,
         p->mte3_bytes_per_cycle, p->mte3_latency, p->set_flag_cycles,
         p->wait_flag_cycles, p->barrier_cycles, p->min_op_cycles,
         p->launch_cycles);
}

/* The timing report: the launch, then blocks (runs of identical blocks on
 * one line), then the pipes' busy fractions over all blocks. */
static void print_timing(const casc_timing *t, const char *kernel,
                         const casc_platform *plat) {
  bool used[CASC_SIM_PIPE_COUNT_] = {false};
  for (unsigned i = 0; i < t->nblocks && t->blocks; i++)
    for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
      used[p] |= t->blocks[i].ops[p] > 0;
  unsigned cores = plat->vector_core_cnt ? plat->vector_core_cnt : 1;
  printf("timing: @%s on %s at %u MHz, %u block(s) on %u vector core(s)\n",
         kernel, plat->soc, t->clock_mhz, t->nblocks,
         t->nblocks < cores ? t->nblocks : cores);
  printf("  launch: %llu cycles, %.3f us\n", (unsigned long long)t->cycles,
         t->seconds * 1e6);
  for (unsigned i = 0; i < t->nblocks && t->blocks; i++) {
    const casc_block_timing *bt = &t->blocks[i];
    unsigned j = i;
    while (j + 1 < t->nblocks && same_block(&t->blocks[j + 1], bt))
      j++;
    if (j == i)
      printf("  block %u:", i);
    else
      printf("  blocks %u-%u:", i, j);
    printf(" %llu cycles, %.3f us%s, busy", (unsigned long long)bt->cycles,
           (double)bt->cycles / t->clock_mhz,
           bt->complete ? "" : " (incomplete)");
    double frac[CASC_SIM_PIPE_COUNT_];
    for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
      frac[p] = bt->cycles ? (double)bt->busy[p] / (double)bt->cycles : 0;
    print_busy(frac, used);
    printf("\n");
    i = j;
  }
  printf("  pipes busy (all blocks):");
  print_busy(t->busy_fraction, used);
  printf("\n");
  if (t->races)
    printf("  %u data race(s) reported\n", t->races);
  print_parameters(plat);
}

int casc_cmd_run(int argc, char **argv) {
  run_opts o;
  int rc = parse_args(argc, argv, &o);
  if (rc != CASC_EXIT_OK) {
    free_bindings(&o);
    return rc < 0 ? CASC_EXIT_OK : rc;
  }
  char *text = NULL;
  size_t len = 0;
  char err[512];
  if (!casc_cli_read_file(o.file, &text, &len, err, sizeof err)) {
    casc_cli_error("run", "%s", err);
    free_bindings(&o);
    return errno == ENOMEM ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
  }
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) {
    casc_cli_error("run", "out of memory");
    casc_free(text);
    free_bindings(&o);
    return CASC_EXIT_FAIL;
  }
  casc_cli_diag_printer printer = {
      casc_cli_buffer_name(o.file), false, 0, 0, 0, &o.diags};
  casc_ctx_set_diag_handler(ctx, casc_cli_print_diag, &printer);
  rc = CASC_EXIT_FAIL;
  casc_sim_program *prog = NULL;
  gm_buf *bufs = NULL;
  casc_arg *args = NULL;
  casc_platform plat;
  casc_platform_default(&plat);
  /* --stats and --timing print on stdout, where SARIF would go. */
  rc = casc_diag_sink_open(&o.diags, "run", o.stats || o.timing);
  if (rc != CASC_EXIT_OK)
    goto out;
  rc = CASC_EXIT_FAIL;
  if (o.platform && !casc_platform_load(ctx, o.platform, &plat)) {
    /* A bad platform file is a usage error; lack of memory is not. */
    rc = casc_ctx_out_of_memory(ctx) ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
    goto out;
  }
  casc_op *module =
      casc_parse_module(ctx, text, len, casc_cli_buffer_name(o.file), 1);
  if (!module)
    goto out;
  const char *kernel = o.kernel ? o.kernel : pick_kernel(module);
  if (!kernel) {
    casc_cli_error("run", "the module has several functions: choose one "
                          "with --kernel NAME");
    rc = CASC_EXIT_USAGE;
    goto out;
  }
  prog = casc_sim_compile(ctx, module, kernel);
  if (!prog)
    goto out;

  unsigned np = casc_sim_num_params(prog);
  bufs = casc_calloc(np + 1, sizeof *bufs);
  args = casc_calloc(np + 1, sizeof *args);
  if (!bufs || !args) {
    casc_cli_error("run", "out of memory");
    goto out;
  }
  rc = CASC_EXIT_USAGE;
  for (unsigned i = 0; i < o.nargs; i++) {
    unsigned j;
    for (j = 0; j < np; j++)
      if (strcmp(casc_sim_param_name(prog, j), o.args[i].name) == 0)
        break;
    if (j == np) {
      casc_cli_error("run", "--arg %s: @%s has no argument of that name",
                     o.args[i].name, kernel);
      goto out;
    }
  }
  for (unsigned i = 0; i < o.nouts; i++) {
    unsigned j;
    for (j = 0; j < np; j++)
      if (strcmp(casc_sim_param_name(prog, j), o.outs[i].name) == 0)
        break;
    casc_type *t = j < np ? casc_sim_param_type(prog, j) : NULL;
    if (!t ||
        (t->kind != CASC_TYPE_MEMREF && t->kind != CASC_TYPE_UNRANKED_MEMREF)) {
      casc_cli_error("run", "--out %s: @%s has no GM argument of that name",
                     o.outs[i].name, kernel);
      goto out;
    }
  }
  /* Inputs first, so that output-only buffers can take their size. */
  size_t default_count = 0;
  bool have_default = false;
  unsigned nargs = 0;
  for (unsigned j = 0; j < np; j++) {
    const char *pn = casc_sim_param_name(prog, j);
    casc_type *t = casc_sim_param_type(prog, j);
    const binding *bi = find(o.args, o.nargs, pn);
    bool gm =
        t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF;
    if (!bi)
      continue;
    if (gm) {
      int grc =
          gm_arg(ctx, pn, bi->value, casc_dtype_of_type(casc_type_elem(t)),
                 &bufs[j], &args[j]);
      if (grc != CASC_EXIT_OK) {
        rc = grc;
        goto out;
      }
      if (!have_default && strncmp(bi->value, "zeros:", 6) != 0) {
        default_count = bufs[j].arr.count;
        have_default = true;
      }
    } else if (!scalar_arg(pn, bi->value, t, &args[j])) {
      goto out;
    }
  }
  for (unsigned j = 0; j < np; j++) {
    const char *pn = casc_sim_param_name(prog, j);
    casc_type *t = casc_sim_param_type(prog, j);
    if (find(o.args, o.nargs, pn))
      continue;
    if (casc_sim_param_is_ffts(prog, j))
      continue; /* filled in by the simulator */
    if (find(o.outs, o.nouts, pn) && have_default) {
      char spec[48];
      snprintf(spec, sizeof spec, "zeros:%zu", default_count);
      int grc = gm_arg(ctx, pn, spec, casc_dtype_of_type(casc_type_elem(t)),
                       &bufs[j], &args[j]);
      if (grc != CASC_EXIT_OK) {
        rc = grc;
        goto out;
      }
      continue;
    }
    casc_cli_error("run", "missing --arg %s=... for @%s", pn, kernel);
    goto out;
  }
  /* Pack in parameter order, dropping ffts_addr if it was not given. */
  for (unsigned j = 0; j < np; j++) {
    if (casc_sim_param_is_ffts(prog, j) &&
        !find(o.args, o.nargs, casc_sim_param_name(prog, j)))
      continue;
    args[nargs++] = args[j];
  }

  /* The kernel's DumpTensor / printf output is the command's output (on
   * stderr when a SARIF log takes stdout). */
  casc_launch_opts lo = {o.threads, &plat, o.max_steps, casc_sim_print_stream,
                         o.diags.f == stdout ? stderr : stdout};
  casc_launch_result res;
  casc_buf trace;
  casc_buf_init(&trace);
  casc_launch_status st =
      o.timing ? casc_sim_run_timed(prog, o.blocks, args, nargs, &lo,
                                    o.trace ? &trace : NULL, &res)
               : casc_sim_run(prog, o.blocks, args, nargs, &lo, &res);
  /* A trace that cannot be written fails the run (exit status 1). A run
   * that ran out of memory writes none: its chart may miss a part. */
  bool trace_failed = st != CASC_LAUNCH_BAD_LAUNCH &&
                      st != CASC_LAUNCH_OUT_OF_MEMORY && o.trace &&
                      !write_trace(o.trace, &trace);
  casc_buf_free(&trace);
  if (trace_failed)
    st = CASC_LAUNCH_KERNEL_ERROR;
  if (st == CASC_LAUNCH_BAD_LAUNCH) {
    rc = CASC_EXIT_USAGE;
    goto out;
  }
  rc = st == CASC_LAUNCH_OK ? CASC_EXIT_OK : CASC_EXIT_FAIL;
  for (unsigned i = 0; i < o.nouts; i++) {
    for (unsigned j = 0; j < np; j++)
      if (strcmp(casc_sim_param_name(prog, j), o.outs[i].name) == 0 &&
          !casc_npy_write(ctx, o.outs[i].value, &bufs[j].arr))
        rc = CASC_EXIT_FAIL;
  }
  if (o.timing && res.timing.valid)
    print_timing(&res.timing, kernel, &plat);
  if (o.stats)
    printf("casc run: @%s, %u block(s), %.3f ms, %llu steps, %u error(s), "
           "%u warning(s)\n",
           kernel, o.blocks, res.seconds * 1e3, (unsigned long long)res.steps,
           res.errors, res.warnings);
out:
  if (bufs)
    for (unsigned j = 0; j < casc_sim_num_params(prog); j++)
      casc_npy_free(&bufs[j].arr);
  casc_free(bufs);
  casc_free(args);
  casc_sim_program_free(prog);
  casc_ctx_free(ctx);
  casc_free(text);
  free_bindings(&o);
  if (!casc_diag_sink_close(&o.diags, "run") && rc == CASC_EXIT_OK)
    rc = CASC_EXIT_FAIL;
  return rc;
}
