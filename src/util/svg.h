/* svg.h — a self-contained SVG line-plot writer for sweep results (no plotting program needed).
 *
 * One plot: title (+ subtitle), x and y axes with ticks and labels, one or more series (polyline
 * + point markers, optional whiskers), plateau levels (horizontal bands) and knees, and a legend.
 * The x axis is logarithmic when the data span at least two decades (SVG_AUTO), with power-of-two
 * ticks labelled 4 KiB, 1 MiB, ... for byte sizes; the y axis is logarithmic when asked or when
 * its data span more than 30x.
 *
 * Readable with many knees: each knee is a ring on its curve with a numbered tag next to it (tied
 * by a short leader, in its series' colour; tags never overlap each other, the legend or the
 * plot's edges) and a thin line down to the x axis; the labels themselves are written in a key
 * under the plot, one line per number (two columns when they fit), findings without a position
 * after them.  The y axis covers the data, not an isolated spike: a point far off its neighbours
 * (a preempted round) is left off the axis range and drawn as a triangle at the edge with its
 * value written beside it.  svg_layout() computes all of this; svg_plot() draws it.
 */
#ifndef UTIL_SVG_H
#define UTIL_SVG_H

#include "util/util.h"

#include <stdbool.h>

#define SVG_MAX_SERIES 8
#define SVG_MAX_MARKS 32

typedef enum SvgScale { SVG_AUTO = 0, SVG_LINEAR, SVG_LOG } SvgScale;

typedef struct SvgSeries {
    const char *name;           /* legend text */
    const double *x, *y;        /* n points; non-finite y are skipped */
    const double *lo, *hi;      /* optional whiskers (NULL: none) */
    int n;
} SvgSeries;

typedef struct SvgKnee {
    double x, y;                /* where the knee is (last x of the lower plateau); a non-finite
                                 * x: a finding that is not a position on the x axis (a width, a
                                 * penalty), written as a line of text at the top left */
    const char *label;          /* e.g. "L1D 32 KiB, 4.0 c (conf 0.98)" */
    int series;                 /* 1 + the series it belongs to (its tag's colour); 0: none */
} SvgKnee;

typedef struct SvgLevel {
    double x0, x1, y;           /* a plateau */
} SvgLevel;

typedef struct SvgPlot {
    const char *title, *subtitle, *xlabel, *ylabel;
    SvgScale xscale, yscale;
    bool x_bytes;               /* x values are byte sizes: KiB/MiB/GiB tick labels */
    bool y_from_zero;           /* linear y starts at 0 (when the data are positive) */
    int width, height;          /* 0 -> 900 x 540: the plot; the key under it adds rows */
    SvgSeries series[SVG_MAX_SERIES];
    int nseries;
    SvgKnee knees[SVG_MAX_MARKS];
    int nknees;
    SvgLevel levels[SVG_MAX_MARKS];
    int nlevels;
} SvgPlot;

typedef struct SvgBox {
    double x, y, w, h;          /* pixels, y down */
} SvgBox;

/* Where everything goes (pixels, y down). */
typedef struct SvgLayout {
    int width, height;          /* of the document (the plot plus the key under it) */
    SvgBox area;                /* the plot area (inside the axes) */
    bool xlog, ylog;
    double xlo, xhi, ylo, yhi;  /* the axes' data ranges */
    int nout;                   /* points off the y range (isolated spikes), drawn at the edge */
    /* knee i: ring at (mx, my) on its curve (my NAN: no y, the line to the axis only), its tag
     * (tag.w == 0: no position, no tag) and its line in the key (key.w == 0: no label) */
    double mx[SVG_MAX_MARKS], my[SVG_MAX_MARKS];
    SvgBox tag[SVG_MAX_MARKS], key[SVG_MAX_MARKS];
    int num[SVG_MAX_MARKS];     /* the tag's number (1.. in x order); 0: none */
    SvgBox legend;              /* w == 0: no legend */
} SvgLayout;

/* Lay a plot out (svg_plot draws what this computes; tests check it). */
void svg_layout(const SvgPlot *p, SvgLayout *l);

/* Format a byte count the way the axis does: "512 B", "48 KiB", "1.5 MiB". */
void svg_fmt_bytes(char *out, size_t n, double bytes);

/* Write the whole SVG document to out. */
void svg_plot(Buf *out, const SvgPlot *p);

#endif
