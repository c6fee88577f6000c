//~ Exit calls taken out of game code's reach: the bodies behind win32/reload/win32_game_imports.h

global win32_exit_functions globalExitFunctions;

internal void WINAPI Win32GameExitThread(DWORD exitCode)
{
    if (Win32InsideGuardedCall())
    {
        ULONG_PTR arguments[1] = {(ULONG_PTR)Win32CallerAddress()};
        RaiseException(WIN32_EXIT_THREAD_CODE, 0, 1, arguments);
    }
    ExitThread(exitCode);
}

internal void WINAPI Win32GameExitProcess(UINT exitCode)
{
    if (Win32InsideGuardedCall())
    {
        ULONG_PTR arguments[1] = {(ULONG_PTR)Win32CallerAddress()};
        RaiseException(WIN32_EXIT_PROCESS_CODE, 0, 1, arguments);
    }
    ExitProcess(exitCode);
}

internal u32 Win32PatchGameImports(HMODULE module)
{
    if (!globalExitFunctions.exitThread)
    {
        HMODULE kernel32 = GetModuleHandleW(L"kernel32.dll");
        globalExitFunctions.exitThread = (void *)GetProcAddress(kernel32, "ExitThread");
        globalExitFunctions.exitProcess = (void *)GetProcAddress(kernel32, "ExitProcess");
        globalExitFunctions.createThread = (void *)GetProcAddress(kernel32, "CreateThread");
    }
    win32_image_range image;
    if (!Win32ModuleImageRange(module, &image)) return 0;
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)(image.base + ((IMAGE_DOS_HEADER *)image.base)->e_lfanew);
    IMAGE_DATA_DIRECTORY *directory = &headers->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_IMPORT];
    if (!directory->VirtualAddress || !Win32InImage(image, image.base + directory->VirtualAddress, directory->Size))
        return 0;
    u32 patched = 0;
    IMAGE_IMPORT_DESCRIPTOR *descriptor = (IMAGE_IMPORT_DESCRIPTOR *)(image.base + directory->VirtualAddress);
    for (; Win32InImage(image, descriptor, sizeof(*descriptor)) && descriptor->FirstThunk; ++descriptor)
    {
        IMAGE_THUNK_DATA *thunk = (IMAGE_THUNK_DATA *)(image.base + descriptor->FirstThunk);
        for (; Win32InImage(image, thunk, sizeof(*thunk)) && thunk->u1.Function; ++thunk)
        {
            void *target = (void *)thunk->u1.Function;
            void *replacement = 0;
            if (target == globalExitFunctions.exitThread) replacement = (void *)Win32GameExitThread;
            if (target == globalExitFunctions.exitProcess) replacement = (void *)Win32GameExitProcess;
            if (target == globalExitFunctions.createThread) replacement = (void *)Win32GameCreateThread;
            if (!replacement) continue;
            DWORD oldProtection = 0;
            if (VirtualProtect(&thunk->u1.Function, sizeof(thunk->u1.Function), PAGE_READWRITE, &oldProtection))
            {
                thunk->u1.Function = (ULONGLONG)replacement;
                VirtualProtect(&thunk->u1.Function, sizeof(thunk->u1.Function), oldProtection, &oldProtection);
                ++patched;
            }
        }
    }
    return patched;
}
