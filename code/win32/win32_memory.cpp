//~ Win32 memory: the bodies behind win32/win32_memory.h


internal b32 Win32AllocateGameMemory(win32_game_memory_block *block, game_memory *memory,
                                     u64 permanentSize, u64 transientSize, u64 frameScratchSize)
{
    block->totalSize = permanentSize + transientSize + frameScratchSize;
    void *wantedBase = ENGINE_DEVELOPMENT ? WIN32_GAME_MEMORY_BASE_ADDRESS : 0;
    block->base = VirtualAlloc(wantedBase, (SIZE_T)block->totalSize, MEM_RESERVE | MEM_COMMIT | MEM_WRITE_WATCH, PAGE_READWRITE);
    block->atFixedAddress = (block->base != 0) && (block->base == wantedBase) && (wantedBase != 0);
    if (!block->base && wantedBase)
    {
        Win32Log(LogLevel_Warning, "memory: fixed base address %p unavailable; using any address "
                 "(recorded loops will not replay across runs)", wantedBase);
        block->base = VirtualAlloc(0, (SIZE_T)block->totalSize, MEM_RESERVE | MEM_COMMIT | MEM_WRITE_WATCH, PAGE_READWRITE);
    }
    if (!block->base)
    {
        Win32Log(LogLevel_Error, "memory: could not allocate %llu MB of game memory",
                 (unsigned long long)(block->totalSize / Megabytes(1)));
        return 0;
    }
    memory->permanentStorageSize = permanentSize;
    memory->permanentStorage = block->base;
    memory->transientStorageSize = transientSize;
    memory->transientStorage = (u8 *)block->base + permanentSize;
    memory->frameScratchSize = frameScratchSize;
    memory->frameScratch = frameScratchSize ? (u8 *)block->base + permanentSize + transientSize : 0;
    Win32Log(LogLevel_Info, "memory: %llu MB permanent + %llu MB transient + %llu MB frame scratch at %p%s",
             (unsigned long long)(permanentSize / Megabytes(1)), (unsigned long long)(transientSize / Megabytes(1)),
             (unsigned long long)(frameScratchSize / Megabytes(1)), block->base, block->atFixedAddress ? " (fixed base)" : "");
    return 1;
}

internal void Win32FreeGameMemory(win32_game_memory_block *block)
{
    if (block->base) VirtualFree(block->base, 0, MEM_RELEASE);
    block->base = 0;
}
