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
  m->slots = NULL;
  m->cap = m->n = 0;
}

void casc_ptrmap_free(casc_ptrmap *m) {
  casc_free(m->slots);
  casc_ptrmap_init(m);
}

static bool rehash(casc_ptrmap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  if (ncap < m->cap || ncap > SIZE_MAX / sizeof(casc_ptrmap_slot))
    return false;
  casc_ptrmap_slot *ns = casc_calloc(ncap, sizeof *ns);
  if (!ns)
    return false;
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->slots[i].key)
      continue;
    size_t s = slot_of(m->slots[i].key, ncap);
    while (ns[s].key)
      s = (s + 1) & (ncap - 1);
    ns[s] = m->slots[i];
  }
  casc_free(m->slots);
  m->slots = ns;
  m->cap = ncap;
  return true;
}

bool casc_ptrmap_put(casc_ptrmap *m, const void *key, uintptr_t val) {
  CASC_ASSERT(key != NULL);
  /* Overwriting never allocates, so it cannot fail (cse relies on that to
   * restore a scope). Inserting keeps the map at most half full, so probe
   * sequences stay short. */
  if (m->cap) {
    size_t s = slot_of(key, m->cap);
    for (; m->slots[s].key; s = (s + 1) & (m->cap - 1))
      if (m->slots[s].key == key) {
        m->slots[s].val = val;
        return true;
      }
    if ((m->n + 1) * 2 <= m->cap) {
      m->slots[s].key = key;
      m->slots[s].val = val;
      m->n++;
      return true;
    }
  }
  if (!rehash(m))
    return false;
  size_t s = slot_of(key, m->cap);
  while (m->slots[s].key)
    s = (s + 1) & (m->cap - 1);
  m->slots[s].key = key;
  m->slots[s].val = val;
  m->n++;
  return true;
}

bool casc_ptrmap_find(const casc_ptrmap *m, const void *key, uintptr_t *val) {
  if (!m->cap || !key)
    return false;
  for (size_t s = slot_of(key, m->cap);; s = (s + 1) & (m->cap - 1)) {
    if (m->slots[s].key == key) {
      *val = m->slots[s].val;
      return true;
    }
    if (!m->slots[s].key)
      return false;
  }
}

/* Its own loop rather than a call to casc_ptrmap_find: verify-sync looks a
 * value up for nearly every operand it visits. */
uintptr_t casc_ptrmap_get(const casc_ptrmap *m, const void *key,
                          uintptr_t dflt) {
  if (!m->cap || !key)
    return dflt;
  for (size_t s = slot_of(key, m->cap);; s = (s + 1) & (m->cap - 1)) {
    if (m->slots[s].key == key)
      return m->slots[s].val;
    if (!m->slots[s].key)
      return dflt;
  }
}
