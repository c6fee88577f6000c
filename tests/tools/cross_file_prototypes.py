#!/usr/bin/env python3
"""Finds function prototypes in .cpp files whose body lives in another file.

Usage: cross_file_prototypes.py FILE...
A module's functions reach other modules through its header; a .cpp that declares a function
another .cpp defines depends on the order the unity entry includes them in. Reads the engine's own
layout (as function_lengths.py does): a definition is a signature starting in column 0 followed by
a '{' alone in column 0; a prototype is a statement starting in column 0 outside any body, with a
parameter list, ending in ');'. Definitions are looked for in every FILE (.h and .cpp); prototypes
only in the .cpp files. Unity entries (files that include a .cpp) are skipped.
Prints "PATH:LINE NAME (defined in OTHER)", one per prototype found; exits 1 when any is found.
"""
import re
import sys

NOT_A_FUNCTION = re.compile(r'(struct|union|enum|class|typedef|template|#|//|/\*|\*|\{|\}|extern "C" \{)')
IDENTIFIER = re.compile(r'[A-Za-z_]\w*')


def function_name(signature):
    """Win32Log for 'internal PLATFORM_LOG(Win32Log)', Foo for 'internal void Foo(int a)'."""
    signature = re.sub(r'__declspec\(\w+\)|__attribute__\(\(\w+\)\)|extern "C"', ' ', signature)
    before, _, after = signature.partition('(')
    names = IDENTIFIER.findall(before)
    if not names:
        return None
    name = names[-1]
    if name.isupper() and '_' in name:   # a signature macro: the function is its first argument
        inner = IDENTIFIER.findall(after)
        return inner[0] if inner else None
    return name


def statements(path):
    """(line number, first line, whole text, followed by a body) for each column-0 statement."""
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line or line[0] in ' \t' or NOT_A_FUNCTION.match(line):
            index += 1
            continue
        start = index
        text = line
        while not text.rstrip().endswith((';', ')', '}')) and index + 1 < len(lines) and \
                lines[index + 1][:1] in (' ', '\t'):
            index += 1
            text += ' ' + lines[index].strip()
        has_body = index + 1 < len(lines) and lines[index + 1] == '{'
        yield start + 1, line, text, has_body
        index += 1


def main(paths):
    definitions = {}
    prototypes = []
    for path in paths:
        source = open(path, encoding='utf-8', errors='replace').read()
        is_unity_entry = re.search(r'^#include "[^"]+\.cpp"', source, re.M) is not None
        for line_number, line, text, has_body in statements(path):
            if '(' not in text or '=' in text.split('(')[0]:
                continue
            name = function_name(text)
            if not name:
                continue
            if has_body:
                definitions.setdefault(name, set()).add(path)
            elif path.endswith('.cpp') and not is_unity_entry and re.search(r'\)\s*(const\s*)?;\s*(//.*)?$', text):
                prototypes.append((path, line_number, name))
    found = 0
    for path, line_number, name in prototypes:
        elsewhere = sorted(definitions.get(name, set()) - {path})
        if elsewhere:
            print('%s:%d %s (defined in %s)' % (path, line_number, name, ', '.join(elsewhere)))
            found += 1
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
