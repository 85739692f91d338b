/* ListTensorDesc and TensorDesc on the simulator (docs/simulator.md,
 * "Tensor descriptors"): a ListTensorDesc parses a descriptor in GM, the
 * layout CANN's asc-devkit reads in ListTensorDescImpl::ListTensorDecode
 * (impl/basic_api/dav_c220/kernel_operator_list_tensor_impl.h), in 64-bit
 * words:
 *
 *   word 0             byte offset of the data-pointer table from word 0
 *   entry i (stride s) header `dim | index << 32` (entry 0's high half may
 *                      hold the count instead), then dim shape words
 *   table              one data pointer per tensor
 *
 * with s = 1 + dim, every entry read with entry 0's dim; dim 0 is a list of
 * data pointers only (word 2 is 0xffffffff, the table at byte 24).
 *
 * A device pointer in the table is, on the simulator, the host address of
 * a buffer passed to the same launch (casc_arg_gm's data): it is mapped
 * back to that argument and an offset in it, so the GM address or
 * GlobalTensor it becomes is checked like any other (bounds, GM races).
 *
 * A ListTensorDesc / TensorDesc value is the index of a record in slots of
 * the op that made it (lower.c reserves SIM_DESC_REC_SLOTS), so Init,
 * GetDesc and SetShapeAddr change the object every copy of the value names,
 * as they change the C++ object. */
#include <stdarg.h>
#include <stdio.h>

#include "sim/sim_internal.h"

enum { REC_LIST = 0x4c, REC_TENSOR = 0x54 }; /* tags against misuse */
enum { NO_CHECK = 0xffffffffu };             /* length / shapeSize unset */

typedef struct {
  uint8_t tag, inited;
  int16_t buf;          /* the descriptor's GM argument */
  uint32_t dim, count;  /* every entry's dims; the tensors */
  uint32_t stride;      /* words per entry */
  int64_t off, ptr_off; /* bytes of word 0 and of the pointer table */
} list_rec;

typedef struct {
  uint8_t tag, has_data;
  int16_t buf; /* the data's GM argument (has_data) */
  uint32_t dim, index;
  uint64_t shape_addr; /* SetShapeAddr's address; 0: none */
  int64_t off;         /* the data's byte offset in its argument */
  uint64_t shape[SIM_SHAPE_MAX_DIM];
} tensor_rec;

_Static_assert(sizeof(list_rec) <= SIM_DESC_REC_SLOTS * sizeof(sim_slot) &&
                   sizeof(tensor_rec) <= SIM_DESC_REC_SLOTS * sizeof(sim_slot),
               "a descriptor record fits its slots");

static bool is_gm_addr(const casc_type *t) {
  return t &&
         (t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF);
}

static bool is_int(const casc_type *t) {
  casc_dtype d = t ? casc_dtype_of_type(t) : CASC_DT_INVALID;
  return d != CASC_DT_INVALID && !sim_dt_is_float(d);
}

bool sim_tensor_desc_check(const casc_op *op, sim_insn *in, char *why,
                           size_t n) {
  const casc_type *res = op->nres ? casc_op_results(op)[0].type : NULL;
  bool ok = true;
  switch (op->kind) {
  case CASC_OP_LIST_TENSOR_DESC_V2:
    ok = is_gm_addr(op->operands[0].value->type);
    break;
  case CASC_OP_LIST_TENSOR_DESC_INIT:
    ok = is_gm_addr(op->operands[1].value->type);
    break;
  case CASC_OP_LIST_TENSOR_DESC_GET_DATA_PTR:
  case CASC_OP_TENSOR_DESC_GET_DATA_PTR:
    ok = is_gm_addr(res) && in->dt != CASC_DT_INVALID;
    break;
  case CASC_OP_TENSOR_DESC_GET_DATA_OBJ:
    ok = res && casc_type_is_global_tensor(res) && in->dt != CASC_DT_INVALID;
    break;
  case CASC_OP_TENSOR_DESC_GET_SHAPE:
    ok = is_int(op->operands[1].value->type) && is_int(res);
    break;
  default:
    break;
  }
  if (!ok)
    snprintf(why, n,
             "a descriptor op with other than a GM address for its data, "
             "an integer shape offset, or a typed data pointer / "
             "GlobalTensor result");
  return ok;
}

/* sim_fail, with the class's name for the constructor's messages (its op
 * has no API name) */
