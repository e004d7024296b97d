#!/usr/bin/env python3
"""test/check_links.py — every relative link in the documents resolves: in
README.md, doc/*.md and test/bench/NOTES.md, each markdown link or image,
`[text](path)`, `[text](path#anchor)`, `![alt](path)` or a reference
definition `[name]: path`, outside code blocks and code spans, names a file
or folder of the tree, relative to the document's own folder; where it
names a markdown file with an #anchor, a heading of that file has that
anchor (GitHub's: lower case, punctuation dropped, spaces to hyphens).
Links to http(s), mailto and other schemes, and pure #anchor links, are not
checked.  One check per link (passes counted silently, each failure on its
own line), and a line per document.  Ends with "N passed, N failed".

Usage: check_links.py [DOCUMENT ...] (default: the documents above)."""

import glob
import os
import re
import sys

from tally import Tally

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = Tally()

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^\s()<>]+(?:\([^\s()]*\))?[^\s()<>]*)>?"
                    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def documents():
    """The documents checked by default, relative to the top of the tree."""
    docs = ["README.md"]
    docs += sorted(os.path.relpath(p, TOP) for p in glob.glob(os.path.join(TOP, "doc", "*.md")))
    docs.append(os.path.join("test", "bench", "NOTES.md"))
    return docs


def prose(text, spans=True):
    """The text with fenced code blocks, and code spans unless spans is
    false, blanked out (lines kept)."""
    out, fence = [], None
    for line in text.split("\n"):
        m = re.match(r"^ {0,3}(`{3,}|~{3,})", line)
        if fence is None and m:
            fence = m.group(1)[0] * len(m.group(1))
            out.append("")
        elif fence is not None:
            if re.match(r"^ {0,3}" + re.escape(fence[0]) + "{%d,}\\s*$" % len(fence), line):
                fence = None
            out.append("")
        else:
            out.append(line)
    joined = "\n".join(out)
    if not spans:
        return joined
    return re.sub(r"(`+)(.+?)\1", lambda m: re.sub(r"[^\n]", " ", m.group(0)), joined, flags=re.S)


def slug(heading):
    """GitHub's anchor of a heading."""
    h = re.sub(r"`", "", heading.strip().lower())
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(path, cache={}):
    """The anchors of a markdown file's headings (with GitHub's -1, -2 for repeats)."""
    if path not in cache:
        seen, found = {}, set()
        for line in prose(open(path, encoding="utf-8").read(), spans=False).split("\n"):
            m = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
            if not m:
                continue
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            found.add(s if n == 0 else "%s-%d" % (s, n))
        for m in re.finditer(r"<a\s+(?:name|id)=\"([^\"]+)\"", open(path, encoding="utf-8").read()):
            found.add(m.group(1))
        cache[path] = found
    return cache[path]


def links(text):
    """(line number, target) of every link in the text's prose."""
    body = prose(text)
    for rx in (INLINE, REFDEF):
        for m in rx.finditer(body):
            yield body.count("\n", 0, m.start()) + 1, m.group(1)


def check_document(doc):
    """Check one document's relative links; returns (checked, failed)."""
    path = os.path.join(TOP, doc)
    if not os.path.isfile(path):
        T.check(False, "%s exists" % doc)
        return
    base = os.path.dirname(path)
    checked = failed = 0
    for line, target in links(open(path, encoding="utf-8").read()):
        if target.startswith("#") or SCHEME.match(target):
            continue
        file_part, _, anchor = target.partition("#")
        file_part = re.sub(r"\?.*$", "", file_part)
        dest = os.path.normpath(os.path.join(base, file_part.replace("%20", " ")))
        checked += 1
        if not os.path.exists(dest):
            failed += 1
            T.fail("%s:%d: %s: no such file or folder" % (doc, line, target))
        elif os.path.relpath(dest, TOP).startswith(".."):
            failed += 1
            T.fail("%s:%d: %s: outside the tree" % (doc, line, target))
        elif anchor and dest.endswith(".md") and os.path.isfile(dest) and anchor not in anchors(dest):
            failed += 1
            T.fail("%s:%d: %s: %s has no heading #%s" % (doc, line, target,
                                                        os.path.relpath(dest, TOP), anchor))
        else:
            T.ok()
    print("%s %s: %d relative links, %d broken" % ("ok  " if not failed else "FAIL", doc,
                                                   checked, failed), flush=True)


def main():
    """Check the documents named, or the default ones."""
    for doc in sys.argv[1:] or documents():
        check_document(os.path.relpath(os.path.abspath(doc), TOP) if sys.argv[1:] else doc)
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
