/* The sort family on Atlas A2's layout ("排布方式一"): (score, index)
 * structures of 8 bytes, the score (half or float) in the low bytes, the
 * uint32 index in the high 4, half's 2 middle bytes reserved — Sort32's
 * layout (vec_sort.c).
 *
 * Sort (the adv API, `sort`): repeatTime runs of 32 scores (concat) with
 * their indices (index) sorted in descending order into dst; with
 * isFullSort all repeatTime·32 of them as one run. Equal scores keep their
 * input order ("index的顺序与输入顺序一致").
 * Extract (`extract`): repeat r splits 32 structures of src into 32 scores
 * (dstValue) and 32 indices (dstIndex).
 * MrgSort (`mrg_sort`, the elementCountList form): merges 2..4 sorted
 * lists (validBit 3, 7, 15) of elementCountList[k] structures into dst,
 * descending; an equal score is taken from the earlier list first; with
 * isExhaustedSuspension it stops once a list is exhausted. repeatTime > 1
 * repeats the merge on the next four lists, "每一次源操作数和目的操作数跳过
 * 四个队列总长度", which the reference allows only for four contiguous
 * lists of one length without suspension.
 * MrgSort with MrgSort4Info (`mrg_sort_with_info`): the same merge, its
 * elementLengths, ifExhaustedSuspension, validBit and repeatTimes read
 * from the struct. GetMrgSortResult (`get_mrg_sort_result`): how many
 * structures the last MrgSort took from each list ("获取MrgSort已经处理过的
 * 队列里的Region Proposal个数").
 * Sources and the unsourced choices: docs/simulator.md, "Sort, MrgSort and
 * Extract". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"

enum { RUN = 32, PAIR = 8, MAX_LISTS = 4, MAX_LEN = 4095 };

/* a goes before b: greater first, NaN after every number (Sort32's rule,
 * unsourced for NaN). */
static bool before(double a, double b) {
  if (isnan(a))
    return false;
  return isnan(b) || a > b;
}

typedef struct {
  double score;
  int64_t pos; /* input position: ties keep input order */
  const uint8_t *score_p;
  uint32_t index;
} sort_item;

static int item_cmp(const void *pa, const void *pb) {
  const sort_item *a = pa, *b = pb;
  if (before(a->score, b->score))
    return -1;
  if (before(b->score, a->score))
    return 1;
  return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* One (score, index) structure: the score's bytes, zeroed reserved bytes
 * (half; unsourced), the index. */
static void put_pair(uint8_t *out, const uint8_t *score_p, unsigned es,
                     uint32_t index) {
  memset(out, 0, 4);
  memcpy(out, score_p, es);
  memcpy(out + 4, &index, 4);
}

static bool out_of_memory(sim_block *b, const sim_insn *in) {
  sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
             "%s: out of memory in the simulator", sim_api_name(in->op));
  return false;
}

/* Sort: dst, concat, index, tmp, repeatTime; imm = isFullSort. */
static bool exec_sort(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t repeats = sim_rep_operand(b, in, 4);
  if (!sim_rep_times(b, in, repeats, 255))
    return false;
  const int64_t n = repeats * RUN;
  uint8_t *d = sim_local_access(b, in, 0, 0, n * PAIR, true);
  const uint8_t *sc =
      d ? sim_local_access(b, in, 1, 0, n * (int64_t)es, true) : NULL;
  const uint8_t *ix = sc ? sim_local_access(b, in, 2, 0, n * 4, true) : NULL;
  /* tmp: the library's scratch, checked for being live, not used */
  if (!ix || !sim_local_access(b, in, 3, 0, 0, true))
    return false;
  if (n == 0)
    return true;
  sim_check_init(b, in, 1, sc, n * (int64_t)es);
  sim_check_init(b, in, 2, ix, n * 4);
  sort_item *items = malloc((size_t)n * sizeof *items);
  if (!items)
    return out_of_memory(b, in);
  for (int64_t i = 0; i < n; i++) {
    items[i].score_p = sc + i * (int64_t)es;
    items[i].score = sim_load_f(items[i].score_p, dt);
    items[i].pos = i;
    memcpy(&items[i].index, ix + i * 4, 4);
  }
  /* The structures are built in a buffer of their own and then stored,
   * so the result does not depend on dst sharing memory with a source. */
  const int64_t run = in->imm ? n : RUN;
  for (int64_t s = 0; s < n; s += run)
    qsort(items + s, (size_t)run, sizeof *items, item_cmp);
  uint8_t *out = malloc((size_t)n * PAIR);
  if (!out) {
    free(items);
    return out_of_memory(b, in);
  }
  for (int64_t i = 0; i < n; i++)
    put_pair(out + i * PAIR, items[i].score_p, es, items[i].index);
  memmove(d, out, (size_t)n * PAIR);
  sim_mark_written(b, d, n * PAIR);
  free(out);
  free(items);
  return true;
}

