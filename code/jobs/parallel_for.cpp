// ParallelFor: splits [0, count) into batches that the caller and a few helper entries claim
// with one atomic increment each. The caller always takes part, so a small range costs little
// more than a plain loop, and a queue busy with other work still makes progress. While it waits
// for its helpers the caller runs only its own helper entries (taken out of the ring if no worker
// has started them): it never picks up unrelated work that could end up waiting for it.
//
// NOTE: handing work to another core costs an add, a claim and several cache lines moving over,
// and a wake when the workers sleep: microseconds on some machines, more than a small loop takes
// alone. So the caller remembers, per callback, what an item cost the last time (a per-thread
// cache, see parallel_for_cost). A loop known to take less than PARALLEL_FOR_SOLO_CYCLES in all
// runs on the caller alone, with no helper and no shared cache line written; a loop of unknown
// or larger cost gets its helpers at once. A solo run that turns out longer than the limit
// (items got heavier, or the first ones were cheap) posts its helpers then, between batches.

#include "jobs/work_queue.h"

// NOTE: about four batches per thread balances uneven items without paying an atomic per item.
// Huge ranges are cut finer still (batches of at most PARALLEL_FOR_MAX_BATCH items unless the
// caller's minBatch says otherwise): a thread preempted in the middle of one quarter of the
// work would otherwise hold up everyone at the end.
#define PARALLEL_FOR_BATCHES_PER_THREAD 4
#define PARALLEL_FOR_MAX_BATCH 16384u
#define PARALLEL_FOR_SOLO_CYCLES 8192ull

struct parallel_for_state
{
    platform_work_queue *queue;
    platform_parallel_for_callback *callback;
    void *data;
    const void *owner;                  // the graph whose job called ParallelFor (its batches too)
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

internal PLATFORM_WORK_QUEUE_CALLBACK(RunParallelForBatch)
{
    (void)queue;
    parallel_for_batch *batch = (parallel_for_batch *)data;
    batch->state->callback(batch->state->data, batch->first, batch->onePastLast);
}

// Claims and runs the next batch; returns how many items it ran, 0 when every batch is claimed.
internal u32 RunNextParallelForBatch(parallel_for_state *state)
{
    u32 batch = AtomicIncrementU32(&state->nextBatch) - 1;
    if (batch >= state->batchCount)
    {
        return 0;
    }
    u64 start = (u64)batch * state->batchSize;     // 64-bit: no wrap near 2^32 items
    u32 first = (u32)start;
    u32 onePastLast = (u32)Minimum((u64)state->count, start + state->batchSize);
    // Through the queue's runner: a platform guard then wraps just this batch, so a contained
    // crash in it still lets the loops and the helper count finish.
    parallel_for_batch batchCall = {state, first, onePastLast};
    RunGuardedWork(state->queue, RunParallelForBatch, &batchCall, 1, state->owner);
    return onePastLast - first;
}

internal PLATFORM_WORK_QUEUE_CALLBACK(ParallelForHelper)
{
    parallel_for_state *state = (parallel_for_state *)data;
    while (RunNextParallelForBatch(state))
    {
    }
    // NOTE: the last touch of the caller's stack frame: after this the caller may return.
    AtomicIncrementU32(&state->helpersFinished);
}

internal b32 MatchOwnHelper(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
{
    (void)family;
    return callback == ParallelForHelper && data == matchData;
}

internal parallel_for_cost *FindParallelForCost(platform_parallel_for_callback *callback)
{
    u64 bits = (u64)(umm)callback;
    u64 slot = ((bits >> 4) ^ (bits >> 12)) % PARALLEL_FOR_COST_SLOTS;
    return GetWorkThreadContext()->parallelForCosts + slot;
}

internal u32 PostParallelForHelpers(parallel_for_state *state, u32 wanted)
{
    u32 remaining = state->batchCount - Minimum(AtomicLoadU32(&state->nextBatch), state->batchCount);
    u32 helperCount = Minimum(wanted, remaining);
    work_queue_burst helpers = {state->queue, 0};   // one wake for them all
    for (u32 index = 0; index < helperCount; ++index) AddToWorkQueueBurst(&helpers, ParallelForHelper, state);
    EndWorkQueueBurst(&helpers);
    return helperCount;
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
    u32 wantedHelpers = Minimum(queue->workerCount, batchCount - 1);
    parallel_for_state state;
    state.queue = queue;
    state.callback = callback;
    state.data = data;
    state.owner = GetInnermostWorkOwner(GetWorkThreadContext());
    state.count = count;
    state.batchSize = batchSize;
    state.batchCount = batchCount;
    state.nextBatch = 0;
    state.helpersFinished = 0;
    if (wantedHelpers == 0)
    {
        parallel_for_batch whole = {&state, 0, count};
        RunGuardedWork(queue, RunParallelForBatch, &whole, 1, state.owner);
        return;
    }

    parallel_for_cost *cost = FindParallelForCost(callback);
    b32 knownCheap = cost->callbackBits == (u64)(umm)callback &&
                     (u64)count * cost->cyclesPerItem16 < PARALLEL_FOR_SOLO_CYCLES * 16;
    u32 helperCount = knownCheap ? 0 : PostParallelForHelpers(&state, wantedHelpers);

    // The caller's share: batches like the helpers', timed for the cost cache.
    u64 start = ReadCycleCounter();
    u64 ownItems = 0;
    for (;;)
    {
        u32 items = RunNextParallelForBatch(&state);
        if (items == 0)
        {
            break;
        }
        ownItems += items;
        if (helperCount == 0 && ReadCycleCounter() - start > PARALLEL_FOR_SOLO_CYCLES)
        {
            helperCount = PostParallelForHelpers(&state, wantedHelpers);
        }
    }
    u64 cycles = ReadCycleCounter() - start;
    if (cycles && ownItems)
    {
        // NOTE: a counter that does not tick (0) never marks a loop cheap: helpers are then posted.
        cost->callbackBits = (u64)(umm)callback;
        cost->cyclesPerItem16 = Maximum((cycles * 16) / ownItems, (u64)1);
    }

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
