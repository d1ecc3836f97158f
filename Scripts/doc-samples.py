#!/usr/bin/env python3
"""Keeps the guides in Documentation/ honest and renders them into a DocC catalog.

--package DIR GUIDE.md...  Writes a throwaway SwiftPM package at DIR with one test target per
    guide. Each target holds the guide's ```swift blocks in one file (imports hoisted) plus
    Documentation/Samples/*.swift (stand-ins such as `Catalog`), and depends on this package
    by path, so `swift build --build-tests` type-checks every sample against the real API.
    A block preceded by `<!-- sample: skip (reason) -->` is not compiled: use it only for code
    that no compiler can check (a Package.swift fragment) and say why. A block preceded by
    `<!-- sample: swiftui -->` needs SwiftUI: it is left out of this package, and --apple DIR
    writes it out for the iOS type-check instead. A block preceded by
    `<!-- sample: from PATH -->` is a quotation of PATH (relative to the package root), which
    the package build compiles: it is not compiled again, but it must appear in PATH verbatim
    (at any indentation), so a guide that shows a module's real code cannot drift from it.
    --doc-comments DIR also compiles the ```swift blocks of DIR's `///` doc comments and of
    its DocC catalogs (DIR/**/*.docc/*.md): one test target per module, one file per source
    file, the same imports and stand-ins. In a doc comment the markers are the same HTML
    comments on the `///` line before the fence (DocC does not render them). These blocks
    are short examples, often statements and often declaring the same names as a block
    elsewhere, so each is compiled in its own scope: a `struct Sample_<file>_<line>` that
    holds the block's declarations, or, when the block has top-level statements, a
    `@MainActor func run() async throws` in that struct whose body is the block (so top-level
    `await` and `try` work, and types and functions become local ones; main actor, because
    that is where the UI code these examples stand for runs). Only type-checked, not run,
    except `@Test` functions, which `swift test` runs as for the guides.
--apple DIR [--doc-comments DIR] GUIDE.md...  Writes each `<!-- sample: swiftui -->` block of
    the guides (and, with --doc-comments, of the doc comments and catalogs) to a file of its
    own in DIR, importing Settle and SwiftUI, plus DIR/Support/*.swift: the stand-ins of
    Documentation/Samples/*.swift and Documentation/Samples/SwiftUI/*.swift. Scripts/build-docs
    type-checks each file for iOS with `swiftc -typecheck $(cat FLAGS) DIR/Support/*.swift FILE`,
    FLAGS being what `apple-typecheck --flags-file` wrote. Each block stands alone: it may
    use the stand-ins, not another block's declarations.
--docc CATALOG [--symbol-graphs DIR] GUIDE.md...  Copies each guide into CATALOG as a DocC
    article: `[text](X.md)` becomes `<doc:X>`, a section link `[text](X.md#github-anchor)`
    becomes `<doc:X#DocC-Anchor>` (and fails when X.md has no such heading), `images/x.svg`
    becomes `x.svg`, HTML comments are dropped, and `Name` becomes a symbol link ``Name`` for
    each type in DIR's graphs.
"""
import argparse
import json
import pathlib
import re
import sys

FENCE = re.compile(r"^```swift[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
SKIP = re.compile(r"<!--\s*sample:\s*skip\b[^>]*-->\s*$")
SWIFTUI = re.compile(r"<!--\s*sample:\s*swiftui\b[^>]*-->\s*$")
QUOTE = re.compile(r"<!--\s*sample:\s*from\s+(\S+)\s*-->\s*$")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+\w+.*$", re.M)
DEFAULT_IMPORTS = ["import Settle", "import SettleTesting", "import Testing"]
ROOT = pathlib.Path(__file__).resolve().parent.parent
TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor",
              "swift.typealias"}


SKIPPED = []
QUOTED = []
# (path, line, code) of the blocks that need SwiftUI, in the order they were found.
SWIFTUI_BLOCKS = []


def quoted_in(code, source):
    """Whether `code` appears in `source` line for line, indented by the same amount."""
    lines = code.rstrip("\n").split("\n")
    for indent in range(0, 13, 2):
        pad = " " * indent
        block = "\n".join(pad + line if line else line for line in lines) + "\n"
        if block in source:
            return True
    return False


