#!/usr/bin/env python3
"""test/gpu/sql_statements.py -- a SQL file's statements, each followed by a
blank line, for `postgres --single -j` (which ends a statement at a
semicolon and an empty line).  Splits at top-level semicolons, outside
quotes, dollar quotes and comments; drops comments.

Usage: sql_statements.py FILE.sql > statements
"""
import re
import sys


def statements(text):
    """The statements of a SQL script, comments removed."""
    out, cur, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("--", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "'\"":
            j = i + 1
            while j < n:
                if text[j] == c and text.startswith(c * 2, j):
                    j += 2
                    continue
                if text[j] == c:
                    break
                j += 1
            cur.append(text[i:j + 1])
            i = j + 1
            continue
        m = re.match(r"\$[A-Za-z_]*\$", text[i:])
        if c == "$" and m:
            tag = m.group(0)
            j = text.find(tag, i + len(tag))
            j = n if j < 0 else j + len(tag)
            cur.append(text[i:j])
            i = j
            continue
        if c == ";":
            s = "".join(cur).strip()
            if s:
                out.append(s)
            cur = []
        else:
            cur.append(c)
        i += 1
    s = "".join(cur).strip()
    if s:
        out.append(s)
    return out


if __name__ == "__main__":
    for st in statements(open(sys.argv[1]).read()):
        # -j ends a statement at ";" and an empty line: none inside one
        print(re.sub(r"\n\s*\n", "\n", st) + ";\n")
