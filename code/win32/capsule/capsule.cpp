// win32/capsule/: the bodies of capsules (their interfaces: capsule/capsule.h, included with every
// other win32 header before any body, so the order below does not matter).

#include "win32/capsule/win32_capsule_recorder.cpp"
#include "win32/capsule/win32_capsule_writer.cpp"
#include "win32/capsule/win32_capsule_cut.cpp"
#include "win32/capsule/win32_replay.cpp"
#include "win32/capsule/win32_replay_compare.cpp"
