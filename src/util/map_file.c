#define _DEFAULT_SOURCE /* madvise */
#include "util/map_file.h"

#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

bool casc_map_file(int fd, casc_mapped_file *m) {
  m->data = NULL;
  m->len = 0;
  m->released = 0;
  struct stat st;
  if (fstat(fd, &st) != 0)
    return false;
  /* A pipe or a device cannot be mapped, and mmap rejects length 0. */
  if (!S_ISREG(st.st_mode) || st.st_size <= 0 ||
      (uint64_t)st.st_size > SIZE_MAX) {
    errno = EINVAL;
    return false;
  }
  size_t len = (size_t)st.st_size;
  void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED)
    return false;
  /* Read front to back: the kernel reads ahead further and drops behind. */
  (void)madvise(p, len, MADV_SEQUENTIAL);
  m->data = p;
  m->len = len;
  return true;
}

void casc_mapped_file_release(casc_mapped_file *m, size_t upto) {
  if (!m->data || upto > m->len)
    return;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t end = upto / page * page;
  if (end <= m->released)
    return;
  /* MADV_DONTNEED on a private, never written file mapping drops the pages
   * from the process; a later access faults them back in from the file. A
   * failure only means the pages stay resident. */
  if (madvise((char *)m->data + m->released, end - m->released,
              MADV_DONTNEED) == 0)
    m->released = end;
}

void casc_unmap_file(casc_mapped_file *m) {
  if (m->data)
    (void)munmap((void *)m->data, m->len);
  m->data = NULL;
  m->len = 0;
  m->released = 0;
}
