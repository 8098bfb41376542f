/* test_opt.c — util/opt.c: every numeric option goes through it, so its edges are tested here:
 * nan, inf, overflow, trailing junk, fractions, suffixes, and the range in every message. */
#include "t.h"
#include "util/opt.h"

#include <stdio.h>
#include <stdlib.h>

static const OptRange sizes = {OPT_SIZE, 64, 1073741824.0};
static const OptRange ints = {OPT_INT, 1, 100000};

static bool parses(const char *v, OptRange r, double want)
{
    char err[256];
    double x = -1;
    return opt_parse("-x", v, r, &x, err, sizeof err) && x == want;
}

static const char *error_of(const char *v, OptRange r)
{
    static char err[256];
    double x;
    err[0] = 0;
    if (opt_parse("-max", v, r, &x, err, sizeof err))
        return "(accepted)";
    return err;
}

TEST(opt_sizes_and_suffixes)
{
    CHECK(parses("32K", sizes, 32768));
    CHECK(parses("4KiB", sizes, 4096));
    CHECK(parses("1.5M", sizes, 1572864));
    CHECK(parses("64B", sizes, 64));
    CHECK(parses("1G", sizes, 1073741824.0));
    CHECK(parses("4096", sizes, 4096));
    CHECK(parses("1e3", (OptRange){OPT_COUNT, 1, 1e6}, 1000));
    CHECK(parses("1M", (OptRange){OPT_COUNT, 1, 1e7}, 1048576));
    CHECK(parses("100", ints, 100));
    CHECK(parses("1e4", ints, 10000));
    CHECK(parses("0.25", (OptRange){OPT_REAL, 0.01, 60}, 0.25));
}

