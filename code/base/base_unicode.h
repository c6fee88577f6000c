#ifndef BASE_UNICODE_H
#define BASE_UNICODE_H
// UTF-8 <-> UTF-16 conversion: the one place that knows both encodings. Text inside the engine is
// UTF-8; the Win32 layer converts to UTF-16 right at each ...W call (win32_text.cpp) and back for
// what Windows returns. Portable (no OS headers, no allocation): the caller owns both buffers, so
// it works on the stack, in an arena, and inside an exception handler. Unit-tested natively
// (tests/unit/test_unicode.cpp).
//
// Both directions:
// - never write past destCapacity code units, and always zero-terminate when destCapacity > 0;
// - never split a character: on truncation the output is the longest prefix of whole characters;
// - replace every malformed sequence with U+FFFD and report it (invalid). For UTF-8 that is each
//   maximal ill-formed subsequence (a stray continuation byte, a lead byte whose sequence breaks
//   off, an overlong form, an encoded surrogate, anything above U+10FFFF); for UTF-16 each
//   unpaired surrogate.
// Callers that pass paths to Windows refuse a conversion that was invalid or truncated rather than
// open a different file than the one named.

#include "base/base_types.h"
#include <string.h>

// sourceLength value meaning "up to the terminating zero".
#define TEXT_ZERO_TERMINATED (~(umm)0)
#define UNICODE_REPLACEMENT_CHARACTER 0xFFFDu

struct text_conversion
{
    umm length;         // code units written to dest, without the terminating zero
    umm needed;         // code units the whole source needs, without the terminating zero
    b32 invalid;        // the source held malformed sequences (each written as U+FFFD)
    b32 truncated;      // dest was too small: it holds only the first `length` units
};

// Decodes one character from UTF-8. Returns the code point, or U+FFFD with *wasInvalid set; always
// consumes at least one byte (*consumed) when remaining > 0.
inline u32 DecodeUtf8Character(const u8 *at, umm remaining, u32 *consumed, b32 *wasInvalid)
{
    *wasInvalid = 0;
    *consumed = 1;
    u8 lead = at[0];
    if (lead < 0x80) return lead;

    u32 length = 0;
    u32 codePoint = 0;
    u8 secondLow = 0x80, secondHigh = 0xBF;     // the valid range of the second byte depends on the lead
    if (lead >= 0xC2 && lead <= 0xDF) { length = 2; codePoint = lead & 0x1Fu; }
    else if (lead >= 0xE0 && lead <= 0xEF)
    {
        length = 3;
        codePoint = lead & 0x0Fu;
        if (lead == 0xE0) secondLow = 0xA0;    // overlong
        if (lead == 0xED) secondHigh = 0x9F;   // UTF-16 surrogates are not characters
    }
    else if (lead >= 0xF0 && lead <= 0xF4)
    {
        length = 4;
        codePoint = lead & 0x07u;
        if (lead == 0xF0) secondLow = 0x90;    // overlong
        if (lead == 0xF4) secondHigh = 0x8F;   // above U+10FFFF
    }
    else
    {
        *wasInvalid = 1;                        // continuation byte, C0/C1 overlong lead, F5..FF
        return UNICODE_REPLACEMENT_CHARACTER;
    }

    for (u32 index = 1; index < length; ++index)
    {
        u8 low = (index == 1) ? secondLow : 0x80;
        u8 high = (index == 1) ? secondHigh : 0xBF;
        if (index >= remaining || at[index] < low || at[index] > high)
        {
            // NOTE: the bytes accepted so far form one ill-formed subsequence: one U+FFFD for them.
            *consumed = index;
            *wasInvalid = 1;
            return UNICODE_REPLACEMENT_CHARACTER;
        }
        codePoint = (codePoint << 6) | (at[index] & 0x3Fu);
    }
    *consumed = length;
    return codePoint;
}

// UTF-8 to UTF-16. destCapacity counts u16 units including the terminating zero.
inline text_conversion Utf8ToUtf16(const char *source, umm sourceLength, u16 *dest, umm destCapacity)
{
    text_conversion result = {};
    if (sourceLength == TEXT_ZERO_TERMINATED) sourceLength = source ? strlen(source) : 0;
    const u8 *at = (const u8 *)source;
    umm remaining = sourceLength;
    umm room = destCapacity ? destCapacity - 1 : 0;
    while (remaining > 0)
    {
        u32 consumed = 0;
        b32 wasInvalid = 0;
        u32 codePoint = DecodeUtf8Character(at, remaining, &consumed, &wasInvalid);
        at += consumed;
        remaining -= consumed;
        result.invalid |= wasInvalid;
        u32 units = (codePoint >= 0x10000) ? 2 : 1;
        result.needed += units;
        if (result.truncated || result.length + units > room)
        {
            result.truncated = 1;
            continue;   // keep counting `needed`
        }
        if (units == 1)
        {
            dest[result.length++] = (u16)codePoint;
        }
        else
        {
            u32 offset = codePoint - 0x10000;
            dest[result.length++] = (u16)(0xD800 + (offset >> 10));
            dest[result.length++] = (u16)(0xDC00 + (offset & 0x3FF));
        }
    }
    if (destCapacity) dest[result.length] = 0;
    return result;
}

