//~ The demo world: camera control and the per-entity steps the frame graph runs in parallel batches

#include "demo/demo.h"

internal u32 DemoRandomNext(u32 *state)
{
    // xorshift32: deterministic, so recorded loops replay exactly.
    u32 x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

internal f32 DemoRandomUnit(u32 *state)
{
    return (f32)(DemoRandomNext(state) >> 8) / (f32)(1u << 24);
}

// count cubes in a square that grows with the count (DEMO_ARENA_HALF_SIZE at the default count),
// so that the density, and with it the collision work per cube, is the same at every scale.
void DemoSpawnEntities(game_state *state, u32 count)
{
    count = Clamp(1u, count, (u32)DEMO_MAX_ENTITY_COUNT);
    state->arenaHalfSize = DEMO_ARENA_HALF_SIZE * sqrtf((f32)count / (f32)DEMO_DEFAULT_ENTITY_COUNT);
    state->arenaHalfSize = Maximum(state->arenaHalfSize, 4.0f);
    f32 half = state->arenaHalfSize;
    u32 seed = 0x9E3779B9u;
    for (u32 entityIndex = 0; entityIndex < count; ++entityIndex)
    {
        demo_entity *entity = state->entities + entityIndex;
        entity->position = V3((DemoRandomUnit(&seed) * 2.0f - 1.0f) * half,
                              2.0f + DemoRandomUnit(&seed) * 30.0f,
                              DEMO_ARENA_CENTER_Z + (DemoRandomUnit(&seed) * 2.0f - 1.0f) * half);
        entity->velocity = V3((DemoRandomUnit(&seed) - 0.5f) * 8.0f, 0.0f, (DemoRandomUnit(&seed) - 0.5f) * 8.0f);
        entity->yaw = DemoRandomUnit(&seed) * Tau32;
        entity->spinRate = (DemoRandomUnit(&seed) - 0.5f) * 4.0f;
        entity->halfSize = 0.25f + DemoRandomUnit(&seed) * 0.35f;
        u32 hue = DemoRandomNext(&seed);
        entity->color = PackRGBA8(96 + (hue & 0x7F), 96 + ((hue >> 8) & 0x7F), 96 + ((hue >> 16) & 0x7F), 255);
    }
    state->entityCount = count;
}

// One entity's step from its own previous state only (gravity, ground, walls); returns 1 when it
// bounced off the ground. Touches nothing but *entity, so batches can run in any order.
internal u32 DemoSimulateEntity(demo_entity *entity, u32 entityIndex, f32 dt, f32 arenaHalfSize)
{
    const f32 gravity = -9.8f;
    u32 bounced = 0;
    entity->velocity.y += gravity * dt;
    entity->position += dt * entity->velocity;
    entity->yaw += entity->spinRate * dt;
    if (entity->position.y < entity->halfSize)
    {
        entity->position.y = entity->halfSize;
        // Bounces keep their energy (a demo that never settles), with a little spread.
        entity->velocity.y = 6.0f + 0.5f * (f32)(entityIndex % 7);
        ++entity->bounces;
        bounced = 1;
    }
    f32 minX = -arenaHalfSize, maxX = arenaHalfSize;
    f32 minZ = DEMO_ARENA_CENTER_Z - arenaHalfSize, maxZ = DEMO_ARENA_CENTER_Z + arenaHalfSize;
    if (entity->position.x < minX || entity->position.x > maxX) entity->velocity.x = -entity->velocity.x;
    if (entity->position.z < minZ || entity->position.z > maxZ) entity->velocity.z = -entity->velocity.z;
    entity->position.x = Clamp(minX, entity->position.x, maxX);
    entity->position.z = Clamp(minZ, entity->position.z, maxZ);
    return bounced;
}

u32 DemoSimulateEntities(demo_entity *entities, u32 first, u32 onePastLast, f32 dt, f32 arenaHalfSize,
                         broadphase_grid *grid, u32 batch)
{
    u32 bounces = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        bounces += DemoSimulateEntity(entities + index, index, dt, arenaHalfSize);
    }
    BroadphaseBin(grid, batch, entities, first, onePastLast);
    return bounces;
}

// Counts the bounces of one quarter of the entities (a job: "queue work, then CompleteAllWork").
#define DEMO_BOUNCE_COUNT_JOBS 4
struct demo_bounce_count_job
{
    demo_entity *entities;
    u32 first;
    u32 onePastLast;
    u32 bounces;
    b32 done;
};

internal PLATFORM_WORK_QUEUE_CALLBACK(DemoCountBouncesJob)
{
    (void)queue;
    demo_bounce_count_job *job = (demo_bounce_count_job *)data;
    u32 bounces = 0;
    for (u32 entityIndex = job->first; entityIndex < job->onePastLast; ++entityIndex)
        bounces += job->entities[entityIndex].bounces;
    job->bounces = bounces;
    job->done = 1;
}

