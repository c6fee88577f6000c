#ifndef BASE_ATOMICS_H
#define BASE_ATOMICS_H
// Atomics, barriers, the spin-wait hint and the cycle counter, for MSVC and for GCC/clang
// (MinGW and native Linux). No OS headers: only compiler intrinsics.
//
// NOTE: every variable shared between threads is read and written through these functions, never
// with a plain access. On x64 the loads and stores compile to plain moves anyway; the point is
// that the compiler may not cache or reorder them, and that ThreadSanitizer sees every access as
// atomic (it understands the __atomic builtins), so a report always means a real race.
//
// Ordering: loads are sequentially consistent (a plain move on x64), stores are release, every
// read-modify-write is sequentially consistent (a locked instruction on x64). AtomicStoreFence* is
// a sequentially consistent store, for the Dekker-style "publish, then look whether someone
// sleeps" handshakes, where a release store followed by a load could be reordered.

#include "base/base_types.h"

#if COMPILER_MSVC
#include <intrin.h>
#endif

//~ MSVC
#if COMPILER_MSVC

#define CompilerBarrier() _ReadWriteBarrier()
#define CpuPause() _mm_pause()
#define ReadCycleCounter() __rdtsc()

inline u32 AtomicLoadU32(volatile u32 *value)
{
    u32 result = *value;
    _ReadWriteBarrier();
    return result;
}
inline u64 AtomicLoadU64(volatile u64 *value)
{
    u64 result = *value;
    _ReadWriteBarrier();
    return result;
}
inline void *AtomicLoadPointer(void *volatile *value)
{
    void *result = *value;
    _ReadWriteBarrier();
    return result;
}
inline void AtomicStoreU32(volatile u32 *dest, u32 value)
{
    _ReadWriteBarrier();
    *dest = value;
}
inline void AtomicStoreU64(volatile u64 *dest, u64 value)
{
    _ReadWriteBarrier();
    *dest = value;
}
inline void AtomicStorePointer(void *volatile *dest, void *value)
{
    _ReadWriteBarrier();
    *dest = value;
}
inline void AtomicStoreFenceU32(volatile u32 *dest, u32 value)
{
    _InterlockedExchange((volatile long *)dest, (long)value);
}
// Returns the value dest held before; the swap happened when it equals expected.
inline u32 AtomicCompareExchangeU32(volatile u32 *dest, u32 expected, u32 desired)
{
    return (u32)_InterlockedCompareExchange((volatile long *)dest, (long)desired, (long)expected);
}
inline u64 AtomicCompareExchangeU64(volatile u64 *dest, u64 expected, u64 desired)
{
    return (u64)_InterlockedCompareExchange64((volatile __int64 *)dest, (__int64)desired, (__int64)expected);
}
// The Add functions return the value after the addition.
inline u32 AtomicAddU32(volatile u32 *dest, u32 addend)
{
    return (u32)_InterlockedExchangeAdd((volatile long *)dest, (long)addend) + addend;
}
inline u64 AtomicAddU64(volatile u64 *dest, u64 addend)
{
    return (u64)_InterlockedExchangeAdd64((volatile __int64 *)dest, (__int64)addend) + addend;
}
inline u32 AtomicExchangeU32(volatile u32 *dest, u32 value)
{
    return (u32)_InterlockedExchange((volatile long *)dest, (long)value);
}
inline u64 AtomicExchangeU64(volatile u64 *dest, u64 value)
{
    return (u64)_InterlockedExchange64((volatile __int64 *)dest, (__int64)value);
}

//~ GCC / clang (MinGW, Linux)
#else

#define CompilerBarrier() __asm__ __volatile__("" ::: "memory")
#if defined(__x86_64__) || defined(__i386__)
#define CpuPause() __builtin_ia32_pause()
#define ReadCycleCounter() __builtin_ia32_rdtsc()
#else
#define CpuPause() CompilerBarrier()
#define ReadCycleCounter() 0ull
#endif

inline u32 AtomicLoadU32(volatile u32 *value) { return __atomic_load_n(value, __ATOMIC_SEQ_CST); }
inline u64 AtomicLoadU64(volatile u64 *value) { return __atomic_load_n(value, __ATOMIC_SEQ_CST); }
inline void *AtomicLoadPointer(void *volatile *value) { return __atomic_load_n(value, __ATOMIC_SEQ_CST); }
inline void AtomicStoreU32(volatile u32 *dest, u32 value) { __atomic_store_n(dest, value, __ATOMIC_RELEASE); }
inline void AtomicStoreU64(volatile u64 *dest, u64 value) { __atomic_store_n(dest, value, __ATOMIC_RELEASE); }
inline void AtomicStorePointer(void *volatile *dest, void *value) { __atomic_store_n(dest, value, __ATOMIC_RELEASE); }
inline void AtomicStoreFenceU32(volatile u32 *dest, u32 value) { __atomic_store_n(dest, value, __ATOMIC_SEQ_CST); }
inline u32 AtomicCompareExchangeU32(volatile u32 *dest, u32 expected, u32 desired)
{
    __atomic_compare_exchange_n(dest, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}
inline u64 AtomicCompareExchangeU64(volatile u64 *dest, u64 expected, u64 desired)
{
    __atomic_compare_exchange_n(dest, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}
inline u32 AtomicAddU32(volatile u32 *dest, u32 addend) { return __atomic_add_fetch(dest, addend, __ATOMIC_SEQ_CST); }
inline u64 AtomicAddU64(volatile u64 *dest, u64 addend) { return __atomic_add_fetch(dest, addend, __ATOMIC_SEQ_CST); }
inline u32 AtomicExchangeU32(volatile u32 *dest, u32 value) { return __atomic_exchange_n(dest, value, __ATOMIC_SEQ_CST); }
inline u64 AtomicExchangeU64(volatile u64 *dest, u64 value) { return __atomic_exchange_n(dest, value, __ATOMIC_SEQ_CST); }

#endif

//~ Shared helpers
inline u32 AtomicIncrementU32(volatile u32 *dest) { return AtomicAddU32(dest, 1); }
inline u32 AtomicDecrementU32(volatile u32 *dest) { return AtomicAddU32(dest, (u32)-1); }
inline u64 AtomicIncrementU64(volatile u64 *dest) { return AtomicAddU64(dest, 1); }

// A test-and-test-and-set spin lock for rare, short critical sections (task tables, never hot paths).
struct spin_lock
{
    volatile u32 locked;
};
inline void BeginSpinLock(spin_lock *lock)
{
    for (;;)
    {
        if (AtomicLoadU32(&lock->locked) == 0 && AtomicCompareExchangeU32(&lock->locked, 0, 1) == 0)
        {
            break;
        }
        CpuPause();
    }
}
inline void EndSpinLock(spin_lock *lock)
{
    AtomicStoreU32(&lock->locked, 0);
}

#endif // BASE_ATOMICS_H
