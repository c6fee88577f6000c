#ifndef BASE_TYPES_H
#define BASE_TYPES_H
// Fixed-size types, asserts and small macros shared by every binary (exe, game.dll, native tests).
// No OS headers here: this file must compile for MSVC, MinGW g++ and native Linux g++/clang alike.

#include <stdint.h>
#include <stddef.h>

//~ Build switches
// ENGINE_DEVELOPMENT: asserts trap, fixed memory base address, GL debug context, the hang
// watchdog on by default (release builds: off unless --watchdog asks for it).
#ifndef ENGINE_DEVELOPMENT
#define ENGINE_DEVELOPMENT 1
#endif

//~ Compiler detection
#if defined(_MSC_VER)
#define COMPILER_MSVC 1
#elif defined(__clang__)
#define COMPILER_CLANG 1
#elif defined(__GNUC__)
#define COMPILER_GCC 1
#endif

#if defined(_WIN32)
#define OS_WINDOWS 1
#else
#define OS_POSIX 1
#endif

//~ Types
typedef int8_t   s8;
typedef int16_t  s16;
typedef int32_t  s32;
typedef int64_t  s64;
typedef uint8_t  u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t  b32;
typedef float    f32;
typedef double   f64;
typedef size_t   umm;
typedef intptr_t smm;

// The three meanings of C's `static`, spelled apart so a search finds each one:
#define internal static        // a function or variable private to its binary's unity build
#define global static          // a file-scope variable (state that lives as long as the process)
#define local_persist static   // a function-local variable that keeps its value between calls

#define ArrayCount(array) (sizeof(array) / sizeof((array)[0]))
#define Kilobytes(value) ((u64)(value) * 1024ull)
#define Megabytes(value) (Kilobytes(value) * 1024ull)
#define Gigabytes(value) (Megabytes(value) * 1024ull)
#define Minimum(a, b) ((a) < (b) ? (a) : (b))
#define Maximum(a, b) ((a) > (b) ? (a) : (b))
#define Clamp(lo, v, hi) Minimum(Maximum((lo), (v)), (hi))
#define AlignPow2(value, align) (((value) + ((align) - 1)) & ~((u64)(align) - 1))
#define IsPow2(value) ((value) != 0 && (((value) & ((value) - 1)) == 0))

//~ Asserts
// NOTE: asserts guard programmer errors only. Bad input (files, DLLs, full queues) is handled and
// logged by the caller and never reaches an assert.
#if COMPILER_MSVC
#include <intrin.h>
#define DebugTrap() __debugbreak()
#define DebugTrapIllegal() __ud2()          // raises an illegal-instruction exception
#else
#define DebugTrap() __builtin_trap()
#define DebugTrapIllegal() __builtin_trap() // ud2 on x86-64: an illegal-instruction exception
#endif

#if ENGINE_DEVELOPMENT
#define Assert(expression) do { if (!(expression)) { DebugTrap(); } } while (0)
#else
#define Assert(expression) do { (void)sizeof(expression); } while (0)
#endif
#define InvalidCodePath Assert(!"InvalidCodePath")
#define InvalidDefaultCase default: { InvalidCodePath; } break

#define StaticAssert(expression, message) static_assert(expression, message)

#endif // BASE_TYPES_H
