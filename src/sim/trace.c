/* The pipeline chart of a timed launch as a Chrome trace (the JSON "Trace
 * Event Format" read by chrome://tracing and Perfetto; docs/timing.md).
 *
 * One process per block ("block 3 (core 3)"), one thread per pipe it used
 * (S, MTE2, V, MTE3, ...), one complete ("X") slice per op from its start
 * to its completion with its API name and C location, and a flow arrow
 * from each SetFlag to the WaitFlag it releases. A pipe starts ops before
 * earlier ones complete; slices of one thread must not overlap, so such an
 * op goes to an extra thread of its pipe ("MTE2 #2", "MTE2 #3", ...: the
 * lane timing.c chose). Timestamps are microseconds at the platform's
 * clock, each block shifted to where the launch model placed it on its
 * core. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

#define NP CASC_SIM_PIPE_COUNT_

/* Thread id of a pipe's lane: lane 0 is the pipe's number. */
static unsigned tid_of(unsigned pipe, unsigned lane) {
  return pipe + 16u * lane;
}

static void put_str(casc_buf *o, const char *s) {
  casc_buf_putc(o, '"');
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      casc_buf_putc(o, '\\');
      casc_buf_putc(o, (char)c);
    } else if (c < 0x20) {
      casc_buf_printf(o, "\\u%04x", c);
    } else {
      casc_buf_putc(o, (char)c);
    }
  }
  casc_buf_putc(o, '"');
}

/* Microseconds with 6 decimals, from a picosecond count, so that a
 * slice's ts + dur equals the next slice's ts exactly when the cycles
 * do (rounding ts and dur separately would make them overlap). */
static uint64_t to_ps(uint64_t cycles, unsigned mhz) {
  return (uint64_t)((double)cycles * 1e6 / (double)mhz + 0.5);
}

static void put_us(casc_buf *o, uint64_t ps) {
  casc_buf_printf(o, "%" PRIu64 ".%06" PRIu64, ps / 1000000u, ps % 1000000u);
}

static void put_loc(casc_buf *o, const casc_op *op) {
  const casc_loc *l = op ? casc_loc_find_file(op->loc) : NULL;
  casc_buf_puts(o, "\"loc\":");
  if (!l) {
    put_str(o, "unknown");
    return;
  }
  casc_buf tmp;
  casc_buf_init(&tmp);
  casc_buf_printf(&tmp, "%s:%u:%u", l->u.file.file ? l->u.file.file : "",
                  l->u.file.line, l->u.file.col);
  if (tmp.oom) /* the trace would name a wrong location: it fails instead */
    o->oom = true;
  else
    put_str(o, tmp.data);
  casc_buf_free(&tmp);
}

/* Pipes top to bottom in the order data flows through a vector core. */
static const int pipe_order[NP] = {CASC_SIM_PIPE_S,    CASC_SIM_PIPE_MTE2,
                                   CASC_SIM_PIPE_V,    CASC_SIM_PIPE_MTE3,
                                   CASC_SIM_PIPE_MTE1, CASC_SIM_PIPE_M,
                                   CASC_SIM_PIPE_FIX};

static void slice_name(casc_buf *o, const sim_slice *s) {
  char buf[96];
  const char *n = buf;
  switch (s->kind) {
  case SIM_SL_SCALAR:
    n = "scalar";
    break;
  case SIM_SL_SET:
  case SIM_SL_WAIT:
    snprintf(buf, sizeof buf, "%s<%s>",
             s->kind == SIM_SL_SET ? "SetFlag" : "WaitFlag",
             casc_enum_cxx(CASC_ENUM_HARDEVENT, s->evt));
    break;
  case SIM_SL_BARRIER:
    snprintf(buf, sizeof buf, "PipeBarrier<%s>",
             casc_enum_cxx(CASC_ENUM_PIPE, s->evt)
                 ? casc_enum_cxx(CASC_ENUM_PIPE, s->evt)
                 : "?");
    break;
  default:
    n = sim_api_name(s->in->op);
    break;
  }
  put_str(o, n);
}

static void sep(casc_buf *o, bool *first) {
  casc_buf_puts(o, *first ? "\n" : ",\n");
  *first = false;
}

