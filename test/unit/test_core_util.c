/* util: the pointer map, the growth helper and the allocator's fault
 * injection, against simple models. */
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "util/alloc.h"
#include "util/arena.h"
#include "util/buf_num.h"
#include "util/grow.h"
#include "util/hashmap.h"
#include "util/invariant.h"
#include "util/map_file.h"
#include "util/ptrmap.h"

/* Thousands of keys with a plain array as the model: every key maps to its
 * latest value, absent keys give the default, and growth keeps them all. */
static void test_ptrmap_matches_model(void) {
  enum { N = 5000 };
  static char objs[N];
  static uintptr_t model[N];
  casc_ptrmap m;
  casc_ptrmap_init(&m);
  CHECK_EQ_INT(casc_ptrmap_get(&m, &objs[0], 7), 7);
  for (unsigned i = 0; i < N; i += 2) {
    model[i] = i * 3u + 1;
    REQUIRE(casc_ptrmap_put(&m, &objs[i], model[i]));
  }
  for (unsigned i = 0; i < N; i += 6) {
    model[i] = i; /* overwrite, including with 0 */
    REQUIRE(casc_ptrmap_put(&m, &objs[i], model[i]));
  }
  CHECK_EQ_INT(m.n, (N + 1) / 2);
  CHECK(m.n * 4 <= m.cap * 3); /* at most 3/4 full */
  unsigned bad = 0;
  for (unsigned i = 0; i < N; i++) {
    uintptr_t v = 12345;
    bool found = casc_ptrmap_find(&m, &objs[i], &v);
    if (found != (i % 2 == 0) || (found && v != model[i]) ||
        casc_ptrmap_get(&m, &objs[i], 99) != (found ? model[i] : 99))
      bad++;
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(casc_ptrmap_get(&m, NULL, 5), 5);
  casc_ptrmap_free(&m);
  CHECK(m.keys == NULL && m.vals == NULL && m.cap == 0 && m.n == 0);
}

/* After casc_ptrmap_reserve(n), n keys go in without an allocation (every
 * allocation fails meanwhile), the ones already there included; a reserve
 * that cannot allocate leaves the map as it was. */
static void test_ptrmap_reserve(void) {
  static char objs[300];
  casc_ptrmap m;
  casc_ptrmap_init(&m);
  REQUIRE(casc_ptrmap_put(&m, &objs[0], 1));
  REQUIRE(casc_ptrmap_reserve(&m, 300));
  CHECK(m.cap * 3 >= 300 * 4);
  casc_alloc_fail_nth(1, true);
  bool all = true;
  for (unsigned i = 0; i < 300; i++)
    all &= casc_ptrmap_put(&m, &objs[i], i + 10);
  size_t cap = m.cap;
  bool grew = casc_ptrmap_reserve(&m, 5000);
  casc_alloc_fail_off();
  CHECK(all);
  CHECK(!grew && m.cap == cap && m.n == 300);
  unsigned bad = 0;
  for (unsigned i = 0; i < 300; i++)
    bad += casc_ptrmap_get(&m, &objs[i], 0) != i + 10;
  CHECK_EQ_INT(bad, 0);
  CHECK(casc_ptrmap_reserve(&m, 10) && m.cap == cap); /* already room */
  casc_ptrmap_free(&m);
  /* Room for 3000 keys is 4096 slots (3/4 full), not 8192. */
  REQUIRE(casc_ptrmap_reserve(&m, 3000));
  CHECK_EQ_INT(m.cap, 4096);
  casc_ptrmap_free(&m);
}

/* An overwrite must succeed even when the allocator fails: cse restores
 * scopes with overwrites and cannot handle a failure there. */
static void test_ptrmap_overwrite_does_not_allocate(void) {
  static char objs[32];
  casc_ptrmap m;
  casc_ptrmap_init(&m);
  for (unsigned i = 0; i < 32; i++)
    REQUIRE(casc_ptrmap_put(&m, &objs[i], i));
  casc_alloc_fail_nth(1, true);
  bool all = true;
  for (unsigned i = 0; i < 32; i++)
    all &= casc_ptrmap_put(&m, &objs[i], i + 100);
  casc_alloc_fail_off();
  CHECK(all);
  CHECK_EQ_INT(casc_ptrmap_get(&m, &objs[31], 0), 131);
  casc_ptrmap_free(&m);
}

static void test_ptrmap_put_fails_cleanly(void) {
  static char objs[100];
  casc_ptrmap m;
  casc_ptrmap_init(&m);
  for (unsigned i = 0; i < 48; i++)
    REQUIRE(casc_ptrmap_put(&m, &objs[i], i));
  /* The 49th key needs the table to double (64 slots hold 48, 3/4 full):
   * that allocation fails, and the map must still hold all the old keys. */
  CHECK_EQ_INT(m.cap, 64);
  casc_alloc_fail_nth(1, false);
  CHECK(!casc_ptrmap_put(&m, &objs[48], 48));
  CHECK_EQ_INT(casc_alloc_failures(), 1);
  casc_alloc_fail_off();
  CHECK_EQ_INT(m.n, 48);
  CHECK_EQ_INT(casc_ptrmap_get(&m, &objs[48], 77), 77);
  CHECK_EQ_INT(casc_ptrmap_get(&m, &objs[47], 77), 47);
  CHECK(casc_ptrmap_put(&m, &objs[48], 48));
  casc_ptrmap_free(&m);
}

static void test_grow_cap(void) {
  unsigned c = 0;
  CHECK(casc_grow_cap(0, 1, 4, &c) && c == CASC_GROW_MIN);
  CHECK(casc_grow_cap(0, 100, 4, &c) && c == 128);
  CHECK(casc_grow_cap(16, 17, 4, &c) && c == 32);
  CHECK(casc_grow_cap(16, 16, 4, &c) && c == 16);
  /* Doubling past UINT_MAX, and a byte size past SIZE_MAX, are refused. */
  CHECK(!casc_grow_cap(UINT_MAX / 2 + 1, UINT_MAX, 1, &c));
  CHECK(!casc_grow_cap(8, 16, SIZE_MAX / 8, &c));
}

static void test_grow_keeps_contents(void) {
  unsigned *a = NULL, cap = 0;
  for (unsigned n = 0; n < 1000; n++) {
    unsigned *na = casc_grow(a, &cap, n + 1, sizeof *a);
    REQUIRE(na);
    a = na;
    a[n] = n * 7;
  }
  CHECK(cap >= 1000 && cap < 2000);
  unsigned bad = 0;
  for (unsigned n = 0; n < 1000; n++)
    bad += a[n] != n * 7;
  CHECK_EQ_INT(bad, 0);
  /* A failed growth leaves the array and its capacity alone. */
  unsigned before = cap;
  casc_alloc_fail_nth(1, false);
  CHECK(casc_grow(a, &cap, cap + 1, sizeof *a) == NULL);
  casc_alloc_fail_off();
  CHECK_EQ_INT(cap, before);
  CHECK_EQ_INT(a[999], 999 * 7);
  casc_free(a);
}

static void test_arena_grow(void) {
  casc_arena ar;
  casc_arena_init(&ar);
  int *a = NULL;
  unsigned n = 0, cap = 0;
  for (; n < 100; n++) {
    int *na = casc_arena_grow(&ar, a, n, &cap, n + 1, sizeof *a);
    REQUIRE(na);
    if (na != a)
      CHECK(na[n] == 0); /* new elements are zero */
    a = na;
    a[n] = (int)n - 50;
  }
  unsigned bad = 0;
  for (unsigned i = 0; i < n; i++)
    bad += a[i] != (int)i - 50;
  CHECK_EQ_INT(bad, 0);
  casc_arena_free(&ar);
}

/* The injector counts every allocation, fails exactly the Nth (or the Nth
 * and all later ones), and costs nothing once switched off. */
/* Nested scratch scopes: a release gives back exactly what was allocated
 * since its mark, whatever chunks that took, and keeps what came before;
 * a scope that needs a new chunk every time reuses the spare chunk. */
static void test_arena_mark_release(void) {
  casc_arena ar;
  casc_arena_init(&ar);
  char *keep = casc_arena_alloc(&ar, 100);
  REQUIRE(keep);
  memset(keep, 'k', 100);
  casc_arena_mark outer = casc_arena_get_mark(&ar);
  char *o1 = casc_arena_alloc(&ar, 64);
  REQUIRE(o1);
  memset(o1, 'o', 64);
  size_t total_before = 0;
  for (int round = 0; round < 50; round++) {
    casc_arena_mark inner = casc_arena_get_mark(&ar);
    /* More than a chunk's worth: new chunks, then a big one of its own. */
    for (int i = 0; i < 40; i++)
      REQUIRE(casc_arena_alloc(&ar, 1000));
    REQUIRE(casc_arena_alloc(&ar, 3u << 20));
    casc_arena_release(&ar, inner);
    if (round == 0)
      total_before = ar.total;
    else
      CHECK(ar.total == total_before); /* no growth per round */
  }
  /* What the inner scopes allocated after release comes from where the
   * scope began: the next allocation follows o1. */
  char *o2 = casc_arena_alloc(&ar, 16);
  REQUIRE(o2);
  CHECK(o2 == o1 + 64);
  unsigned bad = 0;
  for (int i = 0; i < 100; i++)
    bad += keep[i] != 'k';
  for (int i = 0; i < 64; i++)
    bad += o1[i] != 'o';
  CHECK_EQ_INT(bad, 0);
  casc_arena_release(&ar, outer);
  CHECK(casc_arena_alloc(&ar, 64) == o1); /* the outer scope's memory too */
  /* A mark of an empty arena gives everything back. */
  casc_arena empty;
  casc_arena_init(&empty);
  casc_arena_mark none = casc_arena_get_mark(&empty);
  REQUIRE(casc_arena_alloc(&empty, 50000));
  casc_arena_release(&empty, none);
  CHECK(empty.head == NULL);
  casc_arena_free(&empty);
  casc_arena_free(&ar);
}

/* The printer's integers: every edge against snprintf. */
static void test_buf_put_numbers(void) {
  const int64_t signed_cases[] = {
      0, 1, -1, 9, 10, -10, 12345, INT64_MAX, INT64_MIN, INT64_MIN + 1};
  const uint64_t unsigned_cases[] = {
      0, 7, 10, 99, 100, UINT64_MAX, (uint64_t)INT64_MAX + 1};
  char want[32];
  for (size_t i = 0; i < sizeof signed_cases / sizeof signed_cases[0]; i++) {
    casc_buf b;
    casc_buf_init(&b);
    casc_buf_puts(&b, "x");
    casc_buf_put_i64(&b, signed_cases[i]);
    snprintf(want, sizeof want, "x%lld", (long long)signed_cases[i]);
    CHECK_STREQ(b.data, want);
    casc_buf_free(&b);
  }
  for (size_t i = 0; i < sizeof unsigned_cases / sizeof unsigned_cases[0];
       i++) {
    casc_buf b;
    casc_buf_init(&b);
    casc_buf_put_u64(&b, unsigned_cases[i]);
    snprintf(want, sizeof want, "%llu", (unsigned long long)unsigned_cases[i]);
    CHECK_STREQ(b.data, want);
    casc_buf_free(&b);
  }
}

/* Short writes (copied in place while there is room) and long ones mixed
 * across the growth boundaries give the concatenation, NUL-terminated. */
static void test_buf_short_puts(void) {
  static const char piece[] = "abcdefghijklmnopqrstuvwxyz";
  static char want[8192];
  size_t n = 0;
  casc_buf b;
  casc_buf_init(&b);
  for (unsigned i = 0; n + 26 < sizeof want; i++) {
    size_t len = i % 3 == 2 ? 9 + i % 17 : i % 9; /* 0..8, or 9..25 */
    casc_buf_put(&b, piece + i % 2, len);
    memcpy(want + n, piece + i % 2, len);
    n += len;
    if (!CHECK(b.len == n && b.data[n] == 0))
      break;
  }
  want[n] = 0;
  CHECK_STREQ(b.data, want);
  casc_buf_free(&b);
}

/* casc_buf_putc stores in place while there is room: across the growth
 * boundaries the text stays whole and NUL-terminated, and once a write
 * failed the buffer keeps what it had and drops later characters (short
 * writes too). */
static void test_buf_putc_across_growth(void) {
  casc_buf b;
  casc_buf_init(&b);
  char want[1001];
  for (int i = 0; i < 1000; i++) {
    want[i] = (char)('a' + i % 26);
    casc_buf_putc(&b, want[i]);
    CHECK(b.len == (size_t)i + 1 && b.data[i + 1] == 0);
  }
  want[1000] = 0;
  CHECK_STREQ(b.data, want);
  /* A write that cannot grow the buffer marks it: later characters are
   * dropped even where there is room. */
  REQUIRE(b.len + 1 < b.cap);
  static char big[4096];
  memset(big, 'q', sizeof big);
  casc_alloc_fail_nth(1, true);
  casc_buf_put(&b, big, sizeof big);
  casc_alloc_fail_off();
  CHECK(b.oom);
  casc_buf_putc(&b, '!');
  casc_buf_put(&b, "!!", 2);
  CHECK(b.len == 1000);
  CHECK_STREQ(b.data, want);
  casc_buf_free(&b);
}

/* casc_hash_bytes reads every byte of every length, the 0-7 byte tail
 * included: changing any one byte, or only the length, changes the hash. */
/* Slots keep 32 bits of the hash and of the length: keys whose hashes
 * differ only above bit 31 are still told apart by their bytes, values
 * survive the table's growth, and a key of 4 GiB is refused, not
 * truncated. */
static void test_hashmap_slots(void) {
  casc_hashmap m;
  casc_hm_init(&m);
  static const char a[] = "alpha", b[] = "bravo";
  CHECK(casc_hm_put(&m, a, 5, 0x100000005ull, (void *)a));
  CHECK(casc_hm_put(&m, b, 5, 0x200000005ull, (void *)b));
  CHECK(casc_hm_get(&m, a, 5, 0x100000005ull) == a);
  CHECK(casc_hm_get(&m, b, 5, 0x200000005ull) == b);
  static char keys[1000][4];
  for (unsigned i = 0; i < 1000; i++) {
    memcpy(keys[i], &i, 4);
    CHECK(casc_hm_put(&m, keys[i], 4, casc_hash_bytes(keys[i], 4), keys[i]));
  }
  unsigned found = 0;
  for (unsigned i = 0; i < 1000; i++)
    found +=
        casc_hm_get(&m, keys[i], 4, casc_hash_bytes(keys[i], 4)) == keys[i];
  CHECK_EQ_INT(found, 1000);
  CHECK(casc_hm_get(&m, a, 5, 0x100000005ull) == a);
  size_t huge = (size_t)UINT32_MAX + 6;
  CHECK(!casc_hm_put(&m, a, huge, 5, (void *)a));
  CHECK(casc_hm_get(&m, a, huge, 5) == NULL);
  casc_hm_free(&m);
}

static void test_hash_every_byte(void) {
  unsigned char b[24];
  for (unsigned i = 0; i < sizeof b; i++)
    b[i] = (unsigned char)(i * 37 + 11);
  for (size_t n = 1; n <= sizeof b; n++) {
    uint64_t h = casc_hash_bytes(b, n);
    CHECK(h != casc_hash_bytes(b, n - 1));
    for (size_t i = 0; i < n; i++) {
      for (unsigned bit = 0; bit < 8; bit++) {
        b[i] ^= (unsigned char)(1u << bit);
        if (!CHECK(casc_hash_bytes(b, n) != h))
          fprintf(stderr, "  length %zu, byte %zu, bit %u\n", n, i, bit);
        b[i] ^= (unsigned char)(1u << bit);
      }
    }
  }
}

static void test_fail_nth(void) {
  casc_alloc_fail_nth(0, false);
  void *p[5];
  for (int i = 0; i < 5; i++)
    p[i] = casc_malloc(8);
  CHECK_EQ_INT(casc_alloc_count(), 5);
  CHECK_EQ_INT(casc_alloc_failures(), 0);
  for (int i = 0; i < 5; i++)
    casc_free(p[i]);

  casc_alloc_fail_nth(3, false);
  for (int i = 0; i < 5; i++)
    p[i] = i % 2 ? casc_calloc(2, 4) : casc_malloc(8);
  CHECK(p[0] && p[1] && !p[2] && p[3] && p[4]);
  CHECK_EQ_INT(casc_alloc_failures(), 1);
  for (int i = 0; i < 5; i++)
    casc_free(p[i]);

  casc_alloc_fail_nth(2, true);
  void *q = casc_malloc(8);
  void *r = casc_realloc(q, 64); /* fails: q stays valid */
  CHECK(q && !r);
  CHECK(!casc_malloc(1) && !casc_calloc(1, 1));
  CHECK_EQ_INT(casc_alloc_failures(), 3);
  casc_free(q);

  casc_alloc_fail_off();
  q = casc_malloc(8);
  CHECK(q != NULL);
  casc_free(q);
  CHECK_EQ_INT(casc_alloc_count(), 4); /* no longer counting */
}

/* A broken invariant traps in Debug and sanitizer builds and costs nothing
 * in Release (the library must never abort there). Checked in a child so
 * that the trap does not end the test. */
static void test_assert_traps_only_in_debug(void) {
  volatile int broken = 1;
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    CASC_ASSERT(broken == 0);
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
#ifdef NDEBUG
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
#else
  CHECK(WIFSIGNALED(status));
#endif
}

/* A mapped file reads as its bytes; the pages given back read the same
 * again (faulted back in from the file); an empty file and a pipe are not
 * mapped (the caller reads them). */
static void test_mapped_file(void) {
  char path[] = "/tmp/casc_map_file_XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  static char text[3 * 65536 + 123];
  for (size_t i = 0; i < sizeof text; i++)
    text[i] = (char)('a' + i % 23);
  bool written = write(fd, text, sizeof text) == (ssize_t)sizeof text;
  CHECK(written);
  casc_mapped_file m;
  REQUIRE(casc_map_file(fd, &m));
  CHECK(m.len == sizeof text && memcmp(m.data, text, m.len) == 0);
  casc_mapped_file_release(&m, 2 * 65536 + 5);
  CHECK(m.released > 0 && m.released <= 2 * 65536 + 5);
  casc_mapped_file_release(&m, m.len + 1); /* past the end: ignored */
  CHECK(m.released <= 2 * 65536 + 5);
  CHECK(memcmp(m.data, text, m.len) == 0);
  casc_unmap_file(&m);
  CHECK(m.data == NULL && m.len == 0);
  CHECK(ftruncate(fd, 0) == 0);
  CHECK(!casc_map_file(fd, &m));
  close(fd);
  unlink(path);
  int p[2];
  REQUIRE(pipe(p) == 0);
  CHECK(!casc_map_file(p[0], &m));
  close(p[0]);
  close(p[1]);
}

int main(void) {
  RUN_TEST(test_ptrmap_matches_model);
  RUN_TEST(test_ptrmap_overwrite_does_not_allocate);
  RUN_TEST(test_ptrmap_reserve);
  RUN_TEST(test_ptrmap_put_fails_cleanly);
  RUN_TEST(test_grow_cap);
  RUN_TEST(test_grow_keeps_contents);
  RUN_TEST(test_arena_grow);
  RUN_TEST(test_arena_mark_release);
  RUN_TEST(test_buf_put_numbers);
  RUN_TEST(test_buf_putc_across_growth);
  RUN_TEST(test_buf_short_puts);
  RUN_TEST(test_hash_every_byte);
  RUN_TEST(test_hashmap_slots);
  RUN_TEST(test_fail_nth);
  RUN_TEST(test_assert_traps_only_in_debug);
  RUN_TEST(test_mapped_file);
  return CHECK_SUMMARY();
}
