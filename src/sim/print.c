/* DumpTensor, DumpAccChkPoint and printf on the simulator (docs/simulator.md,
 * "Printing").
 *
 * The library never prints: a block keeps what its kernel printed as heap
 * strings (worker threads must not call the user's sink concurrently, and
 * the order must not depend on the thread count), and launch.c hands them
 * to the sink of casc_launch_opts after the run, block by block. Without a
 * sink the ops only check their operands, as ASCENDC_DUMP=0 turns the
 * output off on the NPU. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "casc/buf.h"
#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/grow.h"

/* Keep one print of the block; out of memory loses it with a warning
 * rather than failing the kernel. */
void sim_print_keep(sim_block *b, const sim_insn *in, casc_buf *text) {
  sim_print_list *l = &b->prints;
  /* An empty printf("") stores nothing in the buffer. */
  char *s = text->oom ? NULL : text->data ? text->data : casc_calloc(1, 1);
  if (s && l->n == l->cap) {
    sim_print *ni = casc_grow(l->items, &l->cap, l->n + 1, sizeof *ni);
    if (ni)
      l->items = ni;
    else {
      casc_free(s);
      s = NULL;
    }
  }
  if (!s) {
    if (text->oom)
      casc_buf_free(text);
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
               "%s: out of memory: what it printed was lost",
               sim_api_name(in->op));
    return;
  }
  l->items[l->n].loc = in->op->loc;
  l->items[l->n].text = s;
  l->n++;
}

/* ---- DumpTensor ---------------------------------------------------------- */

/* The data_type names of the reference's DumpTensor output ("float16"). */
const char *sim_print_type_name(unsigned dt) {
  static const char *const names[CASC_DT_COUNT_] = {
      [CASC_DT_BOOL] = "bool",     [CASC_DT_I8] = "int8",
      [CASC_DT_I16] = "int16",     [CASC_DT_I32] = "int32",
      [CASC_DT_I64] = "int64",     [CASC_DT_U8] = "uint8",
      [CASC_DT_U16] = "uint16",    [CASC_DT_U32] = "uint32",
      [CASC_DT_U64] = "uint64",    [CASC_DT_F16] = "float16",
      [CASC_DT_BF16] = "bfloat16", [CASC_DT_F32] = "float32",
      [CASC_DT_F64] = "float64"};
  return dt < CASC_DT_COUNT_ && names[dt] ? names[dt] : "unknown";
}

/* DumpTensor(tensor, desc, dumpSize): the header and dumpSize elements,
 * floats as %f, integers in decimal. A local tensor's addr is its byte
 * offset in its memory; a global one's the byte offset in its argument
 * (a host address would differ from run to run). DumpAccChkPoint(tensor,
 * index, countOff, dumpSize) is the same from element countOff on (the
 * reference: the address after the offset keeps its memory's alignment,
 * 32 bytes for UB / L1 / L0C). */
static bool dump_tensor(sim_block *b, const sim_insn *in) {
  const casc_type *tt = in->op->operands[0].value->type;
  unsigned dt = casc_dtype_of_type(casc_type_elem(tt));
  unsigned es = casc_dtype_size((casc_dtype)dt);
  bool chk = in->opc == SIM_DUMP_ACC_CHK_POINT;
  uint64_t desc = sim_zext(b->slots[in->a[1]].i, CASC_DT_U32);
  uint64_t off = chk ? sim_zext(b->slots[in->a[2]].i, CASC_DT_U32) : 0;
  uint64_t n = sim_zext(b->slots[in->a[chk ? 3 : 2]].i, CASC_DT_U32);
  if (!chk && in->nargs > 3) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "DumpTensor with a ShapeInfo is not simulated");
    return false;
  }
  if (!es) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s of a tensor without an element type", sim_api_name(in->op));
    return false;
  }
  const sim_tensor *t = &b->slots[in->a[0]].t;
  int64_t bytes = (int64_t)n * es, boff = (int64_t)off * es;
  const uint8_t *p;
  const char *pos;
  if (casc_type_is_global_tensor(tt)) {
    p = sim_global_access(b, in, 0, boff, bytes, false);
    pos = "GM";
  } else {
    /* The reference prints tensors in UB, L1 and L0C only. */
    sim_pool pool;
    p = sim_local_access_in(b, in, 0, boff, bytes, chk ? 32 : 1,
                            (1u << SIM_POOL_UB) | (1u << SIM_POOL_L1) |
                                (1u << SIM_POOL_L0C),
                            &pool);
    if (p && pool == SIM_POOL_UB)
      sim_check_init(b, in, 0, p, bytes);
    pos = pool == SIM_POOL_UB ? "UB" : pool == SIM_POOL_L1 ? "L1" : "L0C";
  }
  if (!p)
    return false;
  if (!b->L->print)
    return true;
  casc_buf text;
  casc_buf_init(&text);
  casc_buf_printf(&text,
                  "DumpTensor: desc=%" PRIu64 ", addr=%lld, data_type=%s, "
                  "position=%s, dump_size=%" PRIu64 "\n",
                  desc, (long long)(t->off + boff), sim_print_type_name(dt),
                  pos, n);
  sim_print_values(&text, p, dt, n);
  sim_print_keep(b, in, &text);
  return true;
}

