/* verify-sync's abstract state: copying, the sparse env, canonical form and
 * the set of states with duplicate removal. */
#include <stddef.h>
#include <string.h>

#include "passes/verify_sync_state.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/hashmap.h"

vs_state *vs_state_new(uint32_t nq, uint32_t np) {
  vs_state *s = casc_calloc(1, sizeof *s);
  if (!s)
    return NULL;
  size_t qbytes = (size_t)nq * sizeof(vs_queue);
  size_t pbytes = (size_t)np * sizeof(vs_pipe);
  /* One block: pipes first (8-byte aligned), then queues. */
  char *blk = casc_calloc(1, pbytes + qbytes + 1);
  if (!blk) {
    casc_free(s);
    return NULL;
  }
  s->p = (vs_pipe *)blk;
  s->q = (vs_queue *)(blk + pbytes);
  for (uint32_t i = 0; i < nq; i++)
    s->q[i].num = -1;
  for (uint32_t d = 0; d < VS_RLOOPS; d++)
    vs_state_rreset(s, d);
  s->cert = 1;
  return s;
}

void vs_state_rreset(vs_state *s, uint32_t d) {
  if (d < VS_RLOOPS) {
    s->rlo[d] = 0;
    s->rhi[d] = VS_RINF;
  }
}

void vs_state_free(vs_state *s) {
  if (!s)
    return;
  casc_free(s->p);
  casc_free(s->slots);
  casc_free(s->env);
  casc_free(s->as);
  casc_free(s->carry);
  casc_free(s);
}

static void *dup_array(const void *src, size_t n, size_t elem) {
  if (n == 0)
    return NULL;
  void *d = casc_malloc(n * elem);
  if (d)
    memcpy(d, src, n * elem);
  return d;
}

vs_state *vs_state_copy(const vs_state *s, uint32_t nq, uint32_t np) {
  vs_state *c = vs_state_new(nq, np);
  if (!c)
    return NULL;
  c->cert = s->cert;
  c->corr = s->corr;
  c->zloop = s->zloop;
  memcpy(c->p, s->p, (size_t)np * sizeof(vs_pipe));
  memcpy(c->q, s->q, (size_t)nq * sizeof(vs_queue));
  memcpy(c->uevt, s->uevt, sizeof c->uevt);
  memcpy(c->fset, s->fset, sizeof c->fset);
  memcpy(c->funk, s->funk, sizeof c->funk);
  memcpy(c->rlo, s->rlo, sizeof c->rlo);
  memcpy(c->rhi, s->rhi, sizeof c->rhi);
  c->hash = s->hash;
  c->slots = dup_array(s->slots, s->ns, sizeof(vs_slot));
  c->env = dup_array(s->env, s->ne, sizeof(vs_bind));
  c->as = dup_array(s->as, s->na, sizeof(vs_assume));
  c->carry = dup_array(s->carry, s->nc, sizeof(int32_t));
  if ((s->ns && !c->slots) || (s->ne && !c->env) || (s->na && !c->as) ||
      (s->nc && !c->carry)) {
    vs_state_free(c);
    return NULL;
  }
  c->ns = c->cs = s->ns;
  c->ne = c->ce = s->ne;
  c->na = c->ca = s->na;
  c->nc = c->cc = s->nc;
  return c;
}

