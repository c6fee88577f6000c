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
};

struct timeline_command
{
    timeline_command_kind kind;
    s64 number;                 // seek: the frame; step: the count
    b32 viewNew;                // view: true for "new"
    char path[512];             // save
};

// Parses one line (no line break). False with error set ("unknown command 'jump'") when refused.
b32 ParseTimelineCommand(const char *line, timeline_command *command, char *error, umm errorSize);

#endif // PLATFORM_TIMELINE_REQUEST_H
