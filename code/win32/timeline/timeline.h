// win32/timeline/: the interfaces of time travel in the running engine (bodies: timeline/timeline.cpp).
// The history of the last seconds of play as keyframes and inputs, pause and scrub, a change of the
// past re-run with new code, resume from any frame.
// May include base/, contract/, platform/, jobs/, guard/, reload/, capsule/ and the win32/ headers
// included before it in win32/win32.h.

#include "win32/timeline/win32_timeline.h"