def swift_blocks(text, path=""):
    """The guide's Swift blocks that must compile, with their line numbers."""
    blocks = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").splitlines()
        previous = before[-1] if before else ""
        quote = QUOTE.search(previous)
        if quote:
            line = text.count("\n", 0, match.start()) + 2
            source = ROOT / quote.group(1)
            if not source.is_file() or not quoted_in(match.group(1), source.read_text()):
                print(f"{path}:{line}: error: this block is not a verbatim quotation of {quote.group(1)}",
                      file=sys.stderr)
                sys.exit(1)
            QUOTED.append(f"{path}:{line}: {quote.group(1)}")
            continue
        if SKIP.search(previous):
            line = text.count("\n", 0, match.start()) + 2
            SKIPPED.append(f"{path}:{line}: {previous.strip()}")
            continue
        if SWIFTUI.search(previous):
            line = text.count("\n", 0, match.start()) + 2
            key = (str(pathlib.Path(path).resolve()), line, match.group(1))
            if key not in SWIFTUI_BLOCKS:  # a file is scanned more than once
                SWIFTUI_BLOCKS.append(key)
            continue
        line = text.count("\n", 0, match.start()) + 2
        blocks.append((line, match.group(1)))
    return blocks


DOC_LINE = re.compile(r"^([ \t]*///) ?(.*)$")
# A line in the doc-comment view that stands for code, so a fence never spans two comments.
NOT_DOC = "\x00"
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:final|private|fileprivate|internal|public|package|nonisolated|indirect)\s+)*"
    r"(?:class|struct|enum|actor|protocol|func|extension|typealias|import)\b"
)


def doc_comment_view(source):
    """The file's `///` text, one line per source line, and how wide each line's prefix is.

    Lines that are not doc comments become NOT_DOC, so line numbers stay the file's own.
    """
    lines, widths = [], []
    for line in source.split("\n"):
        match = DOC_LINE.match(line)
        if match:
            lines.append(match.group(2))
            widths.append(len(line) - len(match.group(2)))
        else:
            lines.append(NOT_DOC)
            widths.append(0)
    return "\n".join(lines), widths


def has_statements(code):
    """Whether the block has top-level code other than declarations (so it needs a body)."""
    for line in code.split("\n"):
        if not line or line[0].isspace() or line.startswith(("//", "}", ")", "]", "#")):
            continue
        if not DECLARATION.match(line):
            return True
    return False


def scoped(name, path, line, code, statements):
    """The block in a scope of its own, with errors pointing at `path:line`."""
    location = f'#sourceLocation(file: "{path}", line: {line})\n'
    if statements:
        head, tail = f"struct {name} {{\n  @MainActor func run() async throws {{\n", "  }\n}\n"
    else:
        head, tail = f"struct {name} {{\n", "}\n"
    return head + location + code + "#sourceLocation()\n" + tail


def sources_with_samples(directory):
    """Each module's files whose doc comments or catalog articles hold Swift blocks.

    Yields (module, path, blocks), each block a (line, code) pair with the code padded back
    to its place in the file, so compiler columns match the source too.
    """
    for module in sorted(p for p in pathlib.Path(directory).iterdir() if p.is_dir()):
        for path in sorted(module.rglob("*")):
            if path.suffix == ".swift":
                text, widths = doc_comment_view(path.read_text())
                blocks = []
                for line, code in swift_blocks(text, path):
                    if NOT_DOC in code:
                        print(f"{path}:{line - 1}: error: this ```swift fence is not closed inside its doc comment",
                              file=sys.stderr)
                        sys.exit(1)
                    padded = [" " * widths[line - 1 + i] + text_line if text_line else text_line
                              for i, text_line in enumerate(code.rstrip("\n").split("\n"))]
                    blocks.append((line, code, "\n".join(padded) + "\n"))
            elif path.suffix == ".md" and path.parent.suffix == ".docc":
                blocks = [(line, code, code) for line, code in swift_blocks(path.read_text(), path)]
            else:
                continue
            if blocks:
                yield module.name, path, blocks


def target_name(path):
    return "Sample" + re.sub(r"[^A-Za-z0-9]", "", path.stem)


