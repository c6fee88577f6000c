// Pre-included by the MSVC-dialect syntax check (misc/msvc_check.sh) and the MSVC stand-in
// (misc/msvc_standin/cl.sh) only: never by build.bat. Wine's winnt.h defines
// its own _InterlockedCompareExchange128, which clang already provides as a builtin in MSVC mode.
#define _InterlockedCompareExchange128 _wine_InterlockedCompareExchange128
