/* The op-table sweep (issue 10): every row of src/dialect/ops.def gets a
 * minimal op synthesised from its operand, result and attribute specs,
 * placed in a kernel function, once with every optional part absent and
 * once with every optional part present. Each such module must
 *   a) print -> parse -> verify -> print to the same text, in the custom
 *      and in the generic form (and the generic text must parse to the
 *      same IR as the custom text);
 *   b) emit Ascend C that names the row's API, or fail with a located error
 *      (never crash, never succeed with nothing);
 *   c) run on the simulator, or be rejected with a located error at the op
 *      or naming it: a block never stops without a diagnostic.
 * A failure names the row, the variant and the step. Rows the op table
 * cannot describe (regions, terminators, symbol references) have
 * hand-written modules in op_sweep_cases.h; rows that fail because of a
 * known bug outside the text/ir/target layers are listed in
 * known_failures[] with the reason.
 *
 * `test_tool_op_sweep --list` prints one line per swept row and variant
 * with the outcome of each step (how the coverage of the table is
 * measured). `--emit-modules DIR` also writes each module that verifies,
 * in the generic form (which every MLIR tool reads, whatever the row's
 * custom format), to DIR/<op>.<variant>.mlir: the inputs of the
 * differential check against pyasc's own tools (scripts/pyasc-diff.py). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/emit.h"
#include "casc/ir.h"
#include "casc/sim.h"
#include "casc/text.h"
#include "check.h"
#include "dialect/dialect.h"
#include "op_sweep_cases.h"
#include "op_synth.h"

typedef enum {
  STEP_BUILD,
  STEP_CUSTOM,
  STEP_GENERIC,
  STEP_EMIT,
  STEP_SIM,
  STEP_COUNT_
} sweep_step;

static const char *const step_names[STEP_COUNT_] = {
    "build+verify", "custom round trip", "generic round trip", "emit",
    "simulator"};

/* Rows that fail a step for a reason casc keeps on purpose, each with it.
 * A row listed here that passes fails the test, so the list cannot go
 * stale. */
static const struct {
  const char *op;
  const char *variant; /* "minimal", "full", "alternative" */
  sweep_step step;
  const char *why;
} known_failures[] = {
    /* (ascendc.set_aipp_functions without src1, whose format pyasc's
     * ascir-opt cannot read back, parses since session 6: src/text/format.c,
     * group_present_by_follow.) */
    {NULL, NULL, STEP_COUNT_, NULL},
};

static const char *known_failure(const char *op, const char *variant,
                                 sweep_step step) {
  for (size_t i = 0; i < sizeof known_failures / sizeof known_failures[0]; i++)
    if (known_failures[i].op && known_failures[i].step == step &&
        strcmp(known_failures[i].op, op) == 0 &&
        strcmp(known_failures[i].variant, variant) == 0)
      return known_failures[i].why;
  return NULL;
}

/* ---- outcome of one module -------------------------------------------- */

typedef struct {
  const char *op;      /* row name */
  const char *variant; /* "minimal" / "full" / "alternative" */
  bool fail[STEP_COUNT_];
  char detail[STEP_COUNT_][512];
  const char *emit_outcome; /* "emitted" / "rejected" */
  /* "ran" (maybe with a kernel-end check failing), "stopped-at-op" (a run
   * error at the op), "rejected" (the lowering refused the op),
   * "rejected-operand" (it refused the producer of an operand) */
  const char *sim_outcome;
} sweep_result;

static void step_fail(sweep_result *r, sweep_step s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void step_fail(sweep_result *r, sweep_step s, const char *fmt, ...) {
  if (r->fail[s])
    return;
  r->fail[s] = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->detail[s], sizeof r->detail[s], fmt, ap);
  va_end(ap);
}

/* The first error diagnostic of list from index `from`, rendered. */
static void first_error(const casc_diag_list *l, unsigned from, char *buf,
                        size_t n) {
  buf[0] = 0;
  for (unsigned i = from; i < l->n; i++)
    if (l->items[i]->sev == CASC_SEV_ERROR) {
      char loc[128];
      casc_loc_format(l->items[i]->loc, loc, sizeof loc);
      snprintf(buf, n, "%s: %s", loc, l->items[i]->msg);
      return;
    }
  snprintf(buf, n, "(no error diagnostic)");
}

