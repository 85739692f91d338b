/* --diagnostics-format=json|sarif (see diag_format.h). */
#include "tools/diag_format.h"

#include <errno.h>
#include <string.h>

#include "tools/cli_util.h"
#include "util/alloc.h"

/* SARIF 2.1.0's schema, for editors that validate what they load. */
#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

int casc_diag_sink_option(casc_diag_sink *s, const char *cmd, const char *arg) {
  const char *v;
  if ((v = casc_cli_flag(arg, "diagnostics-format"))) {
    if (strcmp(v, "text") == 0)
      s->format = CASC_DIAG_FORMAT_TEXT;
    else if (strcmp(v, "json") == 0)
      s->format = CASC_DIAG_FORMAT_JSON;
    else if (strcmp(v, "sarif") == 0)
      s->format = CASC_DIAG_FORMAT_SARIF;
    else {
      casc_cli_error(cmd,
                     "--diagnostics-format expects text, json or sarif, "
                     "got '%s'",
                     v);
      return -1;
    }
    return 1;
  }
  if ((v = casc_cli_flag(arg, "diagnostics-file"))) {
    if (!*v) {
      casc_cli_error(cmd, "--diagnostics-file needs a path "
                          "(--diagnostics-file=PATH)");
      return -1;
    }
    s->path = v;
    return 1;
  }
  return 0;
}

int casc_diag_sink_open(casc_diag_sink *s, const char *cmd, bool stdout_taken) {
  casc_buf_init(&s->results);
  if (s->path) {
    s->f = fopen(s->path, "wb");
    if (!s->f) {
      casc_cli_error(cmd, "cannot open diagnostics file '%s': %s", s->path,
                     strerror(errno));
      return CASC_EXIT_FAIL;
    }
    return CASC_EXIT_OK;
  }
  if (s->format == CASC_DIAG_FORMAT_SARIF && stdout_taken) {
    /* Two documents on one stream would make neither readable. */
    casc_cli_error(cmd, "--diagnostics-format=sarif writes the log to "
                        "stdout, which the command's output uses: add "
                        "--diagnostics-file=PATH (or send the output "
                        "elsewhere)");
    return CASC_EXIT_USAGE;
  }
  s->f = s->format == CASC_DIAG_FORMAT_SARIF ? stdout : stderr;
  return CASC_EXIT_OK;
}

void casc_json_str(casc_buf *b, const char *s) {
  if (!s) {
    casc_buf_puts(b, "null");
    return;
  }
  casc_buf_putc(b, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      casc_buf_putc(b, '\\');
      casc_buf_putc(b, (char)c);
    } else if (c == '\n') {
      casc_buf_puts(b, "\\n");
    } else if (c == '\t') {
      casc_buf_puts(b, "\\t");
    } else if (c < 0x20) {
      casc_buf_printf(b, "\\u%04x", c);
    } else {
      casc_buf_putc(b, (char)c);
    }
  }
  casc_buf_putc(b, '"');
}

/* A path as a URI reference (RFC 3986): absolute paths get file://, bytes
 * outside the unreserved set and '/' are percent-encoded. */
static void json_uri(casc_buf *b, const char *path) {
  static const char hex[] = "0123456789ABCDEF";
  casc_buf_putc(b, '"');
  if (path[0] == '/')
    casc_buf_puts(b, "file://");
  for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
        (*c >= '0' && *c <= '9') || strchr("-._~/", *c)) {
      casc_buf_putc(b, (char)*c);
    } else {
      casc_buf_putc(b, '%');
      casc_buf_putc(b, hex[*c >> 4]);
      casc_buf_putc(b, hex[*c & 15]);
    }
  }
  casc_buf_putc(b, '"');
}

/* Where a diagnostic points: MLIR's rule (the first file location through
 * names and call sites). col 0 = no column (the C front end's locations
 * give the line only). */
typedef struct {
  const char *file;
  unsigned line, col;
} place;