/* Extract: dstValue, dstIndex, src, repeatTime. */
static bool exec_extract(sim_block *b, const sim_insn *in) {
  const unsigned dt = in->dt, es = casc_dtype_size((casc_dtype)dt);
  const int64_t repeats = sim_rep_operand(b, in, 3);
  if (!sim_rep_times(b, in, repeats, 255))
    return false;
  const int64_t n = repeats * RUN;
  uint8_t *v = sim_local_access(b, in, 0, 0, n * (int64_t)es, true);
  uint8_t *x = v ? sim_local_access(b, in, 1, 0, n * 4, true) : NULL;
  const uint8_t *s = x ? sim_local_access(b, in, 2, 0, n * PAIR, true) : NULL;
  if (!s)
    return false;
  if (n == 0)
    return true;
  sim_check_init(b, in, 2, s, n * PAIR);
  for (int64_t i = 0; i < n; i++) {
    uint8_t pair[PAIR];
    memcpy(pair, s + i * PAIR, PAIR);
    memcpy(v + i * (int64_t)es, pair, es);
    memcpy(x + i * 4, pair + 4, 4);
  }
  sim_mark_written(b, v, n * (int64_t)es);
  sim_mark_written(b, x, n * 4);
  return true;
}

/* Field k of the MrgSortSrcList operand as an instruction whose operand 1
 * is that tensor, so that the usual operand checks and messages apply. */
static sim_insn list_insn(const sim_block *b, const sim_insn *in, unsigned k) {
  sim_insn li = *in;
  li.a[1] = (uint32_t)(b->slots[in->a[1]].i + k);
  return li;
}

/* Whether [a, a + an) and [c, c + cn) share a byte. */
static bool overlaps(const uint8_t *a, int64_t an, const uint8_t *c,
                     int64_t cn) {
  return an > 0 && cn > 0 && a < c + cn && c < a + an;
}

/* One MrgSort's parameters, from either form. */
typedef struct {
  int64_t valid, repeats;
  int64_t len[MAX_LISTS];
  bool suspend;
} mrg_params;

/* MrgSort: dst, sortList, elementCountList (imm of them), sortedNum...,
 * validBit, repeatTime; isExhaustedSuspension in the attribute (lowering:
 * bit 8 of imm). */
static mrg_params count_list_params(sim_block *b, const sim_insn *in) {
  const unsigned ncount = (unsigned)(in->imm & 0xff);
  mrg_params m = {.valid = sim_rep_operand(b, in, in->nargs - 2),
                  .repeats = sim_rep_operand(b, in, in->nargs - 1),
                  .suspend = (in->imm >> 8) & 1};
  for (unsigned k = 0; k < MAX_LISTS; k++)
    m.len[k] = k < ncount ? sim_rep_operand(b, in, 2 + k) : 0;
  return m;
}

/* MrgSort with MrgSort4Info: dst, sortList, info; the info's fields
 * (lower.c) are elementLengths (a local array of 4), ifExhaustedSuspension,
 * validBit, repeatTimes, as the C++ struct (kernel_struct_proposal.h) and
 * pyasc's asc.MrgSort4Info hold them. */
static mrg_params info_params(sim_block *b, const sim_insn *in) {
  const int64_t f = b->slots[in->a[2]].i; /* the info's first field slot */
  const sim_tensor *lens = &b->slots[f].t;
  mrg_params m = {.suspend = b->slots[f + 1].i != 0,
                  .valid = b->slots[f + 2].i,
                  .repeats = b->slots[f + 3].i};
  for (unsigned k = 0; k < MAX_LISTS; k++)
    m.len[k] = b->slots[lens->off + k].i;
  return m;
}

/* The merge of either form; imm2 = the fields of sortList, dt = dst's
 * type. Records what it took from each list for GetMrgSortResult. */
