#ifndef TEST_FRAMEWORK_H
#define TEST_FRAMEWORK_H
// Minimal test harness shared by every test exe (native, MinGW under Wine, MSVC).
// One line per failed check, then the closing "N passed, M failed" line; exit code 1 on failure.

#include <stdio.h>
#include <stdlib.h>

struct test_totals
{
    int passed;
    int failed;
};
global test_totals globalTestTotals;

#define CHECK(expression) TestRecord((expression) ? 1 : 0, #expression, __FILE__, __LINE__)
#define CHECK_MSG(expression, message) TestRecord((expression) ? 1 : 0, message, __FILE__, __LINE__)

internal inline int TestRecord(int ok, const char *what, const char *file, int line)
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

// Whole file into malloc'd memory (tests only; the engine reads through the platform). Null on failure.
internal inline void *TestReadWholeFile(const char *path, unsigned int *size)
{
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    void *contents = (length >= 0) ? malloc((size_t)length + 1) : 0;
    if (contents && fread(contents, 1, (size_t)length, file) != (size_t)length)
    {
        free(contents);
        contents = 0;
    }
    fclose(file);
    *size = contents ? (unsigned int)length : 0;
    return contents;
}

internal inline int TestSummary(void)
{
    printf("%d passed, %d failed\n", globalTestTotals.passed, globalTestTotals.failed);
    fflush(stdout);
    return globalTestTotals.failed ? 1 : 0;
}

#endif // TEST_FRAMEWORK_H