/* Index of the first env entry with id >= v. */
static uint32_t env_lower(const vs_state *s, uint32_t v) {
  uint32_t lo = 0, hi = s->ne;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (s->env[mid].v < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int32_t vs_env_get(const vs_state *s, uint32_t v) {
  uint32_t i = env_lower(s, v);
  return i < s->ne && s->env[i].v == v ? s->env[i].b : VS_B_UNKNOWN;
}

bool vs_env_set(vs_state *s, uint32_t v, int32_t b) {
  uint32_t i = env_lower(s, v);
  if (i < s->ne && s->env[i].v == v) {
    if (b == VS_B_UNKNOWN) {
      vs_env_remove(s, v);
      return true;
    }
    s->env[i].b = b;
    return true;
  }
  if (b == VS_B_UNKNOWN)
    return true;
  vs_bind *env = casc_grow(s->env, &s->ce, s->ne + 1, sizeof *env);
  if (!env)
    return false;
  s->env = env;
  memmove(&s->env[i + 1], &s->env[i], (s->ne - i) * sizeof(vs_bind));
  s->env[i].v = v;
  s->env[i].b = b;
  s->ne++;
  return true;
}

void vs_env_remove(vs_state *s, uint32_t v) {
  uint32_t i = env_lower(s, v);
  if (i < s->ne && s->env[i].v == v) {
    memmove(&s->env[i], &s->env[i + 1], (s->ne - i - 1) * sizeof(vs_bind));
    s->ne--;
  }
}

int32_t vs_slot_new(vs_state *s) {
  if (s->ns >= 0x7fff0000u)
    return -1;
  vs_slot *slots = casc_grow(s->slots, &s->cs, s->ns + 1, sizeof *slots);
  if (!slots)
    return -1;
  s->slots = slots;
  memset(&s->slots[s->ns], 0, sizeof(vs_slot));
  s->slots[s->ns].owner = VS_NOQ;
  s->slots[s->ns].fifo_q = VS_NOQ;
  return (int32_t)s->ns++;
}

int vs_assume_get(const vs_state *s, uint32_t v) {
  for (uint32_t i = 0; i < s->na; i++)
    if (s->as[i].v == v)
      return (int)s->as[i].val;
  return -1;
}

bool vs_assume_set(vs_state *s, uint32_t v, uint32_t val) {
  uint32_t i = 0;
  while (i < s->na && s->as[i].v < v)
    i++;
  if (i < s->na && s->as[i].v == v) {
    s->as[i].val = val;
    return true;
  }
  vs_assume *as = casc_grow(s->as, &s->ca, s->na + 1, sizeof *as);
  if (!as)
    return false;
  s->as = as;
  memmove(&s->as[i + 1], &s->as[i], (s->na - i) * sizeof(vs_assume));
  s->as[i].v = v;
  s->as[i].val = val;
  s->na++;
  return true;
}

void vs_assume_drop(vs_state *s, uint32_t v) {
  for (uint32_t i = 0; i < s->na; i++)
    if (s->as[i].v == v) {
      memmove(&s->as[i], &s->as[i + 1], (s->na - i - 1) * sizeof(vs_assume));
      s->na--;
      return;
    }
}

bool vs_carry_set(vs_state *s, uint32_t n, const int32_t *b) {
  if (n) {
    int32_t *carry = casc_grow(s->carry, &s->cc, n, sizeof *carry);
    if (!carry)
      return false;
    s->carry = carry;
    memcpy(s->carry, b, n * sizeof(int32_t));
  }
  s->nc = n;
  return true;
}

/* ---- canonical form ----------------------------------------------------- */

static int cmp_u32(uint32_t a, uint32_t b) {
  return a < b ? -1 : a > b;
}

/* Order of slots that no value refers to. */
static int slot_key_cmp(const vs_slot *a, const vs_slot *b) {
  int c;
  if ((c = cmp_u32(a->owner, b->owner)) ||
      (c = cmp_u32(a->fifo_q, b->fifo_q)) ||
      (c = cmp_u32(a->status, b->status)) || (c = cmp_u32(a->seq, b->seq)) ||
      (c = cmp_u32(a->alloc, b->alloc)) || (c = cmp_u32(a->last, b->last)) ||
      (c = cmp_u32(a->flags, b->flags)) || (c = cmp_u32(a->decl, b->decl)) ||
      (c = cmp_u32(a->asite, b->asite)) || (c = cmp_u32(a->lsite, b->lsite)))
    return c;
  return 0;
}

/* Insertion sort of slot indices (the lists are short). */
static void sort_idx(uint32_t *idx, uint32_t n, const vs_slot *slots) {
  for (uint32_t i = 1; i < n; i++) {
    uint32_t x = idx[i], j = i;
    while (j > 0 && slot_key_cmp(&slots[idx[j - 1]], &slots[x]) > 0) {
      idx[j] = idx[j - 1];
      j--;
    }
    idx[j] = x;
  }
}

/* The state's hash, part by part (casc_hash_bytes works a word at a
 * time; this was a byte-at-a-time FNV over the whole state). */
static uint64_t hash_part(uint64_t h, const void *p, size_t n) {
  return (h ^ casc_hash_bytes(p, n)) * 0x9e3779b97f4a7c15ull;
}

/* Fixed-size fields that sit side by side are hashed as one part (each
 * part costs a call): cert, corr and zloop; the event and loop arrays. */
#define SCALARS_SIZE (offsetof(vs_state, zloop) + sizeof(uint32_t))
_Static_assert(offsetof(vs_state, cert) == 0 &&
                   offsetof(vs_state, corr) == sizeof(uint32_t) &&
                   offsetof(vs_state, zloop) == 2 * sizeof(uint32_t),
               "cert, corr and zloop are hashed as one block");
#define EVENTS_SIZE                                                            \
  (offsetof(vs_state, rhi) + sizeof(int16_t) * VS_RLOOPS -                     \
   offsetof(vs_state, uevt))
_Static_assert(
    offsetof(vs_state, fset) == offsetof(vs_state, uevt) + VS_NEVENTS &&
        offsetof(vs_state, funk) == offsetof(vs_state, fset) + VS_NEVENTS &&
        offsetof(vs_state, rlo) == offsetof(vs_state, funk) + VS_NEVENTS &&
        offsetof(vs_state, rhi) ==
            offsetof(vs_state, rlo) + sizeof(int16_t) * VS_RLOOPS,
    "the event and loop arrays are hashed as one block");

bool vs_state_canon(vs_state *s, uint32_t nq, uint32_t np) {
  uint32_t ns = s->ns;
  /* A state has a handful of slots: the scratch arrays live on the stack
   * unless there are many (canonicalisation runs for every state of every
   * fixpoint step). */
  enum { SMALL = 32 };
  int32_t map_small[SMALL];
  uint32_t order_small[SMALL];
  vs_slot nsl_small[SMALL];
  int32_t *map = map_small;
  uint32_t *order = order_small;
  vs_slot *nsl = nsl_small;
  bool heap = ns > SMALL;
  if (heap) {
    map = casc_malloc(ns * sizeof *map);
    order = casc_malloc(ns * sizeof *order);
    nsl = casc_malloc(ns * sizeof *nsl);
    if (!map || !order || !nsl) {
      casc_free(map);
      casc_free(order);
      casc_free(nsl);
      return false;
    }
  }
  for (uint32_t i = 0; i < ns; i++)
    map[i] = -1;
  uint32_t n = 0;
  /* Referenced slots first, in env then carry order. */
  for (uint32_t i = 0; i < s->ne; i++) {
    int32_t b = s->env[i].b;
    if (b >= 0 && (uint32_t)b < ns && map[b] < 0) {
      map[b] = (int32_t)n;
      order[n++] = (uint32_t)b;
    }
  }
  for (uint32_t i = 0; i < s->nc; i++) {
    int32_t b = s->carry[i];
    if (b >= 0 && (uint32_t)b < ns && map[b] < 0) {
      map[b] = (int32_t)n;
      order[n++] = (uint32_t)b;
    }
  }
  /* Then the unreferenced slots that still matter: buffers held (a leak
   * or a count) and tensors waiting in a FIFO. */
  uint32_t first_free = n;
  for (uint32_t i = 0; i < ns; i++) {
    if (map[i] >= 0)
      continue;
    const vs_slot *sl = &s->slots[i];
    /* Held buffers are kept for the leak report and the notes, unless
     * nothing would be reported about them. */
    bool keep = sl->status == VS_ENQ ||
                (sl->status == VS_HELD &&
                 !(sl->flags & (VS_SF_EXT | VS_SF_UNK | VS_SF_NOLEAK)));
    if (keep)
      order[n++] = i;
  }
  if (n > first_free)
    sort_idx(order + first_free, n - first_free, s->slots);
  for (uint32_t k = first_free; k < n; k++)
    map[order[k]] = (int32_t)k;
  for (uint32_t k = 0; k < n; k++)
    nsl[k] = s->slots[order[k]];
  if (ns)
    memcpy(s->slots, nsl, n * sizeof *nsl);
  s->ns = n;
  for (uint32_t i = 0; i < s->ne; i++)
    if (s->env[i].b >= 0)
      s->env[i].b = map[s->env[i].b];
  for (uint32_t i = 0; i < s->nc; i++)
    if (s->carry[i] >= 0)
      s->carry[i] = map[s->carry[i]];
  /* Renumber FIFO sequences per queue to 0..k-1 (relative order kept). */
  for (uint32_t q = 0; q < nq; q++) {
    uint16_t next = 0;
    for (;;) {
      int32_t best = -1;
      for (uint32_t k = 0; k < n; k++) {
        vs_slot *sl = &s->slots[k];
        if (sl->status != VS_ENQ || sl->fifo_q != q || sl->seq < next)
          continue;
        if (best < 0 || sl->seq < s->slots[best].seq)
          best = (int32_t)k;
      }
      if (best < 0)
        break;
      /* Mark by moving it below `next`; seqs >= next are untouched. */
      s->slots[best].seq = next++;
    }
    s->q[q].next_seq = next;
  }
  if (heap) {
    casc_free(map);
    casc_free(order);
    casc_free(nsl);
  }
  uint64_t h = 0xcbf29ce484222325ULL;
  h = hash_part(h, &s->cert, SCALARS_SIZE);
  h = hash_part(h, s->q, (size_t)nq * sizeof(vs_queue));
  h = hash_part(h, s->p, (size_t)np * sizeof(vs_pipe));
  h = hash_part(h, s->uevt, EVENTS_SIZE);
  h = hash_part(h, s->slots, (size_t)s->ns * sizeof(vs_slot));
  h = hash_part(h, s->env, (size_t)s->ne * sizeof(vs_bind));
  h = hash_part(h, s->as, (size_t)s->na * sizeof(vs_assume));
  h = hash_part(h, s->carry, (size_t)s->nc * sizeof(int32_t));
  s->hash = h;
  return true;
}

static bool mem_eq(const void *a, const void *b, size_t n) {
  return n == 0 || memcmp(a, b, n) == 0;
}

bool vs_state_equal(const vs_state *a, const vs_state *b, uint32_t nq,
                    uint32_t np) {
  return a->hash == b->hash && a->cert == b->cert && a->corr == b->corr &&
         a->zloop == b->zloop && a->ns == b->ns && a->ne == b->ne &&
         a->na == b->na && a->nc == b->nc &&
         mem_eq(a->q, b->q, (size_t)nq * sizeof(vs_queue)) &&
         mem_eq(a->p, b->p, (size_t)np * sizeof(vs_pipe)) &&
         mem_eq(a->uevt, b->uevt, sizeof a->uevt) &&
         mem_eq(a->fset, b->fset, sizeof a->fset) &&
         mem_eq(a->funk, b->funk, sizeof a->funk) &&
         mem_eq(a->rlo, b->rlo, sizeof a->rlo) &&
         mem_eq(a->rhi, b->rhi, sizeof a->rhi) &&
         mem_eq(a->slots, b->slots, (size_t)a->ns * sizeof(vs_slot)) &&
         mem_eq(a->env, b->env, (size_t)a->ne * sizeof(vs_bind)) &&
         mem_eq(a->as, b->as, (size_t)a->na * sizeof(vs_assume)) &&
         mem_eq(a->carry, b->carry, (size_t)a->nc * sizeof(int32_t));
}

/* ---- sets ---------------------------------------------------------------- */

void vs_set_init(vs_set *set) {
  set->s = NULL;
  set->n = set->cap = 0;
}

bool vs_set_push(vs_set *set, vs_state *s) {
  vs_state **arr = casc_grow(set->s, &set->cap, set->n + 1, sizeof *arr);
  if (!arr) {
    vs_state_free(s);
    return false;
  }
  set->s = arr;
  set->s[set->n++] = s;
  return true;
}

void vs_set_clear(vs_set *set) {
  for (uint32_t i = 0; i < set->n; i++)
    vs_state_free(set->s[i]);
  set->n = 0;
}

void vs_set_free(vs_set *set) {
  vs_set_clear(set);
  casc_free(set->s);
  vs_set_init(set);
}

bool vs_set_dedup(vs_set *set, uint32_t nq, uint32_t np, uint32_t cap) {
  bool ok = true;
  uint32_t out = 0;
  for (uint32_t i = 0; i < set->n; i++) {
    vs_state *s = set->s[i];
    if (!vs_state_canon(s, nq, np))
      ok = false;
    bool dup = out >= cap;
    for (uint32_t j = 0; j < out && !dup; j++)
      dup = vs_state_equal(set->s[j], s, nq, np);
    if (dup)
      vs_state_free(s);
    else
      set->s[out++] = s;
  }
  set->n = out;
  return ok;
}
