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
    path = pathlib.Path(site, "documentation", module.lower(), *[c.lower() for c in components])
    return path / "index.html"


def has_text(file, text):
    if not file.is_file():
        return False
    content = html.unescape(file.read_text(errors="replace"))
    return text in content


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
            for symbol in json.loads(graph.read_text())["symbols"]:
                if symbol["kind"]["identifier"] not in TYPE_KINDS:
                    continue
                components = symbol["pathComponents"]
                checked += 1
                if not has_text(page(args.site, module, components), components[-1]):
                    problems.append(f"no page for public type {module}.{'.'.join(components)}")
    for guide in sorted(pathlib.Path(args.guides).glob("*.md")):
        title = re.search(r"^# (.+)$", guide.read_text(), re.M).group(1).strip()
        checked += 1
        if not has_text(page(args.site, args.guides_module, [guide.stem]), title):
            problems.append(f"no page for guide {guide.name} ('{title}')")
    if problems:
        print("Docs site check failed:\n  " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"Docs site check: {checked} pages (public types and guides) present with content.")


if __name__ == "__main__":
    main()
