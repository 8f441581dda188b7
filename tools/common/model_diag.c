/* model_diag.c - the tools' diagnostic printer (model_diag.h). */
#include "tools/common/model_diag.h"

#include <stdio.h>

static const char *severity_label(lt_severity_t s) {
  switch (s) {
  case LT_SEV_ERROR:
    return "error";
  case LT_SEV_WARNING:
    return "warning";
  case LT_SEV_NOTE:
    return "note";
  case LT_SEV_REMARK:
    return "remark";
  }
  return "error";
}

static void format_fileless(const lt_tool_diag_t *t, const lt_diag_t *d,
                            lt_strbuf_t *sb) {
  if (d->loc && d->loc->kind != LT_ATTR_LOC_UNKNOWN) {
    lt_strbuf_printf(sb, "%s: ", t->model);
    lt_loc_format(d->loc, sb);
    lt_strbuf_puts(sb, ": ");
  } else {
    lt_strbuf_printf(sb, "%s: ", t->tool);
  }
  lt_strbuf_printf(sb, "%s: %s\n", severity_label(d->severity),
                   d->message.data ? d->message.data : "");
}

bool lt_tool_print_diag(void *user, const lt_diag_t *d) {
  const lt_tool_diag_t *t = user;
  lt_strbuf_t sb = {0};
  if (lt_loc_find_file(d->loc)) {
    lt_diag_format(d, &sb);
  } else {
    format_fileless(t, d, &sb);
    for (const lt_diag_t *n = d->notes; n; n = n->next_note)
      format_fileless(t, n, &sb);
  }
  if (sb.data) fputs(sb.data, stderr);
  lt_strbuf_free(&sb);
  return true;
}
