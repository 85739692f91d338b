/* Gather (levels 0, 1, 2) and GatherMask.
 *
 * Gather: dst[i] = src[(srcBaseAddr + srcOffset[i]) / sizeof(T)], the
 * offsets uint32 bytes (the reference's pseudo-code). At levels 0 / 1
 * repeat r covers 256 bytes of dst at r·dstRepStride·32 bytes, element e
 * taking offset r·lanes + e; unselected dst elements keep their value.
 * Every gathered element is checked against src's tensor and for its
 * alignment.
 *
 * GatherMask: the elements of src0 whose gather-mask bit is 1 are written
 * to dst one after another, and rsvdCnt counts them. The mask is a
 * built-in pattern (src1Pattern 1..7, the same bits every repeat) or a
 * tensor whose bits are consumed within a repeat and which advances by
 * src1RepeatStride blocks per repeat. Normal mode: a repeat is 256 bytes of
 * src0; counter mode (reduceMode): the first `mask` elements of each
 * repeat (A2's "配置方式一"). Sources and choices: docs/simulator.md. */
#include <string.h>

#include "sim/sim_internal.h"

enum { REP_BYTES = 256, BLK_BYTES = 32 };

static int64_t count_of(sim_block *b, const sim_insn *in, unsigned i) {
  unsigned dt = casc_dtype_of_type(in->op->operands[i].value->type);
  return sim_count(&b->slots[in->a[i]], dt);
}

/* Operands: dst, src, srcOffset, srcBaseAddr, then count (level 2) or the
 * mask, repeatTimes, dstRepStride. */
bool sim_exec_gather(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t lanes = REP_BYTES / (int64_t)es;
  const bool level2 = in->imm2 == 2;
  const char *api = sim_api_name(in->op);
  uint64_t sel[2] = {~0ull, ~0ull};
  int64_t repeats, per, dst_rep = 0;
  if (level2) {
    int64_t n = count_of(b, in, 4);
    if (n < 0) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: the element count is %lld", api, (long long)n);
      return false;
    }
    repeats = n ? 1 : 0;
    per = n;
  } else {
    repeats = sim_rep_operand(b, in, in->nargs - 2);
    dst_rep = sim_rep_operand(b, in, in->nargs - 1);
    if (!sim_rep_times(b, in, repeats, 255) ||
        !sim_rep_mask(b, in, dt, 4, in->nargs - 6, in->imm2 == 1, sel))
      return false;
    per = sim_rep_last_elem(sel) + 1;
    if (dst_rep < 0) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: dstRepStride is %lld", api, (long long)dst_rep);
      return false;
    }
  }
  if (repeats == 0)
    return true;
  const int64_t base_addr = (int64_t)(uint32_t)b->slots[in->a[3]].i;
  const int64_t noff = level2 ? per : (repeats - 1) * lanes + per;
  const int64_t dbytes =
      level2 ? per * (int64_t)es
             : (repeats - 1) * dst_rep * BLK_BYTES + per * (int64_t)es;
  uint8_t *d = sim_local_access(b, in, 0, 0, dbytes, true);
  const uint8_t *off = d ? sim_local_access(b, in, 2, 0, noff * 4, true) : NULL;
  if (!off || !sim_local_access(b, in, 1, 0, 0, true))
    return false;
  sim_check_init(b, in, 2, off, noff * 4);
  for (int64_t r = 0; r < repeats; r++)
    for (int64_t e = 0; e < per; e++) {
      if (!level2 && !(sel[e / 64] >> (e % 64) & 1))
        continue;
      uint32_t o;
      memcpy(&o, off + (r * lanes + e) * 4, 4);
      int64_t at = base_addr + o;
      if (at % es) {
        sim_report(b, CASC_CHECK_UNALIGNED, CASC_SEV_ERROR, in->op,
                   "%s: srcBaseAddr + srcOffset[%lld] is %lld bytes, not a "
                   "multiple of the %u-byte element",
                   api, (long long)(r * lanes + e), (long long)at, es);
        return false;
      }
      const uint8_t *ps = sim_local_access(b, in, 1, at, es, false);
      if (!ps)
        return false;
      sim_check_init(b, in, 1, ps, es);
      uint8_t *pd = d + (level2 ? 0 : r * dst_rep * BLK_BYTES) + e * es;
      memmove(pd, ps, es);
      sim_mark_written(b, pd, es);
    }
  return true;
}

