/* walk.c - pre/post-order traversal of an op and everything nested in it.
 *
 * The traversal keeps an explicit stack (one frame per op with regions that
 * is being walked), so the nesting depth is limited by memory, not by the C
 * stack. Each frame reads the next sibling before the current op is visited
 * (or descended into), which is what makes erasing the visited op in
 * post-order safe. */
#include "ir/op_internal.h"

typedef struct walk_frame {
  lt_op_t *op;
  uint32_t region;   /* index of the region holding `block` */
  lt_block_t *block; /* block being walked; NULL before the first */
  lt_op_t *next;     /* next op to visit in `block` */
} walk_frame_t;

typedef struct walk_stack {
  walk_frame_t inline_frames[32];
  walk_frame_t *frames;
  size_t size, cap;
  lt_allocator_t allocator;
} walk_stack_t;

static bool push(walk_stack_t *s, lt_op_t *op) {
  if (s->size == s->cap) {
    size_t cap = s->cap * 2;
    walk_frame_t *fresh;
    if (s->frames == s->inline_frames) {
      fresh = lt_alloc(s->allocator, cap * sizeof(walk_frame_t));
      if (fresh)
        for (size_t i = 0; i < s->size; i++)
          fresh[i] = s->frames[i];
    } else {
      fresh = lt_realloc(s->allocator, s->frames, s->cap * sizeof(walk_frame_t),
                         cap * sizeof(walk_frame_t));
    }
    if (!fresh) return false;
    s->frames = fresh;
    s->cap = cap;
  }
  walk_frame_t *f = &s->frames[s->size++];
  f->op = op;
  f->region = 0;
  f->block = NULL;
  f->next = NULL;
  return true;
}

/* Next op to visit in the frame, moving across blocks and regions. */
static lt_op_t *frame_next(walk_frame_t *f) {
  for (;;) {
    if (f->next) {
      lt_op_t *op = f->next;
      f->next = op->next;
      return op;
    }
    lt_block_t *b = NULL;
    if (f->block) {
      b = f->block->next;
      if (!b) f->region++;
    }
    while (!b && f->region < f->op->num_regions) {
      b = f->op->regions[f->region].first;
      if (!b) f->region++;
    }
    f->block = b;
    if (!b) return NULL;
    f->next = b->first;
  }
}

lt_walk_result_t lt_op_walk(lt_op_t *root, lt_walk_order_t order,
                            lt_walk_fn_t fn, void *user) {
  if (order == LT_WALK_PRE) {
    lt_walk_result_t r = fn(root, user);
    if (r == LT_WALK_INTERRUPT) return r;
    if (r == LT_WALK_SKIP) return LT_WALK_ADVANCE;
  }
  if (root->num_regions == 0)
    return order == LT_WALK_POST && fn(root, user) == LT_WALK_INTERRUPT
               ? LT_WALK_INTERRUPT
               : LT_WALK_ADVANCE;

  walk_stack_t s;
  s.frames = s.inline_frames;
  s.size = 0;
  s.cap = LT_ARRAY_SIZE(s.inline_frames);
  s.allocator = lt_context_allocator(lt_op_context(root));
  lt_walk_result_t result = LT_WALK_ADVANCE;
  push(&s, root);
  while (s.size) {
    walk_frame_t *f = &s.frames[s.size - 1];
    lt_op_t *op = frame_next(f);
    if (!op) {
      lt_op_t *done = f->op;
      s.size--;
      if (order == LT_WALK_POST && fn(done, user) == LT_WALK_INTERRUPT) {
        result = LT_WALK_INTERRUPT;
        break;
      }
      continue;
    }
    if (order == LT_WALK_PRE) {
      lt_walk_result_t r = fn(op, user);
      if (r == LT_WALK_INTERRUPT) {
        result = r;
        break;
      }
      if (r == LT_WALK_SKIP) continue;
    }
    if (op->num_regions) {
      if (!push(&s, op)) {
        /* Out of memory: report it the only way a walk can. */
        result = LT_WALK_INTERRUPT;
        break;
      }
      continue;
    }
    if (order == LT_WALK_POST && fn(op, user) == LT_WALK_INTERRUPT) {
      result = LT_WALK_INTERRUPT;
      break;
    }
  }
  if (s.frames != s.inline_frames)
    lt_free(s.allocator, s.frames, s.cap * sizeof(walk_frame_t));
  return result;
}