static bool fail(sim_block *b, const sim_insn *in, casc_sim_check c,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool fail(sim_block *b, const sim_insn *in, casc_sim_check c,
                 const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const char *api = in->op->kind == CASC_OP_LIST_TENSOR_DESC_V2
                        ? "ListTensorDesc"
                        : sim_api_name(in->op);
  sim_report(b, c, CASC_SEV_ERROR, in->op, "%s: %s", api, msg);
  return false;
}

/* ---- records ------------------------------------------------------------ */

static void *rec_at(sim_block *b, const sim_insn *in, unsigned arg,
                    uint8_t tag) {
  int64_t base = b->slots[in->a[arg]].i;
  if (base <= 0 || base + SIM_DESC_REC_SLOTS > (int64_t)b->L->prog->nslots ||
      *(const uint8_t *)&b->slots[base] != tag) {
    fail(b, in, CASC_CHECK_BAD_VALUE, "the %s was never constructed",
         tag == REC_LIST ? "ListTensorDesc" : "TensorDesc");
    return NULL;
  }
  return &b->slots[base];
}

/* The new object of a constructor: a record in its reserved slots. */
static void *rec_new(sim_block *b, const sim_insn *in, uint8_t tag) {
  void *p = &b->slots[in->imm2];
  memset(p, 0, SIM_DESC_REC_SLOTS * sizeof(sim_slot));
  *(uint8_t *)p = tag;
  b->slots[in->r].i = in->imm2;
  return p;
}

/* ---- the descriptor in GM ----------------------------------------------- */

/* The 64-bit word at byte off of GM argument buf, a checked GM read. */
static bool read_word(sim_block *b, const sim_insn *in, const list_rec *l,
                      int64_t off, const char *what, uint64_t *v) {
  const sim_gm *gm = &b->L->gm[l->buf];
  if (off < 0 || off + 8 > gm->bytes) {
    fail(b, in, CASC_CHECK_GM_OUT_OF_BOUNDS,
         "%s is read at byte %lld of the descriptor in GM '%s', which "
         "has %lld bytes",
         what, (long long)off, gm->name, (long long)gm->bytes);
    return false;
  }
  sim_gm_record(b, in, l->buf, off, 8, false);
  memcpy(v, gm->base + off, 8);
  return true;
}

/* The argument and byte offset a device pointer of the descriptor names:
 * the host address of a GM buffer of this launch. */
static bool map_pointer(sim_block *b, const sim_insn *in, uint64_t addr,
                        uint32_t index, int16_t *buf, int64_t *off) {
  if (!addr)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "tensor %u's data pointer is null (the reference "
                "implementation asserts dataPtr != nullptr)",
                index);
  const casc_sim_program *p = b->L->prog;
  for (unsigned k = 0; k < p->nparams; k++) {
    const sim_gm *gm = &b->L->gm[k];
    uintptr_t base = (uintptr_t)gm->base;
    if (gm->base && gm->bytes > 0 && addr >= base &&
        addr - base < (uint64_t)gm->bytes) {
      *buf = (int16_t)k;
      *off = (int64_t)(addr - base);
      return true;
    }
  }
  return fail(b, in, CASC_CHECK_BAD_VALUE,
              "tensor %u's data pointer: address 0x%llx is in no GM "
              "argument (a descriptor holds the host addresses of "
              "buffers passed to the same launch)",
              index, (unsigned long long)addr);
}

/* ListTensorDecode: parse the descriptor at the GM address of operand
 * `data` into l, with the reference implementation's consistency checks
 * and, when length and shapeSize are both given, its checks of them. */
