/* t.h — a minimal unit-test framework.  TEST(name) { CHECK(...); } registers itself;
 * tests/unit/main.c runs them all and prints "N passed, N failed". */
#ifndef T_H
#define T_H

#include <stdio.h>
#include <string.h>
#include <math.h>

typedef void (*TestFn)(void);
void t_register(const char *name, TestFn fn);
void t_fail(const char *file, int line, const char *fmt, ...);

#define TEST(name)                                                            \
    static void name(void);                                                   \
    __attribute__((constructor)) static void reg_##name(void) { t_register(#name, name); } \
    static void name(void)

#define CHECK(c) do { if (!(c)) t_fail(__FILE__, __LINE__, "%s", #c); } while (0)
#define CHECK_INT(a, b) do { long long _a = (long long)(a), _b = (long long)(b); \
    if (_a != _b) t_fail(__FILE__, __LINE__, "%s == %lld, want %lld", #a, _a, _b); } while (0)
#define CHECK_STR(a, b) do { const char *_a = (a), *_b = (b); \
    if (!_a || !_b || strcmp(_a, _b) != 0) \
        t_fail(__FILE__, __LINE__, "%s == \"%s\", want \"%s\"", #a, _a ? _a : "(null)", _b ? _b : "(null)"); } while (0)
#define CHECK_NEAR(a, b, eps) do { double _a = (a), _b = (b); \
    if (!(fabs(_a - _b) <= (eps))) t_fail(__FILE__, __LINE__, "%s == %g, want %g +- %g", #a, _a, _b, (double)(eps)); } while (0)

#endif
