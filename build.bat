@echo off
rem Windows build (MSVC cl: from any prompt; without cl on PATH it finds Visual Studio with vswhere).
rem   build.bat            development exe + game.dll + starter.dll (debug)
rem   build.bat game       game.dll only: run this while the exe runs to hot-reload
rem   build.bat starter    starter.dll only (the starter game, code\starter), the same way
rem   build.bat platform   the exe only: a running exe restarts into it, keeping the game's state
rem                        (every build of the exe publishes build\win32_platform_next.exe under
rem                        build\platform_lock.tmp, see :BuildPlatformExe)
rem   build.bat release    optimized exe + game.dll + starter.dll without development checks
rem   build.bat test       build and run every test exe, then a short scripted engine run
setlocal EnableDelayedExpansion
cd /D "%~dp0"

set Mode=%1
if "%Mode%"=="" set Mode=debug

rem NOTE: cmd's own search of PATH (:FindCl), not where.exe: each program started costs time in the
rem edit loop (build.bat game; 40-60 ms a start under Wine).
call :FindCl
if defined ClPath goto HaveCl
call :FindVisualStudio
call :FindCl
if not defined ClPath (
    echo build.bat: cl.exe not found: it is not on PATH and no Visual Studio with the C++ x64 tools was found
    echo through vswhere.exe. Install Visual Studio 2017 or later with "Desktop development with C++",
    echo or open an "x64 Native Tools Command Prompt for VS" and run build.bat there.
    exit /b 1
)
:HaveCl

if not exist build mkdir build
pushd build

rem /wd4201 nameless struct, /wd4100 unused parameter, /wd4189 unused local, /wd4505 unused internal
rem function (unity builds), /wd4127 constant condition (do/while(0) macros), /wd4324 padding from alignas
set Warnings=/W4 /WX /wd4201 /wd4100 /wd4189 /wd4505 /wd4127 /wd4324
set CommonFlags=/nologo /std:c++14 %Warnings% /GR- /EHa- /Zi /FC /Oi /D_CRT_SECURE_NO_WARNINGS /I..\code
set DebugFlags=/Od /MTd /DENGINE_DEVELOPMENT=1
set ReleaseFlags=/O2 /MT /DENGINE_DEVELOPMENT=0
set LinkFlags=/incremental:no /opt:ref
rem The engine's debugger views (misc\engine.natvis), embedded into the exe's and each game PDB.
set Natvis=/NATVIS:..\misc\engine.natvis
set PlatformLibs=user32.lib gdi32.lib opengl32.lib winmm.lib

set ModeFlags=%DebugFlags%
if "%Mode%"=="release" set ModeFlags=%ReleaseFlags%
rem Game DLLs are linked from objects cached in build\obj\debug or build\obj\release (see :BuildGameCode).
set ObjectDir=obj\debug
if "%Mode%"=="release" set ObjectDir=obj\release

if "%Mode%"=="game" goto BuildGame
if "%Mode%"=="starter" goto BuildStarter
if "%Mode%"=="test" goto BuildTests

:BuildPlatform
rem The tool first: the exe's build prunes its old PDBs with it too (build.bat platform builds it
rem only when it is missing).
if "%Mode%"=="platform" goto BuildPlatformOnly
call :BuildGameUnitsTool
if errorlevel 1 goto Failed
:BuildPlatformOnly
call :BuildPlatformExe
if errorlevel 1 goto Failed
if "%Mode%"=="platform" goto Done

:BuildGame
call :BuildGameCode game ..\code\demo\demo_main.cpp pdb_counter.txt
if errorlevel 1 goto Failed
if "%Mode%"=="game" goto Done

:BuildStarter
call :BuildGameCode starter ..\code\starter\starter_main.cpp starter_pdb_counter.txt
if errorlevel 1 goto Failed
goto Done

