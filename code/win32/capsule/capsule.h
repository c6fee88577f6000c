// win32/capsule/: the interfaces of capsules (bodies: capsule/capsule.cpp). The always-on recording
// of the last seconds of play, writing it as one file off the main thread, and --replay, which runs
// such a file again (and --compare, which runs it on two builds).
// May include base/, contract/, platform/, jobs/, guard/, reload/ and the win32/ headers included
// before it in win32/win32.h.

#include "win32/capsule/win32_capsule_recorder.h"
#include "win32/capsule/win32_capsule_writer.h"
#include "win32/capsule/win32_replay.h"
#include "win32/capsule/win32_replay_compare.h"
