/* TransDataTo5HD (Ascend C API reference, TransDataTo5HD, asc-devkit
 * `docs/api/context/TransDataTo5HD.md`): 16 source and 16 destination
 * 32-byte blocks a repeat, each list entry a LocalTensor
 * (`trans_data_to_5hd_tensor_list`) or a UB address: a list of 16 + 16
 * uint64 values (`trans_data_to_5hd_uint_list`) or two uint64 LocalTensors
 * of 16 addresses each (`trans_data_to_5hd`), made by GetPhyAddr.
 * Addresses: GetPhyAddr in the simulator is the tensor's byte offset in
 * its memory (each memory's addresses start at 0), so an address names a
 * UB byte; the op turns it back into the tensor of the TPipe buffer that
 * holds that byte (a live buffer before a freed one), which every access
 * then checks as a LocalTensor operand's: the buffer's state (freed,
 * enqueued), its end, UB's end, 32-byte alignment, bytes never written and
 * (with timing) pipe races. An address in no TPipe buffer (UB a kernel
 * manages itself: LocalTensor(pos, addr, len), LocalMemAllocator) is
 * checked against the UB alone. The element type of the address forms is
 * not in the IR: lower_trans5hd.c finds it as pyasc's translator does.
 *   16-bit types: "指令内部会循环16次，每次循环都会分别从指定的16个datablock中
 *     的对应位置取值，组成一个新的datablock单元放入目的地址中" — loop j
 *     takes element j of source blocks 0..15 into destination block j:
 *     dst[j][i] = src[i][j].
 *   32-bit types: 8 loops, each taking element j of the 16 source blocks
 *     and forming two blocks ("组成2个新的datablock"): destination blocks 2j
 *     (sources 0..7) and 2j + 1 (sources 8..15) — the text's reading; the
 *     page gives the arrangement as a figure.
 *   8-bit types: 16 loops, each taking element j of the 16 source blocks'
 *     low half (srcHighHalf: high half, element 16 + j) into half of
 *     destination block j, its low or high half by dstHighHalf; the other
 *     half keeps its bytes.
 * Repeats: with repeatTimes 1 the blocks start at the list entries plus
 * dstRepStride / srcRepStride blocks ("当repeatTimes为1时，…有效起始位置为
 * …起始位置加上dstRepStride/srcRepStride"); with more, repeat r starts
 * r strides on. A repeat reads its 16 source blocks before it writes
 * (*unsourced* for overlapping lists). */
#include <string.h>

#include "sim/sim_internal.h"

enum { LIST = 16, BLK = 32 };

/* The byte offset of repeat r's block in a list entry of stride `stride`
 * blocks. */
static int64_t rep_off(int64_t reps, int64_t r, int64_t stride) {
  return (reps == 1 ? stride : r * stride) * BLK;
}

/* A copy of `in` whose operand `opnd` is list entry k (operand `name` of
 * the op, for messages). */
static sim_insn entry_insn(const sim_insn *in, unsigned opnd, unsigned k,
                           unsigned name) {
  sim_insn e = *in;
  e.a[opnd] = in->a[0] + k;
  e.opnd_base = (uint8_t)(name - opnd);
  return e;
}

/* One repeat: src blocks in, dst blocks out (es: the element size). */
static void transpose_repeat(uint8_t *const dst[LIST],
                             const uint8_t in[LIST][BLK], unsigned es,
                             bool dst_high, bool src_high) {
  if (es == 2) {
    for (unsigned j = 0; j < LIST; j++)
      for (unsigned i = 0; i < LIST; i++)
        memcpy(dst[j] + i * 2, in[i] + j * 2, 2);
  } else if (es == 4) {
    for (unsigned j = 0; j < 8; j++)
      for (unsigned i = 0; i < LIST; i++)
        memcpy(dst[2 * j + i / 8] + (i % 8) * 4, in[i] + j * 4, 4);
  } else {
    for (unsigned j = 0; j < LIST; j++)
      for (unsigned i = 0; i < LIST; i++)
        dst[j][(dst_high ? 16 : 0) + i] = in[i][(src_high ? 16 : 0) + j];
  }
}

/* Operand `name` of the op for list entry k (0..31): the list forms' own
 * operands, the tensor form's dst (0) or src (1). */
static unsigned entry_name(const sim_insn *in, unsigned k) {
  return in->opc == SIM_TRANS_5HD_ADDR ? k / LIST : k;
}

/* After an access of entry k failed: say which address it was. */
static void note_address(sim_block *b, const sim_insn *in, unsigned k) {
  if (in->opc == SIM_TRANS_5HD_LIST || b->issues.n == 0)
    return;
  sim_note_add(&b->issues.items[b->issues.n - 1], in->op->loc,
               "%s entry %u is UB address %lld", k < LIST ? "dst" : "src",
               k % LIST, (long long)b->slots[in->a[0] + k].t.off);
}

/* The tensor address a stands for: the TPipe UB buffer holding byte a (a
 * live one before a freed one), from a to the buffer's end; else the UB
 * from a on. False after reporting an address outside the UB. */
