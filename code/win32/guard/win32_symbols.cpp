//~ Symbol names for code addresses: the bodies behind win32/guard/win32_symbols.h

global win32_symbols globalSymbols;

// Loads dbghelp.dll and initializes it for this process (background thread only).
internal b32 Win32LoadDbgHelp(win32_symbols *symbols)
{
    HMODULE dbghelp = LoadLibraryW(L"dbghelp.dll");
    if (!dbghelp) return 0;
    symbols->dbghelp = dbghelp;
    symbols->SymCleanup = (dbghelp_sym_cleanup *)(void *)GetProcAddress(dbghelp, "SymCleanup");
    dbghelp_sym_set_options *SymSetOptions = (dbghelp_sym_set_options *)(void *)GetProcAddress(dbghelp, "SymSetOptions");
    dbghelp_sym_initialize_w *SymInitializeW = (dbghelp_sym_initialize_w *)(void *)GetProcAddress(dbghelp, "SymInitializeW");
    symbols->SymSetSearchPathW = (dbghelp_sym_set_search_path_w *)(void *)GetProcAddress(dbghelp, "SymSetSearchPathW");
    symbols->SymLoadModuleExW = (dbghelp_sym_load_module_ex_w *)(void *)GetProcAddress(dbghelp, "SymLoadModuleExW");
    symbols->SymUnloadModule64 = (dbghelp_sym_unload_module64 *)(void *)GetProcAddress(dbghelp, "SymUnloadModule64");
    symbols->SymFromAddrW = (dbghelp_sym_from_addr_w *)(void *)GetProcAddress(dbghelp, "SymFromAddrW");
    symbols->SymGetLineFromAddrW64 =
        (dbghelp_sym_get_line_from_addr_w64 *)(void *)GetProcAddress(dbghelp, "SymGetLineFromAddrW64");
    if (!SymSetOptions || !SymInitializeW || !symbols->SymSetSearchPathW || !symbols->SymLoadModuleExW ||
        !symbols->SymUnloadModule64 || !symbols->SymFromAddrW || !symbols->SymGetLineFromAddrW64)
        return 0;
    SymSetOptions(SYMOPT_UNDNAME | SYMOPT_LOAD_LINES | SYMOPT_DEFERRED_LOADS | SYMOPT_FAIL_CRITICAL_ERRORS);
    // NOTE: no process invasion: only the modules we name are loaded, each when asked for.
    // NOTE: under Wine, SymInitializeW of a live process also maps every native (ELF) library of
    // the process and CRCs it byte by byte (libLLVM of Mesa's llvmpipe alone is ~100 MB): ~0.9 s of
    // CPU per engine start and slower lookups after, for modules we never ask about. Wine's dbghelp
    // skips that while DBGHELP_NOLIVE is set (to anything); Windows' dbghelp knows no such variable.
    // Set for the call only, unless the process already had it (then it is left as it was).
    b32 alreadySet = GetEnvironmentVariableW(L"DBGHELP_NOLIVE", 0, 0) != 0;
    if (!alreadySet) SetEnvironmentVariableW(L"DBGHELP_NOLIVE", L"1");
    b32 initialized = SymInitializeW(symbols->process, L"", FALSE) != 0;
    if (!alreadySet) SetEnvironmentVariableW(L"DBGHELP_NOLIVE", 0);
    return initialized;
}

// Adds the folder of 'path' to the symbol search path (where build.bat puts game_N.pdb beside the DLL).
internal void Win32AddSymbolSearchFolder(win32_symbols *symbols, const WCHAR *path)
{
    WCHAR folder[MAX_PATH];
    umm length = 0, folderLength = 0;
    for (; path[length] && length < MAX_PATH - 1; ++length)
    {
        folder[length] = path[length];
        if (path[length] == '\\' || path[length] == '/') folderLength = length;
    }
    if (!folderLength) return;
    folder[folderLength] = 0;
    // Already there? Compare against each ';'-separated entry.
    const WCHAR *entry = symbols->searchPath;
    while (*entry)
    {
        umm entryLength = 0;
        while (entry[entryLength] && entry[entryLength] != ';') ++entryLength;
        if (entryLength == folderLength && _wcsnicmp(entry, folder, folderLength) == 0) return;
        entry += entryLength + (entry[entryLength] == ';');
    }
    umm used = wcslen(symbols->searchPath);
    if (used + folderLength + 2 >= WIN32_SYMBOL_SEARCH_PATH_UNITS) return;
    if (used) symbols->searchPath[used++] = ';';
    memcpy(symbols->searchPath + used, folder, (folderLength + 1) * sizeof(WCHAR));
    symbols->SymSetSearchPathW(symbols->process, symbols->searchPath);
}

