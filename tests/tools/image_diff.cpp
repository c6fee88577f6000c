// image_diff A.bmp B.bmp TOP BOTTOM: prints the fraction of pixels that differ (by more than
// 8/255 in any channel) between two same-sized BMPs, within rows TOP..BOTTOM given as fractions
// of the height from the top (0 0.25 = the top quarter). Exit 2 if an image cannot be read.

#include "game_kit/game_kit.cpp"
#include "../unit/test_framework.h"
#include <stdio.h>
#include <stdlib.h>


int main(int argc, char **argv)
{
    if (argc != 5) { fprintf(stderr, "usage: image_diff A.bmp B.bmp TOP BOTTOM\n"); return 2; }
    static u8 arenaMemory[64 << 20];
    memory_arena arena;
    InitializeArena(&arena, "image_diff", sizeof(arenaMemory), arenaMemory, 0);
    loaded_bitmap images[2];
    for (int index = 0; index < 2; ++index)
    {
        u32 size = 0;
        void *contents = TestReadWholeFile(argv[1 + index], &size);
        images[index] = LoadBMP(&arena, contents, contents ? size : 0, argv[1 + index], 0);
        if (!contents || images[index].isFallback) { fprintf(stderr, "cannot read %s\n", argv[1 + index]); return 2; }
    }
    if (images[0].width != images[1].width || images[0].height != images[1].height)
    {
        printf("1.0\n");
        return 0;
    }
    u32 width = images[0].width, height = images[0].height;
    // Rows are stored bottom-up: row 0 is the bottom of the picture.
    u32 topRow = (u32)(atof(argv[3]) * height), bottomRow = (u32)(atof(argv[4]) * height);
    u64 differing = 0, total = 0;
    for (u32 fromTop = topRow; fromTop < bottomRow && fromTop < height; ++fromTop)
    {
        u32 row = height - 1 - fromTop;
        for (u32 x = 0; x < width; ++x)
        {
            u32 a = images[0].pixels[row * width + x], b = images[1].pixels[row * width + x];
            b32 differs = 0;
            for (u32 channel = 0; channel < 3; ++channel)
            {
                s32 delta = (s32)((a >> (8 * channel)) & 0xFF) - (s32)((b >> (8 * channel)) & 0xFF);
                if (delta > 8 || delta < -8) differs = 1;
            }
            differing += differs;
            ++total;
        }
    }
    printf("%.4f\n", total ? (double)differing / (double)total : 0.0);
    return 0;
}
