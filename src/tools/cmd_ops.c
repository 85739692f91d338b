/* `casc ops`: the op table as a user sees it: every op casc reads and
 * prints, its Ascend C API, its family, the element types it takes and
 * whether the simulator runs it (if not, why). `--markdown` prints the
 * coverage table of docs/simulator.md (a lit test keeps the two equal). */
#include <stdio.h>
#include <string.h>

#include "casc/sim.h"
#include "dialect/dialect.h"
#include "tools/cli_util.h"

#define CMD "ops"

static void print_help(void) {
  printf("OVERVIEW: casc ops - list the ops of the op table\n\n"
         "USAGE: casc ops [options] [PREFIX]\n\n"
         "Lists every op (or those whose name starts with PREFIX, e.g.\n"
         "ascendc.add): its Ascend C API, its family, the element types it\n"
         "takes on Atlas A2 ('any' = not restricted by the table) and\n"
         "whether `casc run` runs it (if not, why).\n\n"
         "OPTIONS:\n"
         "  --class NAME     only ops of this family (e.g. binary-l2)\n"
         "  --unsupported    only ops the simulator does not run\n"
         "  --markdown       a Markdown table (docs/simulator.md)\n"
         "  -help            show this help\n");
}

int casc_cmd_ops(int argc, char **argv) {
  const char *prefix = NULL, *cls = NULL;
  bool markdown = false, only_unsupported = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val;
    if (a[0] != '-') {
      if (prefix) {
        casc_cli_error(CMD, "more than one prefix ('%s' and '%s')", prefix, a);
        return CASC_EXIT_USAGE;
      }
      prefix = a;
    } else if (casc_cli_flag(a, "help") || casc_cli_flag(a, "h")) {
      print_help();
      return CASC_EXIT_OK;
    } else if ((val = casc_cli_flag(a, "markdown")) && !*val) {
      markdown = true;
    } else if ((val = casc_cli_flag(a, "unsupported")) && !*val) {
      only_unsupported = true;
    } else if ((val = casc_cli_flag(a, "class"))) {
      if (*val)
        cls = val;
      else if (i + 1 < argc)
        cls = argv[++i];
      else {
        casc_cli_error(CMD, "option '%s' needs a family name", a);
        return CASC_EXIT_USAGE;
      }
    } else {
      casc_cli_error(CMD, "unknown option '%s' (see 'casc ops --help')", a);
      return CASC_EXIT_USAGE;
    }
  }
  if (cls) {
    bool known = false;
    for (unsigned c = 0; c < CASC_CLS_COUNT_; c++)
      known |= strcmp(cls, casc_op_class_name((casc_op_class)c)) == 0;
    if (!known) {
      casc_cli_error(CMD, "unknown family '%s'; the families are:", cls);
      for (unsigned c = 0; c < CASC_CLS_COUNT_; c++)
        fprintf(stderr, "  %s\n", casc_op_class_name((casc_op_class)c));
      return CASC_EXIT_USAGE;
    }
  }
  if (markdown)
    printf("| op | Ascend C | family | element types | simulated |\n"
           "|---|---|---|---|---|\n");
  unsigned shown = 0, simulated = 0;
  for (unsigned k = 1; k < casc_op_table_size(); k++) {
    const casc_op_info *info = casc_op_info_get((casc_op_kind)k);
    if (!info)
      continue;
    bool runs = casc_sim_runs_op((casc_op_kind)k);
    const char *cname = casc_op_class_name(info->cls);
    if ((prefix && strncmp(info->name, prefix, strlen(prefix)) != 0) ||
        (cls && strcmp(cls, cname) != 0) || (only_unsupported && runs))
      continue;
    char dts[128];
    if (info->dtypes)
      casc_dtype_set_text(info->dtypes, dts, sizeof dts);
    else
      snprintf(dts, sizeof dts, "any");
    /* "no" comes with its reason (src/sim/sim_unsupported.def) */
    const char *why = runs ? NULL : casc_sim_why_not((casc_op_kind)k);
    if (markdown)
      printf("| `%s` | %s | %s | %s | %s%s%s |\n", info->name,
             *info->api ? info->api : "", cname, dts, runs ? "yes" : "no",
             why ? ": " : "", why ? why : "");
    else
      printf("%-44s %-22s %-13s %-30s %s%s%s\n", info->name,
             *info->api ? info->api : "-", cname, dts, runs ? "yes" : "no",
             why ? ": " : "", why ? why : "");
    shown++;
    simulated += runs;
  }
  if (markdown)
    printf("\n%u ops, %u of them run by the simulator.\n", shown, simulated);
  else
    fprintf(stderr, "%u ops, %u run by the simulator\n", shown, simulated);
  return CASC_EXIT_OK;
}