// Loads one module's symbols (background thread, under dbghelpLock): replaces whatever module was
// registered at the same base (a freed copy), and forces the deferred load with one lookup.
internal void Win32LoadModuleSymbols(win32_symbols *symbols, win32_symbol_request *request)
{
    f64 start = Win32Seconds();
    win32_symbol_module *slot = 0;
    for (u32 index = 0; index < WIN32_SYMBOL_MODULES; ++index)
    {
        win32_symbol_module *module = symbols->modules + index;
        if (module->base == request->base)
        {
            symbols->SymUnloadModule64(symbols->process, module->base);
            memset(module, 0, sizeof(*module));
        }
        if (!slot && module->base == 0) slot = module;
    }
    if (!slot)
    {
        // Full: the oldest entry goes (modules are only ever added at the end of the search).
        slot = symbols->modules;
        symbols->SymUnloadModule64(symbols->process, slot->base);
        memset(slot, 0, sizeof(*slot));
    }
    Win32AddSymbolSearchFolder(symbols, request->path);
    DWORD64 loadedBase = symbols->SymLoadModuleExW(symbols->process, 0, request->path, 0, request->base,
                                                   (DWORD)request->size, 0, 0);
    slot->base = request->base;
    slot->size = request->size;
    memcpy(slot->path, request->path, sizeof(slot->path));

    // A lookup at the entry point's page forces the deferred load now, on this thread.
    SYMBOL_INFOW *probe = (SYMBOL_INFOW *)_alloca(sizeof(SYMBOL_INFOW) + 256 * sizeof(WCHAR));
    memset(probe, 0, sizeof(SYMBOL_INFOW));
    probe->SizeOfStruct = sizeof(SYMBOL_INFOW);
    probe->MaxNameLen = 256;
    DWORD64 displacement = 0;
    u64 probeAddress = request->base + request->entryPointRva;
    f64 parsed = Win32Seconds();
    slot->hasSymbols = loadedBase != 0 && symbols->SymFromAddrW(symbols->process, probeAddress, &displacement, probe);
    f64 firstLookup = Win32Seconds();
    // A second lookup costs what a report's lookup costs once the symbols are in.
    if (slot->hasSymbols) symbols->SymFromAddrW(symbols->process, probeAddress, &displacement, probe);
    f64 laterLookup = Win32Seconds();
    slot->ready = 1;

    char name[MAX_PATH];
    const WCHAR *fileName = request->path;
    for (const WCHAR *at = request->path; *at; ++at)
        if (*at == '\\' || *at == '/') fileName = at + 1;
    Win32WideToUtf8(fileName, wcslen(fileName), name, sizeof(name));
    Win32Log(LogLevel_Info, "symbols: %s %s in %.1f ms on the background thread (registering %.1f ms, first lookup "
             "%.1f ms, a later one %.1f us)", slot->hasSymbols ? "loaded" : "none found for", name,
             1000.0 * (laterLookup - start), 1000.0 * (parsed - start), 1000.0 * (firstLookup - parsed),
             1e6 * (laterLookup - firstLookup));
}

// Forgets every module registered from the file at path (under dbghelpLock). DbgHelp keeps the
// image file it read open, so a copy could not be deleted (Windows) or would linger (Wine) until then.
internal void Win32UnloadSymbolsOfFile(win32_symbols *symbols, const WCHAR *path)
{
    for (u32 index = 0; index < WIN32_SYMBOL_MODULES; ++index)
    {
        win32_symbol_module *module = symbols->modules + index;
        if (!module->base || _wcsicmp(module->path, path) != 0) continue;
        symbols->SymUnloadModule64(symbols->process, module->base);
        memset(module, 0, sizeof(*module));
    }
}

