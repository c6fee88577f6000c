// Render command validation (render_command_validation.h) and the push buffer's size math: every
// kind of lie a game can put in a buffer is caught, named and repaired, and good buffers pass
// untouched.

#include "game_kit/kit_render_push.h"
#include "render/render_command_validation.h"
#include "test_framework.h"
#include <string.h>

alignas(16) static u8 globalPushBuffer[64 * 1024];
alignas(16) static u8 globalGameMemory[256 * 1024];
alignas(16) static u8 globalElsewhere[64];

internal void Begin(game_render_commands *commands, render_validation_limits *limits)
{
    BeginRenderCommands(commands, globalPushBuffer, sizeof(globalPushBuffer), 320, 200);
    memset(limits, 0, sizeof(*limits));
    limits->pushBufferBase = globalPushBuffer;
    limits->pushBufferCapacity = sizeof(globalPushBuffer);
    limits->widthInPixels = 320;
    limits->heightInPixels = 200;
    limits->ranges[0].base = globalGameMemory;
    limits->ranges[0].size = sizeof(globalGameMemory);
    limits->ranges[1].base = globalPushBuffer;
    limits->ranges[1].size = sizeof(globalPushBuffer);
    limits->rangeCount = 2;
}

internal void PushScene(game_render_commands *commands)
{
    PushClear(commands, V4(0, 0, 0, 1));
    PushTexture(commands, 1, 16, 16, (const u32 *)globalGameMemory);
    render_vertex v[4] = {};
    PushQuadVertices(commands, 1, 0, v);
    PushQuadVertices(commands, 1, 0, v);
    PushCube(commands, V3(0, 0, 0), 0, V3(1, 1, 1), 0xFFFFFFFF, 0);
}

internal render_entry_header *EntryOfType(game_render_commands *commands, u32 type)
{
    for (u32 at = 0; at + sizeof(render_entry_header) <= commands->pushBufferSize;)
    {
        render_entry_header *header = (render_entry_header *)(commands->pushBufferBase + at);
        if (header->type == type) return header;
        if (header->size < 16) return 0;
        at += header->size;
    }
    return 0;
}

