// The portable parts of a game's frame graph (game_kit/), natively (and under ThreadSanitizer):
//  - sub-buffers: reserved by parallel jobs with one atomic add each; the walk the renderer uses
//    (render_walk.h) yields their entries in slot order whatever order the jobs ran in; overflow is
//    refused whole and counted; a slot pointing outside the zone is skipped, never read;
//  - the uniform-grid broadphase: filled by parallel jobs in any order, it answers exactly what a
//    brute-force search answers;
//  - the shape model (kit_graph_model.h): work, span and the greedy schedule of small graphs worked by
//    hand, and of random ones within the bounds every greedy schedule keeps.
// Usage: test_frame_graph [-s scale]

#include "test_work_common.h"
#include "game_kit/kit_render_push.h"
#include "render/render_walk.h"
#include "game_kit/kit_broadphase.h"
#include "game_kit/kit_graph_model.h"

//~ Sub-buffers
#define TEST_SLOTS 48

struct sub_buffer_fill
{
    game_render_commands *frame;
    render_sub_buffer_slot *slots;
    u32 cubesPerSlot[TEST_SLOTS];
    u32 capacityPerSlot[TEST_SLOTS];
    u32 spin;                   // busy work before reserving: shuffles who reserves first
};

struct sub_buffer_job
{
    sub_buffer_fill *fill;
    u32 slot;
};

