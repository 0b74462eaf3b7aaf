"""Reading the page's scripts in tests: every string literal a script could show.

>>> js_literals('const a = "One", b = `${n} of ${f({x: "y"})} tiles`; // "no"')
[(1, 'One'), (1, ''), (1, ' of '), (1, 'y'), (1, ' tiles')]
"""

from __future__ import annotations

import ast
import re

_JS_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
_JS_REGEX = re.compile(r"/(?![/*])(?:[^/\\\n\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[a-z]*")


def js_literals(source: str) -> list[tuple[int, str]]:
    r"""Every string literal of a script and every fixed piece of its template literals,
    with its line: what the page could show (comments and regular expressions are not).

    >>> js_literals('const a = "One", b = `${n} of ${f({x: "y"})} tiles`; // "no"')
    [(1, 'One'), (1, ''), (1, ' of '), (1, 'y'), (1, ' tiles')]
    >>> js_literals(r"x.replace(/\{(\w+)\}/g, 'z') / 2")
    [(1, 'z')]
    """
    found: list[tuple[int, str]] = []
    depth = [0]  # open braces per level; each template expression ${…} is a level
    at, before = 0, ""
    line, counted = 1, 0  # the line of ``at``, counted up to ``counted``
    while at < len(source):
        char = source[at]
        line += source.count("\n", counted, at)
        counted = at
        if source.startswith("//", at):
            end = source.find("\n", at)
            at = len(source) if end < 0 else end
            continue
        if source.startswith("/*", at):
            at = source.index("*/", at) + 2
            continue
        if char in "\"'":
            match = _JS_STRING.match(source, at)
            if match is None:
                raise ValueError(f"line {line}: a string is not closed")
            found.append((line, ast.literal_eval(match[0])))
            at, before = match.end(), "a"
            continue
        if char == "`" or (char == "}" and len(depth) > 1 and depth[-1] == 0):
            if char == "}":
                depth.pop()
            at += 1
            piece = []
            while True:
                if at >= len(source):
                    raise ValueError(f"line {line}: a template literal is not closed")
                if source[at] == "\\":
                    piece.append(source[at : at + 2])
                    at += 2
                elif source[at] == "`":
                    at += 1
                    break
                elif source.startswith("${", at):
                    depth.append(0)
                    at += 2
                    break
                else:
                    piece.append(source[at])
                    at += 1
            found.append((line, "".join(piece)))
            before = "a"
            continue
        if char == "/" and (before == "" or before in "=(,:!&|?;{}[+"):
            match = _JS_REGEX.match(source, at)
            if match is not None:
                at, before = match.end(), "a"
                continue
        if char == "{":
            depth[-1] += 1
        elif char == "}":
            depth[-1] -= 1
        if not char.isspace():
            before = char
        at += 1
    return found


def js_code(source: str) -> str:
    r"""A script without its comments (each replaced by spaces, lines kept): what runs.
    Strings, template literals and regular expressions are kept as written.

    >>> js_code('a = "//x"; // note\nb = /\\/*/g; /* c */ d')
    'a = "//x";        \nb = /\\/*/g;         d'
    """
    out: list[str] = []
    at, before = 0, ""
    while at < len(source):
        char = source[at]
        if source.startswith("//", at) or source.startswith("/*", at):
            end = source.find("\n", at) if source[at + 1] == "/" else source.index("*/", at) + 2
            end = len(source) if end < 0 else end
            out.append(re.sub(r"[^\n]", " ", source[at:end]))
            at = end
            continue
        if char in "\"'`":
            end = at + 1
            while end < len(source) and source[end] != char:
                end += 2 if source[end] == "\\" else 1
            out.append(source[at : end + 1])
            at, before = end + 1, "a"
            continue
        if char == "/" and (before == "" or before in "=(,:!&|?;{}[+"):
            match = _JS_REGEX.match(source, at)
            if match is not None:
                out.append(match[0])
                at, before = match.end(), "a"
                continue
        if not char.isspace():
            before = char
        out.append(char)
        at += 1
    return "".join(out)