/* ---- step a: round trips ------------------------------------------------ */

static char *print_module(casc_ctx *ctx, casc_op *m, bool generic) {
  casc_print_flags fl = {.generic = generic};
  casc_buf b;
  casc_buf_init(&b);
  casc_print_op(ctx, m, &fl, &b);
  char *s = strdup(b.data ? b.data : "");
  casc_buf_free(&b);
  return s;
}

/* First line where a and b differ, for the report. */
static void first_difference(const char *a, const char *b, char *buf,
                             size_t n) {
  unsigned line = 1;
  const char *la = a, *lb = b;
  while (*a && *a == *b) {
    if (*a == '\n') {
      line++;
      la = a + 1;
      lb = b + 1;
    }
    a++;
    b++;
  }
  int wa = (int)strcspn(la, "\n"), wb = (int)strcspn(lb, "\n");
  snprintf(buf, n, "line %u: \"%.*s\" became \"%.*s\"", line,
           wa > 160 ? 160 : wa, la, wb > 160 ? 160 : wb, lb);
}

/* Parse text, verify it; NULL after reporting into r. */
static casc_op *parse_verified(casc_ctx *ctx, const casc_diag_list *diags,
                               const char *text, const char *file,
                               sweep_result *r, sweep_step s) {
  unsigned before = diags->n;
  casc_op *m = casc_parse_module(ctx, text, strlen(text), file, 1);
  char err[400];
  if (!m) {
    first_error(diags, before, err, sizeof err);
    step_fail(r, s, "the printed text does not parse: %s", err);
    return NULL;
  }
  if (!casc_verify(ctx, m)) {
    first_error(diags, before, err, sizeof err);
    step_fail(r, s, "the reparsed module does not verify: %s", err);
    return NULL;
  }
  return m;
}

/* print(built) -> parse -> verify -> print must be a fixed point, in the
 * custom form and in the generic form; the generic text must also parse to
 * the IR the custom text describes. Returns the module parsed from the
 * custom text (it carries file locations for steps b and c), or NULL. */
static casc_op *round_trips(casc_ctx *ctx, const casc_diag_list *diags,
                            casc_op *built, sweep_result *r) {
  char diff[400];
  char *custom = print_module(ctx, built, false);
  casc_op *parsed =
      parse_verified(ctx, diags, custom, "sweep.mlir", r, STEP_CUSTOM);
  if (parsed) {
    char *again = print_module(ctx, parsed, false);
    if (strcmp(custom, again) != 0) {
      first_difference(custom, again, diff, sizeof diff);
      step_fail(r, STEP_CUSTOM, "printed text changed: %s", diff);
    }
    free(again);
  }
  char *generic = print_module(ctx, built, true);
  casc_op *gparsed = parse_verified(ctx, diags, generic, "sweep-generic.mlir",
                                    r, STEP_GENERIC);
  if (gparsed) {
    char *again = print_module(ctx, gparsed, true);
    if (strcmp(generic, again) != 0) {
      first_difference(generic, again, diff, sizeof diff);
      step_fail(r, STEP_GENERIC, "printed text changed: %s", diff);
    }
    free(again);
    char *as_custom = print_module(ctx, gparsed, false);
    if (strcmp(custom, as_custom) != 0) {
      first_difference(custom, as_custom, diff, sizeof diff);
      step_fail(r, STEP_GENERIC,
                "the generic text describes other IR than the custom text: "
                "%s",
                diff);
    }
    free(as_custom);
  }
  free(custom);
  free(generic);
  return parsed;
}

/* ---- step b: Ascend C --------------------------------------------------- */

static bool located(const casc_diag *d) {
  return casc_loc_find_file(d->loc) != NULL;
}

/* What the C++ of a row must contain: its API name where the emitter
 * prints it (the generic emitters, `@` in an emit pattern, or the name
 * spelled in the pattern), else the literal start of its emit pattern
 * (`set_ffts_base_addr(` for SetFftsBaseAddr, as pyasc prints it). */
