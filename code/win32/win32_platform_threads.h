#ifndef WIN32_PLATFORM_THREADS_H
#define WIN32_PLATFORM_THREADS_H
//~ The platform's own threads: main, queue workers, watchdog, quit bound
//
// Each is noted here by id when it starts, with a name. The thread scan (reload/) leaves them alone,
// and hang and quit reports name a thread by it ("low priority worker 1"). Lives below guard/ and
// reload/ so both can use it.
// Tested by: tests/suites/suite_trace.sh, tests/suites/suite_misuse_games.sh

#define WIN32_MAX_PLATFORM_THREADS 80

struct win32_platform_thread
{
    DWORD threadId;
    char name[40];
};

struct win32_platform_threads
{
    win32_platform_thread threads[WIN32_MAX_PLATFORM_THREADS];
    volatile LONG count;
};

// Any thread, at any time (an interlocked slot claim); names past WIN32_MAX_PLATFORM_THREADS are
// dropped, and the thread then reads as not the platform's.
internal void Win32NotePlatformThread(DWORD threadId, const char *name);
// Notes every worker of the queue as "<queueName> worker N" (main thread, once the queue runs).
internal void Win32NoteQueueWorkers(platform_work_queue *queue, const char *queueName);
// "low priority worker 1", or 0 for a thread that is not the platform's. Any thread; takes no lock,
// so a thread that suspended others may call it.
internal const char *Win32PlatformThreadName(DWORD threadId);

#endif  // WIN32_PLATFORM_THREADS_H
