// win32/timeline/: the bodies of time travel (the interface: timeline/timeline.h, included with every
// other win32 header before any body, so the order below does not matter).

#include "win32/timeline/win32_timeline_record.cpp"
#include "win32/timeline/win32_timeline_packer.cpp"
#include "win32/timeline/win32_timeline_travel.cpp"
#include "win32/timeline/win32_timeline_builds.cpp"
#include "win32/timeline/win32_timeline_handover.cpp"
#include "win32/timeline/win32_timeline_control.cpp"
#include "win32/timeline/win32_timeline_quiet.cpp"
#include "win32/timeline/win32_timeline_watch.cpp"
#include "win32/timeline/win32_timeline_strip.cpp"
#include "win32/timeline/win32_timeline_plot.cpp"
