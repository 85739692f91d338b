/* Cast (level 2) on Atlas A2: the (dst, src) dtype pairs the hardware
 * converts and the RoundModes documented for each (docs/ascendc-facts.md §7
 * "Cast"). One table for the C front end, which rejects the others when
 * the kernel is built, and the simulator, which runs exactly these. */
#include "dialect/dialect.h"

/* RoundMode values (enums.def: CAST_NONE = 0 ... CAST_ODD = 6). */
enum { M_NONE, M_RINT, M_FLOOR, M_CEIL, M_ROUND, M_TRUNC, M_ODD };
#define B(m) (1u << (m))
#define R5 (B(M_RINT) | B(M_FLOOR) | B(M_CEIL) | B(M_ROUND) | B(M_TRUNC))

static const struct {
  uint8_t dst, src, modes; /* modes: bit per RoundMode value */
} pairs[] = {
    {CASC_DT_F32, CASC_DT_F16, B(M_NONE)},
    {CASC_DT_F32, CASC_DT_BF16, B(M_NONE)},
    {CASC_DT_F32, CASC_DT_I16, B(M_NONE)},
    {CASC_DT_F16, CASC_DT_F32, R5 | B(M_ODD) | B(M_NONE)},
    {CASC_DT_I32, CASC_DT_F32, R5},
    {CASC_DT_I16, CASC_DT_F32, R5},
    {CASC_DT_BF16, CASC_DT_F32, R5},
    {CASC_DT_F32, CASC_DT_F32, R5},
    {CASC_DT_I64, CASC_DT_F32, R5},
    {CASC_DT_I32, CASC_DT_F16, R5},
    {CASC_DT_I16, CASC_DT_F16, R5},
    {CASC_DT_I8, CASC_DT_F16, R5 | B(M_NONE)},
    {CASC_DT_U8, CASC_DT_F16, R5 | B(M_NONE)},
    {CASC_DT_F16, CASC_DT_I16, R5 | B(M_NONE)},
    {CASC_DT_F32, CASC_DT_I32, R5 | B(M_NONE)},
    {CASC_DT_F16, CASC_DT_I8, B(M_NONE)},
    {CASC_DT_F16, CASC_DT_U8, B(M_NONE)},
    {CASC_DT_I16, CASC_DT_I32, B(M_NONE)},
    {CASC_DT_I64, CASC_DT_I32, B(M_NONE)},
    {CASC_DT_I32, CASC_DT_I64, B(M_NONE)},
    {CASC_DT_F32, CASC_DT_I64, R5},
    {CASC_DT_I32, CASC_DT_BF16, R5},
};

bool casc_cast_supported(casc_dtype dst, casc_dtype src, int mode) {
  if (mode < M_NONE || mode > M_ODD)
    return false;
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (pairs[i].dst == dst && pairs[i].src == src)
      return (pairs[i].modes & B(mode)) != 0;
  return false;
}

bool casc_cast_pair_supported(casc_dtype dst, casc_dtype src) {
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (pairs[i].dst == dst && pairs[i].src == src)
      return true;
  return false;
}
