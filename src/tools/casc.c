/* The `casc` command: `casc <subcommand> [args...]`. The subcommands are
 * listed once, in commands.def; this file only dispatches. */
#include <stdio.h>
#include <string.h>

#include "tools/cli_util.h"

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
               "  --version    show the version\n");
}

int main(int argc, char **argv) {
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
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(cmd, commands[i].name) == 0)
      return commands[i].fn(argc - 1, argv + 1);
  casc_cli_error(NULL, "unknown command '%s' (see 'casc --help')", cmd);
  return CASC_EXIT_USAGE;
}
