#ifndef BASE_FORMAT_H
#define BASE_FORMAT_H
// Formatting text into memory the caller owns (a stack array, a struct field, an arena block),
// so no code has to track offsets and remaining sizes around snprintf by hand.
// Every function here: never writes past the capacity, always leaves the text NUL-terminated
// (when the capacity is at least 1), and never allocates. Text is UTF-8; a cut may fall inside a
// multi-byte sequence only where the caller's format put one there, never past the buffer.

#include "base/base_types.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// GCC and clang check the arguments of a format against it, as they do for printf; MSVC's /analyze
// reads _Printf_format_string_ instead, which cl without /analyze ignores.
#if defined(__GNUC__) || defined(__clang__)
#define BASE_PRINTF_FORMAT(formatIndex, firstArgument) __attribute__((format(printf, formatIndex, firstArgument)))
#else
#define BASE_PRINTF_FORMAT(formatIndex, firstArgument)
#endif

//~ A text buffer: appends that remember whether anything was cut
struct text_buffer
{
    char *data;         // always NUL-terminated
    umm capacity;       // bytes at data, the terminator included
    umm length;         // bytes of text before the terminator
    b32 truncated;      // an append did not fit (what fitted was kept)
};

// A buffer over caller-owned storage, emptied. capacity 0 is allowed: every append then only sets
// truncated.
inline text_buffer TextBufferOver(char *storage, umm capacity)
{
    text_buffer buffer = {};
    buffer.data = storage;
    buffer.capacity = capacity;
    if (capacity) storage[0] = 0;
    return buffer;
}
// For a char array whose size the compiler knows: text_buffer text = TEXT_BUFFER_ON(line);
#define TEXT_BUFFER_ON(array) TextBufferOver((array), sizeof(array))

inline void TextAppendFormatV(text_buffer *buffer, const char *format, va_list args)
{
    if (buffer->length + 1 >= buffer->capacity)
    {
        buffer->truncated = 1;
        return;
    }
    umm room = buffer->capacity - buffer->length;
    int wanted = vsnprintf(buffer->data + buffer->length, room, format, args);
    if (wanted < 0)
    {
        // An encoding error in the format: keep what was there before this append.
        buffer->data[buffer->length] = 0;
        buffer->truncated = 1;
        return;
    }
    if ((umm)wanted >= room)
    {
        buffer->length = buffer->capacity - 1;
        buffer->truncated = 1;
    }
    else
    {
        buffer->length += (umm)wanted;
    }
}

BASE_PRINTF_FORMAT(2, 3)
inline void TextAppendFormat(text_buffer *buffer, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    TextAppendFormatV(buffer, format, args);
    va_end(args);
}

// Appends text as it is (no % expansion): safe for names and messages a user or a game chose.
inline void TextAppend(text_buffer *buffer, const char *text)
{
    umm textLength = strlen(text);
    if (buffer->capacity == 0)
    {
        buffer->truncated |= textLength > 0;
        return;
    }
    umm room = buffer->capacity - 1 - buffer->length;
    umm copied = textLength < room ? textLength : room;
    memcpy(buffer->data + buffer->length, text, copied);
    buffer->length += copied;
    buffer->data[buffer->length] = 0;
    if (copied < textLength) buffer->truncated = 1;
}

//~ One-shot helpers over a plain char array
// Formats into buffer (replacing what was there); returns the length written, which is less than
// the full text when it was cut.
BASE_PRINTF_FORMAT(3, 4)
inline umm FormatText(char *buffer, umm bufferSize, const char *format, ...)
{
    text_buffer text = TextBufferOver(buffer, bufferSize);
    va_list args;
    va_start(args, format);
    TextAppendFormatV(&text, format, args);
    va_end(args);
    return text.length;
}

// Appends to the NUL-terminated text already in buffer; a buffer that is already full is left as
// it is.
BASE_PRINTF_FORMAT(3, 4)
inline void AppendFormat(char *buffer, umm bufferSize, const char *format, ...)
{
    if (bufferSize == 0) return;
    text_buffer text = {};
    text.data = buffer;
    text.capacity = bufferSize;
    text.length = strnlen(buffer, bufferSize - 1);
    buffer[text.length] = 0;
    va_list args;
    va_start(args, format);
    TextAppendFormatV(&text, format, args);
    va_end(args);
}

#endif // BASE_FORMAT_H