:BuildTests
rem Every unit test tests\unit\unit_tests.txt marks windows (the list the Linux suites read too),
rem then a short scripted engine run. Each test prints one FAIL line per failed check and its own
rem "N passed, M failed".
set TestFailures=0
set TestCount=0
set TestFlags=%CommonFlags% %DebugFlags% /I..\tests\unit
rem test_reload_drain loads and frees this DLL.
cl %TestFlags% /LD ..\tests\fixtures\reload_drain_dll.cpp /Fereload_drain_dll.dll /link %LinkFlags% >NUL
if errorlevel 1 (
    echo FAIL reload_drain_dll: build failed
    set /a TestFailures+=1
)
rem NOTE: a line's fields reach :BuildAndRun as variables, not call arguments (cmd splits those at
rem commas), and are tested there: some cmd versions neither split a for list at commas nor expand
rem !X:a=b! in an if inside this block.
for /f "usebackq eol=# tokens=1-5*" %%A in ("..\tests\unit\unit_tests.txt") do (
    set TestName=%%A
    set TestPlatforms=,%%C,
    set TestSources=%%D
    set TestLibs=%%E
    set TestArgs=%%F
    call :BuildAndRun
)
popd
call "%~dp0build.bat" debug >NUL
if errorlevel 1 (
    echo FAIL engine build failed
    exit /b 1
)
rem NOTE: some cmd versions leave the called script's folder current: come back explicitly.
cd /D "%~dp0"
set /a TestCount+=1
rem start /wait: the exe is a GUI program, which cmd would not otherwise wait for everywhere. A small
rem window: a software renderer (llvmpipe, Wine) spent ~20 s of CPU on 120 frames at 1280x720.
start "" /wait build\win32_platform.exe --frames 60 --unthrottled --size 480x270 --log build\test_run.log --screenshot build\test_run.png
if errorlevel 1 (
    echo FAIL scripted engine run exited non-zero
    set /a TestFailures+=1
)
rem NOTE: "if not errorlevel 1", not "findstr ... && (...)": some cmd versions run the right side
rem of && even when findstr found nothing.
findstr /C:"error:" build\test_run.log >NUL
if not errorlevel 1 (
    echo FAIL the scripted engine run logged errors: see build\test_run.log
    set /a TestFailures+=1
)
echo %TestCount% test programs run, %TestFailures% failing
if not "%TestFailures%"=="0" exit /b 1
exit /b 0

rem :BuildAndRun: the unit_tests.txt line in TestName, TestPlatforms, TestSources, TestLibs and
rem TestArgs ("-" for none); builds it into build\ when it is marked windows and runs it from the
rem repository root, where the list's paths start.
:BuildAndRun
if "%TestPlatforms:,windows,=%"=="%TestPlatforms%" goto :eof
if not exist ..\tests\unit\%TestName%.cpp goto :eof
set /a TestCount+=1
set TestUnits=..\tests\unit\%TestName%.cpp
if not "%TestSources%"=="-" set TestUnits=%TestUnits% ..\%TestSources:,= ..\%
set TestUnits=%TestUnits:/=\%
set TestLinkLibs=
if not "%TestLibs%"=="-" set TestLinkLibs=%TestLibs:,=.lib %.lib
rem {scale} stands for a suite's "-s N": the full-size run here passes nothing for it.
set TestRunArgs=%TestArgs:/=\%
if "%TestRunArgs%"=="-" set TestRunArgs=
if defined TestRunArgs set TestRunArgs=%TestRunArgs:{scale}=%
cl %TestFlags% %TestUnits% /Fe%TestName%.exe /link %LinkFlags% %TestLinkLibs% >%TestName%.build.txt
if errorlevel 1 (
    echo FAIL %TestName%: build failed, see build\%TestName%.build.txt
    set /a TestFailures+=1
    goto :eof
)
pushd ..
build\%TestName%.exe %TestRunArgs%
if errorlevel 1 set /a TestFailures+=1
popd
goto :eof

