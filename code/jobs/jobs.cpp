// jobs/: the job system. Work queues woken by a semaphore, job graphs with dependency counters,
// repeating/background/main-thread tasks and ParallelFor, on top of the OS layer (os/os_core.h).
// May include base/, os/ and contract/ only, and names no OS itself. The exe includes this file
// once; so do the job tests and the benchmarks, each after os/os.cpp (which brings the Win32 or
// POSIX threads), so the list of job-system files lives here alone.
// Every header first, then every body: a body uses only what the headers declare, so the order
// of the bodies below does not matter.

#include "jobs/work_queue.h"
#include "jobs/task_manager.h"

#include "jobs/work_thread_context.cpp"
#include "jobs/work_queue_ring.cpp"
#include "jobs/work_queue_waits.cpp"
#include "jobs/work_queue_awake.cpp"
#include "jobs/work_queue.cpp"
#include "jobs/parallel_for.cpp"
#include "jobs/job_graph.cpp"
#include "jobs/task_manager.cpp"