static void expected_cxx(const casc_op_info *info, char *buf, size_t n) {
  buf[0] = 0;
  if (!info)
    return;
  const char *pat = info->emit;
  if (info->api[0] && (!pat[0] || strchr(pat, '@') || strstr(pat, info->api))) {
    snprintf(buf, n, "%s", info->api);
    return;
  }
  size_t len = strcspn(pat, "$#@?\\!&");
  if (len >= 3)
    snprintf(buf, n, "%.*s", (int)len, pat);
}

static void check_emit(casc_ctx *ctx, const casc_diag_list *diags,
                       casc_op *module, const casc_op_info *info,
                       sweep_result *r) {
  unsigned before = diags->n;
  casc_buf out;
  casc_buf_init(&out);
  casc_buf_puts(&out, "//"); /* the emitter must append, and only on success */
  size_t start = out.len;
  bool ok = casc_emit_ascendc_buf(ctx, module, &out);
  unsigned nerr = 0, nloc = 0;
  for (unsigned i = before; i < diags->n; i++)
    if (diags->items[i]->sev == CASC_SEV_ERROR) {
      nerr++;
      nloc += located(diags->items[i]);
    }
  if (ok) {
    r->emit_outcome = "emitted";
    const char *text = out.data + start;
    if (out.len == start)
      step_fail(r, STEP_EMIT, "succeeded with empty output");
    else if (nerr)
      step_fail(r, STEP_EMIT, "succeeded but reported %u error(s)", nerr);
    else {
      char want[128];
      expected_cxx(info, want, sizeof want);
      if (want[0] && !strstr(text, want))
        step_fail(r, STEP_EMIT, "the C++ does not contain '%s'", want);
    }
  } else {
    r->emit_outcome = "rejected";
    if (out.len != start)
      step_fail(r, STEP_EMIT, "failed but appended %zu bytes", out.len - start);
    if (!nloc) {
      char err[400];
      first_error(diags, before, err, sizeof err);
      step_fail(r, STEP_EMIT, "failed without a located error: %s", err);
    }
  }
  casc_buf_free(&out);
}

/* ---- step c: simulator -------------------------------------------------- */

static bool same_place(const casc_loc *a, const casc_loc *b) {
  const casc_loc *fa = casc_loc_find_file(a), *fb = casc_loc_find_file(b);
  return fa && fb && fa->u.file.line == fb->u.file.line &&
         fa->u.file.col == fb->u.file.col &&
         strcmp(fa->u.file.file, fb->u.file.file) == 0;
}

typedef struct {
  const casc_loc *loc;
  const char *name;
  bool hit;
} at_ctx;

static bool find_at(casc_op *op, void *user) {
  at_ctx *a = user;
  if (strcmp(casc_op_name(op), a->name) == 0 && same_place(op->loc, a->loc))
    a->hit = true;
  return true;
}

/* Is loc the location of an op named `name` in module? */
static bool at_op_named(casc_op *module, const casc_loc *loc,
                        const char *name) {
  at_ctx a = {loc, name, false};
  casc_walk_pre(module, find_at, &a);
  return a.hit;
}

/* Checks the simulator makes when the kernel has ended: about the kernel as
 * a whole, located at the queue or the flag rather than at the last op. */
static bool end_of_kernel_check(casc_sim_check c) {
  return c == CASC_CHECK_LEAK || c == CASC_CHECK_UNPAIRED_FLAG;
}

static bool at_swept(casc_op *module, casc_op *swept, const char *opname,
                     const casc_loc *loc) {
  return swept ? same_place(loc, swept->loc) : at_op_named(module, loc, opname);
}

/* A row the simulator does not run (SIM = NONE) must be rejected with
 * "not supported by the simulator: <op>" located at the op itself
 * (issue 11). The simulator stops at the first op it cannot run, so when
 * an operand's producer is such an op (an ascendc.construct of an API
 * struct it does not model) that producer's located error is the answer
 * and the op is never reached: counted apart. A vector row with kernel
 * NONE whose class handler ran it is simulated after all (cast and
 * duplicate need no element kernel): not this check's business. */
static unsigned count_unsupported_at_op, count_unsupported_producer;

