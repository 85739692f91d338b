/* Helpers shared by the `casc` subcommands: command-line flags spelled the
 * way LLVM's cl::opt accepts them, input files, output files, and printing
 * diagnostics. Only src/tools prints and chooses exit codes. */
#ifndef CASC_TOOLS_CLI_UTIL_H
#define CASC_TOOLS_CLI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "casc/diag.h"

#ifndef CASC_VERSION
#define CASC_VERSION "0.1.0"
#endif

/* Exit codes of every subcommand (docs/cli.md): 0 success; 1 the input is
 * invalid or a check found errors in it (parse, verify, a pass, the kernel),
 * an output could not be written, or memory ran out; 2 the command line is
 * wrong or an input file it names cannot be read. */
enum { CASC_EXIT_OK = 0, CASC_EXIT_FAIL = 1, CASC_EXIT_USAGE = 2 };

/* Command-line flags: `-name`, `--name`, `-name=value`, `--name=value` are
 * all the same flag (as with cl::opt). Returns NULL if arg is not the flag
 * `name`; otherwise the value after '=' or "" when there is none (check
 * *ret to tell the two apart when a value is required or forbidden). */
const char *casc_cli_flag(const char *arg, const char *name);
/* The flag name of arg without its leading dashes and without "=value"
 * (for pass flags); sets *len. NULL if arg does not start with '-'. */
const char *casc_cli_flag_name(const char *arg, size_t *len);

/* Read a whole file ("-" = stdin) into a malloc'd NUL-terminated buffer.
 * On failure returns false and writes a message for the user (MLIR's
 * wording: "cannot open input file 'x': No such file or directory");
 * errno is then ENOMEM when it ran out of memory. */
bool casc_cli_read_file(const char *path, char **data, size_t *len, char *err,
                        size_t errlen);
/* The exit code after casc_cli_read_file failed: usage, unless memory ran
 * out (which is no fault of the command line). */
int casc_cli_read_failure_exit(void);
/* Name given to a buffer in locations: the path, or "<stdin>" for "-". */
const char *casc_cli_buffer_name(const char *path);

/* An output file ("-" = stdout). Written only when the command succeeded:
 * casc_cli_output_close(o, false) removes a partially written regular
 * file, as LLVM's ToolOutputFile does. Anything else (/dev/null, a FIFO, a
 * terminal) is never removed: removing /dev/null as root would break every
 * process on the machine. */
typedef struct {
  FILE *f;
  const char *path;
  bool is_stdout;
  bool is_regular; /* a regular file, which a failed command removes */
} casc_cli_output;
bool casc_cli_output_open(casc_cli_output *o, const char *path, char *err,
                          size_t errlen);
/* Returns false if writing failed. */
bool casc_cli_output_close(casc_cli_output *o, bool keep);

/* Diagnostic printing to stderr. With -split-input-file, MLIR names a
 * location inside a chunk "within split at FILE:N offset :L:C" where N is
 * the line the chunk starts on (the `// -----` line, or 1) and L counts from
 * there; casc keeps absolute line numbers internally and converts here. */
typedef struct {
  const char *buffer_name; /* locations in this file are rewritten */
  bool split;
  unsigned split_line; /* N above */
  unsigned errors;     /* errors seen by the handler */
  unsigned warnings;   /* warnings seen by the handler */
  /* --diagnostics-format/-file (tools/diag_format.h); NULL: text on stderr */
  struct casc_diag_sink *sink;
} casc_cli_diag_printer;
/* casc_diag_handler printing d (and its notes) to stderr, or in the
 * printer's sink format and place. */
void casc_cli_print_diag(const casc_diag *d, void *printer);

/* Prints "casc <cmd>: message" to stderr (usage and I/O errors). */
void casc_cli_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
