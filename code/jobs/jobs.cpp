// jobs/: the job system. Work queues woken by a semaphore, job graphs with dependency counters,
// repeating/background/main-thread tasks and ParallelFor, over a small OS thread layer.
// May include base/ and contract/ only. The exe includes this file once; so do the job tests and
// the benchmark, on Windows or POSIX threads, so the list of job-system files lives here alone.

#include "jobs/work_thread_context.cpp"
#include "jobs/work_queue_ring.cpp"
#include "jobs/work_queue_waits.cpp"
#include "jobs/work_queue.cpp"
#include "jobs/parallel_for.cpp"
#include "jobs/job_graph.cpp"
#include "jobs/task_manager.cpp"
#if OS_WINDOWS
#include "jobs/win32_threads.cpp"
#else
#include "jobs/posix_threads.cpp"
#endif
