// Tunables as text (platform/platform_tune_source.h): values parsed and printed exactly, and the
// declaring line rewritten in place (only the value tokens, everything else byte for byte), or
// refused when the file no longer says what the engine expects there.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <string.h>

internal const char *globalSource =
    "#ifndef T_H\r\n"
    "// TUNE_F32(SPIN, 9.0f, 0.0f, 4.0f) a commented-out copy is not a declaration\r\n"
    "TUNE_F32(SPIN, 0.50f, 0.0f, 4.0f)          // turns per second\r\n"
    "TUNE_F32(SPIN_FAST, 2.0f, 0.0f, 4.0f)\r\n"
    "  TUNE_S32( LIVES ,3, 1, 9) /* lives */\r\n"
    "TUNE_BOOL(GRID, true)\r\n"
    "TUNE_COLOR(SKY, 0.05f, 0.07f, 0.10f, 1.0f) // sky\r\n"
    "TUNE_V3(GRAVITY, 0, -9.8, 0, -50, 50)\r\n"
    "#endif\r\n";

// Rewrites `name` in globalSource and returns the result (static storage), or 0 when refused.
internal const char *Rewrite(const char *name, u32 type, f64 e0, f64 e1, f64 e2, f64 e3, f64 v0, f64 v1, f64 v2, f64 v3,
                             tune_rewrite *result)
{
    static char out[4096];
    f64 expected[4] = {e0, e1, e2, e3};
    f64 value[4] = {v0, v1, v2, v3};
    *result = RewriteTuneSource(globalSource, strlen(globalSource), name, type, expected, value, out, sizeof(out) - 1);
    if (result->status != TuneRewrite_Done) return 0;
    out[result->outSize] = 0;
    return out;
}

// Everything but `line` of the rewrite equals the original.
internal b32 OnlyLineChanged(const char *rewritten, const char *oldLine, const char *newLine)
{
    const char *at = strstr(globalSource, oldLine);
    if (!at) return 0;
    char expected[4096];
    FormatText(expected, sizeof(expected), "%.*s%s%s", (int)(at - globalSource), globalSource, newLine, at + strlen(oldLine));
    return strcmp(expected, rewritten) == 0;
}

internal void TestValues(void)
{
    f64 value[4];
    char reason[192];
    CHECK(ParseTuneValue(GameTunable_F32, "0.75", 0.0, 4.0, value, reason, sizeof(reason)) && value[0] == 0.75);
    CHECK(ParseTuneValue(GameTunable_F32, " 1.5f ", 0.0, 4.0, value, reason, sizeof(reason)) && value[0] == 1.5);
    CHECK(ParseTuneValue(GameTunable_F32, "0.1", 0.0, 4.0, value, reason, sizeof(reason)) && value[0] == (f64)0.1f);
    CHECK(!ParseTuneValue(GameTunable_F32, "5", 0.0, 4.0, value, reason, sizeof(reason)) && strstr(reason, "outside"));
    CHECK(!ParseTuneValue(GameTunable_F32, "abc", 0.0, 4.0, value, reason, sizeof(reason)));
    CHECK(!ParseTuneValue(GameTunable_F32, "nan", 0.0, 4.0, value, reason, sizeof(reason)));
    CHECK(!ParseTuneValue(GameTunable_F32, "0x10", 0.0, 100.0, value, reason, sizeof(reason)));
    CHECK(ParseTuneValue(GameTunable_S32, "-3", -5.0, 5.0, value, reason, sizeof(reason)) && value[0] == -3.0);
    CHECK(!ParseTuneValue(GameTunable_S32, "1.5", -5.0, 5.0, value, reason, sizeof(reason)));
    CHECK(ParseTuneValue(GameTunable_B32, "on", 0.0, 1.0, value, reason, sizeof(reason)) && value[0] == 1.0);
    CHECK(ParseTuneValue(GameTunable_B32, "false", 0.0, 1.0, value, reason, sizeof(reason)) && value[0] == 0.0);
    CHECK(!ParseTuneValue(GameTunable_B32, "2", 0.0, 1.0, value, reason, sizeof(reason)));
    CHECK(ParseTuneValue(GameTunable_Color, "0.1, 0.2,0.3,1", 0.0, 1.0, value, reason, sizeof(reason)) &&
          value[1] == (f64)0.2f && value[3] == 1.0);
    CHECK(!ParseTuneValue(GameTunable_Color, "0.1,0.2,0.3", 0.0, 1.0, value, reason, sizeof(reason)));
    CHECK(!ParseTuneValue(GameTunable_V3, "1,2,3,4", -9.0, 9.0, value, reason, sizeof(reason)));
    CHECK(ParseTuneValue(GameTunable_V3, "1,-2,3", -9.0, 9.0, value, reason, sizeof(reason)) && value[1] == -2.0);

    char text[96];
    f64 a[4] = {0.1f, 0, 0, 0};
    FormatTuneValue(GameTunable_F32, a, text, sizeof(text));
    CHECK(strcmp(text, "0.1") == 0);
    f64 b[4] = {0.05f, 0.07f, 0.1f, 1.0};
    FormatTuneValue(GameTunable_Color, b, text, sizeof(text));
    CHECK(strcmp(text, "0.05,0.07,0.1,1") == 0);
    f64 c[4] = {1.0f / 3.0f, 0, 0, 0};
    FormatTuneValue(GameTunable_F32, c, text, sizeof(text));
    CHECK((f32)strtod(text, 0) == 1.0f / 3.0f);
}

