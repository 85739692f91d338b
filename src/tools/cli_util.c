/* Shared helpers of the casc subcommands (see cli_util.h). */
#include "tools/cli_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/diag_format.h"
#include "util/read_file.h"

const char *casc_cli_flag(const char *arg, const char *name) {
  if (arg[0] != '-')
    return NULL;
  arg += arg[1] == '-' ? 2 : 1;
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0)
    return NULL;
  if (arg[n] == '\0')
    return arg + n;
  if (arg[n] == '=')
    return arg + n + 1;
  return NULL;
}

const char *casc_cli_flag_name(const char *arg, size_t *len) {
  if (arg[0] != '-' || arg[1] == '\0')
    return NULL;
  arg += arg[1] == '-' ? 2 : 1;
  const char *eq = strchr(arg, '=');
  *len = eq ? (size_t)(eq - arg) : strlen(arg);
  return arg;
}

const char *casc_cli_buffer_name(const char *path) {
  return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

bool casc_cli_read_file(const char *path, char **data, size_t *len, char *err,
                        size_t errlen) {
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  *data = NULL;
  *len = 0;
  if (!f) {
    int e = errno;
    snprintf(err, errlen, "cannot open input file '%s': %s", path, strerror(e));
    errno = e;
    return false;
  }
  casc_buf buf;
  casc_buf_init(&buf);
  casc_read_status st = casc_read_stream(f, 0, &buf);
  if (st == CASC_READ_IO_ERROR)
    snprintf(err, errlen, "cannot read input file '%s': %s", path,
             strerror(errno));
  else if (st != CASC_READ_OK)
    snprintf(err, errlen, "out of memory reading '%s'", path);
  if (!is_stdin)
    fclose(f);
  if (st != CASC_READ_OK) {
    casc_buf_free(&buf);
    errno = st == CASC_READ_NO_MEMORY ? ENOMEM : EIO;
    return false;
  }
  if (!buf.data) /* an empty file: callers still get a NUL-terminated "" */
    casc_buf_put(&buf, "", 0);
  if (buf.oom) {
    snprintf(err, errlen, "out of memory reading '%s'", path);
    casc_buf_free(&buf);
    errno = ENOMEM;
    return false;
  }
  *data = buf.data; /* malloc'd: the caller frees it */
  *len = buf.len;
  return true;
}

int casc_cli_read_failure_exit(void) {
  return errno == ENOMEM ? CASC_EXIT_FAIL : CASC_EXIT_USAGE;
}

bool casc_cli_output_open(casc_cli_output *o, const char *path, char *err,
                          size_t errlen) {
  o->path = path;
  o->is_stdout = strcmp(path, "-") == 0;
  o->f = o->is_stdout ? stdout : fopen(path, "wb");
  if (!o->f) {
    snprintf(err, errlen, "cannot open output file '%s': %s", path,
             strerror(errno));
    return false;
  }
  struct stat st;
  o->is_regular =
      !o->is_stdout && fstat(fileno(o->f), &st) == 0 && S_ISREG(st.st_mode);
  return true;
}

bool casc_cli_output_close(casc_cli_output *o, bool keep) {
  if (!o->f)
    return true;
  bool ok = fflush(o->f) == 0 && !ferror(o->f);
  if (!o->is_stdout) {
    ok = fclose(o->f) == 0 && ok;
    if ((!keep || !ok) && o->is_regular)
      remove(o->path);
  }
  o->f = NULL;
  return ok;
}

/* One line of a split-mode diagnostic: locations in the split buffer get
 * MLIR's "within split at" prefix, others print as usual. */
static void print_split_line(const casc_cli_diag_printer *p, FILE *out,
                             const casc_loc *loc, const char *sev,
                             const char *msg) {
  const casc_loc *fl = loc ? casc_loc_find_file(loc) : NULL;
  if (fl && fl->u.file.file && p->buffer_name &&
      strcmp(fl->u.file.file, p->buffer_name) == 0 &&
      fl->u.file.line >= p->split_line) {
    fprintf(out, "within split at %s:%u offset :%u:%u: %s: %s\n",
            p->buffer_name, p->split_line, fl->u.file.line - p->split_line + 1,
            fl->u.file.col, sev, msg);
    return;
  }
  char where[512];
  casc_loc_format(loc, where, sizeof where);
  fprintf(out, "%s: %s: %s\n", where, sev, msg);
}

void casc_cli_print_diag(const casc_diag *d, void *printer) {
  casc_cli_diag_printer *p = printer;
  if (d->sev == CASC_SEV_ERROR)
    p->errors++;
  if (d->sev == CASC_SEV_WARNING)
    p->warnings++;
  if (p->sink && p->sink->format != CASC_DIAG_FORMAT_TEXT) {
    casc_diag_sink_emit(p->sink, d); /* absolute lines, also when split */
    return;
  }
  FILE *out = p->sink && p->sink->f ? p->sink->f : stderr;
  if (!p->split) {
    casc_diag_print(d, out);
    return;
  }
  print_split_line(p, out, d->loc, casc_severity_name(d->sev), d->msg);
  const casc_loc *l = d->loc;
  while (l && l->kind == CASC_LOC_NAME && l->u.name.child)
    l = l->u.name.child;
  if (l && l->kind == CASC_LOC_CALLSITE)
    print_split_line(p, out, l->u.callsite.caller, "note", "called from");
  for (unsigned i = 0; i < d->nnotes; i++)
    print_split_line(p, out, d->notes[i].loc, "note", d->notes[i].msg);
}

void casc_cli_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "casc%s%s: ", cmd ? " " : "", cmd ? cmd : "");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}
