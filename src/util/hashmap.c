#include "util/hashmap.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

/* Eight bytes a step, each mixed in by a multiply and a shift (the byte at
 * a time FNV-1a this replaced was 6% of casc opt): hash tables use the low
 * bits, so the last step folds the high bits down. */
uint64_t casc_hash_bytes(const void *p, size_t n) {
  const unsigned char *s = p;
  uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
  while (n >= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
    s += 8;
    n -= 8;
  }
  /* The 0-7 byte tail in at most three fixed-size loads (a memcpy of a
   * variable length cost a third of the function), placed as a memcpy
   * into w would place them on a little-endian machine. */
  uint64_t w = 0;
  unsigned shift = 0;
  if (n & 4) {
    uint32_t x;
    memcpy(&x, s, 4);
    w = x;
    s += 4;
    shift = 32;
  }
  if (n & 2) {
    uint16_t x;
    memcpy(&x, s, 2);
    w |= (uint64_t)x << shift;
    s += 2;
    shift += 16;
  }
  if (n & 1)
    w |= (uint64_t)*s << shift;
  h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
  return h ^ (h >> 29);
}

void casc_hm_init(casc_hashmap *m) {
  m->slots = NULL;
  m->cap = m->count = 0;
}

void casc_hm_free(casc_hashmap *m) {
  casc_free(m->slots);
  casc_hm_init(m);
}

void *casc_hm_get(const casc_hashmap *m, const void *key, size_t len,
                  uint64_t hash) {
  if (!m->cap || len > UINT32_MAX)
    return NULL;
  size_t mask = m->cap - 1;
  for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
    const casc_hm_slot *s = &m->slots[i];
    if (!s->key)
      return NULL;
    if (s->hash == (uint32_t)hash && s->len == len &&
        memcmp(s->key, key, len) == 0)
      return s->value;
  }
}

static bool grow(casc_hashmap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  casc_hm_slot *ns = casc_calloc(ncap, sizeof(*ns));
  if (!ns)
    return false;
  for (size_t i = 0; i < m->cap; i++) {
    casc_hm_slot *s = &m->slots[i];
    if (!s->key)
      continue;
    size_t j = (size_t)s->hash & (ncap - 1);
    while (ns[j].key)
      j = (j + 1) & (ncap - 1);
    ns[j] = *s;
  }
  casc_free(m->slots);
  m->slots = ns;
  m->cap = ncap;
  return true;
}

bool casc_hm_put(casc_hashmap *m, const void *key, size_t len, uint64_t hash,
                 void *value) {
  if (len > UINT32_MAX)
    return false;
  if ((m->count + 1) * 4 > m->cap * 3 && !grow(m))
    return false;
  size_t mask = m->cap - 1;
  for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
    casc_hm_slot *s = &m->slots[i];
    if (!s->key) {
      s->key = key;
      s->len = (uint32_t)len;
      s->hash = (uint32_t)hash;
      s->value = value;
      m->count++;
      return true;
    }
    if (s->hash == (uint32_t)hash && s->len == len &&
        memcmp(s->key, key, len) == 0) {
      s->value = value;
      return true;
    }
  }
}
