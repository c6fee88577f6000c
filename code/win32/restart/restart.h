// win32/restart/: the interfaces of the hot restart (bodies: restart/restart.cpp). A new build of
// the exe takes over the running game: the channel both processes share while one hands over, the
// state section (game memory and what the platform keeps beside it), the old side (triggers, the
// new process, the handover, the waiter it becomes) and the new side (taking over).
// May include base/, contract/, jobs/ and the win32/ headers included before it in win32/win32.h.

#include "win32/restart/win32_restart_channel.h"
#include "win32/restart/win32_restart_state.h"
#include "win32/restart/win32_restart_capsule.h"
#include "win32/restart/win32_restart.h"