/* Is loc that of an op producing one of swept's operands, directly or
 * through the operands of that producer (depth levels: an AippParams is
 * constructed from six constructed member structs)? */
static bool is_producer_within(const casc_op *swept, const casc_loc *loc,
                               unsigned depth) {
  for (unsigned i = 0; swept && i < swept->nops; i++) {
    const casc_op *def = casc_op_operand((casc_op *)swept, i)->def;
    if (def && (same_place(loc, def->loc) ||
                (depth > 1 && is_producer_within(def, loc, depth - 1))))
      return true;
  }
  return false;
}

static bool is_operand_producer(const casc_op *swept, const casc_loc *loc) {
  return is_producer_within(swept, loc, 2);
}

static void check_sim_unsupported(const casc_diag_list *diags, unsigned before,
                                  casc_op *module, casc_op *swept,
                                  const casc_op_info *info, sweep_result *r) {
  if (casc_op_class_is_vector(info->cls) && r->sim_outcome &&
      strcmp(r->sim_outcome, "ran") == 0)
    return;
  char want[160];
  snprintf(want, sizeof want, "not supported by the simulator: %s", info->name);
  bool producer = false;
  for (unsigned i = before; i < diags->n; i++) {
    const casc_diag *d = diags->items[i];
    if (d->sev != CASC_SEV_ERROR || !located(d))
      continue;
    /* The op name must end where the message or its " (why)" does, so
     * "ascendc.add" does not accept a message about "ascendc.add_l0". */
    size_t wl = strlen(want);
    if (at_swept(module, swept, info->name, d->loc) &&
        strncmp(d->msg, want, wl) == 0 &&
        (d->msg[wl] == '\0' || d->msg[wl] == ' ')) {
      count_unsupported_at_op++;
      return;
    }
    if (strstr(d->msg, "not supported by the simulator: ") &&
        is_operand_producer(swept, d->loc))
      producer = true;
  }
  if (producer) {
    count_unsupported_producer++;
    return;
  }
  step_fail(r, STEP_SIM,
            "SIM NONE, but no \"%s\" located at the op (outcome: %s)", want,
            r->sim_outcome ? r->sim_outcome : "none");
}

static void check_sim_launch(casc_ctx *ctx, const casc_diag_list *diags,
                             casc_op *module, casc_op *swept,
                             const char *opname, sweep_result *r) {
  float gm[SYNTH_GM_ELEMS];
  for (unsigned i = 0; i < SYNTH_GM_ELEMS; i++)
    gm[i] = (float)(i % 7);
  casc_arg args[1] = {casc_arg_gm(gm, CASC_DT_F32, SYNTH_GM_ELEMS)};
  casc_launch_opts opts = {.threads = 1, .max_steps = 100000};
  casc_launch_result res;
  memset(&res, 0, sizeof res);
  unsigned before = diags->n;
  casc_launch_status st =
      casc_launch(ctx, module, SYNTH_KERNEL, 1, args, 1, &opts, &res);
  char err[400];
  first_error(diags, before, err, sizeof err);
  unsigned nerr = 0;
  for (unsigned i = before; i < diags->n; i++)
    nerr += diags->items[i]->sev == CASC_SEV_ERROR;
  switch (st) {
  case CASC_LAUNCH_OK:
    r->sim_outcome = "ran";
    if (nerr || res.blocks_failed)
      step_fail(r, STEP_SIM, "ran OK but %u error(s), %u failed block(s): %s",
                nerr, res.blocks_failed, err);
    return;
  case CASC_LAUNCH_KERNEL_ERROR: {
    /* It ran: every error must be located at the op, or be a check of
     * the finished kernel (a buffer the op left enqueued, ...). */
    unsigned at_op = 0, at_end = 0, other = 0;
    const char *other_msg = NULL;
    for (unsigned i = 0; i < res.nissues; i++) {
      const casc_sim_issue *is = &res.issues[i];
      if (is->sev != CASC_SEV_ERROR)
        continue;
      if (is->loc && at_swept(module, swept, opname, is->loc))
        at_op++;
      else if (end_of_kernel_check(is->check))
        at_end++;
      else if (other++ == 0)
        other_msg = is->msg;
    }
    if (!at_op && !at_end && !other)
      step_fail(r, STEP_SIM,
                "a block stopped (%u failed) without an error diagnostic",
                res.blocks_failed);
    else if (other)
      step_fail(r, STEP_SIM, "stopped with an error not at the op: %s",
                other_msg);
    r->sim_outcome = at_op ? "stopped-at-op" : "ran";
    return;
  }
  case CASC_LAUNCH_BAD_LAUNCH:
  default:
    break;
  }
  /* Not run: the lowering must have rejected the op (or the producer of
   * an operand of a type the simulator does not model) with a located
   * error. */
  bool at_op = false, producer = false;
  char quoted[160];
  snprintf(quoted, sizeof quoted, "'%s'", opname);
  for (unsigned i = before; i < diags->n; i++) {
    const casc_diag *d = diags->items[i];
    if (d->sev != CASC_SEV_ERROR || !located(d))
      continue;
    if (at_swept(module, swept, opname, d->loc) || strstr(d->msg, quoted))
      at_op = true;
    else if (strstr(d->msg, "not supported by the simulator: "))
      producer = true;
  }
  if (!nerr)
    step_fail(r, STEP_SIM, "not run, and no error diagnostic says why");
  else if (at_op)
    r->sim_outcome = "rejected";
  else if (producer)
    /* The simulator cannot make a value of one of the op's operand types
     * (an API struct it does not model): the op is never reached. */
    r->sim_outcome = "rejected-operand";
  else
    step_fail(r, STEP_SIM, "not run, and no located error at the op: %s", err);
}

