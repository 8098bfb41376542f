/* opt.h — numeric option values: one parser for every command, a range per option.
 *
 * A value is an integer, a real, a count or a size:
 *   OPT_INT    "100", "-3" (where the range has negatives), "0x40", "010" (8), as llvm reads "-n=010"
 *   OPT_REAL   "0.2", "1e-3"
 *   OPT_COUNT  an integer that may take a binary multiple: "64", "4K" (4096), "1M"
 *   OPT_SIZE   bytes, with the same multiples and an optional B / iB: "32K", "4KiB", "1.5M", "64B"
 * Empty text, nan, inf, overflow, trailing junk, a fraction where a whole number is wanted and a
 * value outside [lo, hi] are errors that name the option and its range:
 *   option '-max': 1e300 is out of range (64 B .. 1 GiB)
 *   option '-unroll': 'x' is not an integer (1 .. 100000)
 * The same range text is what the --help of each command states (opt_range_text). */
#ifndef UTIL_OPT_H
#define UTIL_OPT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum OptType { OPT_INT, OPT_REAL, OPT_COUNT, OPT_SIZE } OptType;

typedef struct OptRange {
    OptType type;
    double lo, hi;            /* inclusive; integers and sizes up to 2^53 are exact */
} OptRange;

/* Parse `value` of option `name` ("-max") within r.  True with *out set; false with the message
 * (without a program prefix) in err. */
bool opt_parse(const char *name, const char *value, OptRange r, double *out, char *err, size_t errsz);
/* The text is the number: no blank around it, no '+'; an integer (OPT_INT, OPT_COUNT) as llvm's
 * options read one (opt_llvm_int_text: 0x, 0b, 0o, leading-0 radixes; a '-' only where lo < 0). */
/* Whether v is wholly an unsigned integer as opt_llvm_int_text reads one, below 2^64: true with
 * its value in *out.  The one reader of the integers of options and data files (pmu event
 * terms and ranges, bench config attributes). */
bool opt_uint_text(const char *v, unsigned long long *out);
/* Whether v is wholly a number of type t as opt_parse reads one (a '-' taken: OPT_INT and
 * OPT_REAL signed, OPT_COUNT and OPT_SIZE not), with its value in *x (HUGE_VAL past the
 * doubles); for numbers in data files as in options (pmu probe files, bench configs). */
bool opt_number_text(const char *v, OptType t, double *x);
/* The environment variable `var` (a debugging knob: "UARCH_MCA_CHUNK_LINES") as a number in r,
 * the same text as opt_parse: true with *out set, or untouched when unset or empty; false with
 * "$UARCH_MCA_CHUNK_LINES: 'x' is not an integer (1 .. 2147483647)" in err. */
bool opt_env(const char *var, OptRange r, double *out, char *err, size_t errsz);
/* The boolean environment variable `var` (a debugging switch: "UARCH_MCA_NO_CACHE"), one rule
 * for all (README): unset, empty, 0, false, no or off (any case) is off, 1, true, yes or on is
 * on: true with *on set; anything else false with "$UARCH_MCA_NO_CACHE: 'x' is not a boolean
 * (1, true, yes, on; 0, false, no, off)" in err (and *on false). */
bool opt_env_bool(const char *var, bool *on, char *err, size_t errsz);
/* The same for integer types, into a long long. */
bool opt_parse_ll(const char *name, const char *value, OptRange r, long long *out, char *err, size_t errsz);
bool opt_parse_int(const char *name, const char *value, OptRange r, int *out, char *err, size_t errsz);
/* The CPUs of a list as sysfs and taskset write it ("0-3,8"; a newline may end it): each(cpu,
 * ctx) for every one, in order, up to anything that is not part of a list.  Returns the number
 * of CPUs, or -1 when the text is not wholly such a list (those before the fault were given). */
int opt_cpu_list(const char *s, void (*each)(int cpu, void *ctx), void *ctx);
/* "1 .. 100000", "64 B .. 1 GiB", "0.01 .. 60" */
void opt_range_text(OptRange r, char *out, size_t n);
/* A size or count as written in a range: "1 GiB", "64 B", "4096" */
void opt_value_text(OptType t, double v, char *out, size_t n);

