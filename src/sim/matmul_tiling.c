/* The host's TCubeTiling as a kernel argument (pyasc: `tiling:
 * asc.adv.TCubeTiling`, IR: memref<?x!ascendc.cube_tiling, 22>): the
 * simulator passes it as the struct's 49 int32 fields in pyasc's order
 * (python/asc/language/adv/tiling.py, TCubeTiling), i.e. a GM buffer of
 * int32 (`casc run --arg tiling=t.npy`). emitasc.copy_struct copies them
 * into slots of their own (as ascendc.construct keeps a struct's fields),
 * emitasc.member / emitasc.set_member read and write one by its C++ name,
 * which lowering turns into the field's index. Also the compile-time
 * constants of Ascend C that pyasc prints as emitc.constant opaque
 * (TOTAL_L1_SIZE ...), with their arch 2201 values. */
#include <string.h>

#include "sim/sim_internal.h"

int sim_cube_tiling_field(const char *name) {
  /* pyasc's Field for trans_length is named "trans_length" in the IR. */
  if (strcmp(name, "trans_length") == 0)
    return 16;
  return casc_cube_tiling_field(name);
}

bool sim_opaque_constant(const char *text, int64_t *v) {
  /* Ascend C's constants for arch 2201 (kernel_utils_constants.h, as
   * docs/ascendc-facts.md §3 lists the sizes). */
  static const struct {
    const char *name;
    int64_t v;
  } k[] = {
      {"::AscendC::TOTAL_L1_SIZE\"", 512 * 1024},
      {"::AscendC::TOTAL_L0A_SIZE\"", 64 * 1024},
      {"::AscendC::TOTAL_L0B_SIZE\"", 64 * 1024},
      {"::AscendC::TOTAL_L0C_SIZE\"", 128 * 1024},
      {"::AscendC::TOTAL_UB_SIZE\"", 192 * 1024},
      {"::AscendC::DEFAULT_C0_SIZE\"", 32},
      {"::AscendC::ONE_BLK_SIZE\"", 32},
  };
  const char *q = text ? strstr(text, "<\"") : NULL;
  if (!q)
    return false;
  for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++)
    if (strncmp(q + 2, k[i].name, strlen(k[i].name)) == 0) {
      *v = k[i].v;
      return true;
    }
  return false;
}

bool sim_exec_struct(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots;
  switch (in->opc) {
  case SIM_STRUCT_COPY: {
    /* the fields from GM, int32 each, into slots imm2 .. imm2 + imm - 1 */
    const uint8_t *p =
        sim_global_access(b, in, 0, 0, in->imm * (int64_t)4, false);
    if (!p)
      return false;
    for (int64_t i = 0; i < in->imm; i++) {
      int32_t v;
      memcpy(&v, p + i * 4, 4);
      s[in->imm2 + i].i = v;
    }
    s[in->r].i = in->imm2;
    return true;
  }
  case SIM_STRUCT_MEMBER:
    s[in->r].i = sim_norm(s[s[in->a[0]].i + in->imm].i, in->dt);
    return true;
  case SIM_STRUCT_SET_MEMBER:
    s[s[in->a[0]].i + in->imm].i = sim_norm(s[in->a[1]].i, CASC_DT_I32);
    return true;
  default:
    return false;
  }
}
