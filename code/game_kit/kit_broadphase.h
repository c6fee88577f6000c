#ifndef KIT_BROADPHASE_H
#define KIT_BROADPHASE_H
// A uniform-grid broadphase over the ground plane (x, z), built by parallel jobs in three steps
// and queried by parallel jobs, with a result that never depends on which thread ran first:
//   1. count   any thread, per body: BroadphaseCount (an atomic add on the body's cell count)
//   2. prefix  one job: BroadphasePrefix (cell starts, fill cursors)
//   3. fill    any thread, per body: BroadphaseFill (an atomic add on the cell's cursor; the body's
//              index, position and radius are written to its slot, so slots are in cell order)
//   query      any thread, once the fill is complete: BroadphaseDeepestContact (by body), or
//              BroadphaseDeepestContactInSlots (a range of slots, walking the cells in order)
// A query reads the slots of three rows of three cells: in cell order those are three contiguous
// spans, so the candidates sit next to each other in memory whatever the bodies' order.
// The order of bodies inside a cell depends on scheduling; the query is built to be independent
// of it (the deepest overlap wins, ties go to the lower body index), so its answer does not.
// Header-only and OS-free: the demo, the fixture game and the native unit test use the same code.

#include "base/base_types.h"
#include "base/base_math.h"
#include "base/base_atomics.h"
#include "base/base_arena.h"

#define BROADPHASE_NONE 0xffffffffu

struct broadphase_sphere
{
    v3 position;
    f32 radius;
};

struct broadphase_grid
{
    f32 minX, minZ;
    f32 cellSize;
    f32 inverseCellSize;
    u32 cellsX, cellsZ;
    u32 cellCount;
    u32 maxCellCount;
    u32 bodyCount;
    u32 maxBodyCount;
    volatile u32 *cellCounts;   // per cell; zeroed before a count pass (BroadphaseClearCounts)
    u32 *cellStarts;            // cellCount + 1 exclusive prefix sums
    volatile u32 *cellCursors;  // fill positions
    u32 *cellBodies;            // body indices grouped by cell (slots)
    broadphase_sphere *slotSpheres;     // per slot: that body's position and radius
    u32 *bodyCells;             // the cell of every body
};

// Carves the arrays for up to maxCells cells and maxBodies bodies; false when the arena is short.
inline b32 BroadphaseAllocate(broadphase_grid *grid, memory_arena *arena, u32 maxCells, u32 maxBodies)
{
    memset(grid, 0, sizeof(*grid));
    grid->cellCounts = PushArray(arena, maxCells, u32);
    grid->cellStarts = PushArray(arena, maxCells + 1, u32);
    grid->cellCursors = PushArray(arena, maxCells, u32);
    grid->cellBodies = PushArray(arena, maxBodies, u32);
    grid->slotSpheres = PushArray(arena, maxBodies, broadphase_sphere);
    grid->bodyCells = PushArray(arena, maxBodies, u32);
    if (!grid->cellCounts || !grid->cellStarts || !grid->cellCursors || !grid->cellBodies || !grid->slotSpheres ||
        !grid->bodyCells)
    {
        return 0;
    }
    grid->maxCellCount = maxCells;
    grid->maxBodyCount = maxBodies;
    return 1;
}

// Covers [minX, minX + sizeX) x [minZ, minZ + sizeZ) with square cells of at least cellSize
// (bodies outside are clamped to the border cells). Cells are enlarged when there are too many.
inline void BroadphaseSetBounds(broadphase_grid *grid, f32 minX, f32 minZ, f32 sizeX, f32 sizeZ, f32 cellSize, u32 bodyCount)
{
    Assert(bodyCount <= grid->maxBodyCount);
    for (;;)
    {
        u32 cellsX = (u32)Maximum(1.0f, ceilf(sizeX / cellSize));
        u32 cellsZ = (u32)Maximum(1.0f, ceilf(sizeZ / cellSize));
        if ((u64)cellsX * cellsZ <= grid->maxCellCount)
        {
            grid->cellsX = cellsX;
            grid->cellsZ = cellsZ;
            break;
        }
        cellSize *= 1.25f;
    }
    grid->minX = minX;
    grid->minZ = minZ;
    grid->cellSize = cellSize;
    grid->inverseCellSize = 1.0f / cellSize;
    grid->cellCount = grid->cellsX * grid->cellsZ;
    grid->bodyCount = bodyCount;
}

inline void BroadphaseClearCounts(broadphase_grid *grid)
{
    memset((void *)grid->cellCounts, 0, sizeof(u32) * grid->cellCount);
}

inline u32 BroadphaseCellX(broadphase_grid *grid, f32 x)
{
    f32 cell = floorf((x - grid->minX) * grid->inverseCellSize);
    return (u32)Clamp(0.0f, cell, (f32)(grid->cellsX - 1));
}

inline u32 BroadphaseCellZ(broadphase_grid *grid, f32 z)
{
    f32 cell = floorf((z - grid->minZ) * grid->inverseCellSize);
    return (u32)Clamp(0.0f, cell, (f32)(grid->cellsZ - 1));
}