/* The user's text for a message: at most 40 characters, control and non-ASCII bytes as \xNN. */
void opt_quote(const char *v, char *out, size_t n);
/* Whether the n bytes at s can be one name of a list option (pmu -e, bench -counters): shorter
 * than max bytes, no control byte (a message would echo it to the terminal).  False with
 * "<what> '...' holds the control character \x1b" or "... is longer than N characters" in why. */
bool opt_list_name(const char *what, const char *s, size_t n, size_t max, char *why, size_t whysz);
/* The entries of a list option (bench btb -spacing, rob -filler, run -counters; pmu scan -probe),
 * each given once (a second would be measured twice, or shadow the first): opt_once_add() keeps
 * `key` (the entry as the option compares entries: 4096 for '4K', a counter's name) with `text`
 * (the entry as written) and is true, or, when it holds the key already, false with err =
 * "option '-spacing': '4096' is given twice (as '4K'): each spacing is measured once" (the
 * parenthesis: the first spelling, when it differs; after the colon the OptOnce's `why`). */
typedef struct OptOnce {
    const char *opt, *why;        /* the option's name, what it does with each entry */
    char **key;                   /* key, text of each entry kept */
    int n, cap;
} OptOnce;
bool opt_once_add(OptOnce *o, const char *text, const char *key, char *err, size_t errsz);
void opt_once_free(OptOnce *o);
/* whether v is an integer as llvm's cl::opt reads it (StringRef::getAsInteger, radix 0): decimal
 * digits, or 0x / 0b / 0o / a leading 0 and digits of that radix, a '-' first when is_signed; no
 * '+', blanks, exponent or fraction (llvm: "'1e2' value invalid for uint argument") */
bool opt_llvm_int_text(const char *v, bool is_signed);

/* One command-line word read as an option: the one reader of "-name", "--name", "-name=value"
 * and "--name=value" for every command (mca, bench run, pmu, and through opt_split_eq bench's
 * experiments and clock).  name: the text after the dashes, len bytes (up to its first '=', or
 * its end); value: the text after that '=', NULL without one; dashes: 1 or 2.  False for a word
 * that is no option (it does not start with '-', or it is "-": stdin); "--" is one with an empty
 * name (a command that takes it as the end of its options looks for it first). */
typedef struct OptWord {
    const char *name;
    size_t len;
    const char *value;
    int dashes;
} OptWord;
bool opt_word(const char *arg, OptWord *w);
/* whether w's name is `name` (given without its dashes: "json") */
bool opt_word_is(const OptWord *w, const char *name);

/* argv with each "-name=value" (one dash, name: a letter then letters, digits, '_' and '-') made
 * the two words "-name" "value", for a command whose options are read "-name value" (bench's
 * experiments, clock), so that they take "-name=value" as mca, bench run and pmu do.  One block
 * of memory: opt_split_free() it; *argc is updated, the values point into the old words. */
char **opt_split_eq(int *argc, char **argv);
void opt_split_free(char **split);
/* When argv is opt_split_eq's vector (not yet freed) and argv[i] the value half of a word it
 * split: that word ("-q=1"), else NULL.  A reader that meets such a half as a word of its own
 * took the name for an option without a value: "option '-q' takes no value ('-q=1')", not
 * "unknown option '1'" (nor '1' taken as an operand). */
const char *opt_split_origin(char **argv, int i);
/* The one message for an option that takes no value given one, as the word `word`: "option
 * '-q' takes no value ('-q=1')" in err (n bytes). */
void opt_no_value(const char *opt, const char *word, char *err, size_t n);
/* When argv[i] is the value half of a word opt_split_eq split (opt_split_origin): that message
 * for the option argv[i - 1] in err, and true. */
bool opt_split_no_value(char **argv, int i, char *err, size_t n);

/* `@file` response files (respfile.c): each readable @file argument replaced by its words (GNU
 * quoting, nested @file), as llvm's cl::ExpandResponseFiles.  *argv then points to a vector kept
 * until opt_response_free().  False with the message in err on a recursive expansion. */
bool opt_expand_response_files(int *argc, char ***argv, char *err, size_t errsz);
void opt_response_free(void);

#endif
