// Generates the demo's ground texture: data/textures/ground.bmp, 128x128, 4x4 tiles of slightly
// varied grey with darker grout lines, so distance and motion read clearly without the eye
// being drawn to the floor. Run from the repo root: make_demo_textures data/textures/ground.bmp

#include "render/image_writer.cpp"
#include <stdio.h>

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "data/textures/ground.bmp";
    const u32 size = 128, tiles = 4, tileSize = size / tiles;
    static u8 rgba[128 * 128 * 4];
    u32 seed = 12345;
    for (u32 y = 0; y < size; ++y)
    {
        for (u32 x = 0; x < size; ++x)
        {
            u32 tileX = x / tileSize, tileY = y / tileSize;
            u32 inX = x % tileSize, inY = y % tileSize;
            // Each tile its own shade; a little noise inside; 2-pixel grout between tiles.
            s32 shade = 118 + (s32)(((tileX * 7 + tileY * 13) % 5) * 6);
            seed = seed * 1664525u + 1013904223u;
            shade += (s32)((seed >> 28) & 7) - 3;
            b32 grout = inX < 2 || inY < 2;
            if (grout) shade = 70;
            u8 *pixel = rgba + 4 * (y * size + x);
            pixel[0] = (u8)shade;
            pixel[1] = (u8)(shade + 4);
            pixel[2] = (u8)(shade + 10);
            pixel[3] = 255;
        }
    }
    if (!WriteImageBMP(path, size, size, rgba))
    {
        fprintf(stderr, "could not write %s\n", path);
        return 1;
    }
    printf("wrote %s\n", path);
    return 0;
}
