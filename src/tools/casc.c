/* The `casc` command: `casc <subcommand> [args...]`. The subcommands are
 * listed once, in commands.def; this file only dispatches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"
#include "util/alloc.h"

#define CASC_COMMAND(name, fn, summary) int fn(int argc, char **argv);
#include "tools/commands.def"
#undef CASC_COMMAND

typedef struct {
  const char *name;
  int (*fn)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
#define CASC_COMMAND(name, fn, summary) {name, fn, summary},
#include "tools/commands.def"
#undef CASC_COMMAND
};

static void usage(FILE *out) {
  fprintf(out,
          "OVERVIEW: casc %s - a C toolchain for Ascend C kernels (ASC-IR)\n\n"
          "USAGE: casc <command> [options] [args]\n"
          "       casc <command> --help\n\n"
          "COMMANDS:\n",
          CASC_VERSION);
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "\nOPTIONS:\n"
               "  --help       show this help\n"
               "  --version    show the version (also after a command)\n");
}

/* Fault injection for scripts/faultinject.py (`make faultinject`), not a
 * user feature: CASC_FAIL_ALLOC=N makes the Nth allocation fail,
 * CASC_FAIL_ALLOC=N+ that one and every later one. At exit a line on
 * stderr says how many allocations the run made and how many failed, so
 * the driver knows when N has passed the end of the run. */
static bool fail_alloc_from_env(void) {
  const char *s = getenv("CASC_FAIL_ALLOC");
  if (!s || !*s)
    return false;
  char *end;
  unsigned long n = strtoul(s, &end, 10);
  bool persistent = *end == '+';
  if (end == s || (*end && strcmp(end, "+") != 0)) {
    casc_cli_error(NULL, "CASC_FAIL_ALLOC='%s' is not N or N+", s);
    return false;
  }
  casc_alloc_fail_nth(n, persistent);
  return true;
}

static int run_command(int argc, char **argv);

int main(int argc, char **argv) {
  bool injecting = fail_alloc_from_env();
  int rc = run_command(argc, argv);
  if (injecting)
    fprintf(stderr, "casc: CASC_FAIL_ALLOC: %lu allocations, %lu failed\n",
            casc_alloc_count(), casc_alloc_failures());
  return rc;
}

static int run_command(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return CASC_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (casc_cli_flag(cmd, "help") || casc_cli_flag(cmd, "h") ||
      strcmp(cmd, "help") == 0) {
    usage(stdout);
    return CASC_EXIT_OK;
  }
  if (casc_cli_flag(cmd, "version")) {
    printf("casc version %s\n", CASC_VERSION);
    return CASC_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    if (strcmp(cmd, commands[i].name) != 0)
      continue;
    /* `casc <command> --version`, as LLVM tools answer it anywhere. */
    for (int a = 2; a < argc; a++) {
      const char *v = casc_cli_flag(argv[a], "version");
      if (v && !*v) {
        printf("casc version %s\n", CASC_VERSION);
        return CASC_EXIT_OK;
      }
    }
    return commands[i].fn(argc - 1, argv + 1);
  }
  casc_cli_error(NULL, "unknown command '%s' (see 'casc --help')", cmd);
  return CASC_EXIT_USAGE;
}