static void check_sim(casc_ctx *ctx, const casc_diag_list *diags,
                      casc_op *module, casc_op *swept, const casc_op_info *info,
                      sweep_result *r) {
  unsigned first_diag = diags->n;
  check_sim_launch(ctx, diags, module, swept, info->name, r);
  /* A vector row's SIM column names its element kernel, NONE for ops its
   * class handler runs without one (Duplicate): ask the simulator. */
  if (!casc_sim_runs_op(casc_op_info_kind(info)))
    check_sim_unsupported(diags, first_diag, module, swept, info, r);
}

/* ---- one module --------------------------------------------------------- */

static unsigned nswept, nfailed_steps, nknown;
static unsigned count_emitted, count_ran, count_stopped, count_rejected,
    count_operand;
static bool list_mode;
static const char *dump_op;  /* --dump <op>: print that row's modules */
static const char *emit_dir; /* --emit-modules DIR */

static void finish(sweep_result *r) {
  for (int s = 0; s < STEP_COUNT_; s++) {
    const char *why = known_failure(r->op, r->variant, (sweep_step)s);
    if (why) {
      nknown++;
      if (!CHECK(r->fail[s]))
        fprintf(stderr,
                "  %s (%s): %s passes now: remove it from "
                "known_failures\n",
                r->op, r->variant, step_names[s]);
      continue;
    }
    if (!CHECK(!r->fail[s])) {
      nfailed_steps++;
      fprintf(stderr, "  %s (%s): %s: %s\n", r->op, r->variant, step_names[s],
              r->detail[s]);
    }
  }
  if (r->emit_outcome && strcmp(r->emit_outcome, "emitted") == 0)
    count_emitted++;
  if (r->sim_outcome) {
    if (strcmp(r->sim_outcome, "ran") == 0)
      count_ran++;
    else if (strcmp(r->sim_outcome, "stopped-at-op") == 0)
      count_stopped++;
    else if (strcmp(r->sim_outcome, "rejected") == 0)
      count_rejected++;
    else
      count_operand++;
  }
  /* A module that parsed back went through steps b and c. */
  CHECK(r->fail[STEP_BUILD] || r->fail[STEP_CUSTOM] ||
        (r->emit_outcome && (r->sim_outcome || r->fail[STEP_SIM])));
  nswept++;
  if (list_mode)
    printf("%s %s emit=%s sim=%s%s\n", r->op, r->variant,
           r->emit_outcome ? r->emit_outcome : "-",
           r->sim_outcome ? r->sim_outcome : "-",
           r->fail[STEP_BUILD] || r->fail[STEP_CUSTOM] ||
                   r->fail[STEP_GENERIC] || r->fail[STEP_EMIT] ||
                   r->fail[STEP_SIM]
               ? " FAILED"
               : "");
}

