/* The names a kernel's parameters answer to on `casc run`'s command line
 * (--arg NAME=..., --out NAME=...):
 *   - the name the file writes: `%x` in `func.func @k(%x: ...)` is x;
 *   - a NameLoc given to the argument, `loc("x")` (pyasc's debug info);
 *   - the position, arg0, arg1, ... which always works.
 * The parser keeps no SSA names, but an argument without an explicit
 * loc(...) is located at its `%name` token, so the name is read back from
 * the source text there. */
#ifndef CASC_TOOLS_RUN_PARAMS_H
#define CASC_TOOLS_RUN_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "casc/ir.h"
#include "casc/sim.h"

typedef struct {
  unsigned n;
  /* Per parameter: the name messages use (NameLoc, else written, else
   * argN), and the written name or NULL. Interned in the context. */
  const char **display;
  const char **written;
  const casc_sim_program *prog;
  const char *kernel;
} run_params;

/* text/len/buffer_name: the source the module was parsed from. False
 * after printing "out of memory". */
bool run_params_init(run_params *rp, casc_ctx *ctx, casc_op *module,
                     const casc_sim_program *prog, const char *kernel,
                     const char *text, size_t len, const char *buffer_name);
void run_params_free(run_params *rp);

/* The parameter `name` stands for, or -1 after printing an error that lists
 * the names @kernel takes ("--arg y: @k has no argument 'y'; its arguments
 * are x (arg0), n (arg1)"). flag names the option in the message. */
int run_params_find(const run_params *rp, const char *name, const char *flag);

#endif