rem :BuildGameCode NAME UNITY_ENTRY COUNTER_FILE: NAME.dll, under the lock file, with a new PDB name.
:BuildGameCode
rem What a game DLL build does, here and in misc/build.sh alike:
rem  1. build\lock.tmp ("building NAME.dll") exists for the whole build: the running exe loads
rem     nothing while it is there (so not before the PDB is complete either);
rem  2. the DLL is linked to NAME_build.tmp and renamed to NAME.dll only when the link succeeded, so
rem     the exe never sees a half-written NAME.dll and a failed build leaves the last good one; a
rem     failed build deletes its NAME_build.tmp;
rem  3. lock.tmp is deleted last, whatever the outcome;
rem  4. nothing else is deleted, except (here only: MinGW's debug information lives inside the DLL,
rem     so misc/build.sh has no PDB) the PDBs described next. The private copies the exe loads
rem     (NAME_loaded_*.dll) are the exe's to delete; the objects in build\obj\ are replaced by
rem     their next compile.
rem Incremental, as in misc/build.sh: game_units.exe (misc\game_units.cpp) compiles only the units of
rem UNITY_ENTRY (its #include "X.cpp" lines; game_kit\game_kit.cpp is one, shared by every game)
rem whose object is missing or older than a file its last compile read (cl /showIncludes), or
rem whose flags changed, in parallel, into %ObjectDir%. Objects carry their debug information (/Z7,
rem not /Zi: no compile PDB shared between parallel compiles); the link makes the DLL's PDB. It
rem exits 3 when the DLL must be linked again and 0 when nothing changed: then step 2 and the PDB
rem name below are skipped, NAME.dll stays as it is and the running exe reloads nothing. Every unit
rem starts with code\game_kit\kit_precompiled.h, compiled once into %ObjectDir%\precompiled.pch.
echo building %1.dll> lock.tmp
set GameError=1
if not exist game_units.exe call :BuildGameUnitsTool
if not exist game_units.exe goto GameCodeDone
set GameUnitFlags=%CommonFlags:/Zi=/Z7% %ModeFlags%
set GamePrecompiledHeader=game_kit/kit_precompiled.h
set GameLinkKey=%LinkFlags% %Natvis% %ModeFlags%
rem A unique PDB name per DLL link (a counter, not %random%): the debugger keeps the loaded
rem DLL's PDB locked, so the next build must not need that name. Old PDBs are deleted (by
rem game_units, only when it is to link), but never the last successful build's or a newer one
rem (COUNTER_FILE's "_good" twin holds that number, so failed builds move nothing), nor one a private
rem copy the exe loaded names (the running code, the rollback copy, the builds the timeline spans);
rem one a debugger holds simply survives until a later build.
call :ReadPdbCounters %3
set GamePdbKeepFrom=%GoodPdbCounter%
set GamePdbCopies=%1_loaded_*.dll
game_units.exe %2 %ObjectDir% %1.dll
set GameError=%ERRORLEVEL%
if not "%GameError%"=="3" goto GameCodeDone
rem NOTE: the redirection first: "echo 2>file" would redirect handle 2 instead of writing "2".
>%3 echo %PdbCounter%
rem /PDBALTPATH: the DLL names its PDB by file name only, so no folder of this machine is embedded
rem in it (the debugger looks beside the DLL it loaded and in its symbol path).
link /nologo /DLL @%ObjectDir%\%1.dll.objects /OUT:%1_build.tmp %LinkFlags% %Natvis% /DEBUG /PDB:%1_%PdbCounter%.pdb /PDBALTPATH:%1_%PdbCounter%.pdb
set GameError=%ERRORLEVEL%
if "%GameError%"=="0" move /Y %1_build.tmp %1.dll >NUL
if "%GameError%"=="0" set GameError=%ERRORLEVEL%
if "%GameError%"=="0" >%GoodPdbFile% echo %PdbCounter%
if "%GameError%"=="0" move /Y %ObjectDir%\%1.dll.link.new %ObjectDir%\%1.dll.link >NUL
if exist %1_build.tmp del %1_build.tmp
:GameCodeDone
del lock.tmp
exit /b %GameError%

rem :BuildPlatformExe: win32_platform.exe (the embedded shaders first), under its own lock file, with a
rem new PDB name. What an exe build does, here and in misc/build.sh (build_platform) alike:
rem  1. build\platform_lock.tmp ("building win32_platform.exe") exists for the whole build: a running
rem     exe restarts into nothing while it is there;
rem  2. the exe is linked to win32_platform_build.tmp; only when that succeeded it is renamed to
rem     win32_platform_next.exe (complete before it has that name: a running exe watches it and
rem     restarts into a copy of it);
rem  3. platform_lock.tmp is deleted, whatever the outcome; a failed build leaves both exes as they
rem     were and no temporary;
rem  4. then (here only) win32_platform_next.exe is copied over win32_platform.exe. While an engine
rem     runs from win32_platform.exe (or waits in it for the process it restarted into) Windows
rem     refuses the copy: build.bat says so and succeeds, the running engine restarts into the new
rem     build by itself and win32_platform.exe is replaced by the next build once it has ended.
rem Each link names a new PDB, win32_platform_N.pdb (platform_pdb_counter.txt), pruned like the games'
rem (game_units --prune-pdbs; the copies are the exe and its restart copies, win32_platform*.exe): a
rem debugger attached to the running exe keeps its PDB locked.
:BuildPlatformExe
echo building win32_platform.exe> platform_lock.tmp
set PlatformError=1
rem The exe embeds data\shaders\ (the one source of the GLSL) as code\render\embedded_shaders.h:
rem misc\embed_shaders.cpp, a plain C++ tool, rewrites it from the files first (only when they differ).
cl /nologo /W4 /WX /O1 /D_CRT_SECURE_NO_WARNINGS ..\misc\embed_shaders.cpp /Feembed_shaders.exe /link /incremental:no >embed_shaders.build.txt
if errorlevel 1 (
    type embed_shaders.build.txt
    goto PlatformExeDone
)
embed_shaders.exe ..
if errorlevel 1 goto PlatformExeDone
if not exist game_units.exe call :BuildGameUnitsTool
if not exist game_units.exe goto PlatformExeDone
call :ReadPdbCounters platform_pdb_counter.txt
>platform_pdb_counter.txt echo %PdbCounter%
game_units.exe --prune-pdbs win32_platform %GoodPdbCounter% win32_platform*.exe
cl %CommonFlags% %ModeFlags% ..\code\win32\win32_main.cpp /Fewin32_platform_build.tmp /link %LinkFlags% %Natvis% /SUBSYSTEM:WINDOWS %PlatformLibs% /PDB:win32_platform_%PdbCounter%.pdb /PDBALTPATH:win32_platform_%PdbCounter%.pdb
set PlatformError=%ERRORLEVEL%
if "%PlatformError%"=="0" move /Y win32_platform_build.tmp win32_platform_next.exe >NUL
if "%PlatformError%"=="0" set PlatformError=%ERRORLEVEL%
if "%PlatformError%"=="0" >%GoodPdbFile% echo %PdbCounter%
if exist win32_platform_build.tmp del win32_platform_build.tmp
:PlatformExeDone
del platform_lock.tmp
if not "%PlatformError%"=="0" exit /b %PlatformError%
copy /Y win32_platform_next.exe win32_platform.exe >NUL 2>NUL
if errorlevel 1 echo build.bat: build\win32_platform.exe is in use by a running engine and keeps its old build; the engine restarts into the new one, build\win32_platform_next.exe, by itself
exit /b 0

rem :BuildGameUnitsTool: game_units.exe from misc\game_units.cpp (every full build, and a game or
rem exe build when it is missing).
:BuildGameUnitsTool
cl /nologo /W4 /WX /O1 /D_CRT_SECURE_NO_WARNINGS ..\misc\game_units.cpp /Fegame_units.exe /link /incremental:no >game_units.build.txt
if errorlevel 1 (
    type game_units.build.txt
    exit /b 1
)
exit /b 0

rem :ReadPdbCounters COUNTER_FILE: PdbCounter becomes the next number of a target's PDBs (NAME_N.pdb,
rem one more than COUNTER_FILE holds; the caller writes it back when it links) and GoodPdbCounter the
rem last successful link's (COUNTER_FILE's "_good" twin, GoodPdbFile: the link writes it after
rem success); nothing is written here.
:ReadPdbCounters
set PdbCounter=0
if exist %1 set /p PdbCounter=<%1
rem A counter file that holds anything but digits (an older build.bat wrote "ECHO is off.") restarts at 0.
for /f "delims=0123456789" %%X in ("%PdbCounter%") do set PdbCounter=0
set /a PreviousPdbCounter=%PdbCounter%
set /a PdbCounter=%PdbCounter%+1
set GoodPdbFile=%~n1_good%~x1
set GoodPdbCounter=%PreviousPdbCounter%
if exist %GoodPdbFile% set /p GoodPdbCounter=<%GoodPdbFile%
for /f "delims=0123456789" %%X in ("%GoodPdbCounter%") do set GoodPdbCounter=%PreviousPdbCounter%
goto :eof

