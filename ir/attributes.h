/* attributes.h - builtin attributes and locations. Attributes are immutable
 * and uniqued in the context (pointer equality is structural equality).
 * Locations are attributes too, as in MLIR: lt_loc_t is an lt_attr_t of one of
 * the LT_ATTR_LOC_* kinds. */
#ifndef LITE_IR_ATTRIBUTES_H
#define LITE_IR_ATTRIBUTES_H

#include "base/base.h"
#include "ir/types.h"

typedef const lt_attr_t *lt_loc_t;
typedef struct lt_dialect lt_dialect_t;
typedef struct lt_resource lt_resource_t;

#define LT_ATTR_KINDS(X)                                                       \
  X(UNIT)                                                                      \
  X(BOOL)            /* true / false (type i1) */                              \
  X(INTEGER)         /* 5 : i32, index, ... */                                 \
  X(FLOAT)           /* 1.0 : f32 */                                           \
  X(STRING)          /* "text" with optional type */                           \
  X(ARRAY)           /* [a, b] */                                              \
  X(DICT)            /* {a = 1, b} sorted by name */                           \
  X(TYPE)            /* a type used as attribute */                            \
  X(SYMBOL_REF)      /* @root::@nested */                                      \
  X(DENSE)           /* dense<...> : tensor/vector */                          \
  X(DENSE_ARRAY)     /* array<i64: 1, 2> */                                    \
  X(DENSE_RESOURCE)  /* dense_resource<name> : tensor */                       \
  X(AFFINE_MAP)      /* affine_map<(d0, d1) -> (d1, 0)>: projections only */   \
  X(OPAQUE)          /* #dialect<"data"> / #dialect.pretty<...> */             \
  X(DIALECT)         /* #ns.pretty<...> parsed and printed by its dialect */   \
  X(LOC_UNKNOWN)     /* loc(unknown) */                                        \
  X(LOC_FILE)        /* loc("file":line:col) */                                \
  X(LOC_NAME)        /* loc("name"(child)) */                                  \
  X(LOC_CALLSITE)    /* loc(callsite(callee at caller)) */                     \
  X(LOC_FUSED)       /* loc(fused<metadata>[a, b]) */

typedef enum lt_attr_kind {
#define X(k) LT_ATTR_##k,
  LT_ATTR_KINDS(X)
#undef X
} lt_attr_kind_t;

typedef struct lt_named_attr {
  const lt_ident_t *name;
  const lt_attr_t *value;
} lt_named_attr_t;

struct lt_attr {
  lt_attr_kind_t kind;
  uint64_t hash;
  /* Type of typed attributes (integer, float, string (may be NULL), dense,
   * dense_resource, dense_array element type, type attr's value); NULL else. */
  const lt_type_t *type;
  union {
    bool b;
    int64_t i;  /* INTEGER: value sign- or zero-extended per its type */
    double f;   /* FLOAT: value, exactly representable in its type */
    struct {
      const char *data; /* not NUL-terminated-safe: may contain NUL; use len */
      size_t len;
    } str; /* STRING */
    struct {
      uint32_t count;
      const lt_attr_t *const *elems;
    } array;
    struct {
      uint32_t count;
      const lt_named_attr_t *entries; /* sorted by name string */
    } dict;
    struct {
      uint32_t count; /* 1 + number of nested references */
      const lt_ident_t *const *names; /* root first */
    } symbol;
    struct {
      /* Raw little-endian element storage of the whole tensor (or one element
       * when splat). Integers take ceil(width/8) bytes each (i1: one byte,
       * 0 or 1); f16/bf16 2 bytes; f32 4; f64 8; index 8. */
      const uint8_t *data;
      size_t size;
      bool splat;
    } dense; /* DENSE and DENSE_ARRAY (type = element type; a dense array is
               never splat, its count is size / element size) */
    struct {
      const lt_ident_t *name;
      lt_resource_t *resource; /* blob store entry (mutable, context-owned) */
    } resource;
    struct {
      const lt_ident_t *dialect;
      const lt_ident_t *data;
    } opaque;
    struct {
      const lt_dialect_t *dialect; /* registered; it parses and prints it */
      const void *data;            /* payload bytes, 8-byte aligned */
      uint32_t size;
      uint32_t tag; /* the dialect's own kind number */
    } ext;        /* DIALECT */
    struct {
      /* A projected permutation with broadcasts: result i is dimension
       * results[i] (0 <= results[i] < num_dims), or the constant 0 when
       * results[i] is -1 (vector transfers' broadcast). No symbols, no
       * other expressions: the subset the loop-level dialects use. */
      uint32_t num_dims, num_results;
      const int32_t *results;
    } affine_map; /* AFFINE_MAP */
    struct {
      const lt_ident_t *file;
      uint32_t line, col;
    } file_loc;
    struct {
      const lt_ident_t *name;
      lt_loc_t child; /* NULL if none */
    } name_loc;
    struct {
      lt_loc_t callee, caller;
    } callsite;
    struct {
      uint32_t count;
      const lt_loc_t *locs;
      const lt_attr_t *metadata; /* NULL if none */
    } fused;
  };
};

/* A named, context-owned blob for dense_resource (the `{-# dialect_resources
 * #-}` trailer's `builtin:` section). */
struct lt_resource {
  const lt_ident_t *name;
  uint8_t *data; /* owned by the context */
  size_t size;
  uint32_t alignment;
  bool has_data;
};

/* ---- constructors ------------------------------------------------------ */
const lt_attr_t *lt_attr_unit(lt_context_t *ctx);
const lt_attr_t *lt_attr_bool(lt_context_t *ctx, bool value);
/* type: integer or index type. value is truncated/extended to the width.
 * Signless i1 gives the BOOL attribute (`1 : i1` is `true`, as in MLIR);
 * BOOL attributes also hold 0/1 in `i`. */
