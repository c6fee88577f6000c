// Pre-included by the MSVC-dialect syntax check (tests/tools/msvc_check.sh) and the MSVC stand-in
// (tests/msvc_standin/cl.sh) only: never by build.bat. Wine's winnt.h defines
// its own _InterlockedCompareExchange128, which clang already provides as a builtin in MSVC mode.
#define _InterlockedCompareExchange128 _wine_InterlockedCompareExchange128
// Windows' WCHAR is wchar_t (16 bits with MSVC), so L"..." literals pass as LPCWSTR; Wine's headers
// make it char16_t unless told otherwise.
#define WINE_UNICODE_NATIVE 1
