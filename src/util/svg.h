/* svg.h — a self-contained SVG line-plot writer for sweep results (no plotting program needed).
 *
 * One plot: title (+ subtitle), x and y axes with ticks and labels, one or more series (polyline
 * + point markers, optional min..max whiskers), plateau levels (horizontal dashed segments) and
 * knee markers (vertical dashed line + label), findings without a position as text lines,
 * and a legend.  The x axis is logarithmic when the
 * data span at least two decades (SVG_AUTO), with power-of-two ticks labelled 4 KiB, 1 MiB, ...
 * for byte sizes; the y axis is logarithmic when asked or when its data span more than 30x.
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
} SvgKnee;

typedef struct SvgLevel {
    double x0, x1, y;           /* a plateau */
} SvgLevel;

typedef struct SvgPlot {
    const char *title, *subtitle, *xlabel, *ylabel;
    SvgScale xscale, yscale;
    bool x_bytes;               /* x values are byte sizes: KiB/MiB/GiB tick labels */
    bool y_from_zero;           /* linear y starts at 0 (when the data are positive) */
    int width, height;          /* 0 -> 900 x 540 */
    SvgSeries series[SVG_MAX_SERIES];
    int nseries;
    SvgKnee knees[SVG_MAX_MARKS];
    int nknees;
    SvgLevel levels[SVG_MAX_MARKS];
    int nlevels;
} SvgPlot;

/* Format a byte count the way the axis does: "512 B", "48 KiB", "1.5 MiB". */
void svg_fmt_bytes(char *out, size_t n, double bytes);

/* Write the whole SVG document to out. */
void svg_plot(Buf *out, const SvgPlot *p);

#endif
