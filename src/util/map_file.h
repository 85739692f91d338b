/* A regular file mapped read-only, whose already-read prefix can be given
 * back to the kernel: a parser that reads a 24 MB module front to back then
 * holds only the part it is reading, not the whole text beside the IR. */
#ifndef CASC_UTIL_MAP_FILE_H
#define CASC_UTIL_MAP_FILE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *data; /* the file's bytes (not NUL-terminated) */
  size_t len;
  size_t released; /* bytes from the start given back so far */
} casc_mapped_file;

/* Map the open file descriptor fd. False (errno set) when fd is not a
 * non-empty regular file or cannot be mapped: the caller then reads it as a
 * stream. The mapping does not keep fd open. */
bool casc_map_file(int fd, casc_mapped_file *m);
/* Give back the whole pages before offset `upto`. Reading them again is
 * still valid (the kernel reads them back in from the file), so a pointer
 * into the released part stays usable; it just costs a page fault. */
void casc_mapped_file_release(casc_mapped_file *m, size_t upto);
void casc_unmap_file(casc_mapped_file *m);

#endif
