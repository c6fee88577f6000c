// The work queue benchmark's report (tests/bench/bench_work_queue.cpp includes it): medians and
// ratios per thread count as soon as each is measured, then the scaling table.

//~ Report
// The median of a runner's figures for a row over the runs that took it; BENCH_SKIPPED when none did.
internal f64 RowMedian(thread_count_figures *figures, u32 runner, u32 row)
{
    f64 values[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        if (figures->samples[runner][run][row] > 0) values[count++] = figures->samples[runner][run][row];
    }
    return count ? Median(values, count) : BENCH_SKIPPED;
}

// The median over runs of ours / other, both taken seconds apart (see the top); 0 when none.
internal f64 MedianRatio(thread_count_figures *figures, u32 other, u32 row)
{
    f64 ratios[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        f64 ours = figures->samples[Runner_Ours][run][row], theirs = figures->samples[other][run][row];
        if (ours > 0 && theirs > 0) ratios[count++] = ours / theirs;
    }
    return count ? Median(ratios, count) : 0;
}

internal f64 SumSpeedUp(thread_count_figures *figures)
{
    f64 speedUps[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        f64 *row = figures->samples[Runner_Ours][run];
        if (row[Row_Sum] > 0 && row[Row_SumOneThread] > 0) speedUps[count++] = row[Row_SumOneThread] / row[Row_Sum];
    }
    return count ? Median(speedUps, count) : 0;
}

// What a runner's column says where it has no figure.
internal const char *NoFigure(thread_count_figures *figures, u32 runner)
{
    if (!globalRunnerBuilt[runner]) return "-";
    if (!globalRunnerWanted[runner]) return "not asked";
    if (!figures->ran[runner]) return "skipped";
    return figures->overTime[runner] ? "over time" : "-";
}

internal void PrintThreadCount(thread_count_figures *figures, f64 loadBefore, f64 loadAfter)
{
    printf("threads %u (ours: %u workers + the calling thread; the others: %u threads), load %.2f -> %.2f:\n",
           figures->threads, figures->threads - 1, figures->threads, loadBefore, loadAfter);
    printf("  %-34s", "");
    for (u32 runner = 0; runner < Runner_Count; ++runner) printf(" %10s", globalRunnerNames[runner]);
    printf("   ratio ours/%s", globalRunnerNames[Runner_Baseline]);
    for (u32 runner = Runner_Enki; runner < Runner_Count; ++runner) printf(", /%s", globalRunnerNames[runner]);
    printf(" (median of per-run ratios)\n");
    for (u32 row = 0; row < Row_Count; ++row)
    {
        printf("  %-34s", globalRows[row].label);
        for (u32 runner = 0; runner < Runner_Count; ++runner)
        {
            f64 value = RowMedian(figures, runner, row);
            putchar(' ');
            // NOTE: only ours takes the one-thread sum (through the same path as its parallel one).
            const char *none = (row == Row_SumOneThread && runner != Runner_Ours) ? "-" : NoFigure(figures, runner);
            value > 0 ? printf(globalRows[row].format, value) : printf("%10s", none);
        }
        printf("  ");
        for (u32 runner = Runner_Baseline; runner < Runner_Count; ++runner)
        {
            f64 ratio = MedianRatio(figures, runner, row);
            ratio > 0 ? printf(" %7.2fx", ratio) : printf(" %8s", "-");
        }
        putchar('\n');
    }
    printf("  %-34s %9.2fx   (median of the per-run ratios)\n", "parallel sum speed-up (all / one)", SumSpeedUp(figures));
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        if (!globalRunnerBuilt[runner]) printf("  %s\n", globalRunnerNotBuilt[runner]);
        else if (figures->overTime[runner]) printf("  %s: over its time limit at %u threads (the figures it took are kept)\n",
                                                   globalRunnerNames[runner], figures->threads);
        else if (!globalRunnerWanted[runner]) printf("  %s: not asked for (--runners)\n", globalRunnerNames[runner]);
        else if (!figures->ran[runner]) printf("  %s: skipped: over its time limit\n", globalRunnerNames[runner]);
        if (figures->rowsCut[runner])
        {
            printf("  %s: %u row runs stopped at their share of its time (%.2f s each; figures from the iterations done)\n",
                   globalRunnerNames[runner], figures->rowsCut[runner], (f64)globalRowNanoseconds * 1e-9);
        }
    }
    fflush(stdout);
}

// Ours per thread count, with ours / the nearest competitor built (Taskflow, else enkiTS, else the baseline).
internal void PrintScalingTable(thread_count_figures *figures, u32 countCount)
{
    u32 other = BENCH_TASKFLOW ? Runner_Taskflow : BENCH_ENKITS ? Runner_Enki : Runner_Baseline;
    printf("\nscaling: ours (ratio ours/%s, median of per-run ratios)\n  %7s", globalRunnerNames[other], "threads");
    const char *headings[Row_Count] = {"empty job ns", "round us", "graph ms", "64-for us", "~1us-for us", "wake us", "sum ms", ""};
    for (u32 row = 0; row < Row_SumOneThread; ++row) printf(" %18s", headings[row]);
    printf(" %12s\n", "sum speed-up");
    for (u32 index = 0; index < countCount; ++index)
    {
        if (!figures[index].threads) continue;      // not started (--total-seconds)
        printf("  %7u", figures[index].threads);
        for (u32 row = 0; row < Row_SumOneThread; ++row)
        {
            f64 value = RowMedian(figures + index, Runner_Ours, row), ratio = MedianRatio(figures + index, other, row);
            char ratioText[32] = "";
            if (ratio > 0) FormatText(ratioText, sizeof(ratioText), " (%.2fx)", ratio);
            char cell[64] = "-";
            if (value > 0) FormatText(cell, sizeof(cell), "%.2f%s", value, ratioText);
            printf(" %18s", cell);
        }
        printf(" %11.2fx\n", SumSpeedUp(figures + index));
    }
    fflush(stdout);
}
