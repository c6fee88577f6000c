#ifndef BENCH_MACHINE_LOAD_H
#define BENCH_MACHINE_LOAD_H
// The machine's load (the 1-minute average), which every benchmark prints beside its figures: the
// machine may be shared. -1 where there is no /proc/loadavg (Windows). Include after base/ and <stdio.h>.

internal f64 BenchMachineLoad(void)
{
    f64 load = -1.0;
#ifndef _WIN32
    FILE *file = fopen("/proc/loadavg", "r");
    if (file)
    {
        if (fscanf(file, "%lf", &load) != 1) load = -1.0;
        fclose(file);
    }
#endif
    return load;
}

#endif // BENCH_MACHINE_LOAD_H
