/* test_svg.c — the SVG plot writer: a well-formed document (balanced tags), axes with byte tick
 * labels on a log x axis, axis labels, knee markers with escaped labels, legend. */
#include "t.h"
#include "util/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int count(const char *s, const char *sub)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, sub)); p++)
        n++;
    return n;
}

/* every <tag ...> is closed by </tag> or self-closed: a small stack check */
static int balanced(const char *s)
{
    char stack[64][32];
    int depth = 0;
    for (const char *p = s; (p = strchr(p, '<')); p++) {
        if (p[1] == '?' || p[1] == '!')
            continue;
        const char *end = strchr(p, '>');
        if (!end)
            return 0;
        if (p[1] == '/') {
            int n = (int)strcspn(p + 2, " >");
            if (depth == 0 || (int)strlen(stack[depth - 1]) != n || strncmp(stack[depth - 1], p + 2, n))
                return 0;
            depth--;
        } else if (end[-1] != '/') {
            int n = (int)strcspn(p + 1, " >/");
            if (depth == 64 || n >= 32)
                return 0;
            memcpy(stack[depth], p + 1, n);
            stack[depth++][n] = 0;
        }
        p = end;
    }
    return depth == 0;
}

TEST(svg_bytes_plot)
{
    double x[40], y[40], lo[40], hi[40];
    for (int i = 0; i < 40; i++) {
        x[i] = 4096 * pow(2, i / 3.0);
        y[i] = x[i] <= 32768 ? 4 : x[i] <= 1 << 20 ? 14 : 50;
        lo[i] = y[i] * 0.95, hi[i] = y[i] * 1.1;
    }
    SvgPlot p = {.title = "dcache: load-to-use latency", .subtitle = "AMD EPYC <test> & co",
                 .xlabel = "working set", .ylabel = "cycles per load", .x_bytes = true,
                 .y_from_zero = true, .yscale = SVG_LINEAR};
    p.series[p.nseries++] = (SvgSeries){.name = "median", .x = x, .y = y, .lo = lo, .hi = hi, .n = 40};
    p.knees[p.nknees++] = (SvgKnee){32768, 4, "L1D 32 KiB, 4.0 c"};
    p.knees[p.nknees++] = (SvgKnee){1 << 20, 14, "L2 1 MiB, 14 c"};
    p.knees[p.nknees++] = (SvgKnee){NAN, NAN, "DRAM: 50 c"};   /* no position: a text line */
    p.levels[p.nlevels++] = (SvgLevel){4096, 32768, 4};
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    const char *s = buf_cstr(&b);
    CHECK(strncmp(s, "<?xml", 5) == 0);
    CHECK(strstr(s, "<svg xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
    CHECK(strstr(s, "</svg>\n") != NULL);
    CHECK(balanced(s));
    /* title escaped, axis labels, log scale noted */
    CHECK(strstr(s, "AMD EPYC &lt;test&gt; &amp; co") != NULL);
    CHECK(strstr(s, ">working set (log scale)</text>") != NULL);
    CHECK(strstr(s, ">cycles per load</text>") != NULL);
    /* power-of-two byte ticks */
    CHECK(strstr(s, ">32 KiB</text>") != NULL);
    CHECK(strstr(s, ">1 MiB</text>") != NULL);
    CHECK(strstr(s, ">4 KiB</text>") != NULL);
    /* linear y ticks from 0 */
    CHECK(strstr(s, ">0</text>") != NULL);
    CHECK(strstr(s, ">50</text>") != NULL);
    /* knees, level, series, legend */
    CHECK_INT(count(s, "class=\"knee\""), 2);
    CHECK(strstr(s, ">L1D 32 KiB, 4.0 c</text>") != NULL);
    CHECK_INT(count(s, "class=\"finding\""), 1);
    CHECK(strstr(s, ">DRAM: 50 c</text>") != NULL);
    CHECK_INT(count(s, "class=\"level\""), 1);
    CHECK_INT(count(s, "class=\"series\""), 1);
    CHECK_INT(count(s, "<circle") >= 40, 1);
    CHECK(strstr(s, "class=\"legend\"") != NULL);
    buf_free(&b);
}

TEST(svg_linear_and_empty)
{
    double x[5] = {0, 100, 200, 300, 400}, y[5] = {10, 10, 10, 20, 20};
    SvgPlot p = {.title = "rob", .xlabel = "filler instructions", .ylabel = "cycles"};
    p.series[p.nseries++] = (SvgSeries){.name = "nop", .x = x, .y = y, .n = 5};
    p.series[p.nseries++] = (SvgSeries){.name = "add", .x = x, .y = y, .n = 5};
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    const char *s = buf_cstr(&b);
    CHECK(balanced(s));
    CHECK(strstr(s, "(log scale)") == NULL);   /* x starts at 0: linear */
    CHECK(strstr(s, ">filler instructions</text>") != NULL);
    CHECK(strstr(s, ">400</text>") != NULL);
    CHECK_INT(count(s, "class=\"series\""), 2);
    buf_free(&b);

    /* no data at all: still a valid document */
    SvgPlot e = {.title = "empty"};
    buf_init(&b);
    svg_plot(&b, &e);
    CHECK(balanced(buf_cstr(&b)));
    CHECK(strstr(buf_cstr(&b), "</svg>") != NULL);
    buf_free(&b);

    char out[32];
    svg_fmt_bytes(out, sizeof out, 49152);
    CHECK_STR(out, "48 KiB");
    svg_fmt_bytes(out, sizeof out, 1536 * 1024);
    CHECK_STR(out, "1.5 MiB");
    svg_fmt_bytes(out, sizeof out, 64);
    CHECK_STR(out, "64 B");
}

/* the legend goes where it covers the fewest data: bottom right while it is free; with the
 * curves low on the right (a rise at the left), elsewhere, and never over the label rows */
static double legend_x(const char *s)
{
    const char *g = strstr(s, "<g class=\"legend\">");
    double x = NAN;
    if (g && sscanf(strstr(g, "<rect x=\"") + 9, "%lf", &x) != 1)
        x = NAN;
    return x;
}

TEST(svg_legend_placement)
{
    double x[20], low_right[20], high_right[20];
    for (int i = 0; i < 20; i++) {
        x[i] = i;
        high_right[i] = i < 10 ? 1 : 10;   /* the right half high: bottom right free */
        low_right[i] = i < 10 ? 10 : 1;    /* the right half low: bottom right covered */
    }
    SvgPlot p = {.title = "t", .xlabel = "x", .ylabel = "y", .y_from_zero = true};
    p.series[p.nseries++] = (SvgSeries){.name = "a", .x = x, .y = high_right, .n = 20};
    p.series[p.nseries++] = (SvgSeries){.name = "b", .x = x, .y = high_right, .n = 20};
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    CHECK(legend_x(buf_cstr(&b)) > 450);   /* right */
    buf_free(&b);
    p.series[0].y = p.series[1].y = low_right;
    buf_init(&b);
    svg_plot(&b, &p);
    const char *s = buf_cstr(&b);
    const char *g = strstr(s, "<g class=\"legend\">");
    double lx = legend_x(s), ly = NAN;
    CHECK(g && sscanf(strstr(g, " y=\"") + 4, "%lf", &ly) == 1);
    /* not in the bottom right corner (x > 450 and y low in the plot) */
    CHECK(!(lx > 450 && ly > 300));
    CHECK(balanced(s));
    buf_free(&b);
}

static bool boxes_overlap(SvgBox a, SvgBox b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static bool box_inside(SvgBox a, SvgBox area)
{
    return a.x >= area.x && a.y >= area.y && a.x + a.w <= area.x + area.w && a.y + a.h <= area.y + area.h;
}

/* 17 knees, most of them crowded at a few x on one curve (the btb case): every knee has a tag,
 * inside the plot, no two tags overlap, the legend overlaps none, each tag is near its ring
 * (one tag's width plus a few rows); the tags are numbered in x order; the key has a line per
 * label, under the plot, none overlapping, and the document is tall enough for it */
TEST(svg_knee_tags_never_stack)
{
    double x[4][30], y[4][30];
    SvgPlot p = {.title = "t", .subtitle = "s", .xlabel = "branches", .ylabel = "cycles"};
    char names[4][16], labels[17][64];
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < 30; i++)
            x[s][i] = pow(2, i * 0.5), y[s][i] = x[s][i] < 1000 ? 1 + s : 10 + 5 * s;
        snprintf(names[s], sizeof names[s], "series %d", s);
        p.series[p.nseries++] = (SvgSeries){.name = names[s], .x = x[s], .y = y[s], .n = 30};
    }
    for (int k = 0; k < 17; k++) {
        double kx = k < 12 ? 1000 * (1 + 0.01 * k) : 16 * (k - 11);   /* 12 knees at ~1000 */
        snprintf(labels[k], sizeof labels[k], "step %d [series %d]: %.0f, 1 c (0.9)", k, k % 4, kx);
        p.knees[p.nknees++] = (SvgKnee){kx, kx < 1000 ? 1 + k % 4 : 10 + 5 * (k % 4), labels[k], k % 4 + 1};
    }
    SvgLayout L;
    svg_layout(&p, &L);
    CHECK(L.legend.w > 0);
    for (int i = 0; i < 17; i++) {
        CHECK(L.tag[i].w > 0);
        CHECK(box_inside(L.tag[i], L.area));
        CHECK(!boxes_overlap(L.tag[i], L.legend));
        double d = hypot(L.tag[i].x + L.tag[i].w / 2 - L.mx[i], L.tag[i].y + L.tag[i].h / 2 - L.my[i]);
        CHECK(d < 260);
        for (int j = 0; j < i; j++) {
            CHECK(!boxes_overlap(L.tag[i], L.tag[j]));
            CHECK(!boxes_overlap(L.key[i], L.key[j]));
        }
        CHECK(L.key[i].w > 0);
        CHECK(L.key[i].y > L.area.y + L.area.h + 40);   /* under the x axis and its label */
        CHECK(L.key[i].y + L.key[i].h <= L.height);
        CHECK(L.key[i].x + L.key[i].w <= L.width);
    }
    /* numbered in x order: the knees at 16..80 first, then the crowd at ~1000 */
    CHECK_INT(L.num[12], 1);
    CHECK_INT(L.num[16], 5);
    CHECK_INT(L.num[0], 6);
    CHECK_INT(L.num[11], 17);
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    const char *s = buf_cstr(&b);
    CHECK(balanced(s));
    CHECK_INT(count(s, "class=\"knee\""), 17);
    CHECK_INT(count(s, "class=\"key\""), 17);
    CHECK(strstr(s, ">step 16 [series 0]: 80, 1 c (0.9)</text>") != NULL);
    buf_free(&b);
}

/* the y axis is scaled to the data: an isolated spike is left off the range and marked with its
 * value at the edge; a real step (a plateau of several points, or a rise at the end) is not */
TEST(svg_y_range_leaves_out_a_spike)
{
    double x[30], flat[30], step[30];
    for (int i = 0; i < 30; i++) {
        x[i] = 4096 * pow(2, i / 3.0);
        flat[i] = 4 + 0.05 * (i % 3);
        step[i] = i < 20 ? 4 : 200;
    }
    flat[14] = 1000;
    SvgPlot p = {.title = "t", .xlabel = "x", .ylabel = "y", .x_bytes = true, .y_from_zero = true,
                 .yscale = SVG_LINEAR};
    p.series[p.nseries++] = (SvgSeries){.x = x, .y = flat, .n = 30};
    SvgLayout L;
    svg_layout(&p, &L);
    CHECK_INT(L.nout, 1);
    CHECK(L.yhi < 10 && L.ylo == 0);
    Buf b;
    buf_init(&b);
    svg_plot(&b, &p);
    CHECK_INT(count(buf_cstr(&b), "class=\"off-axis\""), 1);
    CHECK(strstr(buf_cstr(&b), "\xe2\x86\x91" "1000</text>") != NULL);
    CHECK(balanced(buf_cstr(&b)));
    buf_free(&b);

    p.series[0].y = step;   /* a plateau of 10 points at 200: on the axis */
    svg_layout(&p, &L);
    CHECK_INT(L.nout, 0);
    CHECK(L.yhi >= 200);
    step[28] = 4, step[29] = 4;
    for (int i = 0; i < 28; i++)
        step[i] = 4;
    step[29] = 500;         /* a rise at the last point: no neighbour on its right, kept */
    svg_layout(&p, &L);
    CHECK_INT(L.nout, 0);
    CHECK(L.yhi >= 500);

    /* auto scale: without the spike the data span 4..5, a linear axis */
    p.series[0].y = flat, p.yscale = SVG_AUTO, p.y_from_zero = false;
    svg_layout(&p, &L);
    CHECK(!L.ylog);
    CHECK(L.yhi < 5 && L.ylo > 3.5);
}
