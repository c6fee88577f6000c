#!/usr/bin/env python3
"""Lists the function definitions of C++ files with their length in lines, longest first.

Usage: function_lengths.py [--top N] FILE...
Reads the engine's own layout: a definition is a signature starting in column 0 followed by a
'{' alone in column 0, ending at the next '}' alone in column 0 (how every function here is
written). Structs, enums, unions, typedefs, macros and initialised tables are not functions.
Prints "LINES PATH:LINE SIGNATURE", one per function.
"""
import re
import sys

NOT_A_FUNCTION = re.compile(r'\s*(struct|union|enum|class|typedef|#|//)')


def function_lengths(path):
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    found = []
    for index, line in enumerate(lines):
        if line != '{' or index == 0:
            continue
        start = index - 1
        while start > 0 and lines[start].startswith((' ', '\t')):
            start -= 1   # a signature continued over several lines
        signature = lines[start]
        if NOT_A_FUNCTION.match(signature) or '(' not in signature or '=' in signature.split('(')[0]:
            continue
        end = index
        while end < len(lines) and lines[end] != '}':
            end += 1
        found.append((end - start + 1, '%s:%d' % (path, start + 1), signature.strip()))
    return found


def main(arguments):
    top = None
    if arguments[:1] == ['--top']:
        top = int(arguments[1])
        arguments = arguments[2:]
    everything = []
    for path in arguments:
        everything.extend(function_lengths(path))
    everything.sort(key=lambda entry: -entry[0])
    for length, place, signature in everything[:top]:
        print(length, place, signature[:100])


if __name__ == '__main__':
    main(sys.argv[1:])