def write_package(directory, guides, doc_comment_dirs=()):
    directory = pathlib.Path(directory)
    sources = directory / "Tests"
    if sources.exists():
        for old in sorted(sources.rglob("*"), reverse=True):
            old.unlink() if old.is_file() else old.rmdir()
    support = sorted((ROOT / "Documentation" / "Samples").glob("*.swift"))
    targets = []
    for guide in guides:
        guide = pathlib.Path(guide)
        blocks = swift_blocks(guide.read_text(), guide)
        if not blocks:
            continue
        name = target_name(guide)
        targets.append(name)
        imports = set(DEFAULT_IMPORTS)
        bodies = []
        for line, code in blocks:
            imports.update(m.group(0).strip() for m in IMPORT.finditer(code))
            body = IMPORT.sub("", code)
            # `#sourceLocation` makes compiler errors point at the guide itself.
            bodies.append(f'#sourceLocation(file: "{guide.resolve()}", line: {line})\n{body}#sourceLocation()\n')
        folder = sources / name
        folder.mkdir(parents=True)
        (folder / f"{name}.swift").write_text("\n".join(sorted(imports)) + "\n\n" + "\n".join(bodies))
        for file in support:
            (folder / file.name).write_text("\n".join(DEFAULT_IMPORTS) + "\n\n" + file.read_text())
    # The doc comments' blocks: one target per module, one file per source file.
    doc_compiled = 0
    for source_dir in doc_comment_dirs:
        modules = {}
        for module, path, blocks in sources_with_samples(source_dir):
            modules.setdefault(module, []).append((path, blocks))
        for module, files in modules.items():
            name = "SampleSources" + re.sub(r"[^A-Za-z0-9]", "", module)
            targets.append(name)
            folder = sources / name
            folder.mkdir(parents=True)
            for path, blocks in files:
                # Unique within the module, so two files' blocks never share a scope name.
                stem = re.sub(r"[^A-Za-z0-9]", "_", str(path.relative_to(pathlib.Path(source_dir) / module)))
                # A doc comment's reader is in the module already: its samples need no import of it.
                imports = set(DEFAULT_IMPORTS) | {f"import {module}"}
                bodies = []
                for line, code, padded in blocks:
                    imports.update(m.group(0).strip() for m in IMPORT.finditer(code))
                    body = IMPORT.sub("", padded)
                    bodies.append(scoped(f"Sample_{stem}_{line}", path.resolve(), line, body, has_statements(code)))
                    doc_compiled += 1
                (folder / f"{stem}.swift").write_text("\n".join(sorted(imports)) + "\n\n" + "\n".join(bodies))
            for file in support:
                (folder / file.name).write_text("\n".join(DEFAULT_IMPORTS) + "\n\n" + file.read_text())
    # SwiftPM names a path dependency after its directory.
    identity = ROOT.name
    relative = pathlib.Path("..") / ".." if directory.resolve().parent.parent == ROOT else ROOT
    target_lines = "\n".join(
        f'    .testTarget(name: "{t}", dependencies: [.product(name: "Settle", package: "{identity}"), '
        f'.product(name: "SettleTesting", package: "{identity}"), '
        f'.product(name: "SettleObservation", package: "{identity}"), '
        f'.product(name: "TileCounter", package: "{identity}")]),'
        for t in targets
    )
    (directory / "Package.swift").write_text(
        "// swift-tools-version: 6.0\n"
        "// Generated by Scripts/doc-samples.py: the docs' Swift samples, type-checked.\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        '  name: "DocSamples",\n'
        "  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],\n"
        f'  dependencies: [.package(path: "{relative}")],\n'
        f"  targets: [\n{target_lines}\n  ],\n"
        "  swiftLanguageModes: [.v6]\n"
        ")\n"
    )
    compiled = sum(len(swift_blocks(pathlib.Path(g).read_text(), g)) for g in guides)
    print(f"doc-samples: {compiled} Swift blocks from the guides and {doc_compiled} from doc comments "
          f"and catalogs, in {len(targets)} targets, into {directory}; "
          f"{len(dict.fromkeys(QUOTED))} quoted, {len(dict.fromkeys(SKIPPED))} not compiled, "
          f"{len(SWIFTUI_BLOCKS)} need SwiftUI (left to the iOS type-check)")
    for quoted in dict.fromkeys(QUOTED):
        print(f"doc-samples: quoted verbatim from the compiled sources: {quoted}")
    for skipped in dict.fromkeys(SKIPPED):
        print(f"doc-samples: not compiled: {skipped}")


def write_apple(directory, guides, doc_comment_dirs=()):
    """One file per SwiftUI block, for the iOS type-check; see the module docstring."""
    directory = pathlib.Path(directory)
    if directory.exists():
        for old in sorted(directory.rglob("*"), reverse=True):
            old.unlink() if old.is_file() else old.rmdir()
    support = directory / "Support"
    support.mkdir(parents=True)
    samples = ROOT / "Documentation" / "Samples"
    for file in sorted(samples.glob("*.swift")) + sorted((samples / "SwiftUI").glob("*.swift")):
        (support / file.name).write_text("import Settle\nimport SwiftUI\n\n" + file.read_text())
    for guide in guides:
        swift_blocks(pathlib.Path(guide).read_text(), guide)
    for source_dir in doc_comment_dirs:
        for _ in sources_with_samples(source_dir):
            pass  # Scanning every file is what collects its SwiftUI blocks.
    for path, line, code in SWIFTUI_BLOCKS:
        path = pathlib.Path(path).resolve()
        imports = {"import Settle", "import SwiftUI"}
        imports.update(m.group(0).strip() for m in IMPORT.finditer(code))
        body = IMPORT.sub("", code)
        stem = re.sub(r"[^A-Za-z0-9]", "_", str(path.relative_to(ROOT)))
        name = f"Sample_{stem}_{line}"
        if has_statements(code):
            text = scoped(name, path, line, body, True)
        else:
            text = f'#sourceLocation(file: "{path}", line: {line})\n{body}#sourceLocation()\n'
        (directory / f"{name}.swift").write_text("\n".join(sorted(imports)) + "\n\n" + text)
    print(f"doc-samples: {len(SWIFTUI_BLOCKS)} SwiftUI blocks written to {directory} for the iOS type-check")


