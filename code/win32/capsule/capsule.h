// win32/capsule/: the interfaces of capsules (bodies: capsule/capsule.cpp). The builds a capsule
// carries, a capsule cut from the timeline's history and written as one file off the main thread,
// and --replay, which runs such a file again (and --compare, which runs it on two builds).
// May include base/, contract/, platform/, jobs/, guard/, reload/ and the win32/ headers included
// before it in win32/win32.h. Its bodies read the timeline's history (win32/timeline/timeline.h,
// included after it: its interfaces name the timeline's structs by forward declaration only).

#include "win32/capsule/win32_capsule_recorder.h"
#include "win32/capsule/win32_capsule_writer.h"
#include "win32/capsule/win32_capsule_cut.h"
#include "win32/capsule/win32_replay.h"
#include "win32/capsule/win32_replay_compare.h"
