/* Open-addressing pointer map with linear probing; keys are never NULL. */
#include <stdlib.h>

#include "passes/ptrmap.h"

void casc_ptrmap_init(casc_ptrmap *m) {
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->n = 0;
  m->oom = false;
}

void casc_ptrmap_free(casc_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  casc_ptrmap_init(m);
}

static size_t slot_of(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

static bool grow(casc_ptrmap *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64;
  const void **nk = calloc(ncap, sizeof *nk);
  uint32_t *nv = malloc(ncap * sizeof *nv);
  if (!nk || !nv) {
    free(nk);
    free(nv);
    m->oom = true;
    return false;
  }
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i])
      continue;
    size_t s = slot_of(m->keys[i], ncap);
    while (nk[s])
      s = (s + 1) & (ncap - 1);
    nk[s] = m->keys[i];
    nv[s] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = nk;
  m->vals = nv;
  m->cap = ncap;
  return true;
}

bool casc_ptrmap_put(casc_ptrmap *m, const void *key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap && !grow(m))
    return false;
  size_t s = slot_of(key, m->cap);
  while (m->keys[s] && m->keys[s] != key)
    s = (s + 1) & (m->cap - 1);
  if (!m->keys[s]) {
    m->keys[s] = key;
    m->n++;
  }
  m->vals[s] = val;
  return true;
}

uint32_t casc_ptrmap_get(const casc_ptrmap *m, const void *key, uint32_t dflt) {
  if (!m->cap || !key)
    return dflt;
  size_t s = slot_of(key, m->cap);
  while (m->keys[s]) {
    if (m->keys[s] == key)
      return m->vals[s];
    s = (s + 1) & (m->cap - 1);
  }
  return dflt;
}