const lt_attr_t *lt_attr_integer(lt_context_t *ctx, const lt_type_t *type,
                                 int64_t value);
/* type: a float type; value is rounded to it. */
const lt_attr_t *lt_attr_float(lt_context_t *ctx, const lt_type_t *type,
                               double value);
const lt_attr_t *lt_attr_string(lt_context_t *ctx, const char *data,
                                size_t len, const lt_type_t *type /*NULL*/);
const lt_attr_t *lt_attr_string_cstr(lt_context_t *ctx, const char *s);
const lt_attr_t *lt_attr_array(lt_context_t *ctx, uint32_t count,
                               const lt_attr_t *const *elems);
/* affine_map<(d0..d{num_dims-1}) -> (results)>, a result -1 meaning the
 * constant 0; NULL when a result is out of range or names a dimension
 * twice (not a projected permutation). */
const lt_attr_t *lt_attr_affine_map(lt_context_t *ctx, uint32_t num_dims,
                                    uint32_t num_results,
                                    const int32_t *results);
/* The minor identity map (d0..d{n-1}) -> (d{n-r}..d{n-1}); NULL when
 * num_results > num_dims. */
const lt_attr_t *lt_attr_affine_minor_identity(lt_context_t *ctx,
                                               uint32_t num_dims,
                                               uint32_t num_results);
/* Whether a is an affine_map that is a minor identity (the default
 * permutation_map of vector transfers), or the full identity. */
bool lt_attr_affine_map_is_minor_identity(const lt_attr_t *a);
bool lt_attr_affine_map_is_identity(const lt_attr_t *a);
/* Entries are copied and sorted; for duplicate names the last one wins. */
const lt_attr_t *lt_attr_dict(lt_context_t *ctx, uint32_t count,
                              const lt_named_attr_t *entries);
const lt_attr_t *lt_attr_type(lt_context_t *ctx, const lt_type_t *type);
const lt_attr_t *lt_attr_symbol_ref(lt_context_t *ctx, uint32_t count,
                                    const lt_ident_t *const *names);
/* type: static tensor or vector. data: size bytes as described above;
 * splat when size is one element. Returns NULL if size mismatches. */
const lt_attr_t *lt_attr_dense(lt_context_t *ctx, const lt_type_t *type,
                               const void *data, size_t size);
const lt_attr_t *lt_attr_dense_array(lt_context_t *ctx,
                                     const lt_type_t *element, int64_t count,
                                     const void *data);
/* Creates (or finds) the resource `name` in the context's blob store. */
const lt_attr_t *lt_attr_dense_resource(lt_context_t *ctx,
                                        const lt_type_t *type,
                                        const char *name);
const lt_attr_t *lt_attr_opaque(lt_context_t *ctx, const char *dialect,
                                const char *data, size_t data_len);

/* A dialect attribute: `size` payload bytes (copied) of kind `tag`, uniqued
 * by (dialect, tag, bytes). Its text comes from dialect->print_attr. */
const lt_attr_t *lt_attr_dialect(lt_context_t *ctx, const lt_dialect_t *dialect,
                                 uint32_t tag, const void *data,
                                 uint32_t size);

lt_loc_t lt_loc_unknown(lt_context_t *ctx);
lt_loc_t lt_loc_file(lt_context_t *ctx, const char *file, uint32_t line,
                     uint32_t col);
lt_loc_t lt_loc_name(lt_context_t *ctx, const char *name, lt_loc_t child);
lt_loc_t lt_loc_callsite(lt_context_t *ctx, lt_loc_t callee, lt_loc_t caller);
/* Fuses locations (flattens nested fused ones with the same metadata, drops
 * unknown and duplicates; returns the single loc when one remains). With
 * metadata the fused wrapper is kept, as MLIR does. */
lt_loc_t lt_loc_fused(lt_context_t *ctx, uint32_t count, const lt_loc_t *locs,
                      const lt_attr_t *metadata);
bool lt_attr_is_loc(const lt_attr_t *a);

/* ---- queries ------------------------------------------------------------ */
/* Dictionary lookup by identifier (binary search); NULL if missing. */
const lt_attr_t *lt_attr_dict_get(const lt_attr_t *dict, const lt_ident_t *name);
/* The same by spelling: interns nothing, so it cannot run out of memory. */
const lt_attr_t *lt_attr_dict_get_str(const lt_attr_t *dict, const char *name,
                                      size_t len);
/* Element count of a DENSE attr's type. */
int64_t lt_attr_dense_count(const lt_attr_t *a);
/* Byte size of one element of the given element type in dense storage. */
size_t lt_dense_element_size(const lt_type_t *element);
/* Element i of an integer/index/i1 DENSE or DENSE_ARRAY (honours splat). */
int64_t lt_attr_dense_int(const lt_attr_t *a, int64_t i);
/* Element i of a float DENSE or DENSE_ARRAY (honours splat). */
double lt_attr_dense_float(const lt_attr_t *a, int64_t i);

/* Resource blob store. lt_resource_set_blob copies data; with data NULL it
 * only allocates the blob, for the caller to fill through r->data. */
lt_resource_t *lt_context_resource(lt_context_t *ctx, const char *name);
lt_status_t lt_resource_set_blob(lt_context_t *ctx, lt_resource_t *r,
                                 const void *data, size_t size,
                                 uint32_t alignment);

/* Appends the textual form to sb (as the printer writes it in an attribute
 * dictionary, without the `loc(...)` wrapper for locations). */
void lt_attr_print(const lt_attr_t *a, lt_strbuf_t *sb);

#endif /* LITE_IR_ATTRIBUTES_H */
