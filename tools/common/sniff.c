/* sniff.c - telling MLIR text from an ONNX protobuf by its first bytes. */
#include "tools/common/sniff.h"

#include <stdint.h>
#include <string.h>

static bool has_suffix(const char *path, const char *suffix) {
  size_t n = path ? strlen(path) : 0, m = strlen(suffix);
  return n >= m && strcmp(path + n - m, suffix) == 0;
}

lt_sniff_kind_t lt_sniff(const char *path, const void *head, size_t n) {
  const uint8_t *b = head;
  if (n > LT_SNIFF_HEAD) n = LT_SNIFF_HEAD;
  if (!n) return LT_SNIFF_EMPTY;
  bool binary = false;
  for (size_t i = 0; i < n && !binary; i++) {
    bool space = b[i] == '\t' || b[i] == '\n' || b[i] == '\v' || b[i] == '\f' ||
                 b[i] == '\r';
    binary = (b[i] < 0x20 && !space) || b[i] == 0x7F;
  }
  if (!binary) return LT_SNIFF_TEXT;
  /* A ModelProto's first field is ir_version (field 1, varint: tag 0x08)
   * in every exporter's output; the name settles the rest. */
  if (has_suffix(path, ".onnx") || b[0] == 0x08) return LT_SNIFF_ONNX;
  return LT_SNIFF_BINARY;
}