TEST(opt_errors_name_the_range)
{
    CHECK_STR(error_of("1e300", sizes), "option '-max': 1e300 is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("2G", sizes), "option '-max': 2G is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("1e999", sizes), "option '-max': 1e999 is out of range (64 B .. 1 GiB)");
    CHECK_STR(error_of("inf", sizes), "option '-max': 'inf' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("nan", sizes), "option '-max': 'nan' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("", sizes), "option '-max': '' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("12Q", sizes), "option '-max': '12Q' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("0x40", sizes), "option '-max': '0x40' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("100.5", sizes), "option '-max': 100.5 is not a whole number of bytes (64 B .. 1 GiB)");
    CHECK_STR(error_of("0", ints), "option '-max': 0 is out of range (1 .. 100000)");
    CHECK_STR(error_of("12x", ints), "option '-max': '12x' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("1.5", ints), "option '-max': 1.5 is not a whole number (1 .. 100000)");
    CHECK_STR(error_of("4K", ints), "option '-max': '4K' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("99999999999999999999999", ints), "option '-max': 99999999999999999999999 is out of range (1 .. 100000)");
    CHECK_STR(error_of("\033[31m", ints), "option '-max': '\\x1b[31m' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("-1", (OptRange){OPT_REAL, 0.01, 60}), "option '-max': -1 is out of range (0.01 .. 60)");
}

TEST(opt_blanks_around_a_number)
{
    /* as strtol reads ' 5'; a trailing blank the same (it was refused: '5 ' not an integer) */
    CHECK(parses(" 5", ints, 5));
    CHECK(parses("5 ", ints, 5));
    CHECK(parses("\t 5 \n", ints, 5));
    CHECK(parses(" 4K ", sizes, 4096));
    CHECK_STR(error_of("5 K", sizes), "option '-max': '5 K' is not a size (64 B .. 1 GiB; K, M, G suffixes)");
    CHECK_STR(error_of("1 2", ints), "option '-max': '1 2' is not an integer (1 .. 100000)");
    CHECK_STR(error_of("  ", ints), "option '-max': '  ' is not an integer (1 .. 100000)");
    CHECK_STR(error_of(" 0 ", ints), "option '-max': 0 is out of range (1 .. 100000)");
}

TEST(opt_env_names_the_variable)
{
    char err[256] = "";
    double x = 7;
    unsetenv("UARCH_TEST_OPT_ENV");
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 7);   /* unset: untouched */
    setenv("UARCH_TEST_OPT_ENV", "", 1);
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 7);   /* empty: as unset */
    setenv("UARCH_TEST_OPT_ENV", " 12 ", 1);
    CHECK(opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 12);
    setenv("UARCH_TEST_OPT_ENV", "12x", 1);
    CHECK(!opt_env("UARCH_TEST_OPT_ENV", ints, &x, err, sizeof err) && x == 12);
    CHECK_STR(err, "$UARCH_TEST_OPT_ENV: '12x' is not an integer (1 .. 100000)");
    unsetenv("UARCH_TEST_OPT_ENV");
}

TEST(opt_int_clamps_to_int)
{
    char err[256];
    int x = 0;
    CHECK(!opt_parse_int("-n", "3000000000", (OptRange){OPT_INT, 0, 1e12}, &x, err, sizeof err));
    CHECK_STR(err, "option '-n': 3000000000 is out of range (0 .. 2147483647)");
    CHECK(opt_parse_int("-n", "2147483647", (OptRange){OPT_INT, 0, 1e12}, &x, err, sizeof err) && x == 2147483647);
}

TEST(opt_once_refuses_an_entry_given_twice)
{
    char err[256] = "";
    OptOnce o = {"-spacing", "each spacing is measured once"};
    CHECK(opt_once_add(&o, "4K", "4096", err, sizeof err));
    CHECK(opt_once_add(&o, "16", "16", err, sizeof err));
    CHECK_STR(err, "");
    CHECK(!opt_once_add(&o, "16", "16", err, sizeof err));
    CHECK_STR(err, "option '-spacing': '16' is given twice: each spacing is measured once");
    CHECK(!opt_once_add(&o, "4096", "4096", err, sizeof err));   /* the first spelling named */
    CHECK_STR(err, "option '-spacing': '4096' is given twice (as '4K'): each spacing is measured once");
    for (int k = 0; k < 100; k++) {   /* (grows) */
        char key[16];
        snprintf(key, sizeof key, "k%d", k);
        CHECK(opt_once_add(&o, key, key, err, sizeof err));
    }
    CHECK(!opt_once_add(&o, "\033[31m", "k7", err, sizeof err));
    CHECK_STR(err, "option '-spacing': '\\x1b[31m' is given twice (as 'k7'): each spacing is measured once");
    opt_once_free(&o);
    CHECK_INT(o.n, 0);
    CHECK(opt_once_add(&o, "16", "16", err, sizeof err));
    opt_once_free(&o);
}

static void count_cpu(int cpu, void *ctx)
{
    int *seen = ctx;
    seen[0]++;
    seen[1] = cpu;
}

TEST(opt_cpu_list_sysfs)
{
    CHECK_INT(opt_cpu_list("1\n", NULL, NULL), 1);
    CHECK_INT(opt_cpu_list("0-1", NULL, NULL), 2);
    CHECK_INT(opt_cpu_list("0-3,8,10-11\n", NULL, NULL), 7);
    CHECK_INT(opt_cpu_list("3-1", NULL, NULL), -1);
    CHECK_INT(opt_cpu_list("x", NULL, NULL), -1);
    /* the CPUs before a fault are given (pmu stat pins to them, as before) */
    int seen[2] = {0, -1};
    CHECK_INT(opt_cpu_list("4-6,9x", count_cpu, seen), -1);
    CHECK_INT(seen[0], 4);
    CHECK_INT(seen[1], 9);
}

/* the one reader of option words (mca, bench run, pmu, and opt_split_eq's commands) */
TEST(opt_word_reads)
{
    OptWord w;
    CHECK(opt_word("-json", &w));
    CHECK_INT((int)w.len, 4);
    CHECK_INT(w.dashes, 1);
    CHECK(w.value == NULL);
    CHECK(opt_word_is(&w, "json"));
    CHECK(!opt_word_is(&w, "jso"));
    CHECK(!opt_word_is(&w, "jsonx"));
    CHECK(opt_word("--iterations=10", &w));
    CHECK_INT(w.dashes, 2);
    CHECK(opt_word_is(&w, "iterations"));
    CHECK_STR(w.value, "10");
    /* the first '=' ends the name; the value may hold more, or be empty */
    CHECK(opt_word("-csv=a=b.csv", &w));
    CHECK(opt_word_is(&w, "csv"));
    CHECK_STR(w.value, "a=b.csv");
    CHECK(opt_word("-o=", &w));
    CHECK(opt_word_is(&w, "o"));
    CHECK_STR(w.value, "");
    /* "-x v": the value is the next word, the caller's to take */
    CHECK(opt_word("-x", &w));
    CHECK(w.value == NULL);
    /* no option: a positional word, and "-" (stdin) */
    CHECK(!opt_word("file.s", &w));
    CHECK(!opt_word("-", &w));
    CHECK(!opt_word("", &w));
    /* "--" is one with an empty name; "---x" names "-x"; "-=3" an empty name with a value */
    CHECK(opt_word("--", &w));
    CHECK_INT((int)w.len, 0);
    CHECK(opt_word_is(&w, ""));
    CHECK(opt_word("---x", &w));
    CHECK(opt_word_is(&w, "-x"));
    CHECK(!opt_word_is(&w, "x"));
    CHECK(opt_word("-=3", &w));
    CHECK_INT((int)w.len, 0);
    CHECK_STR(w.value, "3");
}

/* "-name=value" split for the commands that read "-name value" (bench's experiments, clock) */
TEST(opt_split_eq_words)
{
    char *in[] = {"dcache", "-min=4K", "-max", "8K", "-csv=a=b.csv", "-q", "x=1", "-=3", "-9=1", "--json=1",
                  "-a.b=1", "-run_s-2=", "-", NULL};
    int n = 13;
    char **out = opt_split_eq(&n, in);
    CHECK_INT(n, 16);
    const char *want[] = {"dcache", "-min", "4K", "-max", "8K", "-csv", "a=b.csv", "-q", "x=1", "-=3", "-9=1",
                          "--json=1", "-a.b=1", "-run_s-2", "", "-"};
    for (int i = 0; i < n && i < 16; i++)
        CHECK_STR(out[i], want[i]);
    CHECK(out[16] == NULL);
    free(out);
}
