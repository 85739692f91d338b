/* The fixpipe's 8-bit quantisation modes (docs/simulator.md, "The cube
 * path: int8 quantisation"): REQ8 / VREQ8 (int32 -> int8) and QF322B8_PRE
 * / VQF322B8_PRE (f32 -> int8), with the scalar word (Fixpipe's deqScalar,
 * SetFixpipePreQuantFlag) or one word a column (the cbufWorkspace).
 *
 * The uint64 quantisation word is laid out as the CANN reference's
 * aclnnTransQuantParam builds it for the cube's quantised matmuls: bits
 * 0..31 the float32 scale of which the fixpipe keeps the top 19 bits (sign,
 * exponent, 10 mantissa bits: scale & 0xFFFFE000, as DEQF16), bits 37..45 a
 * 9-bit two's complement offset in [-256, 255], bit 46 set. The reference
 * sets bit 46 on every word it builds and never says what a clear bit 46
 * means, nor what bits 32..36 and 47..63 do: a word with bit 46 clear or
 * any of those bits set is rejected here with that reason. The value is
 * aclnnQuantMatmul's "x1@x2 * scale + offset". */
#include <math.h>
#include <string.h>

#include "sim/sim_internal.h"

/* QuantMode_t (pyasc QuantModes). */
enum { Q_QF322B8 = 5, Q_VQF322B8 = 6, Q_REQ8 = 7, Q_VREQ8 = 8 };

#define Q8_SIGN_BIT ((uint64_t)1 << 46)
#define Q8_OFFSET_SHIFT 37
#define Q8_OFFSET_MASK ((uint64_t)0x1ff << Q8_OFFSET_SHIFT)
/* Every bit the reference's layout does not name. */
#define Q8_UNDEFINED_BITS                                                      \
  (~((uint64_t)0xffffffffu | Q8_OFFSET_MASK | Q8_SIGN_BIT))

bool sim_cube_q8_mode(int64_t quant) {
  return quant == Q_QF322B8 || quant == Q_VQF322B8 || quant == Q_REQ8 ||
         quant == Q_VREQ8;
}

bool sim_cube_q8_vector(int64_t quant) {
  return quant == Q_VQF322B8 || quant == Q_VREQ8;
}

unsigned sim_cube_q8_src_type(int64_t quant) {
  return quant == Q_REQ8 || quant == Q_VREQ8 ? CASC_DT_I32 : CASC_DT_F32;
}

const char *sim_cube_q8_decode(uint64_t w, sim_q8 *q) {
  if (!(w & Q8_SIGN_BIT))
    return "bit 46 of the quantisation word is clear: the reference "
           "(aclnnTransQuantParam) sets it on every word and does not say "
           "what a clear bit 46 selects";
  if (w & Q8_UNDEFINED_BITS)
    return "the quantisation word sets bits outside the scale (0..31), "
           "offset (37..45) and bit 46, which the reference does not define";
  q->scale = sim_cube_deq_scale(w);
  int32_t off = (int32_t)((w & Q8_OFFSET_MASK) >> Q8_OFFSET_SHIFT);
  q->offset = off >= 256 ? off - 512 : off;
  return NULL;
}

/* Round half to even (the default rounding of the Ascend C casts, CAST_RINT)
 * and saturate to int8. */
static int8_t to_int8(double d) {
  double r = nearbyint(d);
  if (r > 127)
    return 127;
  if (r < -128)
    return -128;
  return (int8_t)r;
}

bool sim_cube_q8_elem(uint8_t *dp, const uint8_t *sp, unsigned sdt, bool relu,
                      const sim_q8 *q) {
  double v;
  if (sdt == CASC_DT_I32) {
    int32_t x;
    memcpy(&x, sp, 4);
    v = (double)x;
  } else {
    float x;
    memcpy(&x, sp, 4);
    if (isnan(x))
      return false;
    v = x;
  }
  /* ReLU before the quantisation, as the page's order has it ("reluEn
   * clamps at 0, then quantPre"). The product of a 31- or 24-bit value with
   * the 11-bit scale is exact in a double; adding the 9-bit offset can
   * round only bits far below a half, or values far outside int8, so the
   * one rounding that shows is to_int8's. */
  if (relu && v < 0)
    v = 0;
  int8_t r = to_int8(v * q->scale + q->offset);
  memcpy(dp, &r, 1);
  return true;
}

static const char *mode_name(int64_t quant) {
  return quant == Q_QF322B8    ? "QF322B8_PRE"
         : quant == Q_VQF322B8 ? "VQF322B8_PRE"
         : quant == Q_REQ8     ? "REQ8"
                               : "VREQ8";
}

bool sim_cube_q8_check(sim_block *b, const sim_insn *in, int64_t quant,
                       unsigned sdt, unsigned ddt) {
  const char *api = sim_api_name(in->op);
  unsigned want = sim_cube_q8_src_type(quant);
  if (sdt != want) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: quantPre %s reads %s from CO1, but src has %s elements",
               api, mode_name(quant), casc_dtype_name((casc_dtype)want),
               casc_dtype_name((casc_dtype)sdt));
    return false;
  }
  if (ddt == CASC_DT_U8) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: quantPre %s into uint8 is not simulated: the reference "
               "does not say which bit of the quantisation word selects an "
               "unsigned result",
               api, mode_name(quant));
    return false;
  }
  if (ddt != CASC_DT_I8) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: quantPre %s writes int8 (or uint8), but dst has %s "
               "elements",
               api, mode_name(quant), casc_dtype_name((casc_dtype)ddt));
    return false;
  }
  return true;
}

bool sim_cube_q8_word(sim_block *b, const sim_insn *in, uint64_t w, sim_q8 *q) {
  const char *why = sim_cube_q8_decode(w, q);
  if (why)
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: quantisation word 0x%016llx is not simulated: %s",
               sim_api_name(in->op), (unsigned long long)w, why);
  return why == NULL;
}

bool sim_cube_q8_store(sim_block *b, const sim_insn *in, uint8_t *dp,
                       const uint8_t *sp, unsigned sdt, bool relu,
                       const sim_q8 *q) {
  if (sim_cube_q8_elem(dp, sp, sdt, relu, q))
    return true;
  sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
             "%s: a NaN in L0C: what the int8 modes make of it is not in "
             "the reference",
             sim_api_name(in->op));
  return false;
}
