/* `casc translate -mlir-to-ascendc [FILE|-] [-o OUT]`: parse ASC-IR, verify
 * it and print it as Ascend C — the counterpart of
 * `ascir-translate -mlir-to-ascendc`. Nothing is written when parsing,
 * verification or emission fails (the output file is removed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "casc/emit.h"
#include "casc/ir.h"
#include "casc/text.h"
#include "tools/cli_util.h"
#include "tools/diag_format.h"
#include "util/alloc.h"

#define CMD "translate"

static void print_help(void) {
  printf("OVERVIEW: casc translate - translate ASC-IR to another form\n\n"
         "USAGE: casc translate -mlir-to-ascendc [options] [FILE|-]\n\n"
         "OPTIONS:\n"
         "  -mlir-to-ascendc  print the module as Ascend C (C++) source\n"
         "  -o FILE           write the output to FILE (default: stdout)\n"
         "  -diagnostics-format=text|json|sarif\n"
         "                    diagnostics as text, JSON lines (stderr) or a\n"
         "                    SARIF 2.1.0 log (stdout; needs -o FILE)\n"
         "  -diagnostics-file=PATH  write the diagnostics to PATH instead\n"
         "  -help             show this help\n");
}

int casc_cmd_translate(int argc, char **argv) {
  const char *input = NULL, *output = "-";
  bool to_ascendc = false;
  casc_diag_sink diags = {0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val;
    if (a[0] != '-' || a[1] == 0) {
      if (input) {
        casc_cli_error(CMD, "more than one input file ('%s' and '%s')", input,
                       a);
        return CASC_EXIT_USAGE;
      }
      input = a;
    } else if (casc_cli_flag(a, "help") || casc_cli_flag(a, "h")) {
      print_help();
      return CASC_EXIT_OK;
    } else if ((val = casc_cli_flag(a, "mlir-to-ascendc")) && !*val) {
      to_ascendc = true;
    } else if ((val = casc_cli_flag(a, "o"))) {
      if (*val)
        output = val;
      else if (i + 1 < argc)
        output = argv[++i];
      else {
        casc_cli_error(CMD, "option '%s' needs a file name", a);
        return CASC_EXIT_USAGE;
      }
    } else if ((val = casc_cli_flag(a, "diagnostics-format")) ||
               (val = casc_cli_flag(a, "diagnostics-file"))) {
      if (casc_diag_sink_option(&diags, CMD, a) < 0)
        return CASC_EXIT_USAGE;
    } else {
      casc_cli_error(CMD, "unknown option '%s' (see 'casc translate --help')",
                     a);
      return CASC_EXIT_USAGE;
    }
  }
  if (!to_ascendc) {
    casc_cli_error(CMD, "no translation given (use -mlir-to-ascendc)");
    return CASC_EXIT_USAGE;
  }
  if (!input)
    input = "-";
  int rc = casc_diag_sink_open(&diags, CMD, strcmp(output, "-") == 0);
  if (rc != CASC_EXIT_OK)
    return rc;
  char err[512];
  char *text;
  size_t len;
  if (!casc_cli_read_file(input, &text, &len, err, sizeof err)) {
    casc_cli_error(CMD, "%s", err);
    casc_diag_sink_close(&diags, CMD);
    return casc_cli_read_failure_exit();
  }
  casc_ctx *ctx = casc_ctx_new();
  if (!ctx) {
    casc_free(text);
    casc_cli_error(CMD, "out of memory");
    casc_diag_sink_close(&diags, CMD);
    return CASC_EXIT_FAIL;
  }
  const char *name = casc_cli_buffer_name(input);
  casc_cli_diag_printer printer = {name, false, 1, 0, 0, &diags};
  casc_ctx_set_diag_handler(ctx, casc_cli_print_diag, &printer);
  casc_op *module = casc_parse_module(ctx, text, len, name, 1);
  casc_buf cpp;
  casc_buf_init(&cpp);
  bool ok = module && casc_verify(ctx, module) &&
            casc_emit_ascendc_buf(ctx, module, &cpp);
  rc = CASC_EXIT_FAIL;
  if (ok) {
    casc_cli_output out;
    if (!casc_cli_output_open(&out, output, err, sizeof err)) {
      casc_cli_error(CMD, "%s", err);
    } else {
      bool wrote =
          cpp.len == 0 || fwrite(cpp.data, 1, cpp.len, out.f) == cpp.len;
      if (!casc_cli_output_close(&out, wrote) || !wrote)
        casc_cli_error(CMD, "failed to write '%s'", output);
      else
        rc = CASC_EXIT_OK;
    }
  } else if (printer.errors == 0) {
    casc_cli_error(CMD, "%s: translation failed without a diagnostic", name);
  }
  if (!casc_diag_sink_close(&diags, CMD))
    rc = CASC_EXIT_FAIL;
  casc_buf_free(&cpp);
  casc_ctx_free(ctx);
  casc_free(text);
  return rc;
}