internal DWORD WINAPI Win32SymbolThread(void *parameter)
{
    win32_symbols *symbols = (win32_symbols *)parameter;
    EnterCriticalSection(&symbols->dbghelpLock);
    symbols->available = Win32LoadDbgHelp(symbols);
    LeaveCriticalSection(&symbols->dbghelpLock);
    if (!symbols->available)
    {
        Win32Log(LogLevel_Info, "symbols: dbghelp.dll unavailable; reports name module+offset only");
        return 0;
    }
    for (;;)
    {
        WaitForSingleObject(symbols->requestEvent, INFINITE);
        if (InterlockedCompareExchange(&symbols->stopRequested, 0, 0)) return 0;
        for (;;)
        {
            win32_symbol_request request;
            EnterCriticalSection(&symbols->requestLock);
            b32 have = symbols->requestCount > 0;
            if (have)
            {
                request = symbols->requests[0];
                --symbols->requestCount;
                memmove(symbols->requests, symbols->requests + 1, symbols->requestCount * sizeof(request));
            }
            LeaveCriticalSection(&symbols->requestLock);
            if (!have) break;
            EnterCriticalSection(&symbols->dbghelpLock);
            if (request.unload) Win32UnloadSymbolsOfFile(symbols, request.path);
            else Win32LoadModuleSymbols(symbols, &request);
            LeaveCriticalSection(&symbols->dbghelpLock);
        }
    }
}

internal void Win32RequestModuleSymbols(HMODULE module)
{
    win32_symbols *symbols = &globalSymbols;
    if (!module) return;
    if (InterlockedCompareExchange(&symbols->started, 1, 0) == 0)
    {
        symbols->process = GetCurrentProcess();
        InitializeCriticalSection(&symbols->dbghelpLock);
        InitializeCriticalSection(&symbols->requestLock);
        symbols->requestEvent = CreateEventW(0, FALSE, FALSE, 0);
        symbols->thread = CreateThread(0, 0, Win32SymbolThread, symbols, 0, 0);
        if (symbols->thread) Win32NotePlatformThread(GetThreadId(symbols->thread), "symbol loader");     // never runs game code
        symbols->started = 2;
        Win32RequestModuleSymbols(GetModuleHandleW(0));
    }
    if (symbols->started != 2 || symbols->stopRequested) return;

    win32_symbol_request request = {};
    request.base = (u64)module;
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)((u8 *)module + ((IMAGE_DOS_HEADER *)module)->e_lfanew);
    request.size = headers->OptionalHeader.SizeOfImage;
    request.entryPointRva = headers->OptionalHeader.AddressOfEntryPoint;
    DWORD length = GetModuleFileNameW(module, request.path, MAX_PATH);
    if (length == 0 || length >= MAX_PATH) return;
    EnterCriticalSection(&symbols->requestLock);
    if (symbols->requestCount < WIN32_SYMBOL_REQUESTS) symbols->requests[symbols->requestCount++] = request;
    LeaveCriticalSection(&symbols->requestLock);
    SetEvent(symbols->requestEvent);
}

internal b32 Win32ReleaseSymbolsOfFile(const char *utf8Path)
{
    win32_symbols *symbols = &globalSymbols;
    if (symbols->started != 2 || !symbols->available) return 1;
    win32_symbol_request request = {};
    request.unload = 1;
    if (!Win32Utf8ToWide(utf8Path, request.path, MAX_PATH)) return 1;
    if (TryEnterCriticalSection(&symbols->dbghelpLock))
    {
        Win32UnloadSymbolsOfFile(symbols, request.path);
        LeaveCriticalSection(&symbols->dbghelpLock);
        return 1;
    }
    EnterCriticalSection(&symbols->requestLock);
    b32 queued = symbols->requestCount < WIN32_SYMBOL_REQUESTS;
    if (queued) symbols->requests[symbols->requestCount++] = request;
    LeaveCriticalSection(&symbols->requestLock);
    SetEvent(symbols->requestEvent);
    return 0;
}

