#ifndef WIN32_SYMBOLS_H
#define WIN32_SYMBOLS_H
//~ Function and line names for code addresses in reports (DbgHelp)
//
// Crash, hang, refused-build and pointer reports name an address as "module+0xoffset" and, when
// the module's symbols are loaded, the function and source line: "game_loaded_7_3.dll+0x1a2b
// DemoSimulateEntity (demo_world.cpp:57)". Symbols come from the module's PDB (MSVC: the debug
// directory names game_N.pdb, found through the search path, which holds each module's folder) or
// its embedded DWARF (MinGW; Wine's dbghelp reads DWARF 4, not 5: misc/build.sh builds -gdwarf-4).
//
// NOTE: loading symbols can take hundreds of milliseconds, so it never happens on the frame path:
// Win32RequestModuleSymbols only queues the module, and one background thread (the only one that
// loads dbghelp.dll and calls SymLoadModuleExW) loads and parses them. A report uses what is loaded
// and otherwise names module+offset only. DbgHelp is not thread-safe: every call into it holds
// dbghelpLock, and a report only tries that lock (a report never waits for a symbol load). Never
// called from the exception handler: reports are formatted after it, from the raw address.
// Tested by: tests/suites/suite_debugger.sh, tests/suites/suite_capsules.sh, tests/suites/suite_reload_pointers.sh, tests/suites/suite_misuse_games.sh

#include <dbghelp.h>

typedef DWORD WINAPI dbghelp_sym_set_options(DWORD options);

typedef BOOL WINAPI dbghelp_sym_initialize_w(HANDLE process, PCWSTR searchPath, BOOL invadeProcess);
typedef BOOL WINAPI dbghelp_sym_cleanup(HANDLE process);

typedef BOOL WINAPI dbghelp_sym_set_search_path_w(HANDLE process, PCWSTR searchPath);

typedef DWORD64 WINAPI dbghelp_sym_load_module_ex_w(HANDLE process, HANDLE file, PCWSTR imageName, PCWSTR moduleName,
                                                    DWORD64 baseOfDll, DWORD dllSize, PMODLOAD_DATA data, DWORD flags);

typedef BOOL WINAPI dbghelp_sym_unload_module64(HANDLE process, DWORD64 baseOfDll);

typedef BOOL WINAPI dbghelp_sym_from_addr_w(HANDLE process, DWORD64 address, PDWORD64 displacement, PSYMBOL_INFOW symbol);

typedef BOOL WINAPI dbghelp_sym_get_line_from_addr_w64(HANDLE process, DWORD64 address, PDWORD displacement,
                                                       PIMAGEHLP_LINEW64 line);

#define WIN32_SYMBOL_MODULES 32
#define WIN32_SYMBOL_REQUESTS 16
#define WIN32_SYMBOL_COST_SAMPLES 256
#define WIN32_SYMBOL_SEARCH_PATH_UNITS 4096

struct win32_symbol_module
{
    u64 base;
    u64 size;
    WCHAR path[MAX_PATH];
    b32 ready;                  // the load was tried
    b32 hasSymbols;             // and found symbols (a PDB or DWARF dbghelp reads)
    b32 reported;               // a report has resolved an address in it (the first costs more)
};

struct win32_symbol_request
{
    u64 base;
    u64 size;
    u32 entryPointRva;          // copied at request time: the module may be freed before the load
    b32 unload;                 // forget the symbols of the file at path instead (its copy is being deleted)
    WCHAR path[MAX_PATH];
};

struct win32_symbols
{
    volatile LONG started;
    b32 available;              // dbghelp.dll loaded and SymInitializeW succeeded
    HANDLE process;
    CRITICAL_SECTION dbghelpLock;   // every DbgHelp call, and modules[]
    CRITICAL_SECTION requestLock;   // requests[] only: held for a copy, never during a load
    HANDLE requestEvent;
    HANDLE thread;
    volatile LONG stopRequested;    // Win32StopSymbolLoader: the thread ends at its next wake
    HMODULE dbghelp;
    dbghelp_sym_cleanup *SymCleanup;
    win32_symbol_request requests[WIN32_SYMBOL_REQUESTS];
    u32 requestCount;
    win32_symbol_module modules[WIN32_SYMBOL_MODULES];
    WCHAR searchPath[WIN32_SYMBOL_SEARCH_PATH_UNITS];
    dbghelp_sym_set_search_path_w *SymSetSearchPathW;
    dbghelp_sym_load_module_ex_w *SymLoadModuleExW;
    dbghelp_sym_unload_module64 *SymUnloadModule64;
    dbghelp_sym_from_addr_w *SymFromAddrW;
    dbghelp_sym_get_line_from_addr_w64 *SymGetLineFromAddrW64;
    // Report-time resolution costs in microseconds: the first report in a module, and later ones.
    f32 firstCosts[WIN32_SYMBOL_COST_SAMPLES];
    u32 firstCount;
    f32 laterCosts[WIN32_SYMBOL_COST_SAMPLES];
    u32 laterCount;
};

// Main thread, once nothing can report a crash any more (the old process of a hot restart, its
// engine stopped): ends the loader thread (a load under way is finished first) and gives back
// everything dbghelp holds. Later requests are ignored.
internal void Win32StopSymbolLoader(void);

// Queues the symbols of a loaded module (the exe, a game copy) for loading on the background
// thread, which the first call starts. Returns at once: never waits for a load.
internal void Win32RequestModuleSymbols(HMODULE module);
// Lets go of the symbols read from the file at utf8Path before that file (a private copy) is
// deleted. Returns 1 when none are held any more; 0 when a load is under way on the background
// thread: the unload is queued behind it (never waited for), and the caller deletes the file later.
internal b32 Win32ReleaseSymbolsOfFile(const char *utf8Path);
// Appends " Function (file.cpp:line)" to out when the symbols of the module now holding 'address'
// are loaded; otherwise leaves out as it is. Any thread, outside the exception handler and never
// while another thread is suspended (DbgHelp allocates); never waits for a symbol load (see the
// NOTE at the top).
internal void Win32AppendCodeAddressSymbol(u64 address, char *out, umm size);
// Names a code address for a report: "module+0xoffset" ("?+0x..." outside every module), then
// " Function (file.cpp:line)" when that module's symbols are loaded. The same promises as
// Win32AppendCodeAddressSymbol.
internal void Win32NameCodeAddress(u64 address, char *out, umm size);
// Main thread, for a fault a capsule or a replay will name (rare, and the name is what a replay
// compares): waits until the symbols of the module holding 'address' were tried, at most `seconds`
// (their load may still be queued behind the start-up's). The one report path that waits; it
// returns at once when dbghelp is unavailable or the module's symbols were never requested.
internal void Win32WaitForCodeAddressSymbols(u64 address, f64 seconds);
// At exit: how much naming addresses cost at report time (the loads are logged as they happen).
internal void Win32LogSymbolCosts(void);

#endif  // WIN32_SYMBOLS_H
