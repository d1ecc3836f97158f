#!/usr/bin/env python3
"""Works around a docc 6.3.1 crash on Linux.

With --experimental-transform-for-static-hosting-with-content, docc segfaults (in libxml2,
through FoundationXML's XMLNode.deinit, while writing the pages' HTML) on soft line breaks:
a paragraph or list item that continues on the next source line. Found by bisecting Settle's
symbol graphs; a one-page package does not trigger it, which is why it slipped through.

A soft break renders as a space, so joining such lines changes nothing a reader sees. This
rewrites, in place, the *staged copies* Scripts/build-docs converts (never the sources):
- symbol graphs (*.symbols.json): each doc comment's lines;
- catalog Markdown (*.md): articles, guides and extension pages.
Code blocks, list items, table rows and headings keep their own lines.
Usage: reflow-soft-breaks.py PATH...   (directories are searched recursively)
"""
import json
import pathlib
import re
import sys

BLOCK_START = re.compile(r"^\s*([-*+]\s|\d+\.\s|\||#|!\[|@|<!--)")


def reflow(lines):
    """Joins soft-broken lines onto the line they continue."""
    out, fenced = [], False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            out.append(line)
            continue
        previous = out[-1].strip() if out else ""
        if (
            fenced
            or not stripped
            or not previous
            or previous.startswith(("```", "#", "|"))
            or BLOCK_START.match(line)
            or line.endswith("  ")
            or out[-1].endswith("  ")
        ):
            out.append(line)
            continue
        if stripped.startswith(">"):
            if not previous.startswith(">"):
                out.append(line)
                continue
            stripped = stripped[1:].strip()
        out[-1] = out[-1].rstrip() + " " + stripped
    return out


def fix_graph(path):
    graph = json.loads(path.read_text())
    for symbol in graph["symbols"]:
        comment = symbol.get("docComment")
        if not comment or not comment.get("lines"):
            continue
        texts = [line["text"] for line in comment["lines"]]
        joined = reflow(texts)
        if joined == texts:
            continue
        # Keep each surviving line's own source range where it still starts a line.
        ranges = {line["text"]: line.get("range") for line in comment["lines"]}
        comment["lines"] = [
            {"text": text, **({"range": ranges[text]} if ranges.get(text) else {})} for text in joined
        ]
    path.write_text(json.dumps(graph))


def fix_markdown(path):
    path.write_text("\n".join(reflow(path.read_text().split("\n"))))


def main(paths):
    for root in map(pathlib.Path, paths):
        for file in [root] if root.is_file() else sorted(root.rglob("*")):
            if file.name.endswith(".symbols.json"):
                fix_graph(file)
            elif file.suffix == ".md":
                fix_markdown(file)


if __name__ == "__main__":
    main(sys.argv[1:])
