// win32/restart/: the bodies of the hot restart (their interfaces: restart/restart.h, included with
// every other win32 header before any body, so the order below does not matter).

#include "win32/restart/win32_restart_channel.cpp"
#include "win32/restart/win32_restart_state.cpp"
#include "win32/restart/win32_restart_capsule.cpp"
#include "win32/restart/win32_restart_old.cpp"
#include "win32/restart/win32_restart_handover.cpp"
#include "win32/restart/win32_restart_new.cpp"
#include "win32/restart/win32_restart_waiter.cpp"
