// UTF-8 <-> UTF-16 conversion (base_unicode.h): every sequence length, surrogate pairs, malformed
// input in both directions, and truncation that never splits a character or overruns a buffer.

#include "base/base_unicode.h"
#include "test_framework.h"
#include <string.h>

internal b32 SameUnits(const u16 *a, const u16 *b, umm count)
{
    for (umm index = 0; index < count; ++index)
        if (a[index] != b[index]) return 0;
    return 1;
}

// Converts UTF-8 to UTF-16 and back; true when the round trip gives the input again.
internal b32 RoundTrips(const char *utf8)
{
    u16 wide[64];
    char back[128];
    text_conversion there = Utf8ToUtf16(utf8, TEXT_ZERO_TERMINATED, wide, ArrayCount(wide));
    text_conversion home = Utf16ToUtf8(wide, there.length, back, sizeof(back));
    return !there.invalid && !there.truncated && !home.invalid && !home.truncated && strcmp(back, utf8) == 0;
}

internal void TestValidSequences(void)
{
    // "aé日😀": 1-, 2-, 3- and 4-byte UTF-8; the last one is a surrogate pair in UTF-16.
    const char *mixed = "a\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80";
    u16 wide[16];
    text_conversion result = Utf8ToUtf16(mixed, TEXT_ZERO_TERMINATED, wide, ArrayCount(wide));
    const u16 expected[] = {0x61, 0xE9, 0x65E5, 0xD83D, 0xDE00, 0};
    CHECK(result.length == 5 && result.needed == 5 && !result.invalid && !result.truncated);
    CHECK(SameUnits(wide, expected, 6));

    char back[32];
    text_conversion home = Utf16ToUtf8(wide, result.length, back, sizeof(back));
    CHECK(home.length == 10 && home.needed == 10 && !home.invalid && strcmp(back, mixed) == 0);

    // Edges of every length class, and the last code point.
    CHECK(RoundTrips("\x7F"));
    CHECK(RoundTrips("\xC2\x80"));          // U+0080, first 2-byte
    CHECK(RoundTrips("\xDF\xBF"));          // U+07FF, last 2-byte
    CHECK(RoundTrips("\xE0\xA0\x80"));      // U+0800, first 3-byte
    CHECK(RoundTrips("\xED\x9F\xBF"));      // U+D7FF, just below the surrogates
    CHECK(RoundTrips("\xEE\x80\x80"));      // U+E000, just above them
    CHECK(RoundTrips("\xEF\xBF\xBF"));      // U+FFFF
    CHECK(RoundTrips("\xF0\x90\x80\x80"));  // U+10000, first 4-byte / first pair
    CHECK(RoundTrips("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the last code point
    CHECK(RoundTrips("C:\\Users\\J\xC3\xBCrgen M\xC3\xBCller \xE6\x97\xA5\xE6\x9C\xAC\\game.dll"));
    CHECK(RoundTrips(""));

    // An explicit length stops before the zero; embedded text after it is ignored.
    result = Utf8ToUtf16("abc", 2, wide, ArrayCount(wide));
    CHECK(result.length == 2 && wide[2] == 0);
}

// One UTF-8 input that must give `expectedCount` units equal to `expected`, flagged invalid.
internal void CheckInvalidUtf8(const char *input, umm inputLength, const u16 *expected, umm expectedCount)
{
    u16 wide[16];
    text_conversion result = Utf8ToUtf16(input, inputLength, wide, ArrayCount(wide));
    CHECK(result.invalid);
    CHECK(!result.truncated);
    CHECK(result.length == expectedCount && SameUnits(wide, expected, expectedCount) && wide[expectedCount] == 0);
}

internal void TestInvalidUtf8(void)
{
    const u16 R = UNICODE_REPLACEMENT_CHARACTER;
    { const u16 e[] = {'a', R, 'b'}; CheckInvalidUtf8("a\x80" "b", TEXT_ZERO_TERMINATED, e, 3); }  // stray continuation
    { const u16 e[] = {R, R}; CheckInvalidUtf8("\xC0\xAF", TEXT_ZERO_TERMINATED, e, 2); }          // overlong lead C0
    { const u16 e[] = {R, R, R}; CheckInvalidUtf8("\xE0\x80\xAF", TEXT_ZERO_TERMINATED, e, 3); }   // overlong 3-byte
    { const u16 e[] = {R, R, R}; CheckInvalidUtf8("\xED\xA0\x80", TEXT_ZERO_TERMINATED, e, 3); }   // encoded surrogate
    { const u16 e[] = {R, R, R, R}; CheckInvalidUtf8("\xF4\x90\x80\x80", TEXT_ZERO_TERMINATED, e, 4); } // > U+10FFFF
    { const u16 e[] = {R}; CheckInvalidUtf8("\xF5", TEXT_ZERO_TERMINATED, e, 1); }                 // F5..FF never appear
    { const u16 e[] = {R}; CheckInvalidUtf8("\xFF", TEXT_ZERO_TERMINATED, e, 1); }
    // A sequence that breaks off: its accepted prefix is one U+FFFD, the next character survives.
    { const u16 e[] = {R, 'x'}; CheckInvalidUtf8("\xE6\x97x", TEXT_ZERO_TERMINATED, e, 2); }
    { const u16 e[] = {R, 0xE9}; CheckInvalidUtf8("\xF0\x9F\x98\xC3\xA9", TEXT_ZERO_TERMINATED, e, 2); }
    // The source ends in the middle of a sequence (explicit length cuts the 3-byte 日).
    { const u16 e[] = {'a', R}; CheckInvalidUtf8("a\xE6\x97\xA5", 3, e, 2); }
}

internal void TestInvalidUtf16(void)
{
    char out[32];
    const u16 loneHigh[] = {'a', 0xD83D, 'b'};
    text_conversion result = Utf16ToUtf8(loneHigh, 3, out, sizeof(out));
    CHECK(result.invalid && strcmp(out, "a\xEF\xBF\xBD" "b") == 0);

    const u16 loneLow[] = {0xDE00, 'z'};
    result = Utf16ToUtf8(loneLow, 2, out, sizeof(out));
    CHECK(result.invalid && strcmp(out, "\xEF\xBF\xBDz") == 0);

    const u16 highAtEnd[] = {'q', 0xD83D};
    result = Utf16ToUtf8(highAtEnd, 2, out, sizeof(out));
    CHECK(result.invalid && strcmp(out, "q\xEF\xBF\xBD") == 0);

    const u16 reversedPair[] = {0xDE00, 0xD83D};
    result = Utf16ToUtf8(reversedPair, 2, out, sizeof(out));
    CHECK(result.invalid && result.length == 6);

    const u16 pair[] = {0xD83D, 0xDE00, 0};
    result = Utf16ToUtf8(pair, TEXT_ZERO_TERMINATED, out, sizeof(out));
    CHECK(!result.invalid && strcmp(out, "\xF0\x9F\x98\x80") == 0);
}

internal void TestTruncation(void)
{
    // UTF-8 -> UTF-16: "a😀": the pair needs two units; with room for only one after 'a' the
    // output stops after 'a', zero-terminated, and reports the full size needed.
    u16 wide[8];
    for (umm index = 0; index < ArrayCount(wide); ++index) wide[index] = 0x5555;
    text_conversion result = Utf8ToUtf16("a\xF0\x9F\x98\x80" "b", TEXT_ZERO_TERMINATED, wide, 3);
    CHECK(result.truncated && result.length == 1 && wide[0] == 'a' && wide[1] == 0);
    CHECK(result.needed == 4);
    CHECK(wide[3] == 0x5555);      // nothing written past the capacity

    result = Utf8ToUtf16("abc", TEXT_ZERO_TERMINATED, wide, 4);
    CHECK(!result.truncated && result.length == 3);
    result = Utf8ToUtf16("abcd", TEXT_ZERO_TERMINATED, wide, 4);
    CHECK(result.truncated && result.length == 3 && wide[3] == 0 && result.needed == 4);
    result = Utf8ToUtf16("abc", TEXT_ZERO_TERMINATED, wide, 0);
    CHECK(result.truncated && result.length == 0 && result.needed == 3 && wide[0] == 'a');

    // UTF-16 -> UTF-8: never a partial multi-byte character.
    const u16 text[] = {'x', 0x65E5, 0xD83D, 0xDE00, 0};
    char out[16];
    memset(out, 0x55, sizeof(out));
    result = Utf16ToUtf8(text, TEXT_ZERO_TERMINATED, out, 4);      // 'x' + 3 bytes of 日 need 5 with the zero
    CHECK(result.truncated && result.length == 1 && strcmp(out, "x") == 0 && out[4] == 0x55);
    result = Utf16ToUtf8(text, TEXT_ZERO_TERMINATED, out, 5);
    CHECK(result.truncated && result.length == 4 && strcmp(out, "x\xE6\x97\xA5") == 0);
    result = Utf16ToUtf8(text, TEXT_ZERO_TERMINATED, out, 8);      // 4-byte 😀 does not fit in 3
    CHECK(result.truncated && result.length == 4 && result.needed == 8);
    result = Utf16ToUtf8(text, TEXT_ZERO_TERMINATED, out, 9);
    CHECK(!result.truncated && result.length == 8);
}

// Text that is not valid UTF-8 reaches the log escaped, never raw.
internal void TestEscapedText(void)
{
    char out[64];
    umm escaped = 0;
    const char *mixed = "a\xff b\xc3\xa9 \xe2\x82";
    umm length = EscapeInvalidUtf8(mixed, strlen(mixed), out, sizeof(out), &escaped);
    CHECK_MSG(strcmp(out, "a\\xFF b\xc3\xa9 \\xE2\\x82") == 0 && length == strlen(out) && escaped == 3,
              "invalid bytes become \\xNN, valid characters stay as they are");
    length = EscapeInvalidUtf8("plain", 5, out, sizeof(out), &escaped);
    CHECK(length == 5 && escaped == 0 && strcmp(out, "plain") == 0);
    length = EscapeInvalidUtf8("ab\xff", 3, out, 5, 0);
    CHECK_MSG(length == 2 && strcmp(out, "ab") == 0, "an escape that does not fit is left out whole");
}

int main(void)
{
    TestEscapedText();
    TestValidSequences();
    TestInvalidUtf8();
    TestInvalidUtf16();
    TestTruncation();
    return TestSummary();
}
