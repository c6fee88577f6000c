//~ The demo world: camera control and the entity simulation (updated in parallel with the job system)

internal u32 RandomNext(u32 *state)
{
    // xorshift32: deterministic, so recorded loops replay exactly.
    u32 x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

internal f32 RandomUnit(u32 *state)
{
    return (f32)(RandomNext(state) >> 8) / (f32)(1u << 24);
}

internal void SpawnDemoEntities(game_state *state)
{
    u32 seed = 0x9E3779B9u;
    for (u32 entityIndex = 0; entityIndex < DEMO_ENTITY_COUNT; ++entityIndex)
    {
        demo_entity *entity = state->entities + entityIndex;
        entity->position = V3((RandomUnit(&seed) * 2.0f - 1.0f) * DEMO_ARENA_HALF_SIZE,
                              2.0f + RandomUnit(&seed) * 30.0f,
                              -60.0f + (RandomUnit(&seed) * 2.0f - 1.0f) * DEMO_ARENA_HALF_SIZE);
        entity->velocity = V3((RandomUnit(&seed) - 0.5f) * 8.0f, 0.0f, (RandomUnit(&seed) - 0.5f) * 8.0f);
        entity->yaw = RandomUnit(&seed) * Tau32;
        entity->spinRate = (RandomUnit(&seed) - 0.5f) * 4.0f;
        entity->halfSize = 0.25f + RandomUnit(&seed) * 0.35f;
        u32 hue = RandomNext(&seed);
        entity->color = PackRGBA8(96 + (hue & 0x7F), 96 + ((hue >> 8) & 0x7F), 96 + ((hue >> 16) & 0x7F), 255);
    }
    state->entityCount = DEMO_ENTITY_COUNT;
}

struct entity_update_job
{
    demo_entity *entities;
    f32 dt;
};

// One batch of entities: each entity is written by exactly one batch, so the result does not
// depend on how the range was split or which thread ran which batch.
internal PLATFORM_PARALLEL_FOR_CALLBACK(UpdateEntityBatch)
{
    entity_update_job *job = (entity_update_job *)data;
    const f32 gravity = -9.8f;
    for (u32 entityIndex = first; entityIndex < onePastLast; ++entityIndex)
    {
        demo_entity *entity = job->entities + entityIndex;
        entity->velocity.y += gravity * job->dt;
        entity->position += job->dt * entity->velocity;
        entity->yaw += entity->spinRate * job->dt;
        if (entity->position.y < entity->halfSize)
        {
            entity->position.y = entity->halfSize;
            // Bounces keep their energy (a demo that never settles), with a little spread.
            entity->velocity.y = 6.0f + 0.5f * (f32)(entityIndex % 7);
            ++entity->bounces;
        }
        f32 minX = -DEMO_ARENA_HALF_SIZE, maxX = DEMO_ARENA_HALF_SIZE;
        f32 minZ = -60.0f - DEMO_ARENA_HALF_SIZE, maxZ = -60.0f + DEMO_ARENA_HALF_SIZE;
        if (entity->position.x < minX || entity->position.x > maxX) entity->velocity.x = -entity->velocity.x;
        if (entity->position.z < minZ || entity->position.z > maxZ) entity->velocity.z = -entity->velocity.z;
        entity->position.x = Clamp(minX, entity->position.x, maxX);
        entity->position.z = Clamp(minZ, entity->position.z, maxZ);
    }
}

// Counts the bounces of one quarter of the entities (a job: "queue work, then CompleteAllWork").
#define BOUNCE_COUNT_JOBS 4
struct bounce_count_job
{
    demo_entity *entities;
    u32 first;
    u32 onePastLast;
    u32 bounces;
    b32 done;
};

internal PLATFORM_WORK_QUEUE_CALLBACK(CountBouncesJob)
{
    (void)queue;
    bounce_count_job *job = (bounce_count_job *)data;
    u32 bounces = 0;
    for (u32 entityIndex = job->first; entityIndex < job->onePastLast; ++entityIndex)
        bounces += job->entities[entityIndex].bounces;
    job->bounces = bounces;
    job->done = true;
}

// NOTE: the update itself runs as an entry of the high priority queue; its CompleteAllWork waits
// for the jobs it queued, not for itself (game_platform.h).
internal u32 CountBounces(game_memory *memory, game_state *state)
{
    bounce_count_job jobs[BOUNCE_COUNT_JOBS];
    for (u32 jobIndex = 0; jobIndex < BOUNCE_COUNT_JOBS; ++jobIndex)
    {
        bounce_count_job *job = jobs + jobIndex;
        job->entities = state->entities;
        job->first = state->entityCount * jobIndex / BOUNCE_COUNT_JOBS;
        job->onePastLast = state->entityCount * (jobIndex + 1) / BOUNCE_COUNT_JOBS;
        job->bounces = 0;
        job->done = false;
        memory->platform.AddWorkQueueEntry(memory->highPriorityQueue, CountBouncesJob, job);
    }
    memory->platform.CompleteAllWork(memory->highPriorityQueue);
    u32 bounces = 0;
    for (u32 jobIndex = 0; jobIndex < BOUNCE_COUNT_JOBS; ++jobIndex)
    {
        if (!jobs[jobIndex].done)
        {
            memory->platform.Log(LogLevel_Error, "game: CompleteAllWork returned before bounce job %u ran", jobIndex);
        }
        bounces += jobs[jobIndex].bounces;
    }
    return bounces;
}

internal u32 SimulateEntities(game_memory *memory, game_state *state, f32 dt)
{
    u32 bouncesBefore = CountBounces(memory, state);
    entity_update_job job = {state->entities, dt};
    memory->platform.ParallelFor(memory->highPriorityQueue, state->entityCount, 256, UpdateEntityBatch, &job);
    return CountBounces(memory, state) - bouncesBefore;
}

// Keyboard (WASD move, Q/E down/up, arrows look, Shift faster), mouse (hold right button to look,
// wheel to move forward) and the first connected gamepad (left stick moves, right stick looks).
internal void UpdateCamera(demo_camera *camera, game_input *input)
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
