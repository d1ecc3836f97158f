#!/usr/bin/env python3
"""Checks a built docs site: every public type and guide has a page with its content, every
link between pages resolves, and every picture is there.

Reads the public types from the symbol graphs and the guides from Documentation/*.md, then
reads the site docc wrote: for each page, the render JSON the browser shows
(data/documentation/....json) and the HTML file a static host serves for its address
(documentation/.../index.html).
- A public type, or a member of an extension to another module's type (the AsyncSequence
  operators): its page exists and its abstract opens with the doc comment's summary.
- A guide: its page exists with the guide's title and abstract, and each picture it shows is a
  file of the site.
- Every page: each link to another page of the site (a `topic` reference with an address)
  leads to a page that exists, and each picture it references is a file of the site.
Usage: check-docs-site.py --site SITE --graphs GRAPHS --guides DIR --guides-module M MODULE...
"""
import argparse
import json
import pathlib
import re
import sys

TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor",
              "swift.typealias"}


def plain(text):
    """Markup-free, whitespace-collapsed text, for comparing a page with its source."""
    text = re.sub(r"``(?:[^`]*/)?([^`/]+)``", r"\1", text)  # symbol links show their last part
    text = re.sub(r"<doc:([^>]+)>", r"\1", text)
    text = text.replace("`", "")
    text = text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))  # typographic quotes
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # Markdown links: keep their text
    text = re.sub(r"[*_]{1,2}(\S(?:.*?\S)?)[*_]{1,2}", r"\1", text)  # emphasis
    return " ".join(text.split())


def rendered(content, references):
    """The text a reader sees for render-JSON inline content."""
    parts = []
    for item in content or []:
        kind = item.get("type")
        if kind == "text":
            parts.append(item["text"])
        elif kind == "codeVoice":
            parts.append(item["code"])
        elif kind == "reference":
            target = references.get(item["identifier"], {})
            parts.append(item.get("overridingTitle") or target.get("title", item["identifier"]))
        elif "inlineContent" in item:
            parts.append(rendered(item["inlineContent"], references))
    return "".join(parts)


def render_node(site, module, components):
    """The page's render JSON; a name shared by two symbols gets a kind suffix (`state-swift.enum`)."""
    path = pathlib.Path(site, "data", "documentation", module.lower(), *[c.lower() for c in components])
    candidates = [path]
    if components:
        candidates += [path.with_name(f"{path.name}-{kind}") for kind in sorted(TYPE_KINDS)]
    for candidate in candidates:
        if candidate.with_suffix(candidate.suffix + ".json").is_file():
            return candidate.with_suffix(candidate.suffix + ".json")
    return None


def html_for(site, url):
    """The file a static host serves for a page's address (`/documentation/settle/debouncer`)."""
    return pathlib.Path(site, url.split("#")[0].strip("/"), "index.html")


def data_for(site, url):
    return pathlib.Path(site, "data", url.split("#")[0].strip("/") + ".json")


def load(path):
    return json.loads(path.read_text())


def page_text(node):
    """The title and abstract of a render node, as a reader sees them."""
    references = node.get("references", {})
    return plain(node.get("metadata", {}).get("title", "")), plain(rendered(node.get("abstract"), references))


def opening(text, words=5):
    """The first few words of a summary: enough to prove the page carries its content."""
    return " ".join(plain(text).split()[:words])


def check_page(site, module, components, title, abstract_opening):
    """None if the page is there with its content, else what is wrong."""
    node_path = render_node(site, module, components)
    if node_path is None:
        return "no page"
    relative = node_path.relative_to(pathlib.Path(site, "data")).with_suffix("")
    if not pathlib.Path(site, relative, "index.html").is_file():
        return f"no HTML file {relative}/index.html for a static host to serve"
    page_title, page_abstract = page_text(load(node_path))
    if title is not None and plain(title) != page_title:
        return f"title '{page_title}', expected '{plain(title)}'"
    if not page_abstract.startswith(plain(abstract_opening)):
        return f"abstract '{page_abstract[:80]}' does not open with '{plain(abstract_opening)}'"
    return None


def check_links(site):
    """Problems with links and pictures over every page of the site, and how many were followed."""
    problems, followed = [], 0
    for node_path in sorted(pathlib.Path(site, "data").rglob("*.json")):
        node = load(node_path)
        source = node_path.relative_to(site)
        for reference in node.get("references", {}).values():
            if reference.get("type") == "topic" and reference.get("url"):
                followed += 1
                url = reference["url"]
                if not (data_for(site, url).is_file() and html_for(site, url).is_file()):
                    problems.append(f"{source}: link to {url}, which is no page of the site")
            elif reference.get("type") == "image":
                for variant in reference.get("variants", []):
                    followed += 1
                    if not pathlib.Path(site, variant["url"].lstrip("/")).is_file():
                        problems.append(f"{source}: picture {variant['url']}, which is no file of the site")
    return problems, followed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--graphs", required=True)
    parser.add_argument("--guides", required=True)
    parser.add_argument("--guides-module", required=True)
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()
    site = pathlib.Path(args.site)

    problems, checked = [], 0
    for module in args.modules:
        checked += 1
        node = render_node(site, module, [])
        if node is None or page_text(load(node))[0] != module:
            problems.append(f"no module page for {module}")
        for graph in sorted(pathlib.Path(args.graphs, module).glob(f"{module}*.symbols.json")):
            # `Settle@_Concurrency.symbols.json` holds extensions of another module's types
            # (the AsyncSequence operators); their pages live under that module's name.
            extended = graph.name[: -len(".symbols.json")].partition("@")[2]
            for symbol in load(graph)["symbols"]:
                kind = symbol["kind"]["identifier"]
                if extended and kind == "swift.extension":
                    continue
                if kind not in TYPE_KINDS and not extended:
                    continue
                components = ([extended] if extended else []) + symbol["pathComponents"]
                summary = (symbol.get("docComment", {}).get("lines") or [{"text": components[-1]}])[0]["text"]
                checked += 1
                problem = check_page(site, module, components, None, opening(summary))
                if problem:
                    problems.append(f"public symbol {module}: {'/'.join(components)}: {problem}")
    for guide in sorted(pathlib.Path(args.guides).glob("*.md")):
        text = guide.read_text()
        title = re.search(r"^# (.+)$", text, re.M).group(1).strip()
        abstract = text.split("\n\n")[1]
        checked += 1
        problem = check_page(site, args.guides_module, [guide.stem], title, opening(abstract, 8))
        if problem:
            problems.append(f"guide {guide.name} ('{title}'): {problem}")
            continue
        node = load(render_node(site, args.guides_module, [guide.stem]))
        shown = {pathlib.PurePosixPath(variant["url"]).name
                 for reference in node.get("references", {}).values() if reference.get("type") == "image"
                 for variant in reference.get("variants", [])}
        for image in re.findall(r"\]\(images/([^)]+)\)", text):
            checked += 1
            if image not in shown:
                problems.append(f"guide {guide.name}: its page does not show the picture {image}")
    link_problems, followed = check_links(site)
    problems += link_problems
    if problems:
        print("Docs site check failed:\n  " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"Docs site check: {checked} pages and pictures (modules, public types, extension members, "
          f"guides) present with content; {followed} links and pictures between pages resolve.")


if __name__ == "__main__":
    main()
