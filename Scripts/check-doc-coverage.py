#!/usr/bin/env python3
"""Fails when a public symbol declared in this repository has no doc comment.

swift-format's AllPublicDeclarationsHaveDocumentation (on in .swift-format, run by CI's lint)
catches most of these at the source; this check reads the symbol graphs DocC renders from, so
it also catches what the formatter cannot see, such as members of public extensions.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(directory):
    missing = []
    for graph in sorted(pathlib.Path(directory).glob("*.symbols.json")):
        for symbol in json.loads(graph.read_text())["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            # Symbols without a location here are inherited from other modules' protocols.
            if str(ROOT) not in uri or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if not symbol.get("docComment", {}).get("lines"):
                where = uri.replace("file://", "").replace(str(ROOT) + "/", "")
                line = symbol["location"]["position"]["line"] + 1
                missing.append(f"{where}:{line}: {'.'.join(symbol['pathComponents'])}")
    if missing:
        print("Public symbols without a doc comment:\n  " + "\n  ".join(sorted(set(missing))), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1])
