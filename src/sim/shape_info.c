/* ShapeInfo on the simulator (docs/simulator.md, "Tensor bookkeeping"):
 * ShapeInfo constructs, LocalTensor / GlobalTensor Get/SetShapeInfo (and
 * GlobalTensor SetShapeInfo from dims), ShapeInfo.shape / originalShape and
 * GetShapeSize.
 *
 * A tensor value is a 24-byte slot copied by every move, with no room for a
 * shape, so a tensor's ShapeInfo is kept where its memory is: a LocalTensor's
 * with its queue or TBuf buffer (as tensor_tag.c keeps the user tag), valid
 * for the allocation SetShapeInfo saw (the buffer's generation), and a
 * GlobalTensor's with its GM kernel argument. A ShapeInfo value is the index
 * of a record in slots of the op that made it (lower.c reserves them), so
 * it survives moves and later stores into the arrays it was built from, as
 * the C++ struct copies them at construction. */
#include <stdio.h>

#include "sim/sim_internal.h"

_Static_assert(sizeof(sim_shape_rec) <= SIM_SHAPE_REC_SLOTS * sizeof(sim_slot),
               "a ShapeInfo record fits its slots");

void sim_shape_info_block_begin(sim_block *b) {
  memset(b->buf_shape, 0, sizeof b->buf_shape);
  memset(b->gm_shape, 0, sizeof b->gm_shape);
}

static bool is_int(const casc_type *t) {
  casc_dtype d = t ? casc_dtype_of_type(t) : CASC_DT_INVALID;
  return d != CASC_DT_INVALID && !sim_dt_is_float(d);
}

static bool is_shape_info(const casc_type *t) {
  return t && casc_type_is_asc(t, CASC_ASC_SHAPE_INFO);
}

/* A local array of ui32 (pyasc's asc.array, stored into slots; memref.c). */
static bool is_local_u32_array(const casc_type *t) {
  return t && t->kind == CASC_TYPE_MEMREF && !t->u.memref.space &&
         casc_dtype_of_type(t->u.memref.elem) == CASC_DT_U32;
}

bool sim_shape_info_check(const casc_op *op, sim_insn *in, char *why,
                          size_t n) {
  bool ok = true;
  switch ((sim_opc)in->opc) {
  case SIM_SHAPE_INFO_NEW:
    /* (), (shapeDim, shape, format) or (shapeDim, shape, originalShapeDim,
     * originalShape, format): pyasc's ShapeInfo and asc_shapeinfo */
    ok = op->nops == 0 || op->nops == 3 || op->nops == 5;
    for (unsigned i = 0; ok && i < op->nops; i++) {
      const casc_type *t = op->operands[i].value->type;
      ok = (i == 1 || i == 3) && i + 1u < op->nops ? is_local_u32_array(t)
                                                   : is_int(t);
    }
    if (!ok)
      snprintf(why, n,
               "a ShapeInfo construct other than (), (shapeDim, shape, "
               "dataFormat) or (shapeDim, shape, originalShapeDim, "
               "originalShape, dataFormat) with uint32 local arrays");
    return ok;
  case SIM_SHAPE_INFO_GET:
    return true;
  case SIM_SHAPE_INFO_SET:
    if (op->kind == CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO_V2) {
      ok = op->nops >= 2 && op->nops <= 1u + SIM_SHAPE_MAX_DIM;
      for (unsigned i = 1; ok && i < op->nops; i++)
        ok = is_int(op->operands[i].value->type);
      if (!ok)
        snprintf(why, n, "SetShapeInfo from other than 1..%d integer dims",
                 SIM_SHAPE_MAX_DIM);
      return ok;
    }
    ok = op->nops == 2 && is_shape_info(op->operands[1].value->type);
    if (!ok)
      snprintf(why, n, "SetShapeInfo of other than one ShapeInfo");
    return ok;
  case SIM_SHAPE_INFO_DIM:
    ok = op->nops == 2 && is_shape_info(op->operands[0].value->type) &&
         is_int(op->operands[1].value->type) && op->nres == 1 &&
         is_int(casc_op_results(op)[0].type);
    if (!ok)
      snprintf(why, n,
               "a ShapeInfo dimension read with other than an "
               "integer index and result");
    return ok;
  case SIM_SHAPE_SIZE:
    ok = op->nops == 1 && op->nres == 1 && is_int(casc_op_results(op)[0].type);
    if (!ok)
      snprintf(why, n, "GetShapeSize with other than an integer result");
    return ok;
  default:
    return true;
  }
}