/* Steps a-c on a module: built by op_synth (swept = the op) or parsed from
 * a hand-written case (swept = NULL: any op of the row's name counts). */
static void sweep_module(casc_ctx *ctx, casc_diag_list *diags, casc_op *built,
                         casc_op *swept, const casc_op_info *info,
                         sweep_result *r) {
  unsigned before = diags->n;
  if (!casc_verify(ctx, built)) {
    char err[400];
    first_error(diags, before, err, sizeof err);
    step_fail(r, STEP_BUILD, "the synthesised module does not verify: %s", err);
    return;
  }
  /* Where the swept op lands in the reparsed module: the same position
   * among the ops of its name. */
  unsigned nth = 0;
  if (swept) {
    find_nth_ctx fc = {casc_op_name(swept), swept, 0, NULL, false};
    casc_walk_pre(built, find_nth, &fc);
    nth = fc.count;
  }
  casc_op *parsed = round_trips(ctx, diags, built, r);
  if (!parsed)
    return;
  casc_op *swept2 = NULL;
  if (swept) {
    find_nth_ctx fc = {casc_op_name(swept), NULL, nth, NULL, false};
    casc_walk_pre(parsed, find_nth, &fc);
    swept2 = fc.found;
    if (!swept2) {
      step_fail(r, STEP_CUSTOM, "the op is missing from the reparsed module");
      return;
    }
  }
  check_emit(ctx, diags, parsed, info, r);
  check_sim(ctx, diags, parsed, swept2, info, r);
}

/* --emit-modules: the module as built, generic form, one file per row and
 * variant. A file that cannot be written is a failed check, not a silent
 * gap in the differential check's inputs. */
static void write_module(casc_ctx *ctx, casc_op *module,
                         const sweep_result *r) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s.mlir", emit_dir, r->op, r->variant);
  FILE *f = fopen(path, "w");
  if (!CHECK(f != NULL)) {
    fprintf(stderr, "  cannot write %s\n", path);
    return;
  }
  casc_print_op_file(ctx, module, &(casc_print_flags){.generic = true}, f);
  CHECK(fclose(f) == 0);
}

/* --dump: the module as built (custom form) and every diagnostic. */
static void dump(casc_ctx *ctx, const casc_diag_list *diags, casc_op *module,
                 const sweep_result *r) {
  printf("// ---- %s (%s)\n", r->op, r->variant);
  if (module)
    casc_print_op_file(ctx, module, &(casc_print_flags){0}, stdout);
  for (unsigned i = 0; i < diags->n; i++)
    casc_diag_print(diags->items[i], stdout);
}

static void sweep_row(casc_op_kind kind, bool full, bool alt) {
  const casc_op_info *info = casc_op_info_get(kind);
  sweep_result r;
  memset(&r, 0, sizeof r);
  r.op = info->name;
  r.variant = alt ? "alternative" : full ? "full" : "minimal";
  casc_ctx *ctx = casc_ctx_new();
  casc_diag_list diags;
  memset(&diags, 0, sizeof diags);
  casc_ctx_set_diag_handler(ctx, casc_diag_collect, &diags);
  synth s;
  casc_op *swept = NULL;
  const char *hand = hand_case(info->name, full);
  casc_op *module = NULL;
  if (hand) {
    module = casc_parse_module(ctx, hand, strlen(hand), "hand.mlir", 1);
    if (!module) {
      char err[400];
      first_error(&diags, 0, err, sizeof err);
      step_fail(&r, STEP_BUILD, "the hand-written case does not parse: %s",
                err);
    } else if (!has_op_named(module, info->name)) {
      step_fail(&r, STEP_BUILD, "the hand-written case has no '%s'",
                info->name);
      module = NULL;
    } else {
      /* The swept op is the first of its name, so that an error at one of
       * its operands' producers is recognised as such. */
      find_nth_ctx f = {info->name, NULL, 0, NULL, false};
      casc_walk_pre(module, find_nth, &f);
      swept = f.found;
    }
  } else {
    synth_init(&s, ctx, info, full, alt);
    swept = synth_row(&s, kind);
    module = s.module;
    if (!swept)
      step_fail(&r, STEP_BUILD, "cannot synthesise: %s", s.error);
  }
  if (module && !r.fail[STEP_BUILD]) {
    sweep_module(ctx, &diags, module, swept, info, &r);
    if (emit_dir && !r.fail[STEP_BUILD])
      write_module(ctx, module, &r);
  }
  finish(&r);
  if (dump_op && strcmp(dump_op, info->name) == 0)
    dump(ctx, &diags, module, &r);
  casc_diag_list_free(&diags);
  casc_ctx_free(ctx);
}

