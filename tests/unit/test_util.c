/* test_util.c — the util layer: buffers, JSON writer, TSV reader, statistics, diagnostics. */
#include "t.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

TEST(json_nested_pretty)
{
    Buf b; buf_init(&b);
    Json j; json_init(&j, &b, true);
    json_obj_begin(&j);
    json_kstr(&j, "Name", "a\"b");
    json_key(&j, "L"); json_arr_begin(&j); json_int(&j, 1); json_num(&j, 0.25); json_arr_end(&j);
    json_key(&j, "E"); json_arr_begin(&j); json_arr_end(&j);
    json_knull(&j, "N");
    json_obj_end(&j);
    CHECK_STR(buf_cstr(&b), "{\n  \"Name\": \"a\\\"b\",\n  \"L\": [\n    1,\n    0.25\n  ],\n  \"E\": [],\n  \"N\": null\n}\n");
    buf_free(&b);
}

TEST(tsv_reads_header_and_rows)
{
    const char *text = "# source: test\nname\tvalue\n# comment\na\t1\nb\n\nc\t3\r\n";
    Tsv t; Diag d;
    CHECK(tsv_open_text(&t, "x.tsv", text, strlen(text), &d));
    int cv = tsv_col(&t, "value");
    CHECK_INT(cv, 1);
    CHECK(tsv_next(&t)); CHECK_STR(tsv_get(&t, 0), "a"); CHECK_STR(tsv_get(&t, cv), "1"); CHECK_INT(t.line, 4);
    CHECK(tsv_next(&t)); CHECK_STR(tsv_get(&t, 0), "b"); CHECK_STR(tsv_get(&t, cv), "");
    CHECK(tsv_next(&t)); CHECK_STR(tsv_get(&t, cv), "3"); CHECK_INT(t.line, 7);
    CHECK(!tsv_next(&t));
    tsv_close(&t);
}

TEST(stats_median_quantile_mad)
{
    double v[] = {5, 1, 3, 2, 4};
    CHECK_NEAR(stats_median(v, 5), 3, 0);
    double w[] = {4, 1, 2, 3};
    CHECK_NEAR(stats_median(w, 4), 2.5, 1e-12);
    double m[] = {1, 1, 2, 2, 4, 6, 9};
    CHECK_NEAR(stats_mad(m, 7), 1, 1e-12);
    CHECK(isnan(stats_median(NULL, 0)));
}

TEST(diag_caret_under_column)
{
    Diag d;
    diag_set(&d, "a.s", 3, 5, "add x0, x99\nnext", "unknown register '%s'", "x99");
    char out[512] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    diag_print(f, &d, "error");
    fclose(f);
    CHECK_STR(out, "a.s:3:5: error: unknown register 'x99'\nadd x0, x99\n    ^\n");
}

/* a text of two files (a.s lines 1-2, b.s lines 1-2 included from a.s:2, an empty c.s from
 * b.s:1, then a.s line 3): each line at its file's, the diagnostic after "Included from" */
TEST(diag_srcmap_included)
{
    SrcMap m = {0};
    int a = srcmap_file(&m, "a.s"), b = srcmap_file(&m, "b.s"), c = srcmap_file(&m, "c.s");
    CHECK_INT(srcmap_file(&m, "b.s"), b);
    srcmap_seg(&m, 1, a, 1, -1);
    int ib = srcmap_inc(&m, a, 2, -1);
    srcmap_seg(&m, 2, b, 1, ib);
    int ic = srcmap_inc(&m, b, 1, ib);
    srcmap_seg(&m, 2, c, 1, ic);          /* (empty: the next segment replaces it) */
    srcmap_seg(&m, 2, b, 2, ib);
    srcmap_seg(&m, 3, a, 3, -1);
    int fl, inc;
    CHECK_STR(srcmap_locate(&m, 1, &fl, &inc), "a.s"); CHECK_INT(fl, 1); CHECK_INT(inc, -1);
    CHECK_STR(srcmap_locate(&m, 2, &fl, &inc), "b.s"); CHECK_INT(fl, 2); CHECK_INT(inc, ib);
    CHECK_STR(srcmap_locate(&m, 5, &fl, &inc), "a.s"); CHECK_INT(fl, 5);
    CHECK(!srcmap_locate(&m, 0, &fl, &inc));
    Diag d;
    diag_set(&d, "a.s", 2, 1, "addd", "unrecognized instruction mnemonic");
    char out[512] = {0};
    FILE *f = fmemopen(out, sizeof out, "w");
    diag_use_map("a.s", &m);
    diag_print(f, &d, "error");
    diag_use_map(NULL, NULL);
    diag_print(f, &d, "error");
    fclose(f);
    CHECK_STR(out, "Included from a.s:2:\nb.s:2:1: error: unrecognized instruction mnemonic\naddd\n^\n"
                   "a.s:2:1: error: unrecognized instruction mnemonic\naddd\n^\n");
    (void)c;
    srcmap_free(&m);
}

