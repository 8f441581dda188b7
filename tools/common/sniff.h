/* sniff.h - what kind of file a tool was given, from its name and first
 * bytes, so that the first message for the wrong kind (an ONNX model handed
 * to lite-opt) names the tool that reads it instead of a parse error at
 * byte 0. Text handed to the ONNX importer is the importer's to name. */
#ifndef LITE_TOOLS_COMMON_SNIFF_H
#define LITE_TOOLS_COMMON_SNIFF_H

#include <stdbool.h>
#include <stddef.h>

typedef enum lt_sniff_kind {
  LT_SNIFF_EMPTY,  /* no bytes */
  LT_SNIFF_TEXT,   /* no control bytes but whitespace: MLIR or other text */
  LT_SNIFF_ONNX,   /* binary, and named *.onnx or starting as a ModelProto */
  LT_SNIFF_BINARY, /* any other binary data */
} lt_sniff_kind_t;

/* How many leading bytes lt_sniff looks at. */
#define LT_SNIFF_HEAD 4096

/* Classifies a file from path (may be NULL) and its first n bytes (at most
 * LT_SNIFF_HEAD are read). Text allows UTF-8 and any byte >= 0x80. */
lt_sniff_kind_t lt_sniff(const char *path, const void *head, size_t n);

#endif /* LITE_TOOLS_COMMON_SNIFF_H */
