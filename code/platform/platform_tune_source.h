#ifndef PLATFORM_TUNE_SOURCE_H
#define PLATFORM_TUNE_SOURCE_H
// Tunables as text (contract/game_tunables.h): parsing a value a person or script typed, writing
// one for the log, and rewriting the value in the source line that declares a tunable. Portable
// and pure (no files, no OS): win32/win32_tune_write.cpp reads and writes the files, and
// tests/unit/test_tune_source.cpp checks everything here natively.

#include "base/base_types.h"
#include "contract/game_tunables.h"

// Components a tunable's value has: 4 for a colour, 3 for a v3, else 1.
u32 TuneComponentCount(u32 type);
// "f32", "s32", "bool", "color", "v3" ("?" for anything else).
const char *TuneTypeName(u32 type);
// The value as the running game sees it: f32 components rounded to f32, s32 truncated, b32 0 or 1.
void NormalizeTuneValue(u32 type, f64 *value);
// True when the two values are equal as the game would store them.
b32 TuneValuesEqual(u32 type, const f64 *a, const f64 *b);

// Parses VALUE for a tunable of `type`: f32 a decimal number ("0.75", "-2", "1e-3", an optional
// 'f'); s32 a whole number; bool 0, 1, true, false, on, off; color four and v3 three numbers
// separated by ',' (spaces allowed around them). Every component must lie in [minimum, maximum]
// (nothing is clamped). False with a one-line reason otherwise; out is then unchanged.
b32 ParseTuneValue(u32 type, const char *text, f64 minimum, f64 maximum, f64 *out, char *reason, umm reasonSize);

// The value for the log and the panel: f32 in the fewest digits that read back as the same f32
// ("0.75", "1e-05"), s32 as "%d", bool as 0 or 1, color and v3 as "a,b,c[,d]".
void FormatTuneValue(u32 type, const f64 *value, char *out, umm outSize);

//~ Rewriting the declaring line
enum tune_rewrite_status
{
    TuneRewrite_Done = 0,
    TuneRewrite_NotFound,       // no TUNE_ call of that name in the file
    TuneRewrite_Ambiguous,      // more than one
    TuneRewrite_Retyped,        // the call found is another macro (TUNE_S32 where the build has f32)
    TuneRewrite_Malformed,      // not one line, or a value argument that is not a plain literal
    TuneRewrite_Changed,        // the line's value is not the one expected there (edited meanwhile)
    TuneRewrite_NoRoom,         // the result would not fit outCapacity
};

struct tune_rewrite
{
    u32 status;                 // tune_rewrite_status
    u32 line;                   // 1-based line of the declaration found (0: none)
    umm outSize;                // bytes written to out when Done
    char reason[192];           // what was wrong, for the log, when not Done
};

// Finds the one line of `source` (size bytes, any line endings, not NUL-terminated) that declares
// `name` with a TUNE_ macro (a line whose first non-blank characters are // is not a declaration;
// names match whole), checks that the macro suits `type` and that its value arguments read as
// `expected` (what the file is believed to hold: the running build's compiled value, or the last
// value written back), and writes the source to out with only those value tokens replaced by
// `value`: f32 keeps its 'f' suffix and at least the decimals it had ("0.50f" -> "0.75f",
// "0.50f" -> "0.60f"), s32 is written whole, bool as it was spelled (0/1 or true/false). Every other
// byte (spaces, comments, line endings, other lines) is copied unchanged. Returns the status.
tune_rewrite RewriteTuneSource(const char *source, umm size, const char *name, u32 type, const f64 *expected,
                               const f64 *value, char *out, umm outCapacity);

#endif // PLATFORM_TUNE_SOURCE_H
