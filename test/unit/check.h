/* check.h - the unit tests' check macro: a failed check prints where and
 * what, counts into g_failures, and the test goes on. */
#ifndef LITE_TEST_UNIT_CHECK_H
#define LITE_TEST_UNIT_CHECK_H

#include <stdio.h>

static int g_failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      g_failures++;                                                            \
    }                                                                          \
  } while (0)

#endif /* LITE_TEST_UNIT_CHECK_H */
