#include "util/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/invariant.h"

/* Chunks grow geometrically up to 1 MiB so a tiny context stays tiny and a
 * 200k-op module does not make thousands of mallocs. */
#define ARENA_MIN_CHUNK ((size_t)16 * 1024)
#define ARENA_MAX_CHUNK ((size_t)1024 * 1024)

struct casc_arena_chunk {
  casc_arena_chunk *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
};

void casc_arena_init(casc_arena *a) {
  a->head = NULL;
  a->spare = NULL;
  a->total = 0;
}

/* A chunk of at least want bytes: the spare one when it is big enough. */
static casc_arena_chunk *new_chunk(casc_arena *a, size_t want) {
  casc_arena_chunk *n = a->spare;
  if (n && n->size >= want) {
    a->spare = NULL;
    n->used = 0;
    return n;
  }
  n = casc_malloc(sizeof(*n) + want);
  if (!n)
    return NULL;
  n->size = want;
  n->used = 0;
  a->total += want;
  return n;
}

void *casc_arena_alloc(casc_arena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  casc_arena_chunk *c = a->head;
  if (!c || c->size - c->used < size) {
    size_t want = c ? c->size * 2 : ARENA_MIN_CHUNK;
    if (want > ARENA_MAX_CHUNK)
      want = ARENA_MAX_CHUNK;
    if (want < size)
      want = size;
    casc_arena_chunk *n = new_chunk(a, want);
    if (!n)
      return NULL;
    /* A chunk made for one big object goes behind the current head so
     * the head's free space is still used for small objects. */
    if (c && want == size && c->size - c->used > 256) {
      n->next = c->next;
      c->next = n;
    } else {
      n->next = c;
      a->head = n;
    }
    c = n;
  }
  void *p = c->data + c->used;
  c->used += size;
  CASC_ASSERT(c->used <= c->size);
  memset(p, 0, size);
  return p;
}

void casc_arena_free(casc_arena *a) {
  casc_arena_chunk *c = a->head;
  while (c) {
    casc_arena_chunk *n = c->next;
    casc_free(c);
    c = n;
  }
  casc_free(a->spare);
  a->head = NULL;
  a->spare = NULL;
  a->total = 0;
}

casc_arena_mark casc_arena_get_mark(const casc_arena *a) {
  casc_arena_mark m = {a->head, a->head ? a->head->used : 0};
  return m;
}

void casc_arena_release(casc_arena *a, casc_arena_mark m) {
  /* Chunks only ever go in at the head or right behind it, so those made
   * after the mark are the ones in front of the marked chunk. */
  while (a->head && a->head != m.chunk) {
    casc_arena_chunk *c = a->head;
    a->head = c->next;
    if (!a->spare || a->spare->size < c->size) {
      casc_arena_chunk *old = a->spare;
      a->spare = c;
      c = old;
    }
    if (c) {
      a->total -= c->size;
      casc_free(c);
    }
  }
  if (a->head) {
    CASC_ASSERT(m.used <= a->head->used);
    a->head->used = m.used;
  }
}