/* The record a ShapeInfo value names, or NULL after reporting. */
static const sim_shape_rec *rec_of(sim_block *b, const sim_insn *in,
                                   unsigned arg, sim_shape_rec *out) {
  int64_t base = b->slots[in->a[arg]].i;
  if (base <= 0 || base + SIM_SHAPE_REC_SLOTS > (int64_t)b->L->prog->nslots) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: the ShapeInfo was never built", sim_api_name(in->op));
    return NULL;
  }
  memcpy(out, &b->slots[base], sizeof *out);
  return out;
}

static void rec_put(sim_block *b, const sim_insn *in,
                    const sim_shape_rec *rec) {
  memcpy(&b->slots[in->imm2], rec, sizeof *rec);
  b->slots[in->r].i = in->imm2;
}

/* Copy dim elements of the local array in slot a into dst. */
static bool read_array(sim_block *b, const sim_insn *in, unsigned a,
                       int64_t dim, const char *what, uint32_t *dst) {
  const sim_tensor *t = &b->slots[in->a[a]].t;
  if (dim < 0 || dim > SIM_SHAPE_MAX_DIM) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "ShapeInfo: %s has %lld dimensions; it holds 0..%d "
               "(K_MAX_DIM)",
               what, (long long)dim, SIM_SHAPE_MAX_DIM);
    return false;
  }
  if (t->buf != SIM_BUF_LOCAL_ARRAY || dim > t->len) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "ShapeInfo: %s's %lld dimensions are read from an array of "
               "%lld elements",
               what, (long long)dim,
               (long long)(t->buf == SIM_BUF_LOCAL_ARRAY ? t->len : 0));
    return false;
  }
  for (int64_t i = 0; i < dim; i++)
    dst[i] = (uint32_t)b->slots[t->off + i].i;
  return true;
}

static bool construct(sim_block *b, const sim_insn *in) {
  sim_shape_rec rec;
  memset(&rec, 0, sizeof rec);
  if (in->nargs) {
    const sim_slot *s = b->slots;
    int64_t dim = (int64_t)sim_zext(s[in->a[0]].i, CASC_DT_U8);
    if (!read_array(b, in, 1, dim, "shape", rec.shape))
      return false;
    rec.dim = (uint8_t)dim;
    if (in->nargs == 5) {
      int64_t odim = (int64_t)sim_zext(s[in->a[2]].i, CASC_DT_U8);
      if (!read_array(b, in, 3, odim, "originalShape", rec.orig))
        return false;
      rec.odim = (uint8_t)odim;
    } else { /* the two-argument constructor: the original is the shape */
      rec.odim = rec.dim;
      memcpy(rec.orig, rec.shape, sizeof rec.orig);
    }
    rec.fmt = (uint8_t)s[in->a[in->nargs - 1]].i;
  }
  rec_put(b, in, &rec);
  return true;
}

/* Where the tensor of operand 0 keeps its ShapeInfo, or NULL after
 * reporting. */
static sim_shape_rec *home(sim_block *b, const sim_insn *in, bool global) {
  const sim_tensor *t = &b->slots[in->a[0]].t;
  if (global) {
    if (t->buf >= 0 && t->buf < SIM_SHAPE_GM_ARGS)
      return &b->gm_shape[t->buf];
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op, "%s: %s",
               sim_api_name(in->op),
               t->buf < 0 ? "the GlobalTensor has no GM buffer "
                            "(SetGlobalBuffer) to keep a shape with"
                          : "a GM argument past the 32 the simulator keeps "
                            "shapes for");
    return NULL;
  }
  if (t->buf >= 0 && t->buf < b->nbufs)
    return &b->buf_shape[t->buf];
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
             "%s: the tensor %s, so it has no buffer handle to keep a shape "
             "in (shapes live with the buffers of queues and TBufs)",
             sim_api_name(in->op),
             t->buf == SIM_BUF_UNSET ? "was never given memory"
                                     : "was built from an address");
  return NULL;
}