static bool address_tensor(sim_block *b, const sim_insn *in, unsigned k,
                           uint64_t a, sim_tensor *t) {
  const uint32_t ub = b->pool_size[SIM_POOL_UB];
  if (a >= ub)
    return sim_fail(b, in, CASC_CHECK_UB_OUT_OF_BOUNDS,
                    "%s entry %u is address %llu, outside the unified buffer "
                    "(%u bytes)",
                    k < LIST ? "dst" : "src", k % LIST, (unsigned long long)a,
                    ub);
  int found = -1;
  for (int i = 0; i < b->nbufs; i++) {
    const sim_buffer *bf = &b->bufs[i];
    if (b->queues[bf->queue].pool != SIM_POOL_UB || a < bf->addr ||
        a >= (uint64_t)bf->addr + bf->len)
      continue;
    if (found < 0 ||
        (b->bufs[found].state == SIM_BUF_FREE && bf->state != SIM_BUF_FREE))
      found = i;
  }
  memset(t, 0, sizeof *t);
  t->pool = SIM_POOL_UB;
  t->off = (int64_t)a;
  if (found < 0) {
    t->buf = -1;
    t->len = (int64_t)ub - t->off;
    return true;
  }
  const sim_buffer *bf = &b->bufs[found];
  t->buf = (int16_t)found;
  t->gen = bf->gen;
  t->len = (int64_t)bf->addr + bf->len - t->off;
  return true;
}

/* The address forms: the 32 addresses (the uint list's slots, or read from
 * the two uint64 tensors) made into tensors in the 32 slots of a[0]. */
static bool address_entries(sim_block *b, const sim_insn *in) {
  uint64_t addr[2 * LIST];
  if (in->opc == SIM_TRANS_5HD_ADDR) {
    for (unsigned side = 0; side < 2; side++) {
      sim_insn t = *in;
      t.a[side] = in->a[2 + side];
      t.opnd_base = 0;
      const uint8_t *p = sim_local_access(b, &t, side, 0, LIST * 8, false);
      if (!p)
        return false;
      sim_check_init(b, &t, side, p, LIST * 8);
      for (unsigned k = 0; k < LIST; k++)
        addr[side * LIST + k] = (uint64_t)sim_load_i(p + 8 * k, CASC_DT_U64);
    }
  } else {
    for (unsigned k = 0; k < 2 * LIST; k++)
      addr[k] = (uint64_t)b->slots[in->a[0] + k].i;
  }
  for (unsigned k = 0; k < 2 * LIST; k++)
    if (!address_tensor(b, in, k, addr[k], &b->slots[in->a[0] + k].t))
      return false;
  return true;
}

bool sim_exec_trans_5hd(sim_block *b, const sim_insn *in) {
  if (in->opc != SIM_TRANS_5HD_LIST && !address_entries(b, in))
    return false;
  const unsigned es = casc_dtype_size((casc_dtype)in->dt);
  const int64_t f = b->slots[in->a[1]].i; /* the params' first field */
  const bool dst_high = b->slots[f].i != 0, src_high = b->slots[f + 1].i != 0;
  const int64_t reps = b->slots[f + 2].i;
  const int64_t dstride = b->slots[f + 3].i, sstride = b->slots[f + 4].i;
  if (!sim_rep_times(b, in, reps, 255))
    return false;
  if (reps == 0)
    return true;
  sim_insn din[LIST], sin[LIST];
  uint8_t *dbase[LIST];
  const uint8_t *sbase[LIST];
  const int64_t dext = rep_off(reps, reps - 1, dstride) + BLK;
  const int64_t sext = rep_off(reps, reps - 1, sstride) + BLK;
  for (unsigned k = 0; k < LIST; k++) {
    din[k] = entry_insn(in, 0, k, entry_name(in, k));
    sin[k] = entry_insn(in, 1, LIST + k, entry_name(in, LIST + k));
    dbase[k] = sim_local_access(b, &din[k], 0, 0, dext, true);
    if (!dbase[k]) {
      note_address(b, in, k);
      return false;
    }
    sbase[k] = sim_local_access(b, &sin[k], 1, 0, sext, true);
    if (!sbase[k]) {
      note_address(b, in, LIST + k);
      return false;
    }
  }
  /* 8-bit writes half a block: the rest keeps its bytes */
  const int64_t part = es == 1 ? 16 : BLK, at = es == 1 && dst_high ? 16 : 0;
  for (int64_t r = 0; r < reps; r++) {
    uint8_t blocks[LIST][BLK];
    uint8_t *dst[LIST];
    for (unsigned k = 0; k < LIST; k++) {
      const uint8_t *s = sbase[k] + rep_off(reps, r, sstride);
      sim_check_init(b, &sin[k], 1, s, BLK);
      memcpy(blocks[k], s, BLK);
      dst[k] = dbase[k] + rep_off(reps, r, dstride);
    }
    transpose_repeat(dst, (const uint8_t(*)[BLK])blocks, es, dst_high,
                     src_high);
    for (unsigned k = 0; k < LIST; k++)
      sim_mark_written(b, dst[k] + at, part);
  }
  return true;
}
