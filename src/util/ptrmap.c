#include "util/ptrmap.h"

#include "util/alloc.h"
#include "util/invariant.h"

/* Pointers are aligned, so their low bits say little: mix (murmur3's
 * finaliser) before masking. */
static size_t slot_of(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

void casc_ptrmap_init(casc_ptrmap *m) {
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->n = 0;
}

void casc_ptrmap_free(casc_ptrmap *m) {
  casc_free(m->keys); /* vals share the allocation */
  casc_ptrmap_init(m);
}

/* Moves the entries into a table of ncap slots (a power of two, larger
 * than cap). */
static bool rehash_to(casc_ptrmap *m, size_t ncap) {
  size_t per = sizeof(void *) + sizeof(uintptr_t);
  if (ncap <= m->cap || ncap > SIZE_MAX / per)
    return false;
  const void **nk = casc_calloc(ncap, per);
  if (!nk)
    return false;
  uintptr_t *nv = (uintptr_t *)(nk + ncap);
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i])
      continue;
    size_t s = slot_of(m->keys[i], ncap);
    while (nk[s])
      s = (s + 1) & (ncap - 1);
    nk[s] = m->keys[i];
    nv[s] = m->vals[i];
  }
  casc_free(m->keys);
  m->keys = nk;
  m->vals = nv;
  m->cap = ncap;
  return true;
}

static bool rehash(casc_ptrmap *m) {
  return rehash_to(m, m->cap ? m->cap * 2 : 64);
}

bool casc_ptrmap_reserve(casc_ptrmap *m, size_t n) {
  if (n == 0)
    return true;
  size_t ncap = m->cap ? m->cap : 64;
  while (n > ncap / 4 * 3) {
    if (ncap > SIZE_MAX / 2)
      return false;
    ncap *= 2;
  }
  return ncap == m->cap || rehash_to(m, ncap);
}

bool casc_ptrmap_put(casc_ptrmap *m, const void *key, uintptr_t val) {
  CASC_ASSERT(key != NULL);
  /* Overwriting never allocates, so it cannot fail (cse relies on that to
   * restore a scope). Inserting keeps the map at most 3/4 full: probe
   * sequences stay short (linear probing averages under 3 probes for a
   * hit there), and a map of every value of a 240k-op module (the
   * printer's names) takes 4 MB, not 8. */
  if (m->cap) {
    size_t s = slot_of(key, m->cap);
    for (; m->keys[s]; s = (s + 1) & (m->cap - 1))
      if (m->keys[s] == key) {
        m->vals[s] = val;
        return true;
      }
    if ((m->n + 1) * 4 <= m->cap * 3) {
      m->keys[s] = key;
      m->vals[s] = val;
      m->n++;
      return true;
    }
  }
  if (!rehash(m))
    return false;
  size_t s = slot_of(key, m->cap);
  while (m->keys[s])
    s = (s + 1) & (m->cap - 1);
  m->keys[s] = key;
  m->vals[s] = val;
  m->n++;
  return true;
}

bool casc_ptrmap_find(const casc_ptrmap *m, const void *key, uintptr_t *val) {
  if (!m->cap || !key)
    return false;
  for (size_t s = slot_of(key, m->cap); m->keys[s]; s = (s + 1) & (m->cap - 1))
    if (m->keys[s] == key) {
      *val = m->vals[s];
      return true;
    }
  return false;
}

/* Its own loop rather than a call to casc_ptrmap_find: verify-sync looks a
 * value up for nearly every operand it visits. */
uintptr_t casc_ptrmap_get(const casc_ptrmap *m, const void *key,
                          uintptr_t dflt) {
  if (!m->cap || !key)
    return dflt;
  size_t mask = m->cap - 1, s = slot_of(key, m->cap);
  for (const void *k; (k = m->keys[s]) != key; s = (s + 1) & mask)
    if (!k)
      return dflt;
  return m->vals[s];
}