def link_symbols(text, names):
    """Turns `Name` into ``Name`` for the module's own types, outside code blocks."""
    parts = re.split(r"(^```.*?^```[ \t]*$)", text, flags=re.S | re.M)
    pattern = re.compile(r"(?<!`)`([A-Za-z][A-Za-z0-9]*)`(?!`)")
    for index in range(0, len(parts), 2):
        parts[index] = pattern.sub(
            lambda m: f"``{m.group(1)}``" if m.group(1) in names else m.group(0), parts[index]
        )
    return "".join(parts)


def type_names(graphs):
    """The top-level type names in a module's symbol graphs."""
    names = set()
    for graph in pathlib.Path(graphs).glob("*.symbols.json"):
        for symbol in json.loads(graph.read_text())["symbols"]:
            kind = symbol["kind"]["identifier"]
            if len(symbol["pathComponents"]) == 1 and kind in TYPE_KINDS:
                names.add(symbol["pathComponents"][0])
    return names


HEADING = re.compile(r"^#{2,6}[ \t]+(.+?)[ \t]*$", re.M)
GUIDE_LINK = re.compile(r"\[[^\]]*\]\(([A-Za-z0-9]+)\.md(?:#([^)\s]+))?\)")


def github_anchor(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def docc_anchor(heading):
    """The fragment DocC gives the same heading: punctuation dropped, words joined by hyphens,
    case kept (`2. `try?` around` becomes `2-try-around`)."""
    text = re.sub(r"[^\w\s-]", "", heading)
    return "-".join(word for word in re.split(r"[\s-]+", text) if word)


def headings(text):
    """The section headings of a guide, outside its code blocks."""
    prose = re.sub(r"^```.*?^```[ \t]*$", "", text, flags=re.S | re.M)
    return [match.group(1) for match in HEADING.finditer(prose)]


def to_docc(text, names=frozenset(), guide_dir=None, source="guide"):
    text = re.sub(r"<!--.*?-->\n?", "", text, flags=re.S)
    text = link_symbols(text, names)

    def guide_link(match):
        name, anchor = match.group(1), match.group(2)
        if anchor is None:
            return f"<doc:{name}>"
        # A link to a section, written with GitHub's anchor so that it works there too, becomes
        # DocC's link to the same heading; an anchor that names no heading fails the build.
        target = pathlib.Path(guide_dir or ROOT / "Documentation", f"{name}.md")
        found = [h for h in headings(target.read_text())
                 if github_anchor(h) == anchor] if target.is_file() else []
        if not found:
            print(f"{source}: error: the link to {name}.md#{anchor} names no section of {target}",
                  file=sys.stderr)
            sys.exit(1)
        return f"<doc:{name}#{docc_anchor(found[0])}>"

    text = GUIDE_LINK.sub(guide_link, text)
    text = re.sub(r"\]\(images/([^)]+)\)", r"](\1)", text)
    return text


def write_docc(catalog, guides, graphs):
    catalog = pathlib.Path(catalog)
    names = type_names(graphs) if graphs else set()
    for guide in guides:
        guide = pathlib.Path(guide)
        (catalog / guide.name).write_text(to_docc(guide.read_text(), names, guide.parent, str(guide)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--package")
    mode.add_argument("--docc")
    mode.add_argument("--apple", metavar="DIR", help="write the SwiftUI blocks for the iOS type-check")
    parser.add_argument("--symbol-graphs", help="with --docc: link the module's type names")
    parser.add_argument("--doc-comments", action="append", default=[], metavar="DIR",
                        help="with --package or --apple: also take the samples in DIR/<Module>'s doc comments and catalogs")
    parser.add_argument("guides", nargs="+")
    args = parser.parse_args()
    missing = [g for g in args.guides if not pathlib.Path(g).is_file()]
    if missing:
        print(f"doc-samples: no such guide: {', '.join(missing)}", file=sys.stderr)
        sys.exit(64)
    if args.package:
        write_package(args.package, args.guides, [pathlib.Path(d) for d in args.doc_comments])
    elif args.apple:
        write_apple(args.apple, args.guides, [pathlib.Path(d) for d in args.doc_comments])
    else:
        write_docc(args.docc, args.guides, args.symbol_graphs)


if __name__ == "__main__":
    main()
