/* test_util.c — the util layer: buffers, JSON writer, TSV reader, statistics, diagnostics. */
#include "t.h"
#include "util/util.h"

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
