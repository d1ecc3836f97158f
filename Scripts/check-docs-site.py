#!/usr/bin/env python3
"""Checks a built docs site: a page with content for every public type and every guide.

Reads the public types from the symbol graphs and the guides from Documentation/*.md, then
greps the static HTML (built with --experimental-transform-for-static-hosting-with-content,
so each page carries its text) for the page and its title.
"""
import argparse
import html
import json
import pathlib
import re
import sys

TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor",
              "swift.typealias"}


def page(site, module, components):
    """The page's index.html; a name shared by two symbols gets a kind suffix (`state-swift.enum`)."""
    path = pathlib.Path(site, "documentation", module.lower(), *[c.lower() for c in components])
    if not path.exists() and components:
        for kind in ("swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"):
            candidate = path.with_name(f"{path.name}-{kind}")
            if candidate.exists():
                return candidate / "index.html"
    return path / "index.html"


def plain(text):
    """Markup-free, whitespace-collapsed text, for comparing a page with its source."""
    text = re.sub(r"</?(a|code|span|em|strong|wbr)\b[^>]*>", "", text)  # inline: no gap
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text)
    text = re.sub(r"``(?:[^`]*/)?([^`/]+)``", r"\1", text)  # symbol links show their last part
    text = text.replace("`", "")
    text = text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))  # typographic quotes
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # Markdown links: keep their text
    return " ".join(text.split())


def has_text(file, text):
    """Whether the page exists and its rendered content includes `text`."""
    if not file.is_file():
        return False
    return plain(text) in plain(file.read_text(errors="replace"))


def opening(text, words=5):
    """The first few words of a summary: enough to prove the page carries its content."""
    return " ".join(plain(text).split()[:words])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--graphs", required=True)
    parser.add_argument("--guides", required=True)
    parser.add_argument("--guides-module", required=True)
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()

    problems, checked = [], 0
    for module in args.modules:
        if not has_text(page(args.site, module, []), module):
            problems.append(f"no module page for {module}")
        for graph in sorted(pathlib.Path(args.graphs, module).glob(f"{module}*.symbols.json")):
            # `Settle@_Concurrency.symbols.json` holds extensions of another module's types
            # (the AsyncSequence operators); their pages live under that module's name.
            extended = graph.name[: -len(".symbols.json")].partition("@")[2]
            for symbol in json.loads(graph.read_text())["symbols"]:
                kind = symbol["kind"]["identifier"]
                if extended and kind == "swift.extension":
                    continue
                if kind not in TYPE_KINDS and not extended:
                    continue
                components = ([extended] if extended else []) + symbol["pathComponents"]
                summary = (symbol.get("docComment", {}).get("lines") or [{"text": components[-1]}])[0]["text"]
                checked += 1
                if not has_text(page(args.site, module, components), opening(summary)):
                    problems.append(f"no page for public symbol {module}: {'/'.join(components)}")
    for guide in sorted(pathlib.Path(args.guides).glob("*.md")):
        text = guide.read_text()
        title = re.search(r"^# (.+)$", text, re.M).group(1).strip()
        abstract = text.split("\n\n")[1]
        checked += 1
        guide_page = page(args.site, args.guides_module, [guide.stem])
        if not (has_text(guide_page, title) and has_text(guide_page, opening(abstract, 8))):
            problems.append(f"no page for guide {guide.name} ('{title}')")
        for image in re.findall(r"\]\(images/([^)]+)\)", text):
            checked += 1
            if not list(pathlib.Path(args.site, "images").glob(f"*/{image}")):
                problems.append(f"no picture {image} for guide {guide.name}")
    if problems:
        print("Docs site check failed:\n  " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"Docs site check: {checked} pages and pictures (public types, extension members, guides) present with content.")


if __name__ == "__main__":
    main()