static bool decode(sim_block *b, const sim_insn *in, unsigned data,
                   list_rec *l) {
  const sim_tensor *t = &b->slots[in->a[data]].t;
  const sim_slot *s = b->slots;
  if (t->buf < 0)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "the descriptor is not a GM address of a kernel "
                "argument");
  list_rec n;
  memset(&n, 0, sizeof n);
  n.tag = REC_LIST;
  n.buf = t->buf;
  n.off = t->off;
  uint64_t w0, w1;
  if (!read_word(b, in, &n, n.off, "word 0 (the pointer table's offset)",
                 &w0) ||
      !read_word(b, in, &n, n.off + 8, "entry 0's header", &w1))
    return false;
  n.dim = (uint32_t)w1;
  n.stride = n.dim ? 1u + n.dim : 2u;
  if (n.dim > SIM_SHAPE_MAX_DIM)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "entry 0 says the tensors have %u dimensions; the "
                "simulator keeps a TensorDesc's shape in %d words "
                "(K_MAX_DIM)",
                n.dim, SIM_SHAPE_MAX_DIM);
  if (w0 % 8 || w0 < 8u + 8u * n.stride || w0 > (uint64_t)INT32_MAX)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "word 0 says the pointer table is at byte %llu: not a "
                "multiple of 8 past entry 0 (%u words)",
                (unsigned long long)w0, n.stride);
  n.ptr_off = n.off + (int64_t)w0;
  n.count = (uint32_t)(w1 >> 32);
  if (!n.count) { /* the last entry's index + 1 */
    uint64_t last;
    if (!read_word(b, in, &n, n.ptr_off - 8 * (int64_t)n.stride,
                   "the last entry's header", &last))
      return false;
    n.count = (uint32_t)(last >> 32) + 1u;
  }
  if (n.dim) {
    uint64_t fit = (w0 - 8) / (8u * n.stride);
    if (fit != n.count)
      return fail(b, in, CASC_CHECK_BAD_VALUE,
                  "a count of %u tensors, but the pointer table at "
                  "byte %llu leaves room for %llu entries of %u "
                  "dimensions",
                  n.count, (unsigned long long)w0, (unsigned long long)fit,
                  n.dim);
  } else {
    uint64_t w2;
    if (!read_word(b, in, &n, n.off + 16, "entry 0's shape word", &w2))
      return false;
    if (w2 != 0xffffffffu || w0 != 24)
      return fail(b, in, CASC_CHECK_BAD_VALUE,
                  "a list of data pointers only (dim 0) has 0xffffffff "
                  "in word 2 and its table at byte 24; this one has "
                  "0x%llx and %llu",
                  (unsigned long long)w2, (unsigned long long)w0);
  }
  const sim_gm *gm = &b->L->gm[n.buf];
  if (n.ptr_off + 8 * (int64_t)n.count > gm->bytes)
    return fail(b, in, CASC_CHECK_GM_OUT_OF_BOUNDS,
                "the pointer table of %u tensors runs to byte %lld of "
                "GM '%s', which has %lld bytes",
                n.count, (long long)(n.ptr_off + 8 * (int64_t)n.count),
                gm->name, (long long)gm->bytes);
  uint32_t length = (uint32_t)s[in->a[data + 1]].i;
  uint32_t shape_size = (uint32_t)s[in->a[data + 2]].i;
  if (length != NO_CHECK && shape_size != NO_CHECK &&
      (shape_size != n.count || (uint64_t)length != w0 + 8u * n.count))
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "length %u and shapeSize %u disagree with the "
                "descriptor: %u tensors, %llu bytes",
                length, shape_size, n.count,
                (unsigned long long)(w0 + 8u * n.count));
  n.inited = 1;
  *l = n;
  return true;
}

static bool index_ok(sim_block *b, const sim_insn *in, const list_rec *l,
                     uint32_t index) {
  if (!l->inited)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "the ListTensorDesc was not given a descriptor (Init)");
  if (index >= l->count)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "index %u, but the list holds %u tensors", index, l->count);
  return true;
}

static bool data_pointer(sim_block *b, const sim_insn *in, const list_rec *l,
                         uint32_t index, int16_t *buf, int64_t *off) {
  uint64_t p;
  return read_word(b, in, l, l->ptr_off + 8 * (int64_t)index,
                   "the data pointer", &p) &&
         map_pointer(b, in, p, index, buf, off);
}

/* GetDesc(desc, index): the entry's dims into the desc's shape storage,
 * its data pointer and index. */
static bool get_desc(sim_block *b, const sim_insn *in, const list_rec *l) {
  tensor_rec *d = rec_at(b, in, 1, REC_TENSOR);
  uint32_t index = (uint32_t)b->slots[in->a[2]].i;
  if (!d || !index_ok(b, in, l, index))
    return false;
  if (!l->dim)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "the list holds data pointers only (dim 0): it has no "
                "shapes to describe");
  if (!d->shape_addr)
    return fail(b, in, CASC_CHECK_BAD_VALUE,
                "the TensorDesc has no shape storage: SetShapeAddr must "
                "come first (the reference's constraint)");
  int64_t entry = l->off + 8 + 8 * (int64_t)index * l->stride;
  uint64_t hdr;
  if (!read_word(b, in, l, entry, "the entry's header", &hdr))
    return false;
  if ((uint32_t)hdr != l->dim)
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
               "%s: entry %u says %u dimensions, but every entry is read "
               "with entry 0's %u",
               sim_api_name(in->op), index, (uint32_t)hdr, l->dim);
  tensor_rec n = *d;
  for (uint32_t i = 0; i < l->dim; i++)
    if (!read_word(b, in, l, entry + 8 * (1 + (int64_t)i), "a shape word",
                   &n.shape[i]))
      return false;
  if (!data_pointer(b, in, l, index, &n.buf, &n.off))
    return false;
  n.dim = l->dim;
  n.index = index;
  n.has_data = 1;
  *d = n;
  return true;
}

static void gm_result(sim_block *b, const sim_insn *in, int16_t buf,
                      int64_t off, int64_t len) {
  sim_tensor *r = &b->slots[in->r].t;
  memset(r, 0, sizeof *r);
  r->buf = buf;
  r->off = off;
  r->len = len;
}