static bool exec_mrg_sort(sim_block *b, const sim_insn *in,
                          const mrg_params *m) {
  const char *api = sim_api_name(in->op);
  const unsigned dt = in->dt;
  const bool suspend = m->suspend;
  const int64_t valid = m->valid, repeats = m->repeats;
  unsigned nl = valid == 3 ? 2 : valid == 7 ? 3 : valid == 15 ? 4 : 0;
  if (!nl) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: validBit is %lld; it is 3, 7 or 15 (the first 2, 3 or 4 "
               "lists)",
               api, (long long)valid);
    return false;
  }
  if (nl > (unsigned)in->imm2) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: validBit %lld names %u lists but the MrgSortSrcList has "
               "%lld",
               api, (long long)valid, nl, (long long)in->imm2);
    return false;
  }
  if (repeats < 1 || repeats > 255) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: repeatTime is %lld; the hardware takes 1..255", api,
               (long long)repeats);
    return false;
  }
  int64_t len[MAX_LISTS] = {0, 0, 0, 0}, total = 0;
  for (unsigned k = 0; k < nl; k++) {
    len[k] = m->len[k];
    if (len[k] < 0 || len[k] > MAX_LEN) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: elementCountList[%u] is %lld; it is 0..4095", api, k,
                 (long long)len[k]);
      return false;
    }
    total += len[k];
  }
  const uint8_t *src[MAX_LISTS];
  sim_insn li[MAX_LISTS];
  for (unsigned k = 0; k < nl; k++) {
    li[k] = list_insn(b, in, k);
    /* the lists' tensors need 8-byte alignment (the MrgSort page) */
    sim_pool pool;
    src[k] = sim_local_access_in(b, &li[k], 1, 0, repeats * total * PAIR, 8,
                                 1u << SIM_POOL_UB, &pool);
    if (!src[k])
      return false;
  }
  if (repeats > 1) {
    bool ok = nl == 4 && !suspend;
    for (unsigned k = 1; k < nl && ok; k++)
      ok = len[k] == len[0] && src[k] == src[k - 1] + len[0] * PAIR;
    if (!ok) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: repeatTime is %lld; more than one repeat needs four "
                 "lists of one length stored one after another, without "
                 "isExhaustedSuspension (\"repeatTime参数生效是有条件的\")",
                 api, (long long)repeats);
      return false;
    }
  }
  uint8_t *d = sim_local_access(b, in, 0, 0, repeats * total * PAIR, true);
  if (!d)
    return false;
  for (unsigned k = 0; k < nl; k++)
    if (overlaps(d, repeats * total * PAIR, src[k], len[k] * PAIR)) {
      sim_report(b, CASC_CHECK_PARTIAL_OVERLAP, CASC_SEV_ERROR, in->op,
                 "%s: dst overlaps list %u of sortList (the reference: "
                 "\"不支持源操作数与目的操作数之间存在地址重叠\")",
                 api, k + 1);
      return false;
    }
  for (int64_t r = 0; r < repeats; r++) {
    const int64_t at = r * total * PAIR;
    int64_t head[MAX_LISTS] = {0, 0, 0, 0};
    int64_t o = 0;
    for (unsigned k = 0; k < nl; k++) {
      sim_check_init(b, &li[k], 1, src[k] + at, len[k] * PAIR);
      for (int64_t i = 1; i < len[k]; i++)
        if (before(sim_load_f(src[k] + at + i * PAIR, dt),
                   sim_load_f(src[k] + at + (i - 1) * PAIR, dt))) {
          sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
                     "%s: list %u of sortList is not sorted (element %lld "
                     "is greater than the one before it); the merge is "
                     "not a sort",
                     api, k + 1, (long long)i);
          break;
        }
    }
    for (;;) {
      int best = -1;
      double bs = 0;
      bool exhausted = false;
      for (unsigned k = 0; k < nl; k++) {
        if (head[k] == len[k]) {
          exhausted = true;
          continue;
        }
        double s = sim_load_f(src[k] + at + head[k] * PAIR, dt);
        if (best < 0 || before(s, bs)) {
          best = (int)k;
          bs = s;
        }
      }
      if (best < 0 || (suspend && exhausted))
        break;
      memmove(d + at + o * PAIR, src[best] + at + head[best] * PAIR, PAIR);
      head[best]++;
      o++;
    }
    sim_mark_written(b, d + at, o * PAIR);
    for (unsigned k = 0; k < MAX_LISTS; k++) /* the last repeat's */
      b->mrg_taken[k] = (uint16_t)head[k];
  }
  return true;
}

/* GetMrgSortResult: the structures the block's last MrgSort took from
 * each list (0 before any; unsourced), as four uint16 results. */
static bool exec_get_mrg_sort_result(sim_block *b, const sim_insn *in) {
  for (unsigned k = 0; k < MAX_LISTS; k++)
    b->slots[in->r + k].i = b->mrg_taken[k];
  return true;
}

/* Concat: concat, src, tmp, repeatTime. On A2 the library makes concat
 * src ("concatLocal = srcLocal;", the non-const reference parameter): no
 * data moves, and the kernel's concat tensor is src from here on. */
static bool exec_concat(sim_block *b, const sim_insn *in) {
  if (!sim_rep_times(b, in, sim_rep_operand(b, in, 3), 255) ||
      !sim_local_access(b, in, 1, 0, 0, true) ||
      !sim_local_access(b, in, 2, 0, 0, true))
    return false;
  b->slots[in->a[0]].t = b->slots[in->a[1]].t;
  return true;
}

/* GetSortLen<float> / GetSortOffset<float> (pyasc's rows fix T = float):
 * A2's library multiplies by floatSortedDataSize = 2, a structure's size
 * in floats. */
static bool exec_sort_len(sim_block *b, const sim_insn *in) {
  b->slots[in->r].i = sim_norm(b->slots[in->a[0]].i * 2, CASC_DT_U32);
  return true;
}

bool sim_exec_sort_family(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_CONCAT:
    return exec_concat(b, in);
  case SIM_SORT_LEN:
    return exec_sort_len(b, in);
  case SIM_SORT:
    return exec_sort(b, in);
  case SIM_EXTRACT:
    return exec_extract(b, in);
  case SIM_MRG_SORT_INFO: {
    const mrg_params m = info_params(b, in);
    return exec_mrg_sort(b, in, &m);
  }
  case SIM_GET_MRG_SORT_RESULT:
    return exec_get_mrg_sort_result(b, in);
  default: {
    const mrg_params m = count_list_params(b, in);
    return exec_mrg_sort(b, in, &m);
  }
  }
}
