/* LocalTensor.SetUserTag / GetUserTag (docs/simulator.md, "Tensor
 * bookkeeping"). The tag is kept with the tensor's queue or TBuf buffer,
 * as the library keeps it in the buffer's handle: it travels with the
 * buffer through EnQue / DeQue (the reference's use: tag a tensor, then
 * act on the tag of the tensor a DeQue returns) and stays until the next
 * SetUserTag of that buffer. A tensor built from an address has no buffer
 * handle to keep a tag in: that is an error at the op. */
#include "sim/sim_internal.h"

/* The buffer of the tensor operand 0, or NULL after reporting. */
static sim_buffer *tag_buffer(sim_block *b, const sim_insn *in) {
  const sim_tensor *t = &b->slots[in->a[0]].t;
  if (t->buf >= 0 && t->buf < b->nbufs)
    return &b->bufs[t->buf];
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
             "%s: the tensor %s, so it has no buffer handle to keep a tag in "
             "(tags live with the buffers of queues and TBufs)",
             sim_api_name(in->op),
             t->buf == SIM_BUF_UNSET ? "was never given memory"
                                     : "was built from an address");
  return NULL;
}

bool sim_exec_tensor_tag(sim_block *b, const sim_insn *in) {
  sim_buffer *buf = tag_buffer(b, in);
  if (!buf)
    return false;
  if (in->opc == SIM_LT_SET_USER_TAG) {
    buf->user_tag = (int32_t)sim_sext(b->slots[in->a[1]].i, CASC_DT_I32);
    buf->tag_set = true;
    return true;
  }
  if (!buf->tag_set)
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
               "GetUserTag: no SetUserTag gave this buffer a tag; it reads 0");
  b->slots[in->r].i = sim_norm(buf->tag_set ? buf->user_tag : 0, in->dt);
  return true;
}