/* The built-in patterns 1..7 of GatherMask: bit e of a repeat. */
static bool pattern_bit(int64_t p, int64_t e) {
  switch (p) {
  case 1:
    return e % 2 == 0;
  case 2:
    return e % 2 == 1;
  case 7:
    return true;
  default: /* 3..6: the (p - 2)-th element of every four */
    return e % 4 == p - 3;
  }
}

/* Operands: dst, src0, src1Pattern (a tensor or a built-in pattern number),
 * reduceMode, mask, GatherMaskParams (src0BlockStride, repeatTimes,
 * src0RepeatStride, src1RepeatStride); result rsvdCnt. */
bool sim_exec_gather_mask(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt2, es = casc_dtype_size((casc_dtype)dt);
  const int64_t lanes = REP_BYTES / (int64_t)es;
  const char *api = sim_api_name(in->op);
  const bool user = casc_type_is_local_tensor(in->op->operands[2].value->type);
  const bool counter = b->slots[in->a[3]].i != 0;
  const int64_t mask = (int64_t)(uint32_t)b->slots[in->a[4]].i;
  const int64_t blk = sim_field(b, in, 5, 0), repeats = sim_field(b, in, 5, 1);
  const int64_t rep0 = sim_field(b, in, 5, 2), rep1 = sim_field(b, in, 5, 3);
  const int64_t pattern = user ? 0 : b->slots[in->a[2]].i;
  if (es != 2 && es != 4) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s: element type %s (A2: 16- and 32-bit types)", api,
               casc_dtype_name((casc_dtype)dt));
    return false;
  }
  if (!sim_rep_times(b, in, repeats, 255))
    return false;
  if (!user && (pattern < 1 || pattern > 7)) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: src1Pattern is %lld; the built-in patterns are 1..7", api,
               (long long)pattern);
    return false;
  }
  if (counter && (mask < 1 || mask > lanes)) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: mask is %lld in counter mode; the simulator takes 1..%lld "
               "elements per repeat (A2 counts mask per repeat)",
               api, (long long)mask, (long long)lanes);
    return false;
  }
  const int64_t per = counter ? mask : lanes;
  int64_t cnt = 0;
  if (repeats > 0) {
    const uint8_t *s = sim_local_access(
        b, in, 1, 0, sim_rep_extent(repeats, per - 1, blk, rep0, es), true);
    if (!s)
      return false;
    const uint8_t *m = NULL;
    if (user) {
      int64_t mext = (repeats - 1) * rep1 * BLK_BYTES + (per + 7) / 8;
      m = sim_local_access(b, in, 2, 0, mext, true);
      if (!m)
        return false;
    }
    /* dst is written packed: count first, then check its reach. */
    for (int pass = 0; pass < 2; pass++) {
      uint8_t *d = NULL;
      if (pass) {
        if (!cnt)
          break;
        d = sim_local_access(b, in, 0, 0, cnt * (int64_t)es, true);
        if (!d)
          return false;
      }
      int64_t k = 0;
      for (int64_t r = 0; r < repeats; r++)
        for (int64_t e = 0; e < per; e++) {
          bool on;
          if (user) {
            const uint8_t *mb = m + r * rep1 * BLK_BYTES + e / 8;
            if (!pass)
              sim_check_init(b, in, 2, mb, 1);
            on = *mb >> (e % 8) & 1;
          } else {
            on = pattern_bit(pattern, e);
          }
          if (!on)
            continue;
          if (pass) {
            const uint8_t *ps = s + sim_rep_elem_off(r, e, blk, rep0, es);
            sim_check_init(b, in, 1, ps, es);
            memmove(d + k * es, ps, es);
          }
          k++;
        }
      if (pass)
        sim_mark_written(b, d, k * (int64_t)es);
      cnt = k;
    }
  }
  if (in->r)
    b->slots[in->r].i = cnt;
  b->gather_mask_cnt = cnt; /* GetGatherMaskRemainCount's value */
  return true;
}

/* GetGatherMaskRemainCount: the rsvdCnt of the block's last GatherMask
 * (the library's own test: "EXPECT_EQ(rsvdCnt, gatherMaskCount)"); 0
 * before any (unsourced). */
bool sim_exec_gather_mask_count(sim_block *b, const sim_insn *in) {
  b->slots[in->r].i = sim_norm(b->gather_mask_cnt, in->dt);
  return true;
}
