/* NumPy .npy files (format versions 1.0, 2.0, 3.0): magic "\x93NUMPY",
 * version, header length, a Python dict literal
 * {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
 * padded to a multiple of 64 bytes, then the raw C-order data.
 * Little-endian only. bfloat16 has no NumPy type; casc writes it as the
 * raw 16-bit patterns with descr '<V2' (NumPy reads it as void 2-byte
 * records; `.view(np.uint16)` gives the bits, ml_dtypes' bfloat16 view
 * gives the numbers) and reads '<V2' and '|V2' as bf16. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/read_file.h"

static const struct {
  const char *descr;
  casc_dtype dt;
} descrs[] = {
    {"|b1", CASC_DT_BOOL}, {"|i1", CASC_DT_I8},  {"<i1", CASC_DT_I8},
    {"<i2", CASC_DT_I16},  {"<i4", CASC_DT_I32}, {"<i8", CASC_DT_I64},
    {"|u1", CASC_DT_U8},   {"<u1", CASC_DT_U8},  {"<u2", CASC_DT_U16},
    {"<u4", CASC_DT_U32},  {"<u8", CASC_DT_U64}, {"<f2", CASC_DT_F16},
    {"<f4", CASC_DT_F32},  {"<f8", CASC_DT_F64}, {"<V2", CASC_DT_BF16},
    {"|V2", CASC_DT_BF16},
};

static const char *descr_of(casc_dtype dt) {
  for (size_t i = 0; i < sizeof descrs / sizeof descrs[0]; i++)
    if (descrs[i].dt == dt)
      return descrs[i].descr;
  return NULL;
}

static bool fail(casc_ctx *ctx, const char *file, const char *fmt,
                 const char *arg) {
  casc_emit_error(ctx, casc_loc_file(ctx, file, 0, 0), fmt, arg);
  return false;
}

/* ---- the header dict ----------------------------------------------------- */
typedef struct {
  const char *p, *end;
} cursor;

static void skip_ws(cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n'))
    c->p++;
}

static bool eat(cursor *c, char ch) {
  skip_ws(c);
  if (c->p < c->end && *c->p == ch) {
    c->p++;
    return true;
  }
  return false;
}

/* A quoted Python string ('...' or "..."); no escapes are needed here. */
static bool read_str(cursor *c, char *out, size_t cap) {
  skip_ws(c);
  if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
    return false;
  char q = *c->p++;
  size_t n = 0;
  while (c->p < c->end && *c->p != q) {
    if (n + 1 >= cap)
      return false;
    out[n++] = *c->p++;
  }
  if (c->p >= c->end)
    return false;
  c->p++;
  out[n] = 0;
  return true;
}

static bool parse_header(casc_ctx *ctx, const char *file, const char *h,
                         size_t len, casc_npy *out, bool *fortran) {
  cursor c = {h, h + len};
  bool have_descr = false, have_shape = false;
  *fortran = false;
  if (!eat(&c, '{'))
    return fail(ctx, file, "%s: malformed .npy header (expected '{')", file);
  for (;;) {
    if (eat(&c, '}'))
      break;
    char key[32], val[32];
    if (!read_str(&c, key, sizeof key) || !eat(&c, ':'))
      return fail(ctx, file, "%s: malformed .npy header (expected a key)",
                  file);
    if (strcmp(key, "descr") == 0) {
      if (!read_str(&c, val, sizeof val))
        return fail(ctx, file, "%s: malformed 'descr' in .npy header", file);
      if (val[0] == '=')
        val[0] = '<'; /* native order on a little-endian host */
      out->dtype = CASC_DT_INVALID;
      for (size_t i = 0; i < sizeof descrs / sizeof descrs[0]; i++)
        if (strcmp(val, descrs[i].descr) == 0)
          out->dtype = descrs[i].dt;
      if (out->dtype == CASC_DT_INVALID) {
        char msg[96];
        snprintf(msg, sizeof msg, "%%s: unsupported .npy dtype '%s'", val);
        return fail(ctx, file, msg, file);
      }
      have_descr = true;
    } else if (strcmp(key, "fortran_order") == 0) {
      skip_ws(&c);
      if ((size_t)(c.end - c.p) >= 4 && memcmp(c.p, "True", 4) == 0) {
        *fortran = true;
        c.p += 4;
      } else if ((size_t)(c.end - c.p) >= 5 && memcmp(c.p, "False", 5) == 0) {
        c.p += 5;
      } else {
        return fail(ctx, file, "%s: malformed 'fortran_order'", file);
      }
    } else if (strcmp(key, "shape") == 0) {
      if (!eat(&c, '('))
        return fail(ctx, file, "%s: malformed 'shape'", file);
      out->ndim = 0;
      while (!eat(&c, ')')) {
        skip_ws(&c);
        if (out->ndim == CASC_NPY_MAX_DIMS)
          return fail(ctx, file, "%s: more than 8 dimensions", file);
        size_t v = 0;
        const char *start = c.p;
        while (c.p < c.end && *c.p >= '0' && *c.p <= '9') {
          if (v > ((size_t)1 << 40))
            return fail(ctx, file, "%s: dimension too large", file);
          v = v * 10 + (size_t)(*c.p++ - '0');
        }
        if (c.p == start)
          return fail(ctx, file, "%s: malformed 'shape'", file);
        out->shape[out->ndim++] = v;
        eat(&c, 'L'); /* Python 2 longs */
        if (!eat(&c, ',')) {
          if (!eat(&c, ')'))
            return fail(ctx, file, "%s: malformed 'shape'", file);
          break;
        }
      }
      have_shape = true;
    } else {
      return fail(ctx, file, "%s: unexpected key in .npy header", file);
    }
    if (!eat(&c, ',')) {
      if (eat(&c, '}'))
        break;
      return fail(ctx, file, "%s: malformed .npy header", file);
    }
  }
  if (!have_descr || !have_shape)
    return fail(ctx, file, "%s: .npy header lacks 'descr' or 'shape'", file);
  return true;
}

