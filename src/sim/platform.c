/* Platform descriptions in the layout of CANN's platform_config/<soc>.ini:
 * `[section]` headers, `key=value` lines, `;` or `#` comments. Only the keys
 * in the table below are read; every other key of a real CANN file is
 * ignored. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/read_file.h"

/* The public count of cost classes is the hardware module's. */
_Static_assert(CASC_PLATFORM_VCOSTS == CASC_HW_VCOST_COUNT_,
               "casc_platform's vector cost classes are casc_hw_vcost");

const char *casc_platform_vcost_name(unsigned i) {
  return casc_hw_vcost_name((casc_hw_vcost)i);
}

void casc_platform_default(casc_platform *p) {
  memset(p, 0, sizeof *p);
  /* Keep equal to platform/Ascend910B1.ini (checked by a unit test). */
  snprintf(p->soc, sizeof p->soc, "%s", "Ascend910B1");
  p->ai_core_cnt = 24;
  p->cube_core_cnt = 24;
  p->vector_core_cnt = 48;
  p->cube_freq_mhz = 1850;
  /* The memories: ascend_hw.c's sourced Ascend910B1 sizes. */
  p->ub_size = casc_hw_mem_default_size(CASC_HW_MEM_UB);
  p->l1_size = casc_hw_mem_default_size(CASC_HW_MEM_L1);
  p->l0_a_size = casc_hw_mem_default_size(CASC_HW_MEM_L0A);
  p->l0_b_size = casc_hw_mem_default_size(CASC_HW_MEM_L0B);
  p->l0_c_size = casc_hw_mem_default_size(CASC_HW_MEM_L0C);
  p->bt_size = casc_hw_mem_default_size(CASC_HW_MEM_BIAS);
  p->fb_size = casc_hw_mem_default_size(CASC_HW_MEM_FIXBUF);
  /* [casc.timing]: the hardware-facts module's figures (ascend_hw.c); the
   * ini file and docs/timing.md say where each comes from. */
  const casc_hw_timing *t = casc_hw_timing_default();
  p->scalar_cycles = t->scalar_cycles;
  p->vector_bytes_per_cycle = t->vector_bytes_per_cycle;
  p->vector_latency = t->vector_latency;
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++) {
    p->vec_head[c] = t->vcost[c].head;
    p->vec_cycles_per_repeat[c] = t->vcost[c].cycles_per_repeat;
    p->vec_latency[c] = t->vcost[c].latency;
  }
  p->mte2_bytes_per_cycle = t->mte2_bytes_per_cycle;
  p->mte2_setup = t->mte2_setup;
  p->mte2_latency = t->mte2_latency;
  p->mte3_bytes_per_cycle = t->mte3_bytes_per_cycle;
  p->mte3_setup = t->mte3_setup;
  p->mte3_latency = t->mte3_latency;
  p->cube_head = t->cube_head;
  p->cube_cycles_per_fractal = t->cube_cycles_per_fractal;
  p->cube_f32_cycles_per_fractal = t->cube_f32_cycles_per_fractal;
  p->cube_latency = t->cube_latency;
  p->mte1_l0a_bytes_per_cycle = t->mte1_l0a_bytes_per_cycle;
  p->mte1_l0b_bytes_per_cycle = t->mte1_l0b_bytes_per_cycle;
  p->mte1_bt_bytes_per_cycle = t->mte1_bt_bytes_per_cycle;
  p->mte1_setup = t->mte1_setup;
  p->mte1_latency = t->mte1_latency;
  p->fix_bytes_per_cycle = t->fix_bytes_per_cycle;
  p->fix_setup = t->fix_setup;
  p->fix_latency = t->fix_latency;
  p->set_flag_cycles = t->set_flag_cycles;
  p->wait_flag_cycles = t->wait_flag_cycles;
  p->barrier_cycles = t->barrier_cycles;
  p->min_op_cycles = t->min_op_cycles;
  p->launch_cycles = t->launch_cycles;
  /* MIX kernels (docs/timing.md, "Mix mode and the Matmul object"). A
   * Matmul call's message: an ESTIMATE from the figures above, no
   * measurement — four GM transfers (the AIV writes its KfcMsg and cleans
   * the cache line, the AIC reads it, the AIC's reply is written and read
   * back), each costed as one MTE2 / MTE3 set-up. The MIX start-up is
   * fitted to pyasc's test_matmul (ascend_hw.c). */
  p->kfc_msg_cycles = 2u * t->mte2_setup + 2u * t->mte3_setup;
  p->mix_launch_cycles = t->mix_launch_cycles;
}

typedef struct {
  const char *section, *key;
  size_t offset;
} key_spec;

#define K(sec, key, field)                                                     \
  { sec, key, offsetof(casc_platform, field) }
