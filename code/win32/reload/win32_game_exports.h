#ifndef WIN32_GAME_EXPORTS_H
#define WIN32_GAME_EXPORTS_H
//~ What a game build exports, checked before the platform trusts it
//
// A build is refused (with the reason logged, the running code kept) when any of this fails:
//  - every exported function lies inside the DLL's own image (not forwarded elsewhere);
//  - gameGetContractVersion returns, inside the crash guard and under the watchdog, our version;
//  - the exported gameStateLayout lies inside the image with every pointer it holds: the field
//    array (its count bounded before it is multiplied), each name terminated within
//    STATE_LAYOUT_MAX_NAME bytes without leaving the image; the copy itself is guarded too.
// Tested by: tests/suites/suite_adversarial_games.sh, tests/suites/suite_platform.sh

struct win32_image_range
{
    u8 *base;
    u64 size;
};

// The address range of a loaded module, from its PE headers (checked, since a build may lie).
internal b32 Win32ModuleImageRange(HMODULE module, win32_image_range *range);
// True when [address, address + size) lies inside the image (no wrapping).
internal b32 Win32InImage(win32_image_range image, const void *address, u64 size);
// True when a name exported as data lies inside the image and is terminated within maxLength bytes
// without leaving it.
internal b32 Win32ValidExportedName(win32_image_range image, const char *name, u32 maxLength);
//~ Guarded load-time calls
struct win32_contract_call
{
    game_get_contract_version *function;
    u32 result;
};

// Validation and copy of the layout, both under the guard: an image section can still be
// unreadable (a build may mark one so), and then the read faults here, not in the engine.
struct win32_layout_copy
{
    win32_image_range image;
    state_layout *destination;
    const game_state_layout *source;
    char *error;
    umm errorSize;
    b32 result;
};
// Its guarded body: Win32GuardedCallReporting(Win32CallCopyLayout, &copy, ...) (also the replay's
// check of a --replay-game DLL's game, win32_replay.cpp).
internal void Win32CallCopyLayout(void *data);

// "what at module+offset"; a call through a null pointer names its caller instead of the null
// address: "access violation at address 0x0 (a call through a null pointer) from game.dll+0x1a2b".
internal void Win32DescribeCrashReport(win32_crash_report *report, char *text, umm textSize);
// Checks a freshly loaded build's exports (functions already resolved into the pointers given).
// False with a one-line reason; the build's code has then run only inside guards.
internal b32 Win32CheckGameExports(HMODULE module, void *const *functions, const char *const *functionNames,
                                   u32 functionCount, game_get_contract_version *contractVersion,
                                   const game_state_layout *layout, state_layout *layoutCopy,
                                   char *reason, umm reasonSize);

#endif  // WIN32_GAME_EXPORTS_H