static place place_of(const casc_loc *loc) {
  place p = {NULL, 0, 0};
  const casc_loc *f = loc ? casc_loc_find_file(loc) : NULL;
  if (f) {
    p.file = f->u.file.file;
    p.line = f->u.file.line;
    p.col = f->u.file.col;
  }
  return p;
}

/* The notes of d, with MLIR's "called from" for an inlined location. */
typedef struct {
  place where;
  const char *msg;
} note;

/* Fills out (room for d->nnotes + 1) and returns the count. */
static unsigned notes_of(const casc_diag *d, note *out) {
  unsigned n = 0;
  const casc_loc *l = d->loc;
  while (l && l->kind == CASC_LOC_NAME && l->u.name.child)
    l = l->u.name.child;
  if (l && l->kind == CASC_LOC_CALLSITE) {
    out[n].where = place_of(l->u.callsite.caller);
    out[n++].msg = "called from";
  }
  for (unsigned i = 0; i < d->nnotes; i++) {
    out[n].where = place_of(d->notes[i].loc);
    out[n++].msg = d->notes[i].msg;
  }
  return n;
}

static void json_place(casc_buf *b, place p) {
  casc_buf_puts(b, "\"file\":");
  casc_json_str(b, p.file);
  if (p.file)
    casc_buf_printf(b, ",\"line\":%u", p.line);
  else
    casc_buf_puts(b, ",\"line\":null");
  if (p.file && p.col)
    casc_buf_printf(b, ",\"column\":%u", p.col);
  else
    casc_buf_puts(b, ",\"column\":null");
}

static void emit_json(casc_diag_sink *s, const char *sev, place where,
                      const char *msg, const note *notes, unsigned nnotes) {
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_putc(&b, '{');
  json_place(&b, where);
  casc_buf_puts(&b, ",\"severity\":");
  casc_json_str(&b, sev);
  casc_buf_puts(&b, ",\"message\":");
  casc_json_str(&b, msg);
  casc_buf_puts(&b, ",\"notes\":[");
  for (unsigned i = 0; i < nnotes; i++) {
    casc_buf_puts(&b, i ? ",{" : "{");
    json_place(&b, notes[i].where);
    casc_buf_puts(&b, ",\"message\":");
    casc_json_str(&b, notes[i].msg);
    casc_buf_putc(&b, '}');
  }
  casc_buf_puts(&b, "]}\n");
  if (b.oom)
    fputs("{\"file\":null,\"line\":null,\"column\":null,\"severity\":"
          "\"error\",\"message\":\"out of memory formatting a "
          "diagnostic\",\"notes\":[]}\n",
          s->f);
  else
    fwrite(b.data, 1, b.len, s->f);
  casc_buf_free(&b);
}

/* SARIF 2.1.0 physicalLocation: artifactLocation.uri and a region
 * with startLine (and startColumn when the source has columns). */
