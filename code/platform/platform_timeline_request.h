#ifndef PLATFORM_TIMELINE_REQUEST_H
#define PLATFORM_TIMELINE_REQUEST_H
// The timeline's script: one line of a timeline.request file (beside the game DLL, taken by renaming
// like tune.request; win32/timeline/). Portable: unit-tested natively (tests/unit/test_history.cpp).
//   pause                   stop the simulation at the frame shown (drawing goes on)
//   resume                  play on, live, from the frame shown and on the timeline shown
//   seek FRAME              show the state at the start of FRAME (a frame of the history)
//   step N                  move the cursor N frames (negative: back)
//   view recorded|new       which timeline is shown, after a change of the past
//   save PATH               write the history's capsule (its newest window) to PATH
//   watch FIELD             plot FIELD (a path of the state layout, one word: platform_state_path.h,
//                           e.g. demo_state.entities[17].position.y) over the history
//   unwatch FIELD           stop plotting it
//   find FIELD OP VALUE     seek the first frame after the one shown where FIELD OP VALUE holds; OP is
//                           one of == != < <= > >=, VALUE a decimal number (sign, fraction, exponent)
//                           or true/false (1/0)
//   find FIELD changed      seek the first frame after the one shown where FIELD differs from the
//                           frame before it
//   find-back FIELD ...     the same, searching back from the frame shown
// Blank lines and lines starting with # are skipped. Anything else is refused with a reason.

#include "base/base_types.h"

enum timeline_command_kind
{
    TimelineCommand_None,       // a blank line or a comment
    TimelineCommand_Pause,
    TimelineCommand_Resume,
    TimelineCommand_Seek,
    TimelineCommand_Step,
    TimelineCommand_View,
    TimelineCommand_Save,
    TimelineCommand_Watch,
    TimelineCommand_Unwatch,
    TimelineCommand_Find,
};

enum timeline_find_op
{
    TimelineFind_Equal,
    TimelineFind_NotEqual,
    TimelineFind_Less,
    TimelineFind_LessEqual,
    TimelineFind_Greater,
    TimelineFind_GreaterEqual,
    TimelineFind_Changed,       // no value: the field differs from the frame before
};

struct timeline_command
{
    timeline_command_kind kind;
    s64 number;                 // seek: the frame; step: the count
    b32 viewNew;                // view: true for "new"
    char path[512];             // save
    char fieldPath[256];        // watch, unwatch, find: the field's path as written (not resolved here)
    u32 findOp;                 // find: a timeline_find_op
    b32 findBackward;           // find-back
    f64 findValue;              // find: the value compared with (not for TimelineFind_Changed)
};

// Parses one line (no line break). False with error set ("unknown command 'jump'") when refused.
// Any thread; touches nothing but its arguments.
b32 ParseTimelineCommand(const char *line, timeline_command *command, char *error, umm errorSize);

// Whether a frame whose field reads value matches `find` with op and target; previous is the value
// at the frame before (for TimelineFind_Changed, where two NaNs count as unchanged). Compares
// exactly: a caller reading an f32 field rounds target to f32 first ((f64)(f32)target), so that
// "== 0.1" meets the f32 nearest 0.1.
b32 TimelineFindMatches(u32 op, f64 value, f64 previous, f64 target);

// "==", "!=", "<", "<=", ">", ">=", "changed" ("?" for no op).
const char *TimelineFindOpText(u32 op);

#endif // PLATFORM_TIMELINE_REQUEST_H
