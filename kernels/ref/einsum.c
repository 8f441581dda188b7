/* einsum.c - equation parser and a direct loop over all label values. */
#include "kernels/ref/einsum.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool fail(char *err, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t cap, const char *fmt, ...) {
  if (cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return false;
}

static int label_of(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return 26 + (ch - 'A');
  return -1;
}

/* One term ("ij", "...k"): letters in order, with -1 where the ellipsis is. */
typedef struct term {
  int32_t count;
  int8_t items[LK_MAX_RANK + 1];
  bool ellipsis;
} term_t;

static bool parse_term(const char **pp, term_t *t, const char *stop, char *err,
                       size_t cap) {
  const char *p = *pp;
  memset(t, 0, sizeof *t);
  while (*p && !strchr(stop, *p) && !(p[0] == '-' && p[1] == '>')) {
    if (*p == ' ') {
      p++;
      continue;
    }
    if (*p == '.') {
      if (strncmp(p, "...", 3) != 0)
        return fail(err, cap, "'.' must be part of an ellipsis '...'");
      if (t->ellipsis)
        return fail(err, cap, "a term has more than one ellipsis");
      t->ellipsis = true;
      if (t->count > LK_MAX_RANK)
        return fail(err, cap, "a term has more than %d labels", LK_MAX_RANK);
      t->items[t->count++] = -1;
      p += 3;
      continue;
    }
    int l = label_of(*p);
    if (l < 0)
      return fail(err, cap, "invalid character '%c' (labels are letters)", *p);
    if (t->count > LK_MAX_RANK)
      return fail(err, cap, "a term has more than %d labels", LK_MAX_RANK);
    t->items[t->count++] = (int8_t)l;
    p++;
  }
  *pp = p;
  return true;
}

