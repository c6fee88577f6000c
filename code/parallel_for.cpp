// ParallelFor: splits [0, count) into batches that the caller and a few helper entries claim
// with one atomic increment each. The caller always takes part, so a small range costs little
// more than a plain loop, and a queue busy with other work still makes progress. While it waits
// for its helpers the caller runs only its own helper entries (taken out of the ring if no worker
// has started them): it never picks up unrelated work that could end up waiting for it.

#include "work_queue.h"

// NOTE: about four batches per thread balances uneven items without paying an atomic per item.
// Huge ranges are cut finer still (batches of at most PARALLEL_FOR_MAX_BATCH items unless the
// caller's minBatch says otherwise): a thread preempted in the middle of one quarter of the
// work would otherwise hold up everyone at the end.
#define PARALLEL_FOR_BATCHES_PER_THREAD 4
#define PARALLEL_FOR_MAX_BATCH 16384u

struct parallel_for_state
{
    platform_work_queue *queue;
    platform_parallel_for_callback *callback;
    void *data;
    u32 count;
    u32 batchSize;
    u32 batchCount;
    volatile u32 nextBatch;
    volatile u32 helpersFinished;
};

struct parallel_for_batch
{
    parallel_for_state *state;
    u32 first;
    u32 onePastLast;
};

static PLATFORM_WORK_QUEUE_CALLBACK(RunParallelForBatch)
{
    (void)queue;
    parallel_for_batch *batch = (parallel_for_batch *)data;
    batch->state->callback(batch->state->data, batch->first, batch->onePastLast);
}

static void RunParallelForBatches(parallel_for_state *state)
{
    for (;;)
    {
        u32 batch = AtomicIncrementU32(&state->nextBatch) - 1;
        if (batch >= state->batchCount)
        {
            break;
        }
        u64 start = (u64)batch * state->batchSize;     // 64-bit: no wrap near 2^32 items
        u32 first = (u32)start;
        u32 onePastLast = (u32)Minimum((u64)state->count, start + state->batchSize);
        // Through the queue's runner: a platform guard then wraps just this batch, so a contained
        // crash in it still lets the loop and the helper count below finish.
        parallel_for_batch batchCall = {state, first, onePastLast};
        RunGuardedWork(state->queue, RunParallelForBatch, &batchCall, true);
    }
}

static PLATFORM_WORK_QUEUE_CALLBACK(ParallelForHelper)
{
    parallel_for_state *state = (parallel_for_state *)data;
    RunParallelForBatches(state);
    // NOTE: the last touch of the caller's stack frame: after this the caller may return.
    AtomicIncrementU32(&state->helpersFinished);
}

static b32 MatchOwnHelper(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
{
    (void)family;
    return callback == ParallelForHelper && data == matchData;
}

void ParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                 platform_parallel_for_callback *callback, void *data)
{
    if (count == 0)
    {
        return;
    }
    u32 threadCount = queue->workerCount + 1;
    u32 batchSize = Maximum(minBatch, 1u);
    u32 balancedSize = (u32)(((u64)count + threadCount * PARALLEL_FOR_BATCHES_PER_THREAD - 1) /
                             (threadCount * PARALLEL_FOR_BATCHES_PER_THREAD));
    batchSize = Maximum(batchSize, Minimum(balancedSize, PARALLEL_FOR_MAX_BATCH));
    u32 batchCount = (u32)(((u64)count + batchSize - 1) / batchSize);
    u32 helperCount = Minimum(queue->workerCount, batchCount - 1);
    parallel_for_state state;
    state.queue = queue;
    state.callback = callback;
    state.data = data;
    state.count = count;
    state.batchSize = batchSize;
    state.batchCount = batchCount;
    state.nextBatch = 0;
    state.helpersFinished = 0;
    if (helperCount == 0)
    {
        parallel_for_batch whole = {&state, 0, count};
        RunGuardedWork(queue, RunParallelForBatch, &whole, true);
        return;
    }
    for (u32 index = 0; index < helperCount; ++index)
    {
        AddWorkQueueEntry(queue, ParallelForHelper, &state);
    }
    RunParallelForBatches(&state);

    // Every batch is claimed; wait for the helpers to let go of the state. A helper still in the
    // ring is taken out and run here (it finds no batch and returns at once); nothing else is.
    u32 spinCount = 0;
    while (AtomicLoadU32(&state.helpersFinished) < helperCount)
    {
        b32 ran = StealWorkQueueEntry(queue, MatchOwnHelper, &state);
        if (!ran)
        {
            if (spinCount < 256)
            {
                ++spinCount;
                CpuPause();
            }
            else
            {
                OSYieldThread();
            }
        }
    }
}