/* fmt.c: the cheap formatters must print exactly what printf prints */
static unsigned long long fmt_rng = 88172645463325252ull;
static unsigned long long fmt_next(void)
{
    fmt_rng ^= fmt_rng << 13;
    fmt_rng ^= fmt_rng >> 7;
    fmt_rng ^= fmt_rng << 17;
    return fmt_rng;
}

static int fmt_check_fixed(double v)
{
    int bad = 0;
    for (int prec = 0; prec <= 9; prec++) {
        char want[400], got[64];
        snprintf(want, sizeof want, "%.*f", prec, v);
        int n = fmt_fixed(got, v, prec);
        if (n < 0) {
            if (isfinite(v) && fabs(v) < 9e18) bad++;
            continue;
        }
        got[n] = 0;
        if (strcmp(want, got) != 0) {
            if (bad++ < 5) t_fail(__FILE__, __LINE__, "%%.%df of %.17g: \"%s\", want \"%s\"", prec, v, got, want);
        }
    }
    return bad;
}

TEST(fmt_fixed_matches_printf)
{
    int bad = 0;
    static const double special[] = {0.0, -0.0, 0.5, 1.5, 2.5, -0.5, 0.005, 0.015, 0.025, 0.125, 0.375,
                                     1e-300, 4.9e-324, -4.9e-324, 2.2250738585072014e-308, 0.045, 1.005,
                                     9.995, 99.995, 123456789.125, 9.1e18, -9.1e18, 1e18, 4503599627370496.5,
                                     9007199254740993.0, 0.05, 0.95, 0.9999999999, 1e-10, 5e-10, 5e-11};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        bad += fmt_check_fixed(special[i]);
    /* values as the views print them: k / 100, k / 10, quotients of small integers, and their
     * neighbours; halfway cases in binary (k / 2^j) */
    for (int k = -12000; k <= 12000; k++) {
        bad += fmt_check_fixed(k / 100.0);
        bad += fmt_check_fixed(k / 1000.0);
        bad += fmt_check_fixed(nextafter(k / 200.0, 1e9));
        bad += fmt_check_fixed(nextafter(k / 200.0, -1e9));
        bad += fmt_check_fixed(k / 1024.0);
        bad += fmt_check_fixed(floor(k / 7.0 * 100 + 0.5) / 100);
    }
    for (int i = 0; i < 60000; i++) {
        unsigned long long r = fmt_next();
        double v;
        memcpy(&v, &r, sizeof v);
        bad += fmt_check_fixed(v);                                     /* any bit pattern */
        bad += fmt_check_fixed((double)(r >> 11) / (double)(1ull << (r % 60)));   /* moderate */
        bad += fmt_check_fixed((double)(fmt_next() % 100000) / (double)(fmt_next() % 997 + 1));
    }
    CHECK_INT(bad, 0);
    char b[64];
    CHECK_INT(fmt_fixed(b, INFINITY, 2), -1);
    CHECK_INT(fmt_fixed(b, NAN, 2), -1);
    CHECK_INT(fmt_fixed(b, 1e19, 2), -1);
    CHECK_INT(fmt_fixed(b, 1.0, 10), -1);
}

