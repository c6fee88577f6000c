@echo off
rem Windows build (MSVC cl, from a "x64 Native Tools" prompt).
rem   build.bat            development exe + game.dll (debug)
rem   build.bat game       game.dll only: run this while the exe runs to hot-reload
rem   build.bat release    optimized exe + game.dll without development checks
rem   build.bat test       build and run every test exe, then a short scripted engine run
setlocal EnableDelayedExpansion
cd /D "%~dp0"

set Mode=%1
if "%Mode%"=="" set Mode=debug

where cl >NUL 2>NUL
if errorlevel 1 (
    echo build.bat: cl.exe not found. Open an "x64 Native Tools Command Prompt for VS" first.
    exit /b 1
)

if not exist build mkdir build
pushd build

rem /wd4201 nameless struct, /wd4100 unused parameter, /wd4189 unused local, /wd4505 unused internal
rem function (unity builds), /wd4127 constant condition (do/while(0) macros), /wd4324 padding from alignas
set Warnings=/W4 /WX /wd4201 /wd4100 /wd4189 /wd4505 /wd4127 /wd4324
set CommonFlags=/nologo /std:c++14 %Warnings% /GR- /EHa- /Zi /FC /Oi /D_CRT_SECURE_NO_WARNINGS /I..\code
set DebugFlags=/Od /MTd /DENGINE_DEVELOPMENT=1
set ReleaseFlags=/O2 /MT /DENGINE_DEVELOPMENT=0
set LinkFlags=/incremental:no /opt:ref
set PlatformLibs=user32.lib gdi32.lib opengl32.lib winmm.lib

set ModeFlags=%DebugFlags%
if "%Mode%"=="release" set ModeFlags=%ReleaseFlags%

if "%Mode%"=="game" goto BuildGame
if "%Mode%"=="test" goto BuildTests

:BuildPlatform
cl %CommonFlags% %ModeFlags% ..\code\win32_main.cpp /Fewin32_platform.exe /link %LinkFlags% /SUBSYSTEM:WINDOWS %PlatformLibs%
if errorlevel 1 goto Failed

:BuildGame
rem A unique PDB name per DLL build (a counter, not %random%): the debugger keeps the loaded
rem DLL's PDB locked, so the next build must not need that name. Old PDBs are deleted; the
rem locked one simply survives until the next build.
set /a PdbCounter=0
if exist pdb_counter.txt set /p PdbCounter=<pdb_counter.txt
set /a PdbCounter=%PdbCounter%+1
echo %PdbCounter%>pdb_counter.txt
del game_*.pdb >NUL 2>NUL
rem The lock file tells the running exe that the DLL (and its PDB) are still being written.
echo WAITING FOR PDB > lock.tmp
cl %CommonFlags% %ModeFlags% ..\code\game_main.cpp /LD /Fegame.dll /link %LinkFlags% /PDB:game_%PdbCounter%.pdb
set GameError=%ERRORLEVEL%
del lock.tmp
if not "%GameError%"=="0" goto Failed
goto Done

:BuildTests
set TestFailures=0
set TestCount=0
for %%T in (test_arena test_input test_options) do (
    set /a TestCount+=1
    cl %CommonFlags% %DebugFlags% /I..\tests ..\tests\%%T.cpp /Fe%%T.exe /link %LinkFlags% >NUL
    if errorlevel 1 (
        echo FAIL %%T: build failed
        set /a TestFailures+=1
    ) else (
        %%T.exe
        if errorlevel 1 set /a TestFailures+=1
    )
)
popd
call "%~dp0build.bat" debug >NUL
if errorlevel 1 (
    echo FAIL engine build failed
    exit /b 1
)
build\win32_platform.exe --frames 30 --unthrottled --log build\test_run.log
if errorlevel 1 (
    echo FAIL scripted engine run exited non-zero
    set /a TestFailures+=1
)
echo %TestCount% test programs, %TestFailures% failing
if not "%TestFailures%"=="0" exit /b 1
exit /b 0

:Done
popd
exit /b 0

:Failed
popd
exit /b 1