static bool exec_list(sim_block *b, const sim_insn *in) {
  list_rec *l = rec_at(b, in, 0, REC_LIST);
  if (!l)
    return false;
  switch (in->op->kind) {
  case CASC_OP_LIST_TENSOR_DESC_INIT:
    return decode(b, in, 1, l);
  case CASC_OP_LIST_TENSOR_DESC_GET_DESC:
    return get_desc(b, in, l);
  case CASC_OP_LIST_TENSOR_DESC_GET_DATA_PTR: {
    uint32_t index = (uint32_t)b->slots[in->a[1]].i;
    int16_t buf;
    int64_t off;
    if (!index_ok(b, in, l, index) ||
        !data_pointer(b, in, l, index, &buf, &off))
      return false;
    gm_result(b, in, buf, off, -1);
    return true;
  }
  case CASC_OP_LIST_TENSOR_DESC_GET_SIZE:
    /* a default-constructed list: the constructor's count, 0 */
    b->slots[in->r].i = sim_norm((int64_t)l->count, in->dt);
    return true;
  default:
    return false;
  }
}

static bool has_data(sim_block *b, const sim_insn *in, const tensor_rec *d) {
  if (d->has_data)
    return true;
  return fail(b, in, CASC_CHECK_BAD_VALUE,
              "the TensorDesc holds no data pointer (no GetDesc filled "
              "it)");
}

static bool exec_tensor(sim_block *b, const sim_insn *in) {
  tensor_rec *d = rec_at(b, in, 0, REC_TENSOR);
  sim_slot *r = &b->slots[in->r];
  if (!d)
    return false;
  switch (in->op->kind) {
  case CASC_OP_TENSOR_DESC_SET_SHAPE_ADDR: {
    uint64_t a = (uint64_t)b->slots[in->a[1]].i;
    if (!a)
      return fail(b, in, CASC_CHECK_BAD_VALUE,
                  "a null shape address (the reference implementation "
                  "asserts shapePtr != nullptr)");
    d->shape_addr = a;
    return true;
  }
  case CASC_OP_TENSOR_DESC_GET_DIM:
    r->i = sim_norm((int64_t)d->dim, in->dt);
    return true;
  case CASC_OP_TENSOR_DESC_GET_INDEX:
    r->i = sim_norm((int64_t)d->index, in->dt);
    return true;
  case CASC_OP_TENSOR_DESC_GET_SHAPE: {
    int64_t o = sim_sext(b->slots[in->a[1]].i, in->dt3);
    if (o < 0 || o >= (int64_t)d->dim)
      return fail(b, in, CASC_CHECK_BAD_VALUE,
                  "dimension %lld of a tensor of %u dimensions", (long long)o,
                  d->dim);
    r->i = sim_norm((int64_t)d->shape[o], in->dt);
    return true;
  }
  case CASC_OP_TENSOR_DESC_GET_DATA_PTR:
    if (!has_data(b, in, d))
      return false;
    gm_result(b, in, d->buf, d->off, -1);
    return true;
  case CASC_OP_TENSOR_DESC_GET_DATA_OBJ: {
    /* a GlobalTensor over the data, as long as the shape says */
    if (!has_data(b, in, d))
      return false;
    uint64_t n = 1;
    for (uint32_t i = 0; i < d->dim; i++)
      n = d->shape[i] && n > UINT64_MAX / d->shape[i] ? UINT64_MAX
                                                      : n * d->shape[i];
    const sim_gm *gm = &b->L->gm[d->buf];
    uint64_t es = casc_dtype_size((casc_dtype)in->dt);
    uint64_t room = (uint64_t)(gm->bytes - d->off) / es;
    if (n > room)
      return fail(b, in, CASC_CHECK_GM_OUT_OF_BOUNDS,
                  "the shape describes %llu elements, but GM '%s' has "
                  "%llu from the data pointer",
                  (unsigned long long)n, gm->name, (unsigned long long)room);
    gm_result(b, in, d->buf, d->off, (int64_t)(n * es));
    return true;
  }
  default:
    return false;
  }
}

bool sim_exec_tensor_desc(sim_block *b, const sim_insn *in) {
  switch ((sim_opc)in->opc) {
  case SIM_DESC_NEW:
    if (in->op->kind == CASC_OP_TENSOR_DESC) {
      rec_new(b, in, REC_TENSOR);
      return true;
    }
    list_rec *l = rec_new(b, in, REC_LIST);
    return in->op->kind == CASC_OP_LIST_TENSOR_DESC || decode(b, in, 0, l);
  case SIM_DESC_LIST:
    return exec_list(b, in);
  case SIM_DESC_TENSOR:
    return exec_tensor(b, in);
  default:
    return false;
  }
}