static void test_table_is_well_formed(void) {
  CHECK(casc_op_table_error() == NULL);
  CHECK(casc_op_table_size() > 250);
}

static void test_sweep_every_row(void) {
  unsigned rows = 0;
  for (casc_op_kind k = 1; k < casc_op_table_size(); k++) {
    const casc_op_info *info = casc_op_info_get(k);
    if (!info)
      continue;
    rows++;
    sweep_row(k, false, false);
    /* A hand-written case has a full form unless it is the minimal one. */
    if (row_has_optional_parts(info) ||
        (hand_case(info->name, true) &&
         hand_case(info->name, true) != hand_case(info->name, false)))
      sweep_row(k, true, false);
    if (synth_has_alternative(info))
      sweep_row(k, true, true);
  }
  fprintf(stderr,
          "op sweep: %u rows, %u modules: %u emitted; simulator: %u ran, %u "
          "stopped at the op, %u rejected the op, %u rejected an operand "
          "type it does not model; %u known failure(s), %u failed "
          "step(s)\n",
          rows, nswept, count_emitted, count_ran, count_stopped, count_rejected,
          count_operand, nknown, nfailed_steps);
  fprintf(stderr,
          "op sweep: SIM NONE modules: %u rejected as not supported at the "
          "op, %u stopped earlier at an operand's producer the simulator "
          "does not run\n",
          count_unsupported_at_op, count_unsupported_producer);
}

/* Every row the simulator does not run says why, and every reason in
 * src/sim/sim_unsupported.def names a row that exists and does not run (so
 * the list cannot go stale when a row starts running). */
static void test_every_unsimulated_row_has_a_reason(void) {
  unsigned without = 0;
  for (unsigned k = 1; k < casc_op_table_size(); k++) {
    const casc_op_info *info = casc_op_info_get((casc_op_kind)k);
    if (!info || casc_sim_runs_op((casc_op_kind)k))
      continue;
    if (!casc_sim_why_not((casc_op_kind)k)) {
      fprintf(stderr,
              "  %s: not simulated and no reason in "
              "src/sim/sim_unsupported.def\n",
              info->name);
      without++;
    }
  }
  CHECK_EQ_INT((int)without, 0);
  unsigned stale = 0;
#define SIM_WHY_NOT(op, why)                                                   \
  do {                                                                         \
    casc_op_kind k_ = casc_op_kind_lookup(op, strlen(op));                     \
    if (k_ == CASC_OP_UNREGISTERED || casc_sim_runs_op(k_)) {                  \
      fprintf(stderr, "  %s: %s\n", op,                                        \
              k_ == CASC_OP_UNREGISTERED ? "no such row" : "it runs");         \
      stale++;                                                                 \
    }                                                                          \
    (void)(why);                                                               \
  } while (0);
#include "sim/sim_unsupported.def"
#undef SIM_WHY_NOT
  CHECK_EQ_INT((int)stale, 0);
}

int main(int argc, char **argv) {
  list_mode = argc > 1 && strcmp(argv[1], "--list") == 0;
  if (argc > 2 && strcmp(argv[1], "--dump") == 0)
    dump_op = argv[2];
  if (argc > 2 && strcmp(argv[1], "--emit-modules") == 0)
    emit_dir = argv[2];
  RUN_TEST(test_table_is_well_formed);
  RUN_TEST(test_sweep_every_row);
  RUN_TEST(test_every_unsimulated_row_has_a_reason);
  return CHECK_SUMMARY();
}
