#!/usr/bin/env python3
# png_pixels.py IMAGE.png X,Y [X,Y ...]: prints "R G B" for each pixel asked for, a line each (the
# engine's screenshots: 8-bit RGBA PNGs, top row first). Exit 2 when the file cannot be read.
#   png_pixels.py IMAGE.png --size        prints "WIDTH HEIGHT"
#   png_pixels.py IMAGE.png --column X    prints, for every row of column X, "Y R G B"
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        if kind == b"IDAT":
            idat += body
        at += 12 + length
    if (depth, colour) != (8, 6):
        raise ValueError("not 8-bit RGBA")
    raw, stride = zlib.decompress(idat), 1 + 4 * width
    rows, previous = [], bytearray(4 * width)
    for y in range(height):
        kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for i in range(len(line)):
            left = line[i - 4] if i >= 4 else 0
            up = previous[i]
            corner = previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return width, height, rows


def main():
    try:
        width, height, rows = read_png(sys.argv[1])
    except Exception as error:  # noqa: BLE001 - any unreadable file is the same failure
        print("cannot read %s: %s" % (sys.argv[1], error), file=sys.stderr)
        return 2
    args = sys.argv[2:]
    if args[:1] == ["--size"]:
        print(width, height)
        return 0
    if args[:1] == ["--column"]:
        x = int(args[1])
        for y in range(height):
            print(y, *rows[y][4 * x:4 * x + 3])
        return 0
    for point in args:
        x, y = (int(v) for v in point.split(","))
        print(*rows[y][4 * x:4 * x + 3])
    return 0


if __name__ == "__main__":
    sys.exit(main())