static void sarif_physical(casc_buf *b, place p) {
  casc_buf_puts(b, "\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
  json_uri(b, p.file);
  casc_buf_putc(b, '}');
  if (p.line) {
    casc_buf_printf(b, ",\"region\":{\"startLine\":%u", p.line);
    if (p.col)
      casc_buf_printf(b, ",\"startColumn\":%u", p.col);
    casc_buf_putc(b, '}');
  }
  casc_buf_putc(b, '}');
}

/* SARIF has no "remark": a remark is information, its "note" level. */
static const char *sarif_level(casc_severity sev) {
  return sev == CASC_SEV_ERROR     ? "error"
         : sev == CASC_SEV_WARNING ? "warning"
                                   : "note";
}

static void add_sarif(casc_diag_sink *s, casc_severity sev, place where,
                      const char *msg, const note *notes, unsigned nnotes) {
  casc_buf *b = &s->results;
  casc_buf_puts(b, s->nresults ? ",\n" : "\n");
  s->nresults++;
  casc_buf_puts(b, "        {\"ruleId\":\"casc.diagnostic\",\"ruleIndex\":0,"
                   "\"level\":");
  casc_json_str(b, sarif_level(sev));
  casc_buf_puts(b, ",\"message\":{\"text\":");
  casc_json_str(b, msg);
  casc_buf_puts(b, "},\"locations\":[");
  if (where.file) {
    casc_buf_putc(b, '{');
    sarif_physical(b, where);
    casc_buf_putc(b, '}');
  }
  casc_buf_putc(b, ']');
  unsigned id = 0;
  for (unsigned i = 0; i < nnotes; i++) {
    if (!notes[i].where.file)
      continue; /* a relatedLocation needs a place; keep the text */
    casc_buf_puts(b, id ? ",{" : ",\"relatedLocations\":[{");
    casc_buf_printf(b, "\"id\":%u,\"message\":{\"text\":", id++);
    casc_json_str(b, notes[i].msg);
    casc_buf_puts(b, "},");
    sarif_physical(b, notes[i].where);
    casc_buf_putc(b, '}');
  }
  if (id)
    casc_buf_putc(b, ']');
  casc_buf_putc(b, '}');
}

void casc_diag_sink_emit(casc_diag_sink *s, const casc_diag *d) {
  note *notes = casc_malloc(((size_t)d->nnotes + 1) * sizeof *notes);
  unsigned n = notes ? notes_of(d, notes) : 0;
  if (!notes)
    fputs("casc: out of memory: the notes of a diagnostic are lost\n", stderr);
  if (s->format == CASC_DIAG_FORMAT_SARIF)
    add_sarif(s, d->sev, place_of(d->loc), d->msg, notes, n);
  else
    emit_json(s, casc_severity_name(d->sev), place_of(d->loc), d->msg, notes,
              n);
  casc_free(notes);
}

void casc_diag_sink_emit_plain(casc_diag_sink *s, casc_severity sev,
                               const char *file, unsigned line, unsigned col,
                               const char *msg) {
  place p = {file, file ? line : 0, file ? col : 0};
  if (s->format == CASC_DIAG_FORMAT_SARIF)
    add_sarif(s, sev, p, msg, NULL, 0);
  else if (s->format == CASC_DIAG_FORMAT_JSON)
    emit_json(s, casc_severity_name(sev), p, msg, NULL, 0);
  else if (file)
    fprintf(s->f, "%s:%u:%u: %s: %s\n", file, line, col,
            casc_severity_name(sev), msg);
  else
    fprintf(s->f, "<unknown>:0: %s: %s\n", casc_severity_name(sev), msg);
}

static void write_sarif(casc_diag_sink *s) {
  fputs("{\n  \"$schema\": \"" SARIF_SCHEMA "\",\n"
        "  \"version\": \"2.1.0\",\n"
        "  \"runs\": [\n    {\n"
        "      \"tool\": {\"driver\": {\"name\": \"casc\", \"version\": "
        "\"" CASC_VERSION
        "\", \"rules\": [{\"id\": \"casc.diagnostic\", \"shortDescription\": "
        "{\"text\": \"A diagnostic of casc: parser, verifier, passes "
        "(verify-sync) or simulator (sanitizer)\"}}]}},\n"
        "      \"results\": [",
        s->f);
  if (s->results.oom)
    fputs("\n        {\"ruleId\":\"casc.diagnostic\",\"level\":\"error\","
          "\"message\":{\"text\":\"out of memory: diagnostics were lost\"}}",
          s->f);
  else if (s->results.len)
    fwrite(s->results.data, 1, s->results.len, s->f);
  fputs("\n      ]\n    }\n  ]\n}\n", s->f);
}

bool casc_diag_sink_close(casc_diag_sink *s, const char *cmd) {
  if (!s->f)
    return true;
  if (s->format == CASC_DIAG_FORMAT_SARIF)
    write_sarif(s);
  bool ok = fflush(s->f) == 0 && !ferror(s->f);
  if (s->path)
    ok = fclose(s->f) == 0 && ok;
  if (!ok)
    casc_cli_error(cmd, "error writing the diagnostics to '%s'",
                   s->path ? s->path : "stdout");
  casc_buf_free(&s->results);
  s->f = NULL;
  return ok;
}
