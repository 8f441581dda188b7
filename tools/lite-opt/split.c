/* split.c - --split-input-file: cutting the input at `// -----` lines. */
#include <stdlib.h>
#include <string.h>

#include "tools/lite-opt/lite_opt.h"

/* Whether a marker starts at `p`, which must begin a line (leading blanks
 * allowed). Returns the marker's first byte or NULL. */
static const char *marker_at(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  size_t n = strlen(LT_OPT_SPLIT_MARKER);
  if ((size_t)(end - p) >= n && memcmp(p, LT_OPT_SPLIT_MARKER, n) == 0)
    return p;
  return NULL;
}

size_t lt_opt_split_input(const char *buf, size_t len,
                          lt_opt_chunk_t **out_chunks) {
  size_t cap = 4, count = 0;
  lt_opt_chunk_t *chunks = malloc(cap * sizeof(*chunks));
  if (!chunks) return 0;
  const char *end = buf + len, *chunk_start = buf;
  uint32_t line = 0, chunk_line = 0; /* newlines seen before */
  for (const char *p = buf; p <= end;) {
    const char *m = p < end ? marker_at(p, end) : NULL;
    if (m) {
      if (count + 1 >= cap) {
        lt_opt_chunk_t *grown = realloc(chunks, 2 * cap * sizeof(*chunks));
        if (!grown) {
          free(chunks);
          return 0;
        }
        chunks = grown;
        cap *= 2;
      }
      chunks[count++] =
          (lt_opt_chunk_t){chunk_start, (size_t)(p - chunk_start), chunk_line};
      /* Like MLIR, the next chunk starts right after the marker text, so
       * its first line is the rest of the marker line. */
      chunk_start = m + strlen(LT_OPT_SPLIT_MARKER);
      chunk_line = line;
    }
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) break;
    p = nl + 1;
    line++;
  }
  chunks[count++] =
      (lt_opt_chunk_t){chunk_start, (size_t)(end - chunk_start), chunk_line};
  *out_chunks = chunks;
  return count;
}
