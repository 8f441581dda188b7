/* split.c - --split-input-file: cutting the input at `// -----` lines. */
#include <stdlib.h>
#include <string.h>

#include "tools/lite-opt/lite_opt.h"

static uint32_t count_lines(const char *p, const char *end) {
  uint32_t n = 0;
  while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
    n++;
    p++;
  }
  return n;
}

/* Like MLIR, a marker splits wherever it appears, even inside a line, and
 * the next chunk starts right after the marker text. */
size_t lt_opt_split_input(const char *buf, size_t len,
                          lt_opt_chunk_t **out_chunks) {
  size_t cap = 4, count = 0, n = strlen(LT_OPT_SPLIT_MARKER);
  lt_opt_chunk_t *chunks = malloc(cap * sizeof(*chunks));
  if (!chunks) return 0;
  const char *end = buf + len, *chunk_start = buf;
  uint32_t chunk_line = 0; /* newlines before chunk_start */
  const char *m;
  while ((m = memmem(chunk_start, (size_t)(end - chunk_start),
                     LT_OPT_SPLIT_MARKER, n)) != NULL) {
    if (count + 1 >= cap) {
      lt_opt_chunk_t *grown = realloc(chunks, 2 * cap * sizeof(*chunks));
      if (!grown) {
        free(chunks);
        return 0;
      }
      chunks = grown;
      cap *= 2;
    }
    chunks[count++] = (lt_opt_chunk_t){chunk_start,
                                       (size_t)(m - chunk_start), chunk_line};
    chunk_line += count_lines(chunk_start, m);
    chunk_start = m + n;
  }
  chunks[count++] =
      (lt_opt_chunk_t){chunk_start, (size_t)(end - chunk_start), chunk_line};
  *out_chunks = chunks;
  return count;
}
