/* `casc run`'s diagnostics and result record (see run_report.h). */
#include "tools/run_report.h"

#include <stdio.h>
#include <string.h>

#include "tools/diag_format.h"

void run_report_init(run_report *r, const char *buffer_name,
                     unsigned error_limit, bool json) {
  memset(r, 0, sizeof *r);
  r->printer.buffer_name = buffer_name;
  r->error_limit = error_limit;
  r->json = json;
  casc_buf_init(&r->items);
}

void run_report_free(run_report *r) {
  casc_buf_free(&r->items);
}

/* "file": .., "line": .., "col": .. of loc's first file location (null
 * file and zeros when it has none). */
static void json_where(casc_buf *b, const casc_loc *loc) {
  const casc_loc *fl = loc ? casc_loc_find_file(loc) : NULL;
  casc_buf_puts(b, "\"file\": ");
  casc_json_str(b, fl ? fl->u.file.file : NULL);
  casc_buf_printf(b, ", \"line\": %u, \"col\": %u", fl ? fl->u.file.line : 0,
                  fl ? fl->u.file.col : 0);
}

static void item_begin(run_report *r) {
  if (r->nitems++)
    casc_buf_puts(&r->items, ", ");
  casc_buf_putc(&r->items, '{');
}

/* Whether a diagnostic of severity sev may still be shown; counts it. */
static bool within_limit(run_report *r, casc_severity sev) {
  if (r->error_limit && r->errors >= r->error_limit) {
    r->not_shown++;
    return false;
  }
  r->errors += sev == CASC_SEV_ERROR;
  return true;
}

void run_report_diag(const casc_diag *d, void *report) {
  run_report *r = report;
  if (!within_limit(r, d->sev)) {
    r->record_not_shown += r->json && !r->in_launch;
    return;
  }
  casc_cli_print_diag(d, &r->printer);
  if (!r->json || r->in_launch)
    return;
  item_begin(r);
  json_where(&r->items, d->loc);
  casc_buf_puts(&r->items, ", \"severity\": ");
  casc_json_str(&r->items, casc_severity_name(d->sev));
  casc_buf_puts(&r->items, ", \"message\": ");
  casc_json_str(&r->items, d->msg);
  casc_buf_puts(&r->items, ", \"block\": null, \"notes\": [");
  for (unsigned i = 0; i < d->nnotes; i++) {
    casc_buf_puts(&r->items, i ? ", {" : "{");
    json_where(&r->items, d->notes[i].loc);
    casc_buf_puts(&r->items, ", \"message\": ");
    casc_json_str(&r->items, d->notes[i].msg);
    casc_buf_putc(&r->items, '}');
  }
  casc_buf_puts(&r->items, "]}");
}

void run_report_add_issues(run_report *r, const casc_launch_result *res) {
  if (!r->json)
    return;
  /* The stderr lines of these issues were counted against the limit when
   * they were printed (merged over blocks); the record lists every block's,
   * which a limit of its own keeps from a flood. */
  unsigned shown = 0;
  for (unsigned i = 0; i < res->nissues; i++) {
    const casc_sim_issue *is = &res->issues[i];
    if (r->error_limit && shown >= r->error_limit) {
      r->record_not_shown++;
      continue;
    }
    shown += is->sev == CASC_SEV_ERROR;
    item_begin(r);
    json_where(&r->items, is->loc);
    casc_buf_puts(&r->items, ", \"severity\": ");
    casc_json_str(&r->items, casc_severity_name(is->sev));
    casc_buf_puts(&r->items, ", \"message\": ");
    casc_json_str(&r->items, is->msg);
    casc_buf_printf(&r->items, ", \"block\": %d, \"check\": ", is->block);
    casc_json_str(&r->items, casc_sim_check_name(is->check));
    casc_buf_puts(&r->items, ", \"notes\": []}");
  }
}

void run_report_finish(const run_report *r) {
  if (r->not_shown)
    fprintf(stderr,
            "casc run: too many errors emitted, stopping now "
            "(--error-limit=%u): %u more diagnostic(s) not shown\n",
            r->error_limit, r->not_shown);
}

static void json_timing(casc_buf *b, const casc_timing *t) {
  casc_buf_printf(b,
                  ", \"timing\": {\"cycles\": %llu, \"seconds\": %.9g, "
                  "\"clock_mhz\": %u, \"races\": %u, \"busy\": {",
                  (unsigned long long)t->cycles, t->seconds, t->clock_mhz,
                  t->races);
  for (int p = 0; p < CASC_SIM_PIPE_COUNT_; p++)
    casc_buf_printf(b, "%s\"%s\": %.6g", p ? ", " : "",
                    casc_sim_pipe_name((casc_sim_pipe)p), t->busy_fraction[p]);
  casc_buf_puts(b, "}, \"block_cycles\": [");
  for (unsigned i = 0; i < t->nblocks && t->blocks; i++)
    casc_buf_printf(b, "%s%llu", i ? ", " : "",
                    (unsigned long long)t->blocks[i].cycles);
  casc_buf_puts(b, "]}");
}

bool run_report_print_json(const run_report *r, const run_record *rec) {
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_puts(&b, "{\"file\": ");
  casc_json_str(&b, rec->file);
  casc_buf_puts(&b, ", \"kernel\": ");
  casc_json_str(&b, rec->kernel);
  casc_buf_printf(&b, ", \"blocks\": %u, \"status\": ", rec->blocks);
  casc_json_str(&b, rec->status);
  casc_buf_printf(&b, ", \"exit_code\": %d", rec->exit_code);
  const casc_launch_result *res = rec->ran ? rec->res : NULL;
  if (res)
    casc_buf_printf(&b,
                    ", \"errors\": %u, \"warnings\": %u, \"blocks_failed\": "
                    "%u, \"steps\": %llu, \"seconds\": %.6g",
                    res->errors, res->warnings, res->blocks_failed,
                    (unsigned long long)res->steps, res->seconds);
  casc_buf_printf(&b, ", \"outputs_written\": %s",
                  rec->outputs_written ? "true" : "false");
  casc_buf_puts(&b, ", \"diagnostics\": [");
  if (r->items.len)
    casc_buf_put(&b, r->items.data, r->items.len);
  casc_buf_printf(&b, "], \"diagnostics_not_shown\": %u", r->record_not_shown);
  if (res && rec->timing && res->timing.valid)
    json_timing(&b, &res->timing);
  casc_buf_puts(&b, "}\n");
  bool ok = !b.oom && !r->items.oom;
  if (ok)
    ok = fwrite(b.data, 1, b.len, stdout) == b.len && fflush(stdout) == 0;
  else
    casc_cli_error("run", "out of memory while writing the --json record");
  casc_buf_free(&b);
  return ok;
}