rem :FindCl: ClPath becomes cl.exe's full path when a folder on PATH holds it, and empty otherwise.
:FindCl
set ClPath=
for %%X in (cl.exe) do set ClPath=%%~$PATH:X
goto :eof

rem :FindVisualStudio: cl is not on PATH: ask vswhere (installed at this fixed place by every
rem Visual Studio since 2017) for the newest one with the x64 C++ tools and run its vcvarsall.bat x64.
:FindVisualStudio
set VsWhere=%ProgramFiles(x86)%\Microsoft Visual Studio\Installer\vswhere.exe
if not exist "%VsWhere%" goto :eof
set VsPath=
rem NOTE: through a file, not for /f: some cmd versions strip the quotes of a quoted program there.
set VsWhereOut=%TEMP%\engine_build_vswhere.txt
"%VsWhere%" -latest -products * -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64 -property installationPath >"%VsWhereOut%" 2>NUL
set /p VsPath=<"%VsWhereOut%"
del "%VsWhereOut%" >NUL 2>NUL
if not defined VsPath goto :eof
if not exist "%VsPath%\VC\Auxiliary\Build\vcvarsall.bat" goto :eof
echo build.bat: using Visual Studio at %VsPath%
call "%VsPath%\VC\Auxiliary\Build\vcvarsall.bat" x64 >NUL
goto :eof

:Done
popd
exit /b 0

:Failed
popd
exit /b 1