// Appends " Function (file.cpp:57)" for an address in a module whose symbols are loaded and still
// describe the module now at that base (same path). Under dbghelpLock, taken by the caller.
internal b32 Win32AppendSymbolName(win32_symbols *symbols, u64 address, const WCHAR *modulePath, char *out, umm size)
{
    win32_symbol_module *module = 0;
    for (u32 index = 0; index < WIN32_SYMBOL_MODULES; ++index)
    {
        win32_symbol_module *candidate = symbols->modules + index;
        if (candidate->base && address >= candidate->base && address < candidate->base + candidate->size)
            module = candidate;
    }
    if (!module || !module->ready || !module->hasSymbols || _wcsicmp(module->path, modulePath) != 0) return 0;

    f64 start = Win32Seconds();
    SYMBOL_INFOW *symbol = (SYMBOL_INFOW *)_alloca(sizeof(SYMBOL_INFOW) + 256 * sizeof(WCHAR));
    memset(symbol, 0, sizeof(SYMBOL_INFOW));
    symbol->SizeOfStruct = sizeof(SYMBOL_INFOW);
    symbol->MaxNameLen = 256;
    DWORD64 displacement = 0;
    if (!symbols->SymFromAddrW(symbols->process, address, &displacement, symbol)) return 0;
    char name[256];
    Win32WideToUtf8(symbol->Name, wcsnlen(symbol->Name, 256), name, sizeof(name));
    AppendFormat(out, size, " %s", name);

    IMAGEHLP_LINEW64 line;
    memset(&line, 0, sizeof(line));
    line.SizeOfStruct = sizeof(line);
    DWORD lineDisplacement = 0;
    if (symbols->SymGetLineFromAddrW64(symbols->process, address, &lineDisplacement, &line) && line.FileName)
    {
        const WCHAR *fileName = line.FileName;
        for (const WCHAR *at = line.FileName; *at; ++at)
            if (*at == '\\' || *at == '/') fileName = at + 1;
        char file[MAX_PATH];
        Win32WideToUtf8(fileName, wcslen(fileName), file, sizeof(file));
        AppendFormat(out, size, " (%s:%lu)", file, (unsigned long)line.LineNumber);
    }

    f32 micros = (f32)(1e6 * (Win32Seconds() - start));
    if (!module->reported && symbols->firstCount < WIN32_SYMBOL_COST_SAMPLES) symbols->firstCosts[symbols->firstCount++] = micros;
    else if (module->reported && symbols->laterCount < WIN32_SYMBOL_COST_SAMPLES) symbols->laterCosts[symbols->laterCount++] = micros;
    module->reported = 1;
    return 1;
}

// The file of the module now holding address; false when none does or its path does not fit.
internal b32 Win32ModulePathOfAddress(u64 address, WCHAR *modulePath)
{
    HMODULE module = 0;
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCWSTR)address, &module) || !module)
        return 0;
    DWORD length = GetModuleFileNameW(module, modulePath, MAX_PATH);
    return length != 0 && length < MAX_PATH;
}

internal void Win32AppendCodeAddressSymbol(u64 address, char *out, umm size)
{
    win32_symbols *symbols = &globalSymbols;
    WCHAR modulePath[MAX_PATH];
    if (symbols->started != 2 || !symbols->available || !Win32ModulePathOfAddress(address, modulePath)) return;
    if (!TryEnterCriticalSection(&symbols->dbghelpLock)) return;   // a load is under way: no waiting
    Win32AppendSymbolName(symbols, address, modulePath, out, size);
    LeaveCriticalSection(&symbols->dbghelpLock);
}