void sim_trace_write(casc_buf *o, const casc_sim_program *p,
                     const casc_platform *plat, const sim_slices *blocks,
                     const casc_block_timing *bt, unsigned nblocks) {
  unsigned mhz = plat->cube_freq_mhz ? plat->cube_freq_mhz : 1;
  bool first = true;
  uint64_t flow = 0;
  casc_buf_puts(o, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"kernel\":");
  put_str(o, casc_func_name(p->func));
  casc_buf_puts(o, ",\"platform\":");
  put_str(o, plat->soc);
  casc_buf_printf(o, ",\"clock_mhz\":%u},\"traceEvents\":[", mhz);
  for (unsigned bi = 0; bi < nblocks; bi++) {
    const sim_slices *sl = &blocks[bi];
    unsigned lanes[NP] = {0}; /* per pipe: lanes used, 0 = pipe unused */
    for (unsigned i = 0; i < sl->n; i++)
      if (sl->items[i].lane >= lanes[sl->items[i].pipe])
        lanes[sl->items[i].pipe] = sl->items[i].lane + 1u;
    sep(o, &first);
    casc_buf_printf(o,
                    "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,"
                    "\"args\":{\"name\":\"block %u (core %u)%s\"}}",
                    bi, bi, bt[bi].core,
                    sl->truncated ? ", trace truncated" : "");
    sep(o, &first);
    casc_buf_printf(o,
                    "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%u,"
                    "\"args\":{\"sort_index\":%u}}",
                    bi, bi);
    for (unsigned k = 0; k < NP; k++) {
      unsigned pp = (unsigned)pipe_order[k];
      for (unsigned ln = 0; ln < lanes[pp]; ln++) {
        char name[32];
        if (ln)
          snprintf(name, sizeof name, "%s #%u",
                   casc_sim_pipe_name((casc_sim_pipe)pp), ln + 1);
        else
          snprintf(name, sizeof name, "%s",
                   casc_sim_pipe_name((casc_sim_pipe)pp));
        sep(o, &first);
        casc_buf_printf(o,
                        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,"
                        "\"tid\":%u,\"args\":{\"name\":\"%s\"}}",
                        bi, tid_of(pp, ln), name);
        sep(o, &first);
        casc_buf_printf(o,
                        "{\"ph\":\"M\",\"name\":\"thread_sort_index\","
                        "\"pid\":%u,\"tid\":%u,\"args\":{\"sort_index\":%u}}",
                        bi, tid_of(pp, ln), k * 1000u + ln);
      }
    }
    uint64_t base = bt[bi].start;
    for (unsigned i = 0; i < sl->n; i++) {
      const sim_slice *s = &sl->items[i];
      sep(o, &first);
      casc_buf_puts(o, "{\"ph\":\"X\",\"name\":");
      slice_name(o, s);
      casc_buf_printf(o, ",\"cat\":\"%s\",\"pid\":%u,\"tid\":%u,\"ts\":",
                      casc_sim_pipe_name((casc_sim_pipe)s->pipe), bi,
                      tid_of(s->pipe, s->lane));
      uint64_t t0 = to_ps(base + s->start, mhz), t1 = to_ps(base + s->end, mhz);
      put_us(o, t0);
      casc_buf_puts(o, ",\"dur\":");
      put_us(o, t1 - t0);
      casc_buf_puts(o, ",\"args\":{");
      put_loc(o, s->in->op);
      casc_buf_printf(o, ",\"start_cycle\":%" PRIu64 ",\"end_cycle\":%" PRIu64,
                      s->start, s->end);
      if (s->kind == SIM_SL_SCALAR)
        casc_buf_printf(o, ",\"instructions\":%u", s->count);
      if (s->kind == SIM_SL_OP && s->pipe != CASC_SIM_PIPE_S)
        casc_buf_printf(o, ",\"bytes\":%" PRIu64, s->bytes);
      if ((s->kind == SIM_SL_OP || s->kind == SIM_SL_SET) &&
          s->pipe != CASC_SIM_PIPE_S)
        casc_buf_printf(o, ",\"pipe_cycles\":%" PRIu64,
                        s->issue_end - s->start);
      if (s->after_barrier)
        casc_buf_puts(o, ",\"after\":\"PipeBarrier<PIPE_V>\"");
      if (s->kind == SIM_SL_SET || s->kind == SIM_SL_WAIT) {
        casc_buf_printf(o, ",\"event_id\":%d", s->id);
        if (s->in->opc != SIM_SET_FLAG && s->in->opc != SIM_WAIT_FLAG) {
          casc_buf_puts(o, ",\"by\":");
          put_str(o, sim_api_name(s->in->op));
        }
      }
      if (s->kind == SIM_SL_BARRIER && s->in->opc != SIM_PIPE_BARRIER) {
        casc_buf_puts(o, ",\"by\":");
        put_str(o, sim_api_name(s->in->op));
      }
      casc_buf_puts(o, "}}");
      if (s->kind == SIM_SL_WAIT && s->flow_from >= 0 &&
          (unsigned)s->flow_from < sl->n) {
        const sim_slice *from = &sl->items[s->flow_from];
        const char *en = casc_enum_cxx(CASC_ENUM_HARDEVENT, s->evt);
        /* The arrow goes from the moment the flag is set (the end of the
         * SetFlag slice) to the moment the waiting pipe sees it; each end
         * lies inside its slice (1 ps before its end at the latest), the
         * slice a viewer binds it to. */
        uint64_t f0 = to_ps(base + from->start, mhz),
                 f1 = to_ps(base + from->end, mhz),
                 w0 = to_ps(base + s->start, mhz),
                 w1 = to_ps(base + s->end, mhz);
        uint64_t ts_set = f1 > f0 ? f1 - 1 : f0;
        uint64_t ts_seen = f1 > w0 ? f1 : w0;
        if (ts_seen >= w1)
          ts_seen = w1 > w0 ? w1 - 1 : w0;
        flow++;
        sep(o, &first);
        casc_buf_printf(o,
                        "{\"ph\":\"s\",\"name\":\"%s\",\"cat\":\"flag\","
                        "\"id\":%" PRIu64 ",\"pid\":%u,\"tid\":%u,\"ts\":",
                        en ? en : "?", flow, bi,
                        tid_of(from->pipe, from->lane));
        put_us(o, ts_set);
        casc_buf_puts(o, "}");
        sep(o, &first);
        casc_buf_printf(o,
                        "{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"%s\","
                        "\"cat\":\"flag\",\"id\":%" PRIu64
                        ",\"pid\":%u,\"tid\":%u,\"ts\":",
                        en ? en : "?", flow, bi, tid_of(s->pipe, s->lane));
        put_us(o, ts_seen);
        casc_buf_puts(o, "}");
      }
    }
  }
  casc_buf_puts(o, "\n]}\n");
}