static const key_spec keys[] = {
    K("SoCInfo", "ai_core_cnt", ai_core_cnt),
    K("SoCInfo", "cube_core_cnt", cube_core_cnt),
    K("SoCInfo", "vector_core_cnt", vector_core_cnt),
    K("AICoreSpec", "cube_freq", cube_freq_mhz),
    K("AICoreSpec", "ub_size", ub_size),
    K("AICoreSpec", "l1_size", l1_size),
    K("AICoreSpec", "l0_a_size", l0_a_size),
    K("AICoreSpec", "l0_b_size", l0_b_size),
    K("AICoreSpec", "l0_c_size", l0_c_size),
    K("AICoreSpec", "bt_size", bt_size),
    K("AICoreSpec", "fb_size", fb_size),
    K("casc.timing", "scalar_cycles", scalar_cycles),
    K("casc.timing", "vector_bytes_per_cycle", vector_bytes_per_cycle),
    K("casc.timing", "vector_latency", vector_latency),
    K("casc.timing", "mte2_bytes_per_cycle", mte2_bytes_per_cycle),
    K("casc.timing", "mte2_setup", mte2_setup),
    K("casc.timing", "mte2_latency", mte2_latency),
    K("casc.timing", "mte3_bytes_per_cycle", mte3_bytes_per_cycle),
    K("casc.timing", "mte3_setup", mte3_setup),
    K("casc.timing", "mte3_latency", mte3_latency),
    K("casc.timing", "cube_head", cube_head),
    K("casc.timing", "cube_cycles_per_fractal", cube_cycles_per_fractal),
    K("casc.timing", "cube_f32_cycles_per_fractal",
      cube_f32_cycles_per_fractal),
    K("casc.timing", "cube_latency", cube_latency),
    K("casc.timing", "mte1_l0a_bytes_per_cycle", mte1_l0a_bytes_per_cycle),
    K("casc.timing", "mte1_l0b_bytes_per_cycle", mte1_l0b_bytes_per_cycle),
    K("casc.timing", "mte1_bt_bytes_per_cycle", mte1_bt_bytes_per_cycle),
    K("casc.timing", "mte1_setup", mte1_setup),
    K("casc.timing", "mte1_latency", mte1_latency),
    K("casc.timing", "fix_bytes_per_cycle", fix_bytes_per_cycle),
    K("casc.timing", "fix_setup", fix_setup),
    K("casc.timing", "fix_latency", fix_latency),
    K("casc.timing", "set_flag_cycles", set_flag_cycles),
    K("casc.timing", "wait_flag_cycles", wait_flag_cycles),
    K("casc.timing", "barrier_cycles", barrier_cycles),
    K("casc.timing", "min_op_cycles", min_op_cycles),
    K("casc.timing", "launch_cycles", launch_cycles),
    K("casc.timing", "mix_launch_cycles", mix_launch_cycles),
    K("casc.timing", "kfc_msg_cycles", kfc_msg_cycles),
};