static bool is_global(const casc_op *op) {
  return op->kind == CASC_OP_GLOBAL_TENSOR_GET_SHAPE_INFO ||
         op->kind == CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO ||
         op->kind == CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO_V2;
}

static bool set_shape(sim_block *b, const sim_insn *in) {
  sim_shape_rec *h = home(b, in, is_global(in->op)), rec;
  if (!h)
    return false;
  memset(&rec, 0, sizeof rec);
  if (in->op->kind == CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO_V2) {
    /* SetShapeInfo(ShapeInfo(n, dims)): the dims as uint32, the original
     * the same, format ND */
    rec.dim = rec.odim = (uint8_t)(in->nargs - 1u);
    for (unsigned i = 1; i < in->nargs; i++)
      rec.shape[i - 1] = rec.orig[i - 1] = (uint32_t)b->slots[in->a[i]].i;
  } else if (!rec_of(b, in, 1, &rec)) {
    return false;
  }
  rec.set = 1;
  rec.gen = b->slots[in->a[0]].t.gen;
  *h = rec;
  return true;
}

static bool get_shape(sim_block *b, const sim_insn *in) {
  bool global = is_global(in->op);
  const sim_shape_rec *h = home(b, in, global);
  if (!h)
    return false;
  sim_shape_rec rec;
  memset(&rec, 0, sizeof rec);
  /* a local tensor's shape belongs to the allocation it was set on */
  if (h->set && (global || h->gen == b->slots[in->a[0]].t.gen))
    rec = *h;
  else
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
               "GetShapeInfo: no SetShapeInfo gave this tensor a shape; it "
               "reads the empty ShapeInfo");
  rec.set = 0;
  rec_put(b, in, &rec);
  return true;
}

static bool dim_of(sim_block *b, const sim_insn *in) {
  sim_shape_rec rec;
  if (!rec_of(b, in, 0, &rec))
    return false;
  bool orig = in->op->kind == CASC_OP_SHAPE_INFO_ORIGINAL_SHAPE;
  int64_t d = sim_sext(b->slots[in->a[1]].i, in->dt3);
  unsigned nd = orig ? rec.odim : rec.dim;
  if (d < 0 || d >= (int64_t)nd) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "ShapeInfo.%s[%lld]: the ShapeInfo's %s has %u dimensions",
               orig ? "originalShape" : "shape", (long long)d,
               orig ? "original shape" : "shape", nd);
    return false;
  }
  uint32_t v = orig ? rec.orig[d] : rec.shape[d];
  b->slots[in->r].i = sim_norm((int64_t)v, in->dt);
  return true;
}

bool sim_exec_shape_info(sim_block *b, const sim_insn *in) {
  switch ((sim_opc)in->opc) {
  case SIM_SHAPE_INFO_NEW:
    return construct(b, in);
  case SIM_SHAPE_INFO_GET:
    return get_shape(b, in);
  case SIM_SHAPE_INFO_SET:
    return set_shape(b, in);
  case SIM_SHAPE_INFO_DIM:
    return dim_of(b, in);
  case SIM_SHAPE_SIZE: {
    /* the product of the shape's dims (an empty shape: 1), in the
     * result's width as the library's int */
    sim_shape_rec rec;
    if (!rec_of(b, in, 0, &rec))
      return false;
    int64_t p = 1;
    for (unsigned i = 0; i < rec.dim; i++)
      p = (int64_t)((uint64_t)p * rec.shape[i]);
    b->slots[in->r].i = sim_norm(p, in->dt);
    return true;
  }
  default:
    return false;
  }
}
