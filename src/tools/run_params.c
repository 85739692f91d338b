/* Names of a kernel's parameters on `casc run`'s command line (see
 * run_params.h). */
#include "tools/run_params.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"
#include "util/alloc.h"

/* MLIR's suffix-id characters: letters, digits, and $ . _ - */
static bool ssa_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '$' || c == '.' || c == '_' || c == '-';
}

/* The `%name` the argument is located at, when its location is the default
 * one the parser gives (a file location in this buffer); else NULL. */
static const char *written_name(casc_ctx *ctx, const casc_value *arg,
                                const char *text, size_t len,
                                const char *buffer_name) {
  const casc_loc *l = casc_value_loc(arg);
  if (!l || l->kind != CASC_LOC_FILE || !l->u.file.file ||
      strcmp(l->u.file.file, buffer_name) != 0 || l->u.file.line == 0 ||
      l->u.file.col == 0)
    return NULL;
  size_t off = 0;
  for (unsigned line = 1; line < l->u.file.line && off < len; off++)
    if (text[off] == '\n')
      line++;
  off += l->u.file.col - 1;
  if (off >= len || text[off] != '%')
    return NULL;
  size_t end = off + 1;
  while (end < len && ssa_name_char(text[end]))
    end++;
  /* `%0` is a number, not a name: it answers to its position only. */
  if (end == off + 1 || (text[off + 1] >= '0' && text[off + 1] <= '9'))
    return NULL;
  return casc_intern(ctx, text + off + 1, end - off - 1);
}

static const char *loc_name(const casc_value *arg) {
  const casc_loc *l = casc_value_loc(arg);
  if (l && l->kind == CASC_LOC_NAME && l->u.name.name && l->u.name.name[0])
    return l->u.name.name;
  return NULL;
}

bool run_params_init(run_params *rp, casc_ctx *ctx, casc_op *module,
                     const casc_sim_program *prog, const char *kernel,
                     const char *text, size_t len, const char *buffer_name) {
  memset(rp, 0, sizeof *rp);
  rp->prog = prog;
  rp->kernel = kernel;
  rp->n = casc_sim_num_params(prog);
  rp->display = casc_calloc(rp->n + 1, sizeof *rp->display);
  rp->written = casc_calloc(rp->n + 1, sizeof *rp->written);
  if (!rp->display || !rp->written) {
    casc_cli_error("run", "out of memory");
    return false;
  }
  casc_op *fn = casc_module_lookup_func(module, kernel);
  casc_block *entry = fn && fn->nregions ? casc_op_regions(fn)[0].first : NULL;
  for (unsigned i = 0; i < rp->n; i++) {
    const casc_value *a = entry && i < entry->nargs ? entry->args[i] : NULL;
    if (a)
      rp->written[i] = written_name(ctx, a, text, len, buffer_name);
    const char *ln = a ? loc_name(a) : NULL;
    rp->display[i] = ln               ? ln
                     : rp->written[i] ? rp->written[i]
                                      : casc_sim_param_name(prog, i);
  }
  return true;
}

void run_params_free(run_params *rp) {
  casc_free(rp->display);
  casc_free(rp->written);
  memset(rp, 0, sizeof *rp);
}

/* argN with N a parameter number (no sign, no leading zeros). */
static int position(const run_params *rp, const char *name) {
  if (strncmp(name, "arg", 3) != 0 || !name[3] || (name[3] == '0' && name[4]))
    return -1;
  unsigned long v = 0;
  for (const char *p = name + 3; *p; p++) {
    if (*p < '0' || *p > '9' || v > rp->n)
      return -1;
    v = v * 10 + (unsigned long)(*p - '0');
  }
  return v < rp->n ? (int)v : -1;
}

static void list_names(const run_params *rp) {
  fprintf(stderr, "; its arguments are ");
  for (unsigned i = 0; i < rp->n; i++) {
    char pos[24];
    snprintf(pos, sizeof pos, "arg%u", i);
    const char *w = rp->written[i];
    fprintf(stderr, "%s%s", i ? ", " : "", rp->display[i]);
    if (w && strcmp(w, rp->display[i]) != 0 && strcmp(w, pos) != 0)
      fprintf(stderr, " (%%%s, %s)", w, pos);
    else if (strcmp(rp->display[i], pos) != 0)
      fprintf(stderr, " (%s)", pos);
  }
  if (!rp->n)
    fprintf(stderr, "none");
  fprintf(stderr, "\n");
}

int run_params_find(const run_params *rp, const char *name, const char *flag) {
  int found = -1;
  for (unsigned i = 0; i < rp->n; i++) {
    bool by_name = strcmp(rp->display[i], name) == 0 ||
                   (rp->written[i] && strcmp(rp->written[i], name) == 0);
    if (!by_name)
      continue;
    if (found >= 0) {
      casc_cli_error("run",
                     "%s %s: @%s has two arguments of that name (arg%d and "
                     "arg%u); use the position",
                     flag, name, rp->kernel, found, i);
      return -1;
    }
    found = (int)i;
  }
  if (found < 0)
    found = position(rp, name);
  if (found >= 0)
    return found;
  fprintf(stderr, "casc run: %s %s: @%s has no argument '%s'", flag, name,
          rp->kernel, name);
  list_names(rp);
  /* Printing IR without locations drops the front ends' argument names
   * (NameLocs): `casc opt k.mlir | casc run` sees %arg0 only. */
  bool unnamed = true;
  for (unsigned i = 0; i < rp->n && unnamed; i++) {
    char pos[24];
    snprintf(pos, sizeof pos, "arg%u", i);
    unnamed = strcmp(rp->display[i], pos) == 0;
  }
  if (unnamed && rp->n)
    fprintf(stderr,
            "casc run: note: @%s's arguments have no names; IR printed "
            "without locations loses them: print it with `casc opt "
            "-mlir-use-nameloc-as-prefix` (or -mlir-print-debuginfo)\n",
            rp->kernel);
  return -1;
}
