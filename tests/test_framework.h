#ifndef TEST_FRAMEWORK_H
#define TEST_FRAMEWORK_H
// Minimal test harness shared by every test exe (native, MinGW under Wine, MSVC).
// One line per failed check, then the closing "N passed, M failed" line; exit code 1 on failure.

#include <stdio.h>

struct test_totals
{
    int passed;
    int failed;
};
static test_totals globalTestTotals;

#define CHECK(expression) TestRecord((expression) ? 1 : 0, #expression, __FILE__, __LINE__)
#define CHECK_MSG(expression, message) TestRecord((expression) ? 1 : 0, message, __FILE__, __LINE__)

static inline int TestRecord(int ok, const char *what, const char *file, int line)
{
    if (ok)
    {
        ++globalTestTotals.passed;
    }
    else
    {
        ++globalTestTotals.failed;
        printf("FAIL %s:%d: %s\n", file, line, what);
        fflush(stdout);
    }
    return ok;
}

static inline int TestSummary(void)
{
    printf("%d passed, %d failed\n", globalTestTotals.passed, globalTestTotals.failed);
    fflush(stdout);
    return globalTestTotals.failed ? 1 : 0;
}

#endif // TEST_FRAMEWORK_H
