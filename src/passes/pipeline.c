/* pyasc's compile pipeline (python/asc/runtime/compiler.py, docs/ir.md §6.1):
 * lowering, optimising, post-processing, with verify-sync at the end.
 *
 * Where casc deliberately differs (docs/ir.md "Where casc deliberately
 * differs"): materialize-tensor frees at the last use, legalize-kernel-args
 * adds the ffts_addr argument only to kernels that need it, and verify-sync
 * is on by default. Option pyasc_compat restores pyasc's exact list.
 * A module with local_tensor_auto gets pyasc's auto-sync block (erase-sync,
 * hoist-que-bind, insert-sync, unify-pipe, canonicalize); explicit-queue
 * kernels keep their own synchronisation. */
#include <string.h>

#include "dialect/dialect.h"
#include "passes/pipeline.h"

static bool has_auto_tensor(casc_op *op, void *user) {
  (void)user;
  return strcmp(casc_op_name(op), "ascendc.local_tensor_auto") != 0;
}

unsigned casc_pipeline_build(casc_op *module, const casc_compile_options *o,
                             casc_pipeline_step *steps) {
  unsigned n = 0;
#define STEP(f, opt)                                                           \
  do {                                                                         \
    steps[n].flag = (f);                                                       \
    steps[n].options = (opt);                                                  \
    n++;                                                                       \
  } while (0)
  /* Lowering. */
  STEP("ascendc-privatize-func", NULL);
  STEP("inline", NULL);
  STEP("symbol-dce", NULL);
  STEP("canonicalize", NULL);
  STEP("ascendc-input-output-tensor", NULL);
  STEP("ascendc-hoist-ub-allocation", NULL);
  STEP("ascendc-materialize-tensor",
       o->free_at_last_use ? "free-at-last-use" : NULL);
  STEP("ascendc-unify-pipe", NULL);
  STEP("canonicalize", NULL);
  STEP("cse", NULL);
  /* Optimising. */
  STEP("loop-invariant-code-motion", NULL);
  STEP("sccp", NULL);
  STEP("canonicalize", NULL);
  /* The auto-sync block: only for modules with local_tensor_auto (checked
   * before lowering, as pyasc decides it from the traced module). */
  if (module && !casc_walk_pre(module, has_auto_tensor, NULL)) {
    STEP("ascendc-erase-sync", NULL);
    STEP("ascendc-hoist-que-bind", NULL);
    STEP("ascendc-insert-sync", NULL);
    STEP("ascendc-unify-pipe", NULL);
    STEP("canonicalize", NULL);
  }
  /* Post-processing. */
  STEP("ascendc-declare-py-struct", NULL);
  STEP("ascendc-generate-boilerplate", NULL);
  STEP("ascendc-legalize-kernel-args", o->pyasc_compat ? NULL : "ffts=mixed");
  STEP("ascendc-detect-kernel-type", NULL);
  STEP("ascendc-detect-enable-debug", NULL);
  if (o->verify_sync)
    STEP("ascendc-verify-sync", NULL);
  if (o->strip_debuginfo)
    STEP("strip-debuginfo", NULL);
#undef STEP
  return n;
}