inline umm Utf16Length(const u16 *text)
{
    umm length = 0;
    while (text && text[length]) ++length;
    return length;
}

// UTF-16 to UTF-8. destCapacity counts bytes including the terminating zero.
inline text_conversion Utf16ToUtf8(const u16 *source, umm sourceLength, char *dest, umm destCapacity)
{
    text_conversion result = {};
    if (sourceLength == TEXT_ZERO_TERMINATED) sourceLength = Utf16Length(source);
    umm room = destCapacity ? destCapacity - 1 : 0;
    for (umm index = 0; index < sourceLength; ++index)
    {
        u32 codePoint = source[index];
        if (codePoint >= 0xD800 && codePoint <= 0xDBFF && index + 1 < sourceLength &&
            source[index + 1] >= 0xDC00 && source[index + 1] <= 0xDFFF)
        {
            codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (source[index + 1] - 0xDC00u);
            ++index;
        }
        else if (codePoint >= 0xD800 && codePoint <= 0xDFFF)
        {
            codePoint = UNICODE_REPLACEMENT_CHARACTER;   // unpaired surrogate
            result.invalid = 1;
        }

        u8 bytes[4];
        u32 count = 0;
        if (codePoint < 0x80) { bytes[count++] = (u8)codePoint; }
        else if (codePoint < 0x800)
        {
            bytes[count++] = (u8)(0xC0 | (codePoint >> 6));
            bytes[count++] = (u8)(0x80 | (codePoint & 0x3F));
        }
        else if (codePoint < 0x10000)
        {
            bytes[count++] = (u8)(0xE0 | (codePoint >> 12));
            bytes[count++] = (u8)(0x80 | ((codePoint >> 6) & 0x3F));
            bytes[count++] = (u8)(0x80 | (codePoint & 0x3F));
        }
        else
        {
            bytes[count++] = (u8)(0xF0 | (codePoint >> 18));
            bytes[count++] = (u8)(0x80 | ((codePoint >> 12) & 0x3F));
            bytes[count++] = (u8)(0x80 | ((codePoint >> 6) & 0x3F));
            bytes[count++] = (u8)(0x80 | (codePoint & 0x3F));
        }
        result.needed += count;
        if (result.truncated || result.length + count > room)
        {
            result.truncated = 1;
            continue;
        }
        for (u32 byte = 0; byte < count; ++byte) dest[result.length++] = (char)bytes[byte];
    }
    if (destCapacity) dest[result.length] = 0;
    return result;
}

// UTF-8 text made safe to write where UTF-8 is expected (a log): every well-formed character is
// copied, every byte of a malformed sequence becomes the four characters \xNN (hex). Never writes
// past destCapacity bytes, never splits a character or an escape, always zero-terminates when
// destCapacity > 0. Returns the bytes written (without the zero); *escapedCount (may be null) gets
// the bytes escaped.
inline umm EscapeInvalidUtf8(const char *source, umm sourceLength, char *dest, umm destCapacity, umm *escapedCount)
{
    static const char hex[] = "0123456789ABCDEF";
    const u8 *at = (const u8 *)source;
    umm length = 0;
    umm escaped = 0;
    if (destCapacity == 0) return 0;
    while (sourceLength > 0)
    {
        u32 consumed = 0;
        b32 invalid = 0;
        DecodeUtf8Character(at, sourceLength, &consumed, &invalid);
        umm needed = invalid ? 4 * (umm)consumed : consumed;
        if (length + needed >= destCapacity) break;
        for (u32 index = 0; index < consumed; ++index)
        {
            if (!invalid)
            {
                dest[length++] = (char)at[index];
                continue;
            }
            dest[length++] = '\\';
            dest[length++] = 'x';
            dest[length++] = hex[at[index] >> 4];
            dest[length++] = hex[at[index] & 15];
            ++escaped;
        }
        at += consumed;
        sourceLength -= consumed;
    }
    dest[length] = 0;
    if (escapedCount) *escapedCount = escaped;
    return length;
}

#endif // BASE_UNICODE_H