bool casc_npy_parse(casc_ctx *ctx, const void *bytes, size_t len,
                    const char *filename, casc_npy *out) {
  const unsigned char *b = bytes;
  memset(out, 0, sizeof *out);
  if (len < 10 || memcmp(b, "\x93NUMPY", 6) != 0)
    return fail(ctx, filename, "%s: not a NumPy .npy file", filename);
  unsigned major = b[6];
  size_t hlen, hstart;
  if (major == 1) {
    hlen = (size_t)b[8] | (size_t)b[9] << 8;
    hstart = 10;
  } else if (major == 2 || major == 3) {
    if (len < 12)
      return fail(ctx, filename, "%s: truncated .npy header", filename);
    hlen = (size_t)b[8] | (size_t)b[9] << 8 | (size_t)b[10] << 16 |
           (size_t)b[11] << 24;
    hstart = 12;
  } else {
    return fail(ctx, filename, "%s: unsupported .npy format version", filename);
  }
  if (hlen > len - hstart)
    return fail(ctx, filename, "%s: truncated .npy header", filename);
  bool fortran;
  if (!parse_header(ctx, filename, (const char *)b + hstart, hlen, out,
                    &fortran))
    return false;
  size_t count = 1;
  unsigned big = 0;
  for (unsigned i = 0; i < out->ndim; i++) {
    if (out->shape[i] > 1)
      big++;
    if (out->shape[i] && count > ((size_t)1 << 40) / out->shape[i])
      return fail(ctx, filename, "%s: array too large", filename);
    count *= out->shape[i];
  }
  if (fortran && big > 1)
    return fail(ctx, filename,
                "%s: Fortran-order arrays are not supported (save with C "
                "order)",
                filename);
  size_t es = casc_dtype_size(out->dtype);
  size_t data = hstart + hlen, need = count * es;
  if (len - data < need)
    return fail(ctx, filename, "%s: the data is shorter than the shape says",
                filename);
  if (len - data > need)
    return fail(ctx, filename, "%s: trailing bytes after the .npy data",
                filename);
  out->count = count;
  out->data = casc_malloc(need ? need : 1);
  if (!out->data) {
    casc_ctx_report_oom(ctx);
    return false;
  }
  memcpy(out->data, b + data, need);
  return true;
}

bool casc_npy_read(casc_ctx *ctx, const char *path, casc_npy *out) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "rb");
  if (!f) {
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0), "cannot open %s: %s",
                    path, strerror(errno));
    return false;
  }
  casc_buf buf;
  casc_buf_init(&buf);
  casc_read_status st = casc_read_stream(f, (size_t)1 << 40, &buf);
  bool ok = st == CASC_READ_OK;
  if (st == CASC_READ_NO_MEMORY)
    casc_ctx_report_oom(ctx);
  else if (!ok)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0), "cannot read %s",
                    path);
  fclose(f);
  if (ok)
    ok = casc_npy_parse(ctx, (const unsigned char *)(buf.data ? buf.data : ""),
                        buf.len, path, out);
  casc_buf_free(&buf);
  return ok;
}

bool casc_npy_write(casc_ctx *ctx, const char *path, const casc_npy *a) {
  const char *descr = descr_of(a->dtype);
  if (!descr)
    return fail(ctx, path, "%s: no .npy dtype for this element type", path);
  if (a->ndim > CASC_NPY_MAX_DIMS)
    return fail(ctx, path, "%s: more than 8 dimensions", path);
  char dict[512];
  int n = snprintf(dict, sizeof dict,
                   "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  size_t count = 1;
  for (unsigned i = 0; i < a->ndim; i++) {
    n += snprintf(dict + n, sizeof dict - (size_t)n, "%zu,%s", a->shape[i],
                  i + 1 < a->ndim ? " " : "");
    count *= a->shape[i];
  }
  if (a->ndim > 1)
    n--; /* (2, 3) rather than (2, 3,) */
  n += snprintf(dict + n, sizeof dict - (size_t)n, "), }");
  if (count != a->count)
    return fail(ctx, path, "%s: shape and element count disagree", path);
  /* Pad with spaces so that data starts on a 64-byte boundary. */
  size_t total = 10 + (size_t)n + 1;
  size_t pad = (64 - total % 64) % 64;
  size_t hlen = (size_t)n + pad + 1;
  unsigned char pre[10] = {0x93,
                           'N',
                           'U',
                           'M',
                           'P',
                           'Y',
                           1,
                           0,
                           (unsigned char)(hlen & 0xff),
                           (unsigned char)(hlen >> 8)};
  FILE *f = fopen(path, "wb");
  if (!f) {
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0), "cannot create %s: %s",
                    path, strerror(errno));
    return false;
  }
  bool ok =
      fwrite(pre, 1, 10, f) == 10 && fwrite(dict, 1, (size_t)n, f) == (size_t)n;
  for (size_t i = 0; ok && i < pad; i++)
    ok = fputc(' ', f) != EOF;
  ok = ok && fputc('\n', f) != EOF;
  size_t bytes = a->count * casc_dtype_size(a->dtype);
  ok = ok && (bytes == 0 || fwrite(a->data, 1, bytes, f) == bytes);
  ok = (fclose(f) == 0) && ok;
  if (!ok)
    casc_emit_error(ctx, casc_loc_file(ctx, path, 0, 0), "cannot write %s",
                    path);
  return ok;
}

void casc_npy_free(casc_npy *a) {
  casc_free(a->data);
  a->data = NULL;
  a->count = 0;
}