internal void TestRewrites(void)
{
    tune_rewrite result;
    const char *out = Rewrite("SPIN", GameTunable_F32, 0.5, 0, 0, 0, 0.75, 0, 0, 0, &result);
    CHECK(out && result.line == 3);
    CHECK(out && OnlyLineChanged(out, "TUNE_F32(SPIN, 0.50f,", "TUNE_F32(SPIN, 0.75f,"));
    out = Rewrite("SPIN", GameTunable_F32, 0.5, 0, 0, 0, 0.6f, 0, 0, 0, &result);
    CHECK(out && OnlyLineChanged(out, "TUNE_F32(SPIN, 0.50f,", "TUNE_F32(SPIN, 0.60f,"));
    out = Rewrite("SPIN", GameTunable_F32, 0.5, 0, 0, 0, 2.0, 0, 0, 0, &result);
    CHECK(out && OnlyLineChanged(out, "TUNE_F32(SPIN, 0.50f,", "TUNE_F32(SPIN, 2.00f,"));
    out = Rewrite("SPIN_FAST", GameTunable_F32, 2.0, 0, 0, 0, 3.0, 0, 0, 0, &result);
    CHECK(out && result.line == 4 && OnlyLineChanged(out, "SPIN_FAST, 2.0f,", "SPIN_FAST, 3.0f,"));
    out = Rewrite("LIVES", GameTunable_S32, 3, 0, 0, 0, 7, 0, 0, 0, &result);
    CHECK(out && OnlyLineChanged(out, "( LIVES ,3, 1", "( LIVES ,7, 1"));
    out = Rewrite("GRID", GameTunable_B32, 1, 0, 0, 0, 0, 0, 0, 0, &result);
    CHECK(out && OnlyLineChanged(out, "(GRID, true)", "(GRID, false)"));
    out = Rewrite("SKY", GameTunable_Color, 0.05f, 0.07f, 0.1f, 1, 0.5f, 0.07f, 0.25f, 1, &result);
    CHECK(out && OnlyLineChanged(out, "SKY, 0.05f, 0.07f, 0.10f, 1.0f)", "SKY, 0.50f, 0.07f, 0.25f, 1.0f)"));
    out = Rewrite("GRAVITY", GameTunable_V3, 0, -9.8f, 0, 0, 1.5f, -9.8f, 0, 0, &result);
    CHECK(out && OnlyLineChanged(out, "(GRAVITY, 0, -9.8, 0,", "(GRAVITY, 1.5, -9.8, 0,"));

    // Refusals: the file is not what the engine expects.
    CHECK(!Rewrite("SPIN", GameTunable_F32, 0.25, 0, 0, 0, 0.75, 0, 0, 0, &result) && result.status == TuneRewrite_Changed);
    CHECK(!Rewrite("SPIN", GameTunable_S32, 0.5, 0, 0, 0, 1, 0, 0, 0, &result) && result.status == TuneRewrite_Retyped);
    CHECK(!Rewrite("SPIN_SLOW", GameTunable_F32, 0.5, 0, 0, 0, 1, 0, 0, 0, &result) && result.status == TuneRewrite_NotFound);
    CHECK(!Rewrite("SPI", GameTunable_F32, 0.5, 0, 0, 0, 1, 0, 0, 0, &result) && result.status == TuneRewrite_NotFound);
    const char *twice = "TUNE_F32(A, 1.0f, 0, 2)\nTUNE_F32(A, 1.0f, 0, 2)\n";
    f64 one[4] = {1, 0, 0, 0}, two[4] = {2, 0, 0, 0};
    char out2[256];
    result = RewriteTuneSource(twice, strlen(twice), "A", GameTunable_F32, one, two, out2, sizeof(out2));
    CHECK(result.status == TuneRewrite_Ambiguous);
    const char *split = "TUNE_F32(A, 1.0f,\n 0, 2)\n";
    result = RewriteTuneSource(split, strlen(split), "A", GameTunable_F32, one, two, out2, sizeof(out2));
    CHECK(result.status == TuneRewrite_Malformed);
    const char *computed = "TUNE_F32(A, 2 * HALF, 0, 2)\n";
    result = RewriteTuneSource(computed, strlen(computed), "A", GameTunable_F32, one, two, out2, sizeof(out2));
    CHECK(result.status == TuneRewrite_Malformed);
    f64 half[4] = {0.5, 0, 0, 0};
    result = RewriteTuneSource(globalSource, strlen(globalSource), "SPIN", GameTunable_F32, half, two, out2, 16);
    CHECK(result.status == TuneRewrite_NoRoom);
    // A file cut anywhere is never read past its end.
    for (umm size = 0; size < strlen(globalSource); ++size)
        RewriteTuneSource(globalSource, size, "SKY", GameTunable_Color, one, two, out2, sizeof(out2));
}

int main(void)
{
    TestValues();
    TestRewrites();
    return TestSummary();
}
