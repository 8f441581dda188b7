/* cl.h - the tools' command-line parser, in the conventions of LLVM's cl
 * (which mlir-opt users know): `-x` or `--x`, `--x=v` or `--x v`, flags
 * with an optional `=true/false/1/0`, `--` ends the options, a bounded
 * number of positional arguments, and errors in LLVM's wording. A tool
 * hands over its flag table (data, from an X-macro) and callbacks that
 * store what was parsed; the --help rows come from the same table. */
#ifndef LITE_TOOLS_COMMON_CL_H
#define LITE_TOOLS_COMMON_CL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- exit codes ---------------------------------------------------------- */
/* The tools' exit statuses (tools/common/exit_codes.def). */
typedef enum lt_cl_exit {
#define X(id, code, meaning) LT_EXIT_##id = code,
#include "tools/common/exit_codes.def"
#undef X
} lt_cl_exit_t;

/* Prints the "Exit codes:" section that ends every tool's --help. */
void lt_cl_print_exit_codes(FILE *out);

/* ---- messages without a source location -------------------------------- */
/* Prints "PROG: error: " + the formatted text + newline on stderr. */
void lt_cl_error(const char *prog, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "PROG: note: " + the formatted text + newline on stderr. */
void lt_cl_note(const char *prog, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- version ------------------------------------------------------------- */
/* The version every tool reports: the project's, set once in the top
 * CMakeLists.txt. */
const char *lt_cl_version(void);
/* --version: "PROG version X" and a newline, the same shape for every tool. */
void lt_cl_print_version(FILE *out, const char *prog);

/* ---- the flag table ------------------------------------------------------ */
typedef enum lt_cl_kind {
  LT_CL_FLAG,   /* boolean: bare, or `=true/false/1/0` (any number of times) */
  LT_CL_SWITCH, /* boolean that takes no value at all */
  LT_CL_VALUE,  /* `--x=v` or `--x v`, at most once */
  LT_CL_LIST,   /* like VALUE but may repeat; each occurrence is applied */
} lt_cl_kind_t;

typedef struct lt_cl_option {
  const char *name; /* without dashes; one letter prints as `-o` */
  lt_cl_kind_t kind;
  const char *value_name; /* --help's placeholder: "<filename>" */
  int group;              /* --help section, numbered by the tool */
  const char *help;       /* NULL hides the option from --help */
} lt_cl_option_t;

/* ---- what the parser reports --------------------------------------------- */
typedef enum lt_cl_error_kind {
  LT_CL_ERR_UNKNOWN,          /* arg is no option of the table nor claimed */
  LT_CL_ERR_TOO_MANY_INPUTS,  /* arg is one positional too many */
  LT_CL_ERR_MISSING_VALUE,    /* option's value is missing at the end */
  LT_CL_ERR_REPEATED,         /* a VALUE option given twice */
  LT_CL_ERR_BAD_BOOL,         /* a FLAG's value is not a boolean */
  LT_CL_ERR_UNEXPECTED_VALUE, /* a SWITCH given `=value` */
} lt_cl_error_kind_t;

typedef struct lt_cl_error {
  lt_cl_error_kind_t kind;
  const char *arg;              /* the argument as given */
  const lt_cl_option_t *option; /* NULL for UNKNOWN and TOO_MANY_INPUTS */
  const char *value;            /* the offending value, else NULL */
  const char *previous;         /* TOO_MANY_INPUTS: the positional before */
} lt_cl_error_t;

typedef enum lt_cl_claim {
  LT_CL_UNCLAIMED, /* not the hook's: reported as unknown */
  LT_CL_CLAIMED,   /* taken */
  LT_CL_FAILED,    /* the hook's, but bad: the hook printed why */
} lt_cl_claim_t;

/* ---- a parse ------------------------------------------------------------- */
typedef struct lt_cl lt_cl_t;
#define LT_CL_POSITIONAL (-1)

/* Stores one occurrence: id indexes the table (LT_CL_POSITIONAL for a
 * positional argument in value); on is a FLAG's or SWITCH's boolean and
 * value its text (NULL when bare). Returns false after printing why. */
typedef bool (*lt_cl_apply_fn)(const lt_cl_t *cl, int id, const char *value,
                               bool on);
/* Offered each option the table lacks: name (name_len bytes, no dashes) and
 * the text after `=` (NULL when none). */
typedef lt_cl_claim_t (*lt_cl_unknown_fn)(const lt_cl_t *cl, const char *name,
                                          size_t name_len, const char *value);
/* Prints a parse error; the default is lt_cl_report. */
typedef void (*lt_cl_report_fn)(const lt_cl_t *cl, const lt_cl_error_t *e);

struct lt_cl {
  const char *prog; /* the tool's name in messages */
  const lt_cl_option_t *options;
  int num_options;
  int max_positional;
  lt_cl_apply_fn apply;     /* required */
  lt_cl_unknown_fn unknown; /* NULL: every unlisted option is unknown */
  lt_cl_report_fn report;   /* NULL: lt_cl_report */
  FILE *err;                /* where lt_cl_report writes; NULL: stderr */
  void *user;               /* for the callbacks: the tool's config */
};

/* Parses argv[1..argc) against cl's table, calling the callbacks in
 * command-line order. Stops at the first error (reported); false then. */
bool lt_cl_parse(const lt_cl_t *cl, int argc, char **argv);
/* The base name of argv[0], or fallback when there is none. */
const char *lt_cl_prog_name(int argc, char **argv, const char *fallback);

/* ---- messages in LLVM's wording ------------------------------------------ */
/* Prints e as LLVM's cl does ("Unknown command line argument ...",
 * "Too many positional arguments specified!", "for the --x option: ..."). */
void lt_cl_report(const lt_cl_t *cl, const lt_cl_error_t *e);
/* Prints "PROG: for the --NAME option: " + the formatted text + newline,
 * for value errors found by an apply callback. */
void lt_cl_option_error(const lt_cl_t *cl, int id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "-" for one-letter names, "--" otherwise, as LLVM spells them. */
const char *lt_cl_dashes(const char *name);

/* ---- typed values -------------------------------------------------------- */
/* true/false/1/0 (and TRUE, True, FALSE, False); false when neither. */
bool lt_cl_parse_bool(const char *text, bool *out);
/* The value of option id as a whole integer in C notation (strtoll, base
 * 0) of at least min: 0 for LLVM's uint, INT64_MIN for its long. Reports
 * "'v' value invalid for uint/long argument!" and returns false otherwise. */
bool lt_cl_int_value(const lt_cl_t *cl, int id, const char *text, int64_t min,
                     int64_t *out);

/* ---- --help -------------------------------------------------------------- */
/* How rows look. LLVM's (lt_cl_llvm_style): flags padded to column 48 (at
 * least one space), " - ", help; `--x=<v>`, `-o <v>`. */
typedef struct lt_cl_style {
  int flag_width;             /* left part padded to this many columns */
  int min_gap;                /* spaces after a left part that is wider */
  const char *separator;      /* between the left part and the help */
  const char *long_value_sep; /* before a long option's value name */
} lt_cl_style_t;

extern const lt_cl_style_t lt_cl_llvm_style;

/* One row: indent, flag (with its dashes), value, then help; a help with
 * newlines continues on lines indented to the help's column. */
void lt_cl_print_row(FILE *out, const lt_cl_style_t *style, int indent,
                     const char *flag, const char *value, const char *help);
/* The rows of the table's options in group (any group when group < 0),
 * indented by two, in table order; hidden ones are skipped. */
void lt_cl_print_options(FILE *out, const lt_cl_style_t *style,
                         const lt_cl_option_t *options, int num_options,
                         int group);

#endif /* LITE_TOOLS_COMMON_CL_H */