void sim_print_values(casc_buf *text, const uint8_t *p, unsigned dt,
                      uint64_t n) {
  unsigned es = casc_dtype_size((casc_dtype)dt);
  casc_buf_putc(text, '[');
  for (uint64_t i = 0; i < n; i++) {
    const uint8_t *e = p + i * es;
    if (i)
      casc_buf_puts(text, ", ");
    if (sim_dt_is_float(dt))
      casc_buf_printf(text, "%f", sim_load_f(e, dt));
    else if (sim_dt_is_unsigned(dt))
      casc_buf_printf(text, "%" PRIu64,
                      sim_zext(sim_load_i(e, dt), (unsigned)dt));
    else
      casc_buf_printf(text, "%" PRId64, sim_load_i(e, dt));
  }
  casc_buf_puts(text, "]\n");
}

/* ---- printf -------------------------------------------------------------- */

/* One conversion of the format: flags, width and precision are kept and
 * passed on to the host's snprintf with the argument widened to long long
 * or double; the length modifier is dropped (the value has its IR type). */
typedef struct {
  char spec[32]; /* "%-08.3" without length and conversion */
  char conv;
} conv_spec;

/* Parse the conversion at f (after '%'); returns the character after it,
 * or NULL when it is not one printf knows. */
static const char *parse_conv(const char *f, conv_spec *c) {
  size_t n = 0;
  c->spec[n++] = '%';
  while (*f && strchr("-+ #0", *f) && n < sizeof c->spec - 8)
    c->spec[n++] = *f++;
  while (*f >= '0' && *f <= '9' && n < sizeof c->spec - 8)
    c->spec[n++] = *f++;
  if (*f == '.') {
    c->spec[n++] = *f++;
    while (*f >= '0' && *f <= '9' && n < sizeof c->spec - 8)
      c->spec[n++] = *f++;
  }
  while (*f && strchr("hljztL", *f))
    f++;
  c->spec[n] = 0;
  if (!*f || !strchr("diuxXofFeEgGaAcp", *f))
    return NULL;
  c->conv = *f;
  return f + 1;
}

/* Format one value with conversion c into text; false (reported) when the
 * value's type does not fit the conversion. */
static bool put_value(sim_block *b, const sim_insn *in, unsigned opnd,
                      const conv_spec *c, casc_buf *text) {
  unsigned dt = casc_dtype_of_type(in->op->operands[opnd].value->type);
  const sim_slot *v = &b->slots[in->a[opnd]];
  char fmt[40];
  bool fl = strchr("fFeEgGaA", c->conv) != NULL;
  if (dt == CASC_DT_INVALID || fl != sim_dt_is_float(dt)) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "printf: %%%c takes %s, but value %u is %s", c->conv,
               fl ? "a float" : "an integer", opnd + 1,
               dt == CASC_DT_INVALID ? "not a scalar"
                                     : casc_dtype_name((casc_dtype)dt));
    return false;
  }
  if (fl) {
    snprintf(fmt, sizeof fmt, "%s%c", c->spec, c->conv);
    casc_buf_printf(text, fmt, v->f);
  } else if (c->conv == 'd' || c->conv == 'i') {
    snprintf(fmt, sizeof fmt, "%slld", c->spec);
    casc_buf_printf(text, fmt, (long long)sim_sext(v->i, dt));
  } else if (c->conv == 'c') {
    snprintf(fmt, sizeof fmt, "%sc", c->spec);
    casc_buf_printf(text, fmt, (int)(unsigned char)v->i);
  } else if (c->conv == 'p') {
    snprintf(fmt, sizeof fmt, "%s#llx", c->spec);
    casc_buf_printf(text, fmt, (unsigned long long)sim_zext(v->i, dt));
  } else {
    /* %x on the CPU side prints 32 bits (the reference's printf note). */
    unsigned long long u = sim_zext(v->i, dt);
    if (c->conv == 'x' || c->conv == 'X')
      u &= 0xffffffffull;
    snprintf(fmt, sizeof fmt, "%sll%c", c->spec, c->conv);
    casc_buf_printf(text, fmt, u);
  }
  return true;
}

