// Win32 implementation of os_core.h: CreateThread, CreateSemaphoreEx/ReleaseSemaphore/
// WaitForSingleObjectEx, QueryPerformanceCounter. The product's work queues run on this.

#include "os/os_core.h"

#include <windows.h>

StaticAssert(sizeof(HANDLE) <= sizeof(u64), "os_thread/os_semaphore too small for a HANDLE");

//~ Threads
internal DWORD WINAPI Win32ThreadTrampoline(LPVOID parameter)
{
    os_thread *thread = (os_thread *)parameter;
    thread->proc(thread->parameter);
    return 0;
}

b32 OSCreateThread(os_thread *thread, os_thread_proc *proc, void *parameter)
{
    thread->proc = proc;
    thread->parameter = parameter;
    DWORD threadId = 0;
    HANDLE handle = CreateThread(0, 0, Win32ThreadTrampoline, thread, 0, &threadId);
    thread->started = (handle != 0);
    thread->handle = (u64)(umm)handle;
    return thread->started;
}

void OSJoinThread(os_thread *thread)
{
    if (thread->started)
    {
        HANDLE handle = (HANDLE)(umm)thread->handle;
        WaitForSingleObjectEx(handle, INFINITE, FALSE);
        CloseHandle(handle);
        thread->started = 0;
    }
}

//~ Semaphores
b32 OSInitSemaphore(os_semaphore *semaphore, u32 initialCount, u32 maximumCount)
{
    HANDLE handle = CreateSemaphoreExW(0, (LONG)initialCount, (LONG)maximumCount, 0, 0, SEMAPHORE_ALL_ACCESS);
    semaphore->storage[0] = (u64)(umm)handle;
    return handle != 0;
}

void OSDestroySemaphore(os_semaphore *semaphore)
{
    HANDLE handle = (HANDLE)(umm)semaphore->storage[0];
    if (handle)
    {
        CloseHandle(handle);
    }
    semaphore->storage[0] = 0;
}

void OSReleaseSemaphore(os_semaphore *semaphore, u32 count)
{
    ReleaseSemaphore((HANDLE)(umm)semaphore->storage[0], (LONG)count, 0);
}

void OSWaitSemaphore(os_semaphore *semaphore)
{
    WaitForSingleObjectEx((HANDLE)(umm)semaphore->storage[0], INFINITE, FALSE);
}

//~ Time and scheduling
u64 OSGetTimeNanoseconds(void)
{
    local_persist LARGE_INTEGER frequency; // NOTE: constant for the life of the process
    if (frequency.QuadPart == 0)
    {
        QueryPerformanceFrequency(&frequency);
    }
    LARGE_INTEGER counter;
    QueryPerformanceCounter(&counter);
    u64 seconds = (u64)counter.QuadPart / (u64)frequency.QuadPart;
    u64 remainder = (u64)counter.QuadPart % (u64)frequency.QuadPart;
    return seconds * 1000000000ull + remainder * 1000000000ull / (u64)frequency.QuadPart;
}

void OSSleepMilliseconds(u32 milliseconds)
{
    Sleep(milliseconds);
}

void OSYieldThread(void)
{
    SwitchToThread();
}

u32 OSGetCoreCount(void)
{
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return info.dwNumberOfProcessors ? (u32)info.dwNumberOfProcessors : 1;
}
