/* Open-addressing map from byte strings to pointers; the uniquing tables of
 * the context (strings, types, attributes, locations) are all one of these
 * keyed by a structural serialisation of the object. */
#ifndef CASC_UTIL_HASHMAP_H
#define CASC_UTIL_HASHMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 24 bytes: the low half of the hash (enough to tell most keys apart before
 * comparing bytes, and to place a slot in any table of up to 2^32 slots)
 * and the length in 32 bits. Keys of 4 GiB or more are not stored. */
typedef struct {
  uint32_t hash;
  uint32_t len;
  const void *key; /* owned by the caller (arena), NULL = empty slot */
  void *value;
} casc_hm_slot;

typedef struct {
  casc_hm_slot *slots;
  size_t cap, count; /* cap is a power of two or 0 */
} casc_hashmap;

uint64_t casc_hash_bytes(const void *p, size_t n);
void casc_hm_init(casc_hashmap *m);
void casc_hm_free(casc_hashmap *m);
/* Value stored under key, or NULL. */
void *casc_hm_get(const casc_hashmap *m, const void *key, size_t len,
                  uint64_t hash);
/* Store value under key (the key memory must outlive the map). Returns false
 * on allocation failure or for a key of 4 GiB or more. */
bool casc_hm_put(casc_hashmap *m, const void *key, size_t len, uint64_t hash,
                 void *value);

#endif