int main(void)
{
    game_render_commands commands;
    render_validation_limits limits;
    render_validation_result result;

    //- a good buffer passes untouched
    Begin(&commands, &limits);
    PushScene(&commands);
    commands.depthPeelLayers = 4;
    u8 before[sizeof(globalPushBuffer)];
    memcpy(before, globalPushBuffer, sizeof(before));
    u32 sizeBefore = commands.pushBufferSize;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 0);
    CHECK(result.firstProblem[0] == 0);
    CHECK(commands.pushBufferSize == sizeBefore && memcmp(before, globalPushBuffer, sizeof(before)) == 0);
    CHECK(commands.depthPeelLayers == 4);

    //- a 16384 x 16384 texture over a 64-byte buffer is rejected, naming the field
    Begin(&commands, &limits);
    PushScene(&commands);
    PushTexture(&commands, 2, 16384, 16384, (const u32 *)globalElsewhere);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1);
    CHECK(result.rejectedEntries == 1);
    CHECK(strstr(result.firstProblem, "Texture pixels") != 0);
    CHECK(EntryOfType(&commands, RENDER_ENTRY_REJECTED) != 0);
    CHECK(EntryOfType(&commands, RenderEntry_Quads) != 0);     // the rest still draws

    //- pixels that start inside game memory but run past its end
    Begin(&commands, &limits);
    PushTexture(&commands, 2, 64, 64, (const u32 *)(globalGameMemory + sizeof(globalGameMemory) - 64));
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture pixels"));
    //- pixels inside the push buffer are fine
    Begin(&commands, &limits);
    PushTexture(&commands, 2, 8, 8, (const u32 *)(globalPushBuffer + 4096));
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 0);
    //- index, width, height
    Begin(&commands, &limits);
    PushTexture(&commands, 0, 8, 8, (const u32 *)globalGameMemory);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture textureIndex"));
    Begin(&commands, &limits);
    PushTexture(&commands, RENDER_MAX_TEXTURES, 8, 8, (const u32 *)globalGameMemory);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture textureIndex"));
    Begin(&commands, &limits);
    PushTexture(&commands, 3, 0, 8, (const u32 *)globalGameMemory);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture width"));
    Begin(&commands, &limits);
    PushTexture(&commands, 3, 8, 16385, (const u32 *)globalGameMemory);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture height"));
    Begin(&commands, &limits);
    PushTexture(&commands, 3, 8, 8, 0);
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Texture pixels"));

    //- depth peel layers and MSAA samples are clamped
    Begin(&commands, &limits);
    commands.depthPeelLayers = 0xFFFFFFFFu;
    commands.msaaSamples = 1000;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 2);
    CHECK(commands.depthPeelLayers == RENDER_MAX_DEPTH_PEEL_LAYERS && commands.msaaSamples == RENDER_MAX_MSAA_SAMPLES);
    CHECK(strstr(result.firstProblem, "depthPeelLayers 4294967295") != 0);

    //- counts that need more bytes than the entry has
    Begin(&commands, &limits);
    PushScene(&commands);
    ((render_entry_quads *)(EntryOfType(&commands, RenderEntry_Quads) + 1))->quadCount = 0x7FFFFFFF;
    ((render_entry_cubes *)(EntryOfType(&commands, RenderEntry_Cubes) + 1))->instanceCount = 0xFFFFFFFF;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 2);
    CHECK(strstr(result.firstProblem, "Quads quadCount") != 0);
    CHECK(EntryOfType(&commands, RenderEntry_Quads) == 0 && EntryOfType(&commands, RenderEntry_Cubes) == 0);
    Begin(&commands, &limits);
    PushScene(&commands);
    ((render_entry_quads *)(EntryOfType(&commands, RenderEntry_Quads) + 1))->textureIndex = 100000;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "Quads textureIndex"));

    //- a lying pushBufferSize is cut to the buffer, a torn header ends the walk there
    Begin(&commands, &limits);
    PushScene(&commands);
    u32 goodSize = commands.pushBufferSize;
    memset(globalPushBuffer + goodSize, 0, sizeof(globalPushBuffer) - goodSize);
    commands.pushBufferSize = 0xFFFFFFF0u;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) >= 2);
    CHECK(strstr(result.firstProblem, "pushBufferSize 4294967280") != 0);
    CHECK(commands.pushBufferSize == goodSize);     // cut at the first torn (zeroed) header
    Begin(&commands, &limits);
    PushScene(&commands);
    EntryOfType(&commands, RenderEntry_Cubes)->size = 8;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && strstr(result.firstProblem, "header size 8"));
    Begin(&commands, &limits);
    PushScene(&commands);
    EntryOfType(&commands, RenderEntry_Clear)->size = 0xFFFFFFF0u;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && commands.pushBufferSize == 0);
    //- a moved base pointer drops the frame's commands; a changed viewport is restored
    Begin(&commands, &limits);
    PushScene(&commands);
    commands.pushBufferBase = globalElsewhere;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) >= 1);
    CHECK(commands.pushBufferBase == globalPushBuffer && commands.pushBufferSize == 0);
    CHECK(strstr(result.firstProblem, "pushBufferBase") != 0);
    Begin(&commands, &limits);
    commands.widthInPixels = 100000;
    CHECK(ValidateRenderCommands(&commands, &limits, &result) == 1 && commands.widthInPixels == 320);

    //- the push side: a payload near 4 GB cannot wrap to a small entry
    Begin(&commands, &limits);
    CHECK(PushRenderEntry_(&commands, RenderEntry_Quads, 0xFFFFFFF8u) == 0);
    CHECK(commands.refusedEntryCount == 1 && commands.pushBufferSize == 0);
    CHECK(PushRenderEntry_(&commands, RenderEntry_Quads, 0xFFFFFFFFu) == 0);
    commands.pushBufferSize = commands.maxPushBufferSize + 16;     // a game that lied
    CHECK(PushRenderEntry_(&commands, RenderEntry_Clear, 16) == 0);
    render_vertex v[4] = {};
    PushQuadVertices(&commands, 0, 0, v);
    CHECK(commands.pushBufferSize == commands.maxPushBufferSize + 16);   // nothing written past the end

    return TestSummary();
}