// True when the loader has nothing left to do for the module at modulePath: its symbols were tried,
// or no request for it is queued and none was made (never waited for).
internal b32 Win32SymbolsSettledFor(win32_symbols *symbols, u64 address, const WCHAR *modulePath)
{
    b32 queued = 0;
    EnterCriticalSection(&symbols->requestLock);
    for (u32 index = 0; index < symbols->requestCount; ++index)
        if (!symbols->requests[index].unload && _wcsicmp(symbols->requests[index].path, modulePath) == 0) queued = 1;
    LeaveCriticalSection(&symbols->requestLock);
    if (queued) return 0;
    if (!TryEnterCriticalSection(&symbols->dbghelpLock)) return 0;     // a load is under way
    b32 tried = 0, known = 0;
    for (u32 index = 0; index < WIN32_SYMBOL_MODULES; ++index)
    {
        win32_symbol_module *module = symbols->modules + index;
        if (!module->base || address < module->base || address >= module->base + module->size) continue;
        known = 1;
        tried = module->ready && _wcsicmp(module->path, modulePath) == 0;
    }
    LeaveCriticalSection(&symbols->dbghelpLock);
    return tried || !known;
}

internal void Win32WaitForCodeAddressSymbols(u64 address, f64 seconds)
{
    win32_symbols *symbols = &globalSymbols;
    WCHAR modulePath[MAX_PATH];
    if (symbols->started != 2 || symbols->stopRequested || !symbols->thread ||
        !Win32ModulePathOfAddress(address, modulePath))
        return;
    f64 deadline = Win32Seconds() + seconds;
    while (Win32Seconds() < deadline)
    {
        // NOTE: the loader thread ends at once when dbghelp is unavailable: nothing will come.
        if (WaitForSingleObject(symbols->thread, 0) == WAIT_OBJECT_0) return;
        if (symbols->available && Win32SymbolsSettledFor(symbols, address, modulePath)) return;
        Sleep(5);
    }
}

internal void Win32NameCodeAddress(u64 address, char *out, umm size)
{
    char moduleName[64];
    u64 offset = 0;
    Win32DescribeCodeAddress((void *)address, moduleName, sizeof(moduleName), &offset);
    FormatText(out, size, "%s+0x%llx", moduleName, (unsigned long long)offset);
    Win32AppendCodeAddressSymbol(address, out, size);
}

internal int Win32CompareCosts(const void *a, const void *b)
{
    f32 left = *(const f32 *)a, right = *(const f32 *)b;
    return (left > right) - (left < right);
}

internal void Win32LogSymbolCosts(void)
{
    win32_symbols *symbols = &globalSymbols;
    if (symbols->started != 2 || !symbols->available) return;
    EnterCriticalSection(&symbols->dbghelpLock);
    u32 firstCount = symbols->firstCount, laterCount = symbols->laterCount;
    qsort(symbols->firstCosts, firstCount, sizeof(f32), Win32CompareCosts);
    qsort(symbols->laterCosts, laterCount, sizeof(f32), Win32CompareCosts);
    f32 firstMedian = firstCount ? symbols->firstCosts[firstCount / 2] : 0.0f;
    f32 laterMedian = laterCount ? symbols->laterCosts[laterCount / 2] : 0.0f;
    LeaveCriticalSection(&symbols->dbghelpLock);
    if (firstCount && laterCount)
        Win32Log(LogLevel_Info, "symbols: naming an address at report time: first in a module median %.1f us (%u), "
                 "later ones median %.1f us (%u)", firstMedian, firstCount, laterMedian, laterCount);
    else if (firstCount)
        Win32Log(LogLevel_Info, "symbols: naming an address at report time: first in a module median %.1f us (%u), "
                 "no later one", firstMedian, firstCount);
}

internal void Win32StopSymbolLoader(void)
{
    win32_symbols *symbols = &globalSymbols;
    if (symbols->started != 2 || InterlockedExchange(&symbols->stopRequested, 1)) return;
    if (symbols->thread)
    {
        SetEvent(symbols->requestEvent);
        WaitForSingleObject(symbols->thread, INFINITE);
        CloseHandle(symbols->thread);
        symbols->thread = 0;
    }
    EnterCriticalSection(&symbols->dbghelpLock);
    if (symbols->available && symbols->SymCleanup) symbols->SymCleanup(symbols->process);
    symbols->available = 0;
    if (symbols->dbghelp) FreeLibrary(symbols->dbghelp);
    symbols->dbghelp = 0;
    LeaveCriticalSection(&symbols->dbghelpLock);
}