inline void BroadphaseCount(broadphase_grid *grid, u32 bodyIndex, v3 position)
{
    u32 cell = BroadphaseCellZ(grid, position.z) * grid->cellsX + BroadphaseCellX(grid, position.x);
    grid->bodyCells[bodyIndex] = cell;
    AtomicIncrementU32(&grid->cellCounts[cell]);
}

inline void BroadphasePrefix(broadphase_grid *grid)
{
    u32 sum = 0;
    for (u32 cell = 0; cell < grid->cellCount; ++cell)
    {
        grid->cellStarts[cell] = sum;
        grid->cellCursors[cell] = sum;
        sum += grid->cellCounts[cell];
    }
    grid->cellStarts[grid->cellCount] = sum;
}

// Any body type with a v3 `position` and an f32 `halfSize` (the sphere's radius) works.
template <typename body_type>
inline void BroadphaseFill(broadphase_grid *grid, const body_type *bodies, u32 bodyIndex)
{
    u32 cell = grid->bodyCells[bodyIndex];
    u32 slot = AtomicIncrementU32(&grid->cellCursors[cell]) - 1;
    grid->cellBodies[slot] = bodyIndex;
    grid->slotSpheres[slot].position = bodies[bodyIndex].position;
    grid->slotSpheres[slot].radius = bodies[bodyIndex].halfSize;
}

// The deepest overlap with `self` (body `selfIndex`, in cell (cellX, cellZ)) among the 3x3 cells
// around it: per row, the three cells' slots are one contiguous span.
inline u32 BroadphaseDeepestAround(broadphase_grid *grid, broadphase_sphere self, u32 selfIndex, u32 cellX, u32 cellZ)
{
    u32 best = BROADPHASE_NONE;
    f32 bestDepth = 0.0f;
    u32 firstX = cellX ? cellX - 1 : 0;
    u32 lastX = (cellX + 1 < grid->cellsX) ? cellX + 1 : grid->cellsX - 1;
    for (u32 z = (cellZ ? cellZ - 1 : 0); z <= cellZ + 1 && z < grid->cellsZ; ++z)
    {
        u32 rowCell = z * grid->cellsX;
        u32 onePastLast = grid->cellStarts[rowCell + lastX + 1];
        for (u32 at = grid->cellStarts[rowCell + firstX]; at < onePastLast; ++at)
        {
            broadphase_sphere other = grid->slotSpheres[at];
            v3 d = self.position - other.position;
            f32 reach = self.radius + other.radius;
            f32 distanceSquared = Inner(d, d);
            if (distanceSquared >= reach * reach) continue;
            u32 otherIndex = grid->cellBodies[at];
            if (otherIndex == selfIndex) continue;
            f32 depth = reach - sqrtf(distanceSquared);
            if (best == BROADPHASE_NONE || depth > bestDepth || (depth == bestDepth && otherIndex < best))
            {
                best = otherIndex;
                bestDepth = depth;
            }
        }
    }
    return best;
}

// The body whose sphere overlaps body `index`'s the most (spheres: each body's `position` and a
// radius of `halfSize`), searched in the 3x3 cells around it; BROADPHASE_NONE when none overlaps.
// Needs cellSize >= twice the largest radius, and the grid filled from the same bodies.
template <typename body_type>
inline u32 BroadphaseDeepestContact(broadphase_grid *grid, const body_type *bodies, u32 index)
{
    broadphase_sphere self = {bodies[index].position, bodies[index].halfSize};
    return BroadphaseDeepestAround(grid, self, index, BroadphaseCellX(grid, self.position.x),
                                   BroadphaseCellZ(grid, self.position.z));
}

// The first cell whose slots reach past `slot` (cells with no body are skipped).
inline u32 BroadphaseCellOfSlot(broadphase_grid *grid, u32 slot)
{
    u32 low = 0, high = grid->cellCount;     // cellStarts[low] <= slot < cellStarts[high]
    while (high - low > 1)
    {
        u32 middle = low + (high - low) / 2;
        if (grid->cellStarts[middle] <= slot) low = middle;
        else high = middle;
    }
    return low;
}

// The same query for the bodies in slots [firstSlot, onePastLastSlot), walked in cell order:
// calls (*visit)(bodyIndex, deepest) for each (deepest may be BROADPHASE_NONE). Each body sits in
// exactly one slot, so slot ranges that do not overlap visit different bodies.
template <typename visit_function>
inline void BroadphaseDeepestContactInSlots(broadphase_grid *grid, u32 firstSlot, u32 onePastLastSlot, visit_function *visit)
{
    if (firstSlot >= onePastLastSlot) return;
    u32 cell = BroadphaseCellOfSlot(grid, firstSlot);
    for (u32 slot = firstSlot; slot < onePastLastSlot; ++slot)
    {
        while (grid->cellStarts[cell + 1] <= slot) ++cell;
        u32 bodyIndex = grid->cellBodies[slot];
        u32 deepest = BroadphaseDeepestAround(grid, grid->slotSpheres[slot], bodyIndex, cell % grid->cellsX, cell / grid->cellsX);
        (*visit)(bodyIndex, deepest);
    }
}

#endif // KIT_BROADPHASE_H