bool lk_einsum_parse(const char *equation, int32_t num_inputs,
                     const int32_t *ranks, lk_einsum_t *out, char *err,
                     size_t cap) {
  memset(out, 0, sizeof *out);
  if (num_inputs < 1 || num_inputs > LK_EINSUM_MAX_INPUTS)
    return fail(err, cap, "einsum takes 1 to %d operands, got %d",
                LK_EINSUM_MAX_INPUTS, (int)num_inputs);
  out->num_inputs = num_inputs;
  const char *p = equation;
  term_t terms[LK_EINSUM_MAX_INPUTS];
  int32_t n = 0;
  for (;;) {
    if (n == num_inputs)
      return fail(err, cap, "equation has more terms than the %d operands",
                  (int)num_inputs);
    if (!parse_term(&p, &terms[n], ",", err, cap)) return false;
    n++;
    if (*p != ',') break;
    p++;
  }
  if (n != num_inputs)
    return fail(err, cap, "equation has %d input terms for %d operands", (int)n,
                (int)num_inputs);
  /* Ranks: each letter is one dim, the ellipsis takes the rest. */
  int32_t uses[LK_EINSUM_MAX_LABELS] = {0};
  for (int32_t i = 0; i < n; i++) {
    const term_t *t = &terms[i];
    int32_t letters = t->count - (t->ellipsis ? 1 : 0);
    int32_t erank = ranks[i] - letters;
    if (erank < 0 || (!t->ellipsis && erank != 0))
      return fail(err, cap, "term %d has %d labels but operand #%d has rank %d",
                  (int)i, (int)letters, (int)i, (int)ranks[i]);
    if (erank > out->ellipsis_rank) out->ellipsis_rank = erank;
    for (int32_t k = 0; k < t->count; k++)
      if (t->items[k] >= 0) uses[t->items[k]]++;
  }
  for (int32_t i = 0; i < n; i++) {
    const term_t *t = &terms[i];
    int32_t erank = ranks[i] - (t->count - (t->ellipsis ? 1 : 0)), d = 0;
    for (int32_t k = 0; k < t->count; k++) {
      if (t->items[k] >= 0) {
        out->in_labels[i][d++] = t->items[k];
        continue;
      }
      for (int32_t e = 0; e < erank; e++)
        out->in_labels[i][d++] =
            (int8_t)(LK_EINSUM_ELLIPSIS_LABEL + out->ellipsis_rank - erank + e);
    }
    out->in_rank[i] = d;
  }
  /* Output. */
  int32_t r = 0;
  if (p[0] == '-' && p[1] == '>') {
    p += 2;
    term_t t;
    if (!parse_term(&p, &t, ",", err, cap)) return false;
    if (*p) return fail(err, cap, "unexpected '%c' in the output term", *p);
    bool seen[LK_EINSUM_MAX_LABELS] = {false};
    for (int32_t k = 0; k < t.count; k++) {
      if (t.items[k] < 0) {
        if (out->ellipsis_rank > LK_MAX_RANK - r)
          return fail(err, cap, "output has more than %d dims", LK_MAX_RANK);
        for (int32_t e = 0; e < out->ellipsis_rank; e++)
          out->out_labels[r++] = (int8_t)(LK_EINSUM_ELLIPSIS_LABEL + e);
        continue;
      }
      int l = t.items[k];
      char ch = (char)(l < 26 ? 'a' + l : 'A' + (l - 26));
      if (seen[l])
        return fail(err, cap, "output label '%c' appears more than once", ch);
      if (!uses[l])
        return fail(err, cap, "output label '%c' is not in any input", ch);
      seen[l] = true;
      if (r == LK_MAX_RANK)
        return fail(err, cap, "output has more than %d dims", LK_MAX_RANK);
      out->out_labels[r++] = (int8_t)l;
    }
    if (out->ellipsis_rank > 0 && !t.ellipsis)
      return fail(err, cap, "output needs '...' for the %d broadcast dims",
                  (int)out->ellipsis_rank);
  } else {
    if (*p) return fail(err, cap, "unexpected '%c' in the equation", *p);
    if (out->ellipsis_rank > LK_MAX_RANK)
      return fail(err, cap, "output has more than %d dims", LK_MAX_RANK);
    for (int32_t e = 0; e < out->ellipsis_rank; e++)
      out->out_labels[r++] = (int8_t)(LK_EINSUM_ELLIPSIS_LABEL + e);
    /* ASCII order: upper case before lower case. */
    static const int order[52] = {
        26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
        44, 45, 46, 47, 48, 49, 50, 51, 0,  1,  2,  3,  4,  5,  6,  7,  8,  9,
        10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
    for (int32_t k = 0; k < 52; k++) {
      if (uses[order[k]] != 1) continue;
      if (r == LK_MAX_RANK)
        return fail(err, cap, "output has more than %d dims", LK_MAX_RANK);
      out->out_labels[r++] = (int8_t)order[k];
    }
  }
  out->out_rank = r;
  return true;
}

void lk_ref_einsum(const lk_einsum_t *e, const lk_tensor_t *const *in,
                   lk_tensor_t *y) {
  int32_t ni = e->num_inputs;
  /* Label sizes (an ellipsis dim of 1 yields to a larger one). */
  int64_t size[LK_EINSUM_MAX_LABELS];
  bool used[LK_EINSUM_MAX_LABELS] = {false};
  for (int32_t l = 0; l < LK_EINSUM_MAX_LABELS; l++)
    size[l] = 1;
  for (int32_t i = 0; i < ni; i++)
    for (int32_t d = 0; d < e->in_rank[i]; d++) {
      int l = e->in_labels[i][d];
      if (!used[l] || size[l] == 1) size[l] = in[i]->dims[d];
      used[l] = true;
    }
  /* Loop order: output labels outermost, then the summed ones; per label
   * the offset step of every input and of y (a repeated label steps along
   * the diagonal; a broadcast dim steps 0). */
  int8_t order[LK_EINSUM_MAX_LABELS];
  int32_t nl = 0;
  bool in_out[LK_EINSUM_MAX_LABELS] = {false};
  for (int32_t d = 0; d < e->out_rank; d++) {
    order[nl++] = e->out_labels[d];
    in_out[e->out_labels[d]] = true;
  }
  for (int32_t l = 0; l < LK_EINSUM_MAX_LABELS; l++)
    if (used[l] && !in_out[l]) order[nl++] = (int8_t)l;
  int64_t step[LK_EINSUM_MAX_INPUTS + 1][LK_EINSUM_MAX_LABELS];
  memset(step, 0, sizeof step);
  for (int32_t i = 0; i <= ni; i++) {
    const lk_tensor_t *t = i < ni ? in[i] : y;
    int32_t rank = i < ni ? e->in_rank[i] : e->out_rank;
    const int8_t *labels = i < ni ? e->in_labels[i] : e->out_labels;
    int64_t s = 1;
    for (int32_t d = rank - 1; d >= 0; d--) {
      if (!(t->dims[d] == 1 && size[labels[d]] != 1)) step[i][labels[d]] += s;
      s *= t->dims[d];
    }
  }
  int64_t total = 1;
  for (int32_t k = 0; k < nl; k++)
    total *= size[order[k]];
  int64_t ny = lk_numel(y);
  bool fl = lk_dtype_is_float(y->dtype);
  for (int64_t j = 0; j < ny; j++)
    lk_store_i64(y, j, 0);
  if (total == 0) return;
  int64_t idx[LK_EINSUM_MAX_LABELS] = {0}, off[LK_EINSUM_MAX_INPUTS + 1] = {0};
  /* Accumulate each output element over a run of the summed labels. */
  double facc = 0;
  uint64_t iacc = 0;
  for (int64_t it = 0; it < total; it++) {
    if (fl) {
      double prod = 1;
      for (int32_t i = 0; i < ni; i++)
        prod *= lk_load_f64(in[i], off[i]);
      facc += prod;
    } else {
      uint64_t prod = 1;
      for (int32_t i = 0; i < ni; i++)
        prod *= (uint64_t)lk_load_i64(in[i], off[i]);
      iacc += prod;
    }
    int32_t k = nl - 1;
    for (; k >= 0; k--) {
      int l = order[k];
      if (k < e->out_rank) {
        /* Leaving the current output element: flush it. */
        if (fl)
          lk_store_f64(y, off[ni], lk_load_f64(y, off[ni]) + facc);
        else
          lk_store_i64(y, off[ni],
                       (int64_t)((uint64_t)lk_load_i64(y, off[ni]) + iacc));
        facc = 0;
        iacc = 0;
      }
      for (int32_t i = 0; i <= ni; i++)
        off[i] += step[i][l];
      if (++idx[l] < size[l]) break;
      for (int32_t i = 0; i <= ni; i++)
        off[i] -= step[i][l] * size[l];
      idx[l] = 0;
    }
    if (k < 0 && e->out_rank == 0) {
      if (fl)
        lk_store_f64(y, 0, lk_load_f64(y, 0) + facc);
      else
        lk_store_i64(y, 0, (int64_t)((uint64_t)lk_load_i64(y, 0) + iacc));
    }
  }
}