internal void FillOneSubBuffer(sub_buffer_fill *fill, u32 slotIndex)
{
    render_sub_buffer_slot *slot = fill->slots + slotIndex;
    game_render_commands sub = BeginRenderSubBuffer(fill->frame, slot, fill->capacityPerSlot[slotIndex]);
    for (u32 cube = 0; cube < fill->cubesPerSlot[slotIndex]; ++cube)
    {
        // The cube's colour encodes (slot, cube): the walk's order is read back from it.
        PushCube(&sub, V3((f32)slotIndex, (f32)cube, 0.0f), 0.0f, V3(1, 1, 1), (slotIndex << 16) | cube, 0);
    }
    EndRenderSubBuffer(fill->frame, slot, &sub);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(SubBufferJob)
{
    (void)queue;
    sub_buffer_job *job = (sub_buffer_job *)data;
    BusyWork((job->fill->spin * (TEST_SLOTS - job->slot)) % 5000);
    FillOneSubBuffer(job->fill, job->slot);
}

// The (slot << 16 | cube) sequence the walk yields, and the entries it skipped.
internal u32 WalkCubeOrder(game_render_commands *frame, u32 *order, u32 maxOrder, u32 *skipped, u32 *otherEntries)
{
    render_walk walk;
    BeginRenderWalk(&walk, frame);
    u32 count = 0, offset = 0;
    *otherEntries = 0;
    render_entry_header *header;
    while ((header = NextRenderEntry(&walk, &offset)) != 0)
    {
        if (header->type != RenderEntry_Cubes)
        {
            ++*otherEntries;
            continue;
        }
        render_entry_cubes *cubes = (render_entry_cubes *)(header + 1);
        render_cube_instance *instances = (render_cube_instance *)(cubes + 1);
        for (u32 index = 0; index < cubes->instanceCount && count < maxOrder; ++index) order[count++] = instances[index].color;
    }
    *skipped = walk.skippedEntries;
    return count;
}

internal void SetUpFrame(game_render_commands *frame, u8 *buffer, u32 size, u32 mainSize)
{
    BeginRenderCommands(frame, buffer, size, 640, 360);
    SetSubBufferZone(frame, mainSize);
}

internal void TestSubBufferOrder(platform_work_queue *queue, memory_arena *arena)
{
    u32 bufferSize = Megabytes(2);
    u8 *buffer = (u8 *)PushSize(arena, bufferSize);
    static u32 reference[TEST_SLOTS * 64];
    u32 referenceCount = 0;
    u32 expectedTotal = 0;
    random_series random = {12345};
    sub_buffer_fill fill = {};
    for (u32 slot = 0; slot < TEST_SLOTS; ++slot)
    {
        fill.cubesPerSlot[slot] = (slot % 5 == 3) ? 0 : 1 + NextRandom(&random) % 60;
        fill.capacityPerSlot[slot] = 32 + fill.cubesPerSlot[slot] * (u32)sizeof(render_cube_instance);
        expectedTotal += fill.cubesPerSlot[slot];
    }

    for (u32 round = 0; round < Scaled(40, 4); ++round)
    {
        game_render_commands frame;
        SetUpFrame(&frame, buffer, bufferSize, Kilobytes(64));
        PushClear(&frame, V4(0, 0, 0, 1));
        fill.frame = &frame;
        fill.slots = PushSubBufferSlots(&frame, TEST_SLOTS);
        PushClear(&frame, V4(1, 1, 1, 1));
        fill.spin = round * 7919;
        if (!CHECK(fill.slots)) return;

        sub_buffer_job jobs[TEST_SLOTS];
        if (round == 0)
        {
            // Reference: one thread, slot order.
            for (u32 slot = 0; slot < TEST_SLOTS; ++slot) FillOneSubBuffer(&fill, slot);
        }
        else if (round == 1)
        {
            // One thread, reverse order: the reservations land in reverse order in the zone.
            for (u32 slot = TEST_SLOTS; slot-- > 0;) FillOneSubBuffer(&fill, slot);
            CHECK(fill.slots[0].offset > fill.slots[TEST_SLOTS - 1].offset);
        }
        else
        {
            for (u32 slot = 0; slot < TEST_SLOTS; ++slot)
            {
                jobs[slot].fill = &fill;
                jobs[slot].slot = slot;
                AddWorkQueueEntry(queue, SubBufferJob, jobs + slot);
            }
            CompleteAllWork(queue);
        }
        static u32 order[TEST_SLOTS * 64];
        u32 skipped = 0, others = 0;
        u32 count = WalkCubeOrder(&frame, order, ArrayCount(order), &skipped, &others);
        CHECK(skipped == 0);
        CHECK(others == 2);                 // the two clears around the SubBuffers entry
        CHECK(frame.refusedSubBufferEntryCount == 0);
        if (round == 0)
        {
            referenceCount = count;
            memcpy(reference, order, sizeof(u32) * count);
            CHECK(count == expectedTotal);
            b32 sorted = 1;
            for (u32 index = 1; index < count; ++index) sorted &= (order[index - 1] < order[index]);
            CHECK_MSG(sorted, "the walk yields the slots in slot order, cubes in push order");
        }
        else if (!CHECK(count == referenceCount && memcmp(order, reference, sizeof(u32) * count) == 0))
        {
            printf("    round %u: the walk's order differs from the single-thread reference\n", round);
            return;
        }
    }
}

internal void TestSubBufferOverflow(memory_arena *arena)
{
    u32 bufferSize = Kilobytes(64);
    u8 *buffer = (u8 *)PushSize(arena, bufferSize);
    game_render_commands frame;
    // A zone of 1 KB: slot 0 asks for 512 bytes and gets them; slot 1 gets 256 bytes but pushes 20
    // cubes: 7 fit in its one entry, 13 are refused; slot 2 asks for 1024 and is refused whole.
    SetUpFrame(&frame, buffer, Kilobytes(8), Kilobytes(7));
    render_sub_buffer_slot *slots = PushSubBufferSlots(&frame, 3);
    if (!CHECK(slots)) return;
    u32 asks[3] = {512, 256, 1024};
    u32 pushes[3] = {4, 20, 5};
    for (u32 slot = 0; slot < 3; ++slot)
    {
        game_render_commands sub = BeginRenderSubBuffer(&frame, slots + slot, asks[slot]);
        for (u32 cube = 0; cube < pushes[slot]; ++cube) PushCube(&sub, V3(0, 0, 0), 0.0f, V3(1, 1, 1), (slot << 16) | cube, 0);
        EndRenderSubBuffer(&frame, slots + slot, &sub);
    }
    CHECK(slots[0].capacity == 512 && slots[0].refusedEntryCount == 0);
    CHECK(slots[1].capacity == 256 && slots[1].refusedEntryCount == 13);
    CHECK(slots[2].capacity == 0 && slots[2].size == 0 && slots[2].refusedEntryCount == 5);
    CHECK(frame.refusedSubBufferEntryCount == 18);
    CHECK(frame.refusedEntryCount == 0);    // the main stream is not affected
    u32 order[64], skipped = 0, others = 0;
    u32 count = WalkCubeOrder(&frame, order, ArrayCount(order), &skipped, &others);
    CHECK(count == 4 + 7);
    CHECK(skipped == 0);
    CHECK(count == 11 && order[3] == 3 && order[4] == (1u << 16));

    // A torn slot (size past its reservation) and a slot outside the zone are skipped, not read.
    slots[0].size = slots[0].capacity + 16;
    slots[1].offset = 16;
    count = WalkCubeOrder(&frame, order, ArrayCount(order), &skipped, &others);
    CHECK(count == 0);
    CHECK(skipped == 2);

    // No zone at all (a platform that sets none): every reservation is refused and counted.
    game_render_commands plain;
    BeginRenderCommands(&plain, buffer, bufferSize, 64, 64);
    render_sub_buffer_slot *plainSlots = PushSubBufferSlots(&plain, 1);
    if (!CHECK(plainSlots)) return;
    game_render_commands sub = BeginRenderSubBuffer(&plain, plainSlots, 128);
    PushCube(&sub, V3(0, 0, 0), 0.0f, V3(1, 1, 1), 0, 0);
    EndRenderSubBuffer(&plain, plainSlots, &sub);
    CHECK(plain.refusedSubBufferEntryCount == 1);
}

//~ Broadphase
struct test_body
{
    v3 position;
    f32 halfSize;
};

internal u32 BruteDeepest(test_body *bodies, u32 count, u32 index)
{
    u32 best = BROADPHASE_NONE;
    f32 bestDepth = 0.0f;
    for (u32 other = 0; other < count; ++other)
    {
        if (other == index) continue;
        v3 d = bodies[index].position - bodies[other].position;
        f32 reach = bodies[index].halfSize + bodies[other].halfSize;
        f32 distanceSquared = Inner(d, d);
        if (distanceSquared >= reach * reach) continue;
        f32 depth = reach - sqrtf(distanceSquared);
        if (best == BROADPHASE_NONE || depth > bestDepth || (depth == bestDepth && other < best))
        {
            best = other;
            bestDepth = depth;
        }
    }
    return best;
}

struct broadphase_slot_check
{
    test_body *bodies;
    u32 count;
    u32 visited;
    u32 mismatches;
    void operator()(u32 index, u32 deepest)
    {
        ++visited;
        mismatches += (deepest != BruteDeepest(bodies, count, index));
    }
};

struct broadphase_job
{
    broadphase_grid *grid;
    test_body *bodies;
    u32 batch;
    b32 fill;                   // else bin
};

internal PLATFORM_WORK_QUEUE_CALLBACK(BroadphaseJob)
{
    (void)queue;
    broadphase_job *job = (broadphase_job *)data;
    broadphase_grid *grid = job->grid;
    if (job->fill)
    {
        BroadphaseFillBand(grid, job->batch);
        return;
    }
    u32 first = (grid->bodyCount * job->batch) / grid->batchCount;
    u32 onePastLast = (grid->bodyCount * (job->batch + 1)) / grid->batchCount;
    BroadphaseBin(grid, job->batch, job->bodies, first, onePastLast);
}

// Builds the grid over `count` bodies with `batches` bin jobs and as many band fills, on the queue's
// workers (jobs queued in reverse, so they start in an order unlike their numbers).
internal void BuildTestGrid(platform_work_queue *queue, broadphase_grid *grid, test_body *bodies, u32 count,
                            f32 size, u32 batches)
{
    BroadphaseSetBounds(grid, -20.0f, -50.0f, size, size, 1.25f, count, batches);
    broadphase_job jobs[BROADPHASE_MAX_BATCHES];
    for (u32 pass = 0; pass < 2; ++pass)
    {
        for (u32 batch = batches; batch-- > 0;)
        {
            jobs[batch].grid = grid;
            jobs[batch].bodies = bodies;
            jobs[batch].batch = batch;
            jobs[batch].fill = pass;
            AddWorkQueueEntry(queue, BroadphaseJob, jobs + batch);
        }
        CompleteAllWork(queue);
        if (pass == 0) BroadphasePrefix(grid);
    }
}

// Every cell's slots hold the bodies of that cell, in increasing index; every body once.
internal b32 IsGridInCellAndIndexOrder(broadphase_grid *grid, test_body *bodies, u32 count)
{
    if (grid->cellStarts[grid->cellCount] != count) return 0;
    for (u32 cell = 0; cell < grid->cellCount; ++cell)
    {
        for (u32 slot = grid->cellStarts[cell]; slot < grid->cellStarts[cell + 1]; ++slot)
        {
            u32 body = grid->cellBodies[slot];
            u32 bodyCell = BroadphaseCellZ(grid, bodies[body].position.z) * grid->cellsX +
                           BroadphaseCellX(grid, bodies[body].position.x);
            if (body >= count || bodyCell != cell) return 0;
            if (slot > grid->cellStarts[cell] && grid->cellBodies[slot - 1] >= body) return 0;
            if (grid->slotSpheres[slot].radius != bodies[body].halfSize) return 0;
        }
    }
    return 1;
}

internal void TestBroadphase(platform_work_queue *queue, memory_arena *arena)
{
    u32 count = (u32)Scaled(6000, 600);
    test_body *bodies = PushArray(arena, count, test_body);
    random_series random = {777};
    for (u32 index = 0; index < count; ++index)
    {
        bodies[index].position = V3((f32)(NextRandom(&random) % 4000) / 100.0f - 20.0f,
                                    (f32)(NextRandom(&random) % 300) / 100.0f,
                                    (f32)(NextRandom(&random) % 4000) / 100.0f - 50.0f);
        bodies[index].halfSize = 0.25f + (f32)(NextRandom(&random) % 35) / 100.0f;
    }
    // Two bodies in one point and one outside the bounds (clamped to a border cell).
    bodies[1].position = bodies[0].position;
    bodies[2].position = V3(500.0f, 1.0f, 500.0f);
    broadphase_grid grid;
    // BroadphaseBytesNeeded is what Allocate takes: enough for it, and it is all used.
    umm needed = BroadphaseBytesNeeded(4096, count, BROADPHASE_MAX_BATCHES);
    memory_arena exact;
    InitializeArena(&exact, "grid", needed, PushSize(arena, needed), 0);
    if (!CHECK(BroadphaseAllocate(&grid, &exact, 4096, count, BROADPHASE_MAX_BATCHES))) return;
    CHECK(ArenaRemaining(&exact) < 12 * 64);
    BuildTestGrid(queue, &grid, bodies, count, 40.0f, 16);
    CHECK(grid.cellsX * grid.cellsZ <= 4096 && grid.cellSize >= 1.25f);
    CHECK_MSG(IsGridInCellAndIndexOrder(&grid, bodies, count), "16 batches: slots in cell order, bodies in index order");
    u32 mismatches = 0, contacts = 0;
    for (u32 index = 0; index < count; ++index)
    {
        u32 fromGrid = BroadphaseDeepestContact(&grid, bodies, index);
        u32 expected = BruteDeepest(bodies, count, index);
        mismatches += (fromGrid != expected);
        contacts += (expected != BROADPHASE_NONE);
    }
    CHECK_MSG(mismatches == 0, "the grid's deepest contact equals brute force for every body");
    // The cell-order walk, over slot ranges of uneven sizes: every body once, the same answers.
    broadphase_slot_check check = {bodies, count, 0, 0};
    u32 cuts[] = {0, 1, 7, count / 3, count / 2 + 5, count - 1, count};
    for (u32 cut = 0; cut + 1 < ArrayCount(cuts); ++cut) BroadphaseDeepestContactInSlots(&grid, cuts[cut], cuts[cut + 1], &check);
    CHECK_MSG(check.visited == count, "the cell-order walk visits every body once");
    CHECK_MSG(check.mismatches == 0, "the cell-order walk's deepest contact equals brute force for every body");
    CHECK(contacts > count / 20);        // the test does exercise overlaps
    CHECK(BroadphaseDeepestContact(&grid, bodies, 0) == 1 && BroadphaseDeepestContact(&grid, bodies, 1) == 0);

    // The same slots whatever the batch count: one batch, an odd count, the most, and more bands
    // than rows of cells (a 3-row grid: most bands empty).
    u32 *slots16 = PushArray(arena, count, u32);
    memcpy(slots16, grid.cellBodies, sizeof(u32) * count);
    u32 batchCounts[] = {1, 7, BROADPHASE_MAX_BATCHES};
    for (u32 at = 0; at < ArrayCount(batchCounts); ++at)
    {
        BuildTestGrid(queue, &grid, bodies, count, 40.0f, batchCounts[at]);
        CHECK_MSG(memcmp(slots16, grid.cellBodies, sizeof(u32) * count) == 0, "1, 7 and 255 batches fill the very slots 16 do");
    }
    BuildTestGrid(queue, &grid, bodies, count, 3.5f, 16);
    CHECK(grid.cellsZ == 3);
    CHECK_MSG(IsGridInCellAndIndexOrder(&grid, bodies, count), "3 rows, 16 bands: slots in cell order, bodies in index order");
}

//~ The shape model (game_kit/kit_graph_model.h)
internal PLATFORM_WORK_QUEUE_CALLBACK(ModelJobNeverRuns) { (void)queue; (void)data; }

internal b32 ModelOf(job_graph *graph, const u64 *cycles, u32 threads, memory_arena *arena, job_graph_model *model)
{
    umm usedBefore = arena->used;
    b32 result = ModelJobGraph(graph, cycles, threads, arena, model);
    CHECK_MSG(arena->used == usedBefore, "the model gives its scratch back");
    return result;
}

internal void TestGraphModel(void)
{
    memory_arena arena = MakeTestArena(Megabytes(1));
    job_graph_model model;

    job_graph chain;
    BeginJobGraph(&chain, &arena, "chain", 3, 2, TestLog);
    for (u32 index = 0; index < 3; ++index) AddGraphJob(&chain, ModelJobNeverRuns, 0);
    AddJobDependency(&chain, 0, 1);
    AddJobDependency(&chain, 1, 2);
    u64 chainCycles[] = {5, 7, 11};
    CHECK(ModelOf(&chain, chainCycles, 4, &arena, &model));
    CHECK_MSG(model.workCycles == 23 && model.spanCycles == 23 && model.makespanCycles == 23,
              "a chain: work, span and schedule are its durations summed, whatever the threads");

    // root (1) -> 8 leaves (10 each) -> join (2)
    job_graph fan;
    BeginJobGraph(&fan, &arena, "fan", 10, 16, TestLog);
    u64 fanCycles[10] = {1, 10, 10, 10, 10, 10, 10, 10, 10, 2};     // by job id: root, leaves, join
    for (u32 index = 0; index < 10; ++index) AddGraphJob(&fan, ModelJobNeverRuns, 0);
    for (u32 leaf = 1; leaf <= 8; ++leaf)
    {
        AddJobDependency(&fan, 0, leaf);
        AddJobDependency(&fan, leaf, 9);
    }
    u64 expected[][2] = {{1, 83}, {3, 33}, {4, 23}, {8, 13}, {64, 13}};
    for (u32 row = 0; row < ArrayCount(expected); ++row)
    {
        CHECK(ModelOf(&fan, fanCycles, (u32)expected[row][0], &arena, &model));
        CHECK_MSG(model.workCycles == 83 && model.spanCycles == 13 && model.makespanCycles == expected[row][1],
                  "a fan: the leaves run in rounds of the thread count between the root and the join");
    }

    // Greedy in release order, not the best schedule: 3, 3, 6 on two threads take 9 (6 was possible).
    job_graph loose;
    BeginJobGraph(&loose, &arena, "loose", 3, 1, TestLog);
    for (u32 index = 0; index < 3; ++index) AddGraphJob(&loose, ModelJobNeverRuns, 0);
    u64 looseCycles[] = {3, 3, 6};
    CHECK(ModelOf(&loose, looseCycles, 2, &arena, &model));
    CHECK_MSG(model.makespanCycles == 9 && model.spanCycles == 6, "free jobs start in id order on the first free thread");

    job_graph cycle;
    BeginJobGraph(&cycle, &arena, "cycle", 3, 3, TestLog);
    for (u32 index = 0; index < 3; ++index) AddGraphJob(&cycle, ModelJobNeverRuns, 0);
    AddJobDependency(&cycle, 0, 1);
    AddJobDependency(&cycle, 1, 2);
    AddJobDependency(&cycle, 2, 1);
    CHECK_MSG(!ModelOf(&cycle, chainCycles, 2, &arena, &model), "a graph with a cycle has no schedule");

    // Random graphs: any greedy schedule lies between max(work / N, span) and work / N + span.
    random_series series = {0x9E3779B9u};
    u32 outside = 0, refused = 0;
    for (u32 round = 0; round < 50; ++round)
    {
        temporary_memory temp = BeginTemporaryMemory(&arena);
        job_graph graph;
        u32 jobCount = 1 + NextRandom(&series) % 300;
        BeginJobGraph(&graph, &arena, "random", jobCount, 3 * jobCount, TestLog);
        u64 *cycles = PushArray(&arena, jobCount, u64);
        for (u32 index = 0; index < jobCount; ++index)
        {
            AddGraphJob(&graph, ModelJobNeverRuns, 0);
            cycles[index] = 1 + NextRandom(&series) % 1000;
            for (u32 edge = 0; index && edge < 3; ++edge)
            {
                if (NextRandom(&series) & 1) AddJobDependency(&graph, NextRandom(&series) % index, index);
            }
        }
        u32 threads = 1 + NextRandom(&series) % 16;
        if (!ModelOf(&graph, cycles, threads, &arena, &model)) ++refused;
        f64 perThread = (f64)model.workCycles / (f64)threads;
        if ((f64)model.makespanCycles < Maximum(perThread, (f64)model.spanCycles) ||
            (f64)model.makespanCycles > perThread + (f64)model.spanCycles) ++outside;
        if (threads == 1 && model.makespanCycles != model.workCycles) ++outside;
        EndTemporaryMemory(temp);
    }
    CHECK_MSG(refused == 0 && outside == 0, "random graphs: every greedy schedule within its bounds");
    free(arena.base);
}

int main(int argumentCount, char **arguments)
{
    ParseScale(argumentCount, arguments);
    StartWatchdog();
    memory_arena arena = MakeTestArena(Megabytes(64));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "test", 256, 3, 3, TestLog);

    ArmWatchdog("sub-buffer order", 60);
    TestSubBufferOrder(&queue, &arena);
    ArmWatchdog("sub-buffer overflow", 60);
    TestSubBufferOverflow(&arena);
    ArmWatchdog("broadphase", 120);
    TestBroadphase(&queue, &arena);
    ArmWatchdog("graph model", 60);
    TestGraphModel();

    StopWorkQueue(&queue);
    StopWatchdog();
    return TestSummary();
}