static bool span_eq(const char *s, size_t n, const char *lit) {
  return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* The field of a per-class key "<class>_head",
 * "<class>_cycles_per_repeat" or "<class>_latency" of [casc.timing], or
 * NULL. */
static unsigned *vcost_field(casc_platform *p, const char *k, size_t kn) {
  for (unsigned c = 0; c < CASC_PLATFORM_VCOSTS; c++) {
    const char *name = casc_platform_vcost_name(c);
    size_t n = strlen(name);
    if (kn <= n + 1 || memcmp(k, name, n) != 0 || k[n] != '_')
      continue;
    if (span_eq(k + n + 1, kn - n - 1, "head"))
      return &p->vec_head[c];
    if (span_eq(k + n + 1, kn - n - 1, "cycles_per_repeat"))
      return &p->vec_cycles_per_repeat[c];
    if (span_eq(k + n + 1, kn - n - 1, "latency"))
      return &p->vec_latency[c];
  }
  return NULL;
}
#undef K

static void trim(const char **s, size_t *n) {
  while (*n && (**s == ' ' || **s == '\t')) {
    (*s)++;
    (*n)--;
  }
  while (*n &&
         ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t' || (*s)[*n - 1] == '\r'))
    (*n)--;
}

bool casc_platform_parse(casc_ctx *ctx, const char *text, size_t len,
                         const char *filename, casc_platform *p) {
  casc_platform_default(p);
  const char *sec = "";
  size_t seclen = 0;
  unsigned line = 0;
  size_t i = 0;
  bool ok = true;
  /* A line's location is made only for an error: it is an allocation, and
   * a file that parses needs none (nor can it then fail for lack of
   * memory). */
  while (i < len) {
    line++;
    const char *s = text + i;
    const char *nl = memchr(s, '\n', len - i);
    size_t n = nl ? (size_t)(nl - s) : len - i;
    i += n + (nl ? 1 : 0);
    trim(&s, &n);
    if (n == 0 || s[0] == ';' || s[0] == '#')
      continue;
    if (s[0] == '[') {
      if (s[n - 1] != ']') {
        casc_emit_error(ctx, casc_loc_file(ctx, filename, line, 1),
                        "expected ']' at the end of a section header");
        ok = false;
        continue;
      }
      sec = s + 1;
      seclen = n - 2;
      trim(&sec, &seclen);
      continue;
    }
    const char *eq = memchr(s, '=', n);
    if (!eq) {
      casc_emit_error(ctx, casc_loc_file(ctx, filename, line, 1),
                      "expected 'key=value' or '[section]'");
      ok = false;
      continue;
    }
    const char *k = s, *v = eq + 1;
    size_t kn = (size_t)(eq - s), vn = n - kn - 1;
    /* An inline comment starts at whitespace followed by ';' or '#'. */
    for (size_t j = 1; j < vn; j++)
      if ((v[j] == ';' || v[j] == '#') &&
          (v[j - 1] == ' ' || v[j - 1] == '\t')) {
        vn = j;
        break;
      }
    trim(&k, &kn);
    trim(&v, &vn);
    if (span_eq(sec, seclen, "version") && span_eq(k, kn, "SoC_version")) {
      if (vn == 0 || vn >= sizeof p->soc) {
        casc_emit_error(ctx, casc_loc_file(ctx, filename, line, 1),
                        "SoC_version must have 1 to %zu characters",
                        sizeof p->soc - 1);
        ok = false;
        continue;
      }
      memcpy(p->soc, v, vn);
      p->soc[vn] = 0;
      continue;
    }
    /* The field the key sets, if casc reads it. */
    unsigned *field = NULL;
    for (size_t j = 0; j < sizeof keys / sizeof keys[0] && !field; j++)
      if (span_eq(sec, seclen, keys[j].section) && span_eq(k, kn, keys[j].key))
        field = (unsigned *)((char *)p + keys[j].offset);
    if (!field && span_eq(sec, seclen, "casc.timing"))
      field = vcost_field(p, k, kn);
    if (!field)
      continue;
    char num[32];
    char *end = NULL;
    unsigned long val = 0;
    bool good = vn > 0 && vn < sizeof num && v[0] != '-';
    if (good) {
      memcpy(num, v, vn);
      num[vn] = 0;
      errno = 0;
      val = strtoul(num, &end, 10);
      good = errno == 0 && *end == 0 && val <= 0x7fffffffUL;
    }
    if (!good) {
      casc_emit_error(ctx, casc_loc_file(ctx, filename, line, 1),
                      "'%.*s' must be a non-negative integer, got '%.*s'",
                      (int)kn, k, (int)vn, v);
      ok = false;
      continue;
    }
    *field = (unsigned)val;
  }
  if (ok && p->ub_size < 32) {
    casc_emit_error(ctx, casc_loc_file(ctx, filename, 1, 1),
                    "ub_size must be at least 32 bytes");
    ok = false;
  }
  /* Rates divide: a zero would make every transfer endless. */
  if (ok &&
      (!p->vector_bytes_per_cycle || !p->mte2_bytes_per_cycle ||
       !p->mte3_bytes_per_cycle || !p->mte1_l0a_bytes_per_cycle ||
       !p->mte1_l0b_bytes_per_cycle || !p->mte1_bt_bytes_per_cycle ||
       !p->fix_bytes_per_cycle || !p->cube_freq_mhz || !p->min_op_cycles)) {
    casc_emit_error(ctx, casc_loc_file(ctx, filename, 1, 1),
                    "cube_freq, min_op_cycles and the [casc.timing] "
                    "*_bytes_per_cycle values must be positive");
    ok = false;
  }
  return ok;
}

bool casc_platform_load(casc_ctx *ctx, const char *path, casc_platform *p) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "cannot open platform file: %s", strerror(errno));
    return false;
  }
  casc_buf buf;
  casc_buf_init(&buf);
  /* a platform file is a few KiB */
  casc_read_status st = casc_read_stream(f, (size_t)128 << 20, &buf);
  if (st == CASC_READ_NO_MEMORY)
    casc_ctx_report_oom(ctx);
  else if (st == CASC_READ_TOO_LARGE)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "platform file is too large");
  else if (st == CASC_READ_IO_ERROR)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0),
                    "cannot read platform file");
  fclose(f);
  bool ok =
      st == CASC_READ_OK &&
      casc_platform_parse(ctx, buf.data ? buf.data : "", buf.len, path, p);
  casc_buf_free(&buf);
  return ok;
}
