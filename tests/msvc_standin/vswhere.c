// Stand-in vswhere.exe for the suite that runs build.bat from a plain cmd (no cl on PATH): installed
// by that suite at the fixed place Visual Studio puts the real one ("%ProgramFiles(x86)%\Microsoft
// Visual Studio\Installer\vswhere.exe"). For the one query build.bat makes (-latest -products *
// -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64 -property installationPath) it prints
// the installation folder written in installation.txt beside it (the stand-in's vs\ folder, whose
// VC\Auxiliary\Build\vcvarsall.bat puts the stand-in cl on PATH); for any other query nothing.
#include <windows.h>
#include <stdio.h>
#include <string.h>

int main(int argumentCount, char **arguments)
{
    int wantsPath = 0, wantsTools = 0;
    for (int index = 1; index + 1 < argumentCount; ++index)
    {
        if (strcmp(arguments[index], "-property") == 0 && strcmp(arguments[index + 1], "installationPath") == 0) wantsPath = 1;
        if (strcmp(arguments[index], "-requires") == 0 &&
            strcmp(arguments[index + 1], "Microsoft.VisualStudio.Component.VC.Tools.x86.x64") == 0)
            wantsTools = 1;
    }
    if (!wantsPath || !wantsTools) return 0;

    char path[MAX_PATH];
    DWORD length = GetModuleFileNameA(0, path, MAX_PATH);
    if (length == 0 || length >= MAX_PATH) return 1;
    char *slash = strrchr(path, '\\');
    if (!slash) return 1;
    snprintf(slash + 1, (size_t)(path + MAX_PATH - slash - 1), "installation.txt");
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    char line[MAX_PATH] = "";
    if (fgets(line, sizeof(line), file)) fputs(line, stdout);
    fclose(file);
    return 0;
}
