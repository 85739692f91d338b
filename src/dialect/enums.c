/* The enum table, expanded from enums.def once (thread-safe). */
#include <pthread.h>
#include <string.h>

#include "dialect/dialect.h"

static const struct {
  const char *name, *cxxprefix, *kws, *cxxs;
} enum_rows[] = {
#define CASC_ENUM(id, name, cxxprefix, kws, cxxs) {name, cxxprefix, kws, cxxs},
#include "dialect/enums.def"
#undef CASC_ENUM
};

/* Space-separated words are cut into this static pool; no heap, so nothing
 * to free at exit. */
static casc_enum_info enum_infos[CASC_ENUM_COUNT_];
static char enum_pool[4096];
static pthread_once_t enum_once = PTHREAD_ONCE_INIT;

static size_t split_words(const char *src, const char **out, size_t max,
                          size_t *pool_used) {
  size_t n = 0;
  const char *p = src;
  while (*p && n < max) {
    while (*p == ' ')
      p++;
    if (!*p)
      break;
    const char *s = p;
    while (*p && *p != ' ')
      p++;
    size_t len = (size_t)(p - s);
    if (*pool_used + len + 1 > sizeof enum_pool)
      break;
    char *w = enum_pool + *pool_used;
    memcpy(w, s, len);
    w[len] = 0;
    *pool_used += len + 1;
    out[n++] = (len == 1 && s[0] == '-') ? NULL : w;
  }
  return n;
}

static void enum_init(void) {
  size_t used = 0;
  for (unsigned i = 0; i < CASC_ENUM_COUNT_; i++) {
    casc_enum_info *e = &enum_infos[i];
    e->name = enum_rows[i].name;
    e->cxxprefix = enum_rows[i].cxxprefix;
    size_t nk =
        split_words(enum_rows[i].kws, e->kw, CASC_ENUM_MAX_VALUES, &used);
    size_t nc =
        split_words(enum_rows[i].cxxs, e->cxx, CASC_ENUM_MAX_VALUES, &used);
    e->count = (unsigned)(nk < nc ? nk : nc);
  }
}

const casc_enum_info *casc_enum_get(casc_enum_kind k) {
  if ((unsigned)k >= CASC_ENUM_COUNT_)
    return NULL;
  pthread_once(&enum_once, enum_init);
  return &enum_infos[k];
}

int casc_enum_parse(casc_enum_kind k, const char *kw, size_t len) {
  const casc_enum_info *e = casc_enum_get(k);
  if (!e)
    return -1;
  for (unsigned i = 0; i < e->count; i++)
    if (e->kw[i] && strlen(e->kw[i]) == len && memcmp(e->kw[i], kw, len) == 0)
      return (int)i;
  return -1;
}

const char *casc_enum_keyword(casc_enum_kind k, int64_t v) {
  const casc_enum_info *e = casc_enum_get(k);
  if (!e || v < 0 || v >= (int64_t)e->count)
    return NULL;
  return e->kw[v];
}

const char *casc_enum_cxx(casc_enum_kind k, int64_t v) {
  const casc_enum_info *e = casc_enum_get(k);
  if (!e || v < 0 || v >= (int64_t)e->count)
    return NULL;
  return e->cxx[v];
}
