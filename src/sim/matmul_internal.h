/* The Matmul object's state, shared by matmul.c (the object, one tile at a
 * time) and matmul_batch.c (the batch forms): the slots after the
 * object's first, the flags, the facts of its type and the tile helpers
 * both use. Private to the simulator's Matmul files. */
#ifndef CASC_SIM_MATMUL_INTERNAL_H
#define CASC_SIM_MATMUL_INTERNAL_H

#include "sim/sim_internal.h"

/* The state slots, after the object's first. */
enum {
  MS_INIT, /* 1 after init */
  MS_M,    /* the original shape (tiling, SetOrgShape): GM strides */
  MS_N,
  MS_KA,
  MS_KB,
  MS_SM, /* the single-core shape (tiling, SetSingleShape) */
  MS_SN,
  MS_SK,
  MS_TM, /* SetTail (0: the single-core shape) */
  MS_TN,
  MS_TK,
  MS_BM, /* the base tile */
  MS_BN,
  MS_BK,
  MS_ORDER, /* iterateOrder: 0 M first, 1 N first */
  MS_A,     /* GlobalTensors (sim_tensor) */
  MS_B,
  MS_BIAS,
  MS_FLAGS, /* MF_* */
  MS_NEXT,  /* the next Iterate's tile number */
  MS_CUR,   /* the tile in L0C */
  MS_L0A,   /* the object's buffers: byte offsets in their pools */
  MS_L0B,
  MS_L0C,
  MS_BT,
  MS_QUANT,    /* SetQuantScalar's deqScalar (int8 into half: DEQF16) */
  MS_SCALAR_A, /* SetTensorA(scalar) / SetTensorB(scalar): the value */
  MS_SCALAR_B,
  MS_QVEC,      /* SetQuantVector's GlobalTensor<uint64_t> */
  MS_WS,        /* SetWorkspace's GM (the asynchronous forms' results) */
  MS_BATCH_NUM, /* the tiling's BatchNum (the most batches; <= 0: unset) */
  MS_BATCH_A,   /* SetBatchNum */
  MS_BATCH_B,
  MS_NB_LOOPS, /* IterateNBatch: the slices it wrote to the workspace, */
  MS_NB_BATCH, /* the batches of each, */
  MS_NB_TAKEN, /* the slices GetBatchTensorC took */
  MS_LAYOUT,   /* the tiling's ALayoutInfoB .. CLayoutInfoS2 (15 slots) */
  MS_COUNT_ = MS_LAYOUT + 15
};
_Static_assert(MS_COUNT_ <= SIM_MM_SLOTS, "SIM_MM_SLOTS too small");

enum {
  MF_A = 1,           /* SetTensorA done */
  MF_B = 2,           /* SetTensorB done */
  MF_BIAS = 4,        /* SetBias (not disabled) */
  MF_TR_A = 8,        /* A given transposed (K x M) */
  MF_TR_B = 16,       /* B given transposed (N x K) */
  MF_RESULT = 32,     /* an Iterate's tile waits in L0C */
  MF_QUANT = 64,      /* SetQuantScalar done */
  MF_SCALAR_A = 128,  /* A is SetTensorA(scalar)'s value everywhere */
  MF_SCALAR_B = 256,  /* B likewise */
  MF_QVEC = 512,      /* SetQuantVector done (replaces the scalar) */
  MF_WS = 1024,       /* SetWorkspace done */
  MF_BATCH_NUM = 2048 /* SetBatchNum done */
};

/* The Matmul type's LayoutMode values (pyasc's asc.LayoutMode). */
enum {
  MM_LAYOUT_NONE,
  MM_LAYOUT_NORMAL,
  MM_LAYOUT_BSNGD,
  MM_LAYOUT_SBNGD,
  MM_LAYOUT_BNGS1S2
};

/* The static facts of the object's type (lower.c packs them into imm:
 * sim_mm_type_facts). */
typedef struct {
  unsigned a, b, c, bias; /* casc_dtype */
  bool tr_a, tr_b;
  bool n_batch;                          /* MatmulConfig isNBatch */
  unsigned layout_a, layout_b, layout_c; /* MM_LAYOUT_* */
} mm_types;

static inline mm_types sim_mm_types(const sim_insn *in) {
  uint64_t v = (uint64_t)in->imm;
  mm_types t = {(unsigned)(v & 0xff),       (unsigned)(v >> 8 & 0xff),
                (unsigned)(v >> 16 & 0xff), (unsigned)(v >> 24 & 0xff),
                (v >> 32 & 1) != 0,         (v >> 33 & 1) != 0,
                (v >> 35 & 1) != 0,         (unsigned)(v >> 40 & 7),
                (unsigned)(v >> 43 & 7),    (unsigned)(v >> 46 & 7)};
  return t;
}

static inline unsigned sim_mm_esz(unsigned dt) {
  unsigned s = casc_dtype_size((casc_dtype)dt);
  return s ? s : 1;
}

/* The object's state slot k (operand 0 of in is the object). */
static inline sim_slot *sim_mm_st(sim_block *b, const sim_insn *in,
                                  unsigned k) {
  return &b->slots[b->slots[in->a[0]].i + k];
}

/* An i1 operand's value; operand group g's first operand (-1: absent). */
static inline bool sim_mm_flag(const sim_block *b, const sim_insn *in,
                               unsigned i) {
  return b->slots[in->a[i]].i != 0;
}
int sim_mm_group(const sim_insn *in, unsigned g);

/* Init done, else a located error. */
bool sim_mm_ready(sim_block *b, const sim_insn *in);
/* The tiles of this block's part; its shape (single-core shape or tail). */
int64_t sim_mm_tiles(sim_block *b, const sim_insn *in);
void sim_mm_part(sim_block *b, const sim_insn *in, int64_t *pm, int64_t *pn,
                 int64_t *pk);
/* Iterate's work for tile `count` into the object's L0C. */
bool sim_mm_compute_tile(sim_block *b, const sim_insn *in, int64_t count);
/* The tile in L0C out through the fixpipe's conversion into operand opnd
 * of acc (in, or a copy of in whose operand names a state slot): a
 * LocalTensor (local) or GM, its row r at element base + r * ld; with
 * at_place the tile's own place in the part is added (m0 * ld + n0). */
bool sim_mm_put_tile(sim_block *b, const sim_insn *in, int64_t count,
                     const sim_insn *acc, unsigned opnd, bool local,
                     int64_t base, int64_t ld, bool at_place);
/* A copy of in whose operand 0 is the GM tensor of state slot k. */
sim_insn sim_mm_state_operand(sim_block *b, const sim_insn *in, unsigned k);

/* matmul_batch.c: SetBatchNum, IterateBatch (both forms), IterateNBatch,
 * GetBatchTensorC. */
bool sim_mm_exec_batch(sim_block *b, const sim_insn *in);

#endif
