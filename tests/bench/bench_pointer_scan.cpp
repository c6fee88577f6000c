// Pointer scan benchmark (native, printed, nothing asserted): the reload pointer scan over 64 MB
// all written, against a plain read of the same words in the same process (memory bandwidth, the
// floor any scan pays), and over the same 64 MB with only 4 MB written (the cost follows the pages
// written, not the reservation). Every figure is the median of BENCH_RUNS runs.

#include "platform/platform.cpp"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BENCH_RUNS 15
#define BENCH_PAGE_SIZE 4096u

internal double NowSeconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

internal int CompareDoubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

internal double Median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof(double), CompareDoubles);
    return values[count / 2];
}

int main(void)
{
    const u64 size = 64ull << 20;
    const u64 pageCount = size / BENCH_PAGE_SIZE;
    u64 *words = (u64 *)malloc(size);
    u8 *allPages = (u8 *)malloc(pageCount / 8);
    u8 *somePages = (u8 *)calloc(1, pageCount / 8);
    memset(allPages, 0xFF, pageCount / 8);
    // 4 MB written out of 64: every 16th page.
    for (u64 page = 0; page < pageCount; page += 16) somePages[page / 8] |= (u8)(1u << (page % 8));
    u64 seed = 0x9E3779B97F4A7C15ull;
    for (u64 index = 0; index < size / 8; ++index)
    {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        words[index] = (index % 3) ? seed : (seed & 0xFFFFFFFFull);     // some small values too
    }
    // A 4 MB image where Windows puts DLLs, plus a second held one.
    pointer_scan_target targets[2] = {{0x7FFA10000000ull, 0x7FFA10400000ull}, {0x180000000ull, 0x180400000ull}};
    pointer_scan_hit hits[16];

    double readTimes[BENCH_RUNS], fullTimes[BENCH_RUNS], sparseTimes[BENCH_RUNS];
    u64 sink = 0, falseHits = 0;
    for (int run = 0; run < BENCH_RUNS; ++run)
    {
        double start = NowSeconds();
        u64 sum = 0;
        for (u64 index = 0; index < size / 8; ++index) sum += words[index];
        readTimes[run] = NowSeconds() - start;
        sink += sum;

        start = NowSeconds();
        pointer_scan_result full = ScanPagesForPointers((const u8 *)words, size, BENCH_PAGE_SIZE, allPages, targets, 2, hits, 16);
        fullTimes[run] = NowSeconds() - start;
        falseHits += full.hitCount;

        start = NowSeconds();
        pointer_scan_result sparse = ScanPagesForPointers((const u8 *)words, size, BENCH_PAGE_SIZE, somePages, targets, 2, hits, 16);
        sparseTimes[run] = NowSeconds() - start;
        falseHits += sparse.hitCount;
    }
    double read = Median(readTimes, BENCH_RUNS), full = Median(fullTimes, BENCH_RUNS), sparse = Median(sparseTimes, BENCH_RUNS);
    printf("pointer scan, 64 MB all written: median %.2f ms (%.1f GB/s); plain read of the same words %.2f ms: "
           "ratio %.2f\n", 1000.0 * full, (double)size / full / 1e9, 1000.0 * read, full / read);
    printf("pointer scan, 64 MB reserved with 4 MB written: median %.3f ms (%.1f%% of the all-written scan)\n",
           1000.0 * sparse, 100.0 * sparse / full);
    printf("false reports in random data: %llu over %d scans (checksum %llu)\n", (unsigned long long)falseHits,
           2 * BENCH_RUNS, (unsigned long long)(sink & 0xFF));
    free(words);
    free(allPages);
    free(somePages);
    return 0;
}
