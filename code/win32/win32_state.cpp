//~ The platform's state: the bodies behind win32/win32_state.h

internal void Win32PostNotice(win32_state *state, log_level level, const char *format, ...)
{
    platform_notice *notice = &state->notices.notices[state->notices.nextIndex % PLATFORM_MAX_NOTICES];
    va_list args;
    va_start(args, format);
    vsnprintf(notice->text, sizeof(notice->text), format, args);
    va_end(args);
    notice->level = (u32)level;
    notice->secondsLeft = 4.0f;
    state->notices.nextIndex = (state->notices.nextIndex + 1) % PLATFORM_MAX_NOTICES;
}

internal void Win32AgeNotices(platform_notices *notices, f32 seconds)
{
    for (u32 noticeIndex = 0; noticeIndex < PLATFORM_MAX_NOTICES; ++noticeIndex)
        if (notices->notices[noticeIndex].secondsLeft > 0.0f) notices->notices[noticeIndex].secondsLeft -= seconds;
}