// NOTE: the update itself runs as an entry of the high priority queue; its CompleteAllWork waits
// for the jobs it queued, not for itself (game_platform.h).
u32 DemoCountBounces(game_memory *memory, game_state *state)
{
    demo_bounce_count_job jobs[DEMO_BOUNCE_COUNT_JOBS];
    for (u32 jobIndex = 0; jobIndex < DEMO_BOUNCE_COUNT_JOBS; ++jobIndex)
    {
        demo_bounce_count_job *job = jobs + jobIndex;
        job->entities = state->entities;
        job->first = state->entityCount * jobIndex / DEMO_BOUNCE_COUNT_JOBS;
        job->onePastLast = state->entityCount * (jobIndex + 1) / DEMO_BOUNCE_COUNT_JOBS;
        job->bounces = 0;
        job->done = 0;
        memory->platform.AddWorkQueueEntry(memory->highPriorityQueue, DemoCountBouncesJob, job);
    }
    memory->platform.CompleteAllWork(memory->highPriorityQueue);
    u32 bounces = 0;
    for (u32 jobIndex = 0; jobIndex < DEMO_BOUNCE_COUNT_JOBS; ++jobIndex)
    {
        if (!jobs[jobIndex].done)
        {
            memory->platform.Log(LogLevel_Error, "game: CompleteAllWork returned before bounce job %u ran", jobIndex);
        }
        bounces += jobs[jobIndex].bounces;
    }
    return bounces;
}


// Entity against entity: reflects the velocity off the deepest overlapping neighbour `other`
// (BROADPHASE_NONE: none) when the two approach. Reads other entities' positions only (nobody
// writes positions during collisions) and writes this entity's velocity only, so the result never
// depends on which thread ran first.
internal u32 DemoCollideEntityWith(demo_entity *entities, u32 entityIndex, u32 other)
{
    if (other == BROADPHASE_NONE) return 0;
    demo_entity *entity = entities + entityIndex;
    v3 normal = entity->position - entities[other].position;
    f32 length = Length(normal);
    // Two centres in one point: separate along x, the lower index to the left.
    normal = (length > 1.0e-6f) ? (1.0f / length) * normal : V3(entityIndex < other ? -1.0f : 1.0f, 0.0f, 0.0f);
    f32 approach = Inner(entity->velocity, normal);
    if (approach >= 0.0f) return 0;
    entity->velocity += (-2.0f * approach) * normal;
    ++entity->bounces;
    return 1;
}

// The collisions of the entities in grid slots [firstSlot, onePastLastSlot), in cell order: the
// neighbours each one is tested against are read from the grid's slots, next to each other.
struct demo_collide_visit
{
    demo_entity *entities;
    u32 bounces;
    void operator()(u32 entityIndex, u32 deepest) { bounces += DemoCollideEntityWith(entities, entityIndex, deepest); }
};

u32 DemoCollideSlots(broadphase_grid *grid, demo_entity *entities, u32 firstSlot, u32 onePastLastSlot)
{
    demo_collide_visit visit = {entities, 0};
    BroadphaseDeepestContactInSlots(grid, firstSlot, onePastLastSlot, &visit);
    return visit.bounces;
}

// Keyboard (WASD move, Q/E down/up, arrows look, Shift faster), mouse (hold right button to look,
// wheel to move forward) and the first connected gamepad (left stick moves, right stick looks).
void DemoUpdateCamera(demo_camera *camera, game_input *input)
{
    game_keyboard_input *keys = &input->keyboard;
    f32 dt = input->dtForFrame;
    f32 speed = IsDown(keys->keys[Key_Shift]) ? 60.0f : 15.0f;
    f32 turnSpeed = 1.5f;
    f32 forwardAmount = 0.0f, rightAmount = 0.0f, upAmount = 0.0f;
    if (IsDown(keys->keys[Key_W])) forwardAmount += 1.0f;
    if (IsDown(keys->keys[Key_S])) forwardAmount -= 1.0f;
    if (IsDown(keys->keys[Key_D])) rightAmount += 1.0f;
    if (IsDown(keys->keys[Key_A])) rightAmount -= 1.0f;
    if (IsDown(keys->keys[Key_E])) upAmount += 1.0f;
    if (IsDown(keys->keys[Key_Q])) upAmount -= 1.0f;
    if (IsDown(keys->keys[Key_Left])) camera->yaw += turnSpeed * dt;
    if (IsDown(keys->keys[Key_Right])) camera->yaw -= turnSpeed * dt;
    if (IsDown(keys->keys[Key_Up])) camera->pitch += turnSpeed * dt;
    if (IsDown(keys->keys[Key_Down])) camera->pitch -= turnSpeed * dt;
    forwardAmount += 2.0f * (f32)input->mouse.wheelDelta;

    if (IsDown(input->mouse.buttons[MouseButton_Right]))
    {
        camera->yaw -= 0.005f * (f32)input->mouse.deltaX;
        camera->pitch -= 0.005f * (f32)input->mouse.deltaY;
    }
    for (u32 padIndex = 0; padIndex < GAME_MAX_CONTROLLERS; ++padIndex)
    {
        game_controller_input *pad = &input->controllers[padIndex];
        if (!pad->isConnected) continue;
        forwardAmount += pad->leftStickY;
        rightAmount += pad->leftStickX;
        upAmount += pad->rightTrigger - pad->leftTrigger;
        camera->yaw -= turnSpeed * dt * pad->rightStickX;
        camera->pitch += turnSpeed * dt * pad->rightStickY;
        break;
    }
    camera->pitch = Clamp(-1.5f, camera->pitch, 1.5f);

    v3 forward = V3(-sinf(camera->yaw), 0.0f, -cosf(camera->yaw));
    v3 right = V3(cosf(camera->yaw), 0.0f, -sinf(camera->yaw));
    camera->position += (speed * dt * forwardAmount) * forward;
    camera->position += (speed * dt * rightAmount) * right;
    camera->position.y += speed * dt * upAmount;
    if (camera->position.y < 0.5f) camera->position.y = 0.5f;
}