static bool printf_op(sim_block *b, const sim_insn *in) {
  casc_attr *d = casc_op_attr(in->op, "desc");
  if (!d || d->kind != CASC_ATTR_STRING) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "printf without a format string");
    return false;
  }
  casc_buf text;
  casc_buf_init(&text);
  const char *f = d->u.str.s, *end = f + d->u.str.len;
  unsigned next = 0;
  while (f < end) {
    const char *pct = memchr(f, '%', (size_t)(end - f));
    if (!pct) {
      casc_buf_put(&text, f, (size_t)(end - f));
      break;
    }
    casc_buf_put(&text, f, (size_t)(pct - f));
    if (pct + 1 < end && pct[1] == '%') {
      casc_buf_putc(&text, '%');
      f = pct + 2;
      continue;
    }
    conv_spec c;
    const char *after = parse_conv(pct + 1, &c);
    const char *why = !after              ? "is not a conversion printf knows"
                      : after > end       ? "is not a conversion printf knows"
                      : next >= in->nargs ? "has no value to print"
                                          : NULL;
    if (why) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "printf: '%%%.*s' at byte %u of the format %s",
                 after && after <= end ? (int)(after - pct - 1) : 1, pct + 1,
                 (unsigned)(pct - d->u.str.s), why);
      casc_buf_free(&text);
      return false;
    }
    if (!put_value(b, in, next++, &c, &text)) {
      casc_buf_free(&text);
      return false;
    }
    f = after;
  }
  if (next < in->nargs) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "printf: the format has %u conversion(s) for %u value(s)", next,
               (unsigned)in->nargs);
    casc_buf_free(&text);
    return false;
  }
  if (!b->L->print) {
    casc_buf_free(&text);
    return true;
  }
  sim_print_keep(b, in, &text);
  return true;
}

bool sim_exec_print(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_DUMP_TENSOR:
  case SIM_DUMP_ACC_CHK_POINT:
    return dump_tensor(b, in);
  case SIM_PRINTF:
    return printf_op(b, in);
  default:
    return sim_exec_print_debug(b, in);
  }
}

/* ---- delivery ------------------------------------------------------------ */

void sim_prints_deliver(const sim_launch *L, const sim_print_list *lists,
                        unsigned n) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < lists[i].n; j++) {
      casc_sim_print p = {(int)i, lists[i].items[j].loc,
                          lists[i].items[j].text};
      L->print(&p, L->print_user);
    }
}

void sim_print_list_free(sim_print_list *l) {
  for (unsigned i = 0; i < l->n; i++)
    casc_free(l->items[i].text);
  casc_free(l->items);
  memset(l, 0, sizeof *l);
}

void casc_sim_print_format(const casc_sim_print *p, casc_buf *out) {
  char where[256];
  casc_loc_format(p->loc, where, sizeof where);
  const char *s = p->text;
  do {
    const char *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    casc_buf_printf(out, "[block %d] %s: %.*s\n", p->block, where, (int)len, s);
    s = nl ? nl + 1 : s + len;
  } while (*s);
}

void casc_sim_print_stream(const casc_sim_print *p, void *stream) {
  casc_buf line;
  casc_buf_init(&line);
  casc_sim_print_format(p, &line);
  fputs(casc_buf_str(&line), stream ? stream : stdout);
  casc_buf_free(&line);
}