TEST(fmt_int_matches_printf)
{
    static const long long special[] = {0, 1, -1, 9, 10, 99, 100, -100, 2147483647LL, -2147483648LL,
                                        9223372036854775807LL, -9223372036854775807LL - 1};
    int bad = 0;
    char want[32], got[32];
    for (int i = 0; i < (int)(sizeof special / sizeof special[0]) + 100000; i++) {
        long long v = i < (int)(sizeof special / sizeof special[0]) ? special[i]
                    : (long long)(fmt_next() >> (fmt_next() % 64));
        if ((i & 1) && v != -9223372036854775807LL - 1) v = -v;
        snprintf(want, sizeof want, "%lld", v);
        got[fmt_llong(got, v)] = 0;
        bad += strcmp(want, got) != 0;
        unsigned long long u = (unsigned long long)v;
        snprintf(want, sizeof want, "%llu", u);
        got[fmt_ullong(got, u)] = 0;
        bad += strcmp(want, got) != 0;
    }
    CHECK_INT(bad, 0);
    Buf b;
    buf_init(&b);
    buf_put_llong(&b, -42);
    buf_putc(&b, ' ');
    buf_put_fixed(&b, 2.675, 2);
    buf_putc(&b, ' ');
    buf_put_fixed(&b, 1e300, 1);
    buf_fill(&b, '.', 3);
    char want2[400];
    snprintf(want2, sizeof want2, "%lld %.2f %.1f...", -42LL, 2.675, 1e300);
    CHECK_STR(buf_cstr(&b), want2);
    buf_free(&b);
}

TEST(fmt_g17_matches_printf)
{
    int bad = 0, done = 0;
    for (int i = 0; i < 400000; i++) {
        double v;
        unsigned long long r = fmt_next();
        switch (i % 5) {
        case 0: memcpy(&v, &r, sizeof v); break;
        case 1: v = (double)(r % 100000) / (double)(fmt_next() % 997 + 1); break;
        case 2: v = (double)(r >> 11) / (double)(1ull << (r % 64)); break;
        case 3: v = (double)(r % 2000001) / 100.0 - 10000; break;
        default: v = ldexp((double)(r >> 11), (int)(fmt_next() % 120) - 110); break;
        }
        if (i < 40) {
            static const double sp[] = {0.0, -0.0, 1e-4, 9.9999999999999991e-5, 1e17, 99999999999999984.0,
                                        0.1, 0.5, 1.0, 10.0, 0.33, 1.0 / 3, 2.0 / 3, 1e16, 123456789012345678.0,
                                        9.9999999999999999e16, 0.99999999999999999, 0.099999999999999992,
                                        5e-5, 1.5e-4, 100, 1e15, 4503599627370497.5, 0.0001, 0.001};
            if (i < (int)(sizeof sp / sizeof sp[0])) v = sp[i];
        }
        char want[64], got[64];
        snprintf(want, sizeof want, "%.17g", v);
        int n = fmt_g17(got, v);
        if (n < 0) {
            double a = fabs(v);
            if (isfinite(v) && (a == 0 || (a >= 1e-4 && a < 1e17)) && !strchr(want, 'e')) bad++;
            continue;
        }
        done++;
        got[n] = 0;
        if (strcmp(want, got) != 0 && bad++ < 5)
            t_fail(__FILE__, __LINE__, "%%.17g of %a: \"%s\", want \"%s\"", v, got, want);
    }
    CHECK_INT(bad, 0);
    CHECK(done > 200000);
}

/* out_same_file and out_can_write take a path's directory from one helper (dir_of): new files
 * are the same when their directories are and their last names match ("b" is in ".", "/b" in
 * "/"); an existing regular file by its inode */
TEST(out_paths_directory)
{
    char dir[] = "/tmp/uarch-unit-outXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char a[96], b[96], c[96], sub[96];
    snprintf(a, sizeof a, "%s/new.csv", dir);
    snprintf(b, sizeof b, "%s/./new.csv", dir);
    snprintf(c, sizeof c, "%s/other.csv", dir);
    snprintf(sub, sizeof sub, "%s/no-such-dir/new.csv", dir);
    CHECK(out_same_file(a, b));
    CHECK(!out_same_file(a, c));
    CHECK(!out_same_file(a, sub));            /* (its directory cannot be read) */
    CHECK(!out_same_file("-", "-"));
    CHECK(out_can_write(a));
    CHECK(out_can_write("-"));
    char cwd[4096];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK(chdir(dir) == 0);
    CHECK(out_same_file("x.svg", "./x.svg"));   /* "x.svg": in "." */
    CHECK(!out_same_file("x.svg", "/x.svg"));
    CHECK(out_can_write("x.svg"));
    CHECK(chdir(cwd) == 0);
    rmdir(dir);
}
