#!/usr/bin/env python3
"""Writes each module's public API as sorted text, one declaration per line, and compares it
with the baseline committed under API/, calling every difference breaking or additive.

Scripts/check-api builds the modules and extracts the two inputs this reads, per module M:
  WORK/M/symbolgraph/*.symbols.json  swift-symbolgraph-extract -minimum-access-level public
  WORK/M/digester.json               swift-api-digester -dump-sdk (API mode, not -abi)

The symbol graph gives each declaration as source text, which is what a reviewer reads in a
pull request. It leaves out public declarations with underscored names and @_spi ones, and
@Tracked cannot work without one of those (its `_enclosingInstance` subscript). So the
digester's dump is the completeness check: a public declaration it lists that the symbol
graph does not is listed too, written from the digester's data and marked `[digester]`.

A line is `<path> | <declaration>`, optionally followed by `  [extension where ...]`:
  Debouncer.send(_:) | nonisolated func send(_: Value)
  Debouncer | conforms to Sendable
  Debouncer.init(for:options:action:) | convenience init(...)  [extension where C == ContinuousClock]
Parameter names used only inside a function are left out (`send(_: Value)`): renaming one
changes no caller. Not listed: package and internal declarations, including @usableFromInline
ones; members a type only inherits from a protocol extension (its conformance line covers
them); conformances every type has (Copyable, Escapable, SendableMetatype); and declarations
marked @available(*, unavailable), which neither tool reports.

Classification: a baseline line that is gone, or whose path now has a different line, is
breaking. A new line is additive, except a new case of an enum that already existed (client
switches over it stop being exhaustive) and a new protocol requirement without a default
implementation (conforming types stop compiling), which are breaking. A line whose only change
is an added `@available(..., deprecated ...)` is reported as deprecated, not breaking.

Usage: api-listing.py --work DIR --baselines API [--record] [--record-command CMD] MODULE...
Exit status: 0 when every module matches (or after --record), 1 when any differs, 2 on bad
input.
"""
import argparse
import collections
import json
import pathlib
import re
import sys

# Conformances every type has, or that Swift infers and toolchains list differently; a line
# for them would say nothing and change with the compiler.
IMPLIED_PROTOCOLS = {"Copyable", "Escapable", "SendableMetatype"}

# Digester attributes that say how a declaration is stored or compiled, not what callers see.
IGNORED_DIGESTER_ATTRIBUTES = {
    "Final", "HasInitialValue", "HasStorage", "Implements", "Inline", "Inlinable",
    "Semantics", "Transparent", "UsableFromInline", "SPIAccessControl", "Available",
}

HEADER = """\
# Public API of the {module} module: one declaration per line, "<path> | <declaration>".
# Written by `{record}` from the Linux debug build; do not edit it by hand.
# API/README.md says how lines are written and what they leave out.
"""

VERDICTS = ("breaking", "additive", "deprecated")

Entry = collections.namedtuple("Entry", "path parent line is_case is_bare_requirement")


def fail(message):
    print(f"api-listing: {message}", file=sys.stderr)
    sys.exit(2)


# --- The symbol graph: declarations as source text -------------------------------------------


def declaration_text(fragments):
    """Joins a symbol's declaration fragments, dropping internal parameter names."""
    out = []  # (kind, spelling)
    for fragment in fragments:
        kind, spelling = fragment["kind"], fragment["spelling"]
        if kind == "internalParam":
            if len(out) >= 2 and out[-1] == ("text", " ") and out[-2][0] == "externalParam":
                out.pop()  # "for interval: Duration" -> "for: Duration"
            else:
                out.append(("text", "_"))  # a subscript's "index: Int" has no label
            continue
        out.append((kind, spelling))
    return "".join(spelling for _, spelling in out)


def version_text(version):
    parts = [version.get("major", 0), version.get("minor"), version.get("patch")]
    return ".".join(str(part) for part in parts if part is not None)


def availability_text(entries):
    """Writes a symbol's own @available attributes, in the order the graph lists them."""
    attributes = []
    for entry in entries:
        arguments = [entry.get("domain", "*")]
        for key in ("introduced", "deprecated", "obsoleted"):
            if key in entry:
                arguments.append(f"{key}: {version_text(entry[key])}")
        if entry.get("isUnconditionallyDeprecated"):
            arguments.append("deprecated")
        if entry.get("isUnconditionallyUnavailable"):
            arguments.append("unavailable")
        for key in ("renamed", "message"):
            if key in entry:
                arguments.append(f"{key}: \"{entry[key]}\"")  # the graph keeps the literal as written
        attributes.append(f"@available({', '.join(arguments)}) ")
    return "".join(attributes)


def constraint_text(constraint):
    relation = "==" if constraint["kind"] == "sameType" else ":"
    return f"{constraint['lhs']} {relation} {constraint['rhs']}"


def extra_constraints(constraints, context_constraints):
    """The constraints of an extension or conformance that its type does not already have."""
    known = {constraint_text(c) for c in context_constraints}
    extra = []
    for constraint in constraints:
        text = constraint_text(constraint)
        # Copyable and Escapable constraints are implied; graphs list them inconsistently.
        if text in known or constraint["rhs"] in IMPLIED_PROTOCOLS or text in extra:
            continue
        extra.append(text)
    return extra


def layout_constraints(digester_node):
    """The `T : AnyObject` requirements of a declaration, from the digester: symbol graphs leave
    them out of an extension's constraints, so overloads differing only by one looked equal."""
    signature = (digester_node or {}).get("genericSig", "")
    if " where " not in signature:
        return []
    requirements = signature.split(" where ", 1)[1].rstrip(">").split(", ")
    return [r for r in requirements if r.endswith(" : AnyObject")]


def symbol_graph_entries(directory, module, digester_nodes):
    graphs = sorted(directory.glob("*.symbols.json"))
    if not graphs:
        fail(f"no symbol graph for {module} in {directory}")
    symbols, relationships = {}, []
    for graph in graphs:
        data = json.loads(graph.read_text())
        for symbol in data["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        relationships.extend(data["relationships"])

    requirements = {r["source"]: r["target"] for r in relationships if r["kind"] == "requirementOf"}
    defaulted = {r["target"] for r in relationships if r["kind"] == "defaultImplementationOf"}
    parents = {}
    for relation in relationships:
        if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
            parents.setdefault(relation["source"], relation["target"])

    def generic_constraints(usr):
        """The constraints a type already has, which its extensions need not repeat."""
        symbol = symbols.get(usr)
        # An extension block of an external type carries the extension's own constraints.
        if symbol is None or symbol["kind"]["identifier"] == "swift.extension":
            return []
        return symbol.get("swiftGenerics", {}).get("constraints", [])

    entries = []
    for usr, symbol in symbols.items():
        kind = symbol["kind"]["identifier"]
        if kind == "swift.extension" or symbol["accessLevel"] not in ("public", "open"):
            continue  # an extension block's members carry their own lines
        if "::SYNTHESIZED::" in usr:
            continue  # inherited from a protocol extension; the conformance line covers it
        components = symbol["pathComponents"]
        declaration = availability_text(symbol.get("availability", []))
        if symbol["accessLevel"] == "open":
            declaration += "open "
        declaration += declaration_text(symbol["declarationFragments"])
        # The graph writes `{ get set }` for a wrapped `public private(set) var` (such as a
        # @Tracked one); the digester lists only the accessors callers can use.
        accessors = {a.get("accessorKind") for a in digester_nodes.get(usr, {}).get("accessors", [])}
        if declaration.endswith(" { get set }") and accessors and "set" not in accessors:
            declaration = declaration[: -len(" { get set }")] + " { get }"
        extension = symbol.get("swiftExtension")
        if extension is not None:
            extra = extra_constraints(
                extension.get("constraints", []), generic_constraints(parents.get(usr)))
            inherited = layout_constraints(digester_nodes.get(parents.get(usr)))
            for layout in layout_constraints(digester_nodes.get(usr)):
                if layout not in inherited and layout not in extra:
                    extra.append(layout)
            # In a protocol, a member from an extension is not a requirement: say which it is.
            if extension.get("typeKind") == "swift.protocol" or extra:
                where = f" where {', '.join(extra)}" if extra else ""
                declaration += f"  [extension{where}]"
        entries.append(Entry(
            path=".".join(components),
            parent=".".join(components[:-1]),
            line=f"{'.'.join(components)} | {declaration}",
            is_case=kind == "swift.enum.case",
            is_bare_requirement=usr in requirements and usr not in defaulted,
        ))

    for relation in relationships:
        if relation["kind"] != "conformsTo":
            continue
        source = symbols.get(relation["source"])
        if source is None or source["accessLevel"] not in ("public", "open"):
            continue
        target = symbols.get(relation["target"])
        name = target["names"]["title"] if target else relation.get("targetFallback", "")
        name = name.rsplit(".", 1)[-1] if not target else name
        if name in IMPLIED_PROTOCOLS or not name:
            continue
        context = relation["source"]
        if source["kind"]["identifier"] == "swift.extension":
            context = None  # an external type: no constraints of its own to subtract
        extra = extra_constraints(relation.get("swiftConstraints", []), generic_constraints(context))
        where = f" where {', '.join(extra)}" if extra else ""
        path = ".".join(source["pathComponents"])
        entries.append(Entry(path, path, f"{path} | conforms to {name}{where}", False, False))
    return entries, set(symbols)


# --- The digester: what the symbol graph hides -----------------------------------------------


def digester_declaration(node):
    kind, name = node["declKind"], node["printedName"]
    children = node.get("children", [])
    words = [f"@_spi({group})" for group in node.get("spi_group_names", [])]
    words += [
        f"@{attribute[0].lower()}{attribute[1:]}" for attribute in node.get("declAttributes", [])
        if attribute not in IGNORED_DIGESTER_ATTRIBUTES
    ]
    if node.get("static"):
        words.append("static")
    if node.get("funcSelfKind") == "Mutating":
        words.append("mutating")
    if kind in ("Func", "Constructor", "Subscript"):
        base, _, labels = name.partition("(")
        labels = labels.rstrip(")").split(":")[:-1]
        parameters = []
        for label, parameter in zip(labels, children[1:]):
            text = f"{label}: {parameter['printedName']}"
            if parameter.get("paramValueOwnership") == "InOut":
                text = f"{label}: inout {parameter['printedName']}"
            parameters.append(text + (" = default" if parameter.get("hasDefaultArg") else ""))
        keyword = {"Func": f"func {base}", "Constructor": "init", "Subscript": "subscript"}[kind]
        text = f"{keyword}({', '.join(parameters)})"
        if node.get("throwing"):
            text += " throws"
        if kind != "Constructor" and children and children[0]["printedName"] not in ("()", "Void"):
            text += f" -> {children[0]['printedName']}"
    elif kind == "Var":
        keyword = "let" if node.get("isLet") else "var"
        text = f"{keyword} {name}: {children[0]['printedName'] if children else '?'}"
    elif kind == "EnumElement":
        text = f"case {name}"
    elif kind == "TypeAlias":
        text = f"typealias {name} = {children[0]['printedName'] if children else '?'}"
    else:
        text = f"{kind[0].lower()}{kind[1:]} {name}"
    if kind in ("Var", "Subscript") and node.get("accessors"):
        accessors = " ".join(a["accessorKind"] for a in node["accessors"] if "accessorKind" in a)
        text += f" {{ {accessors} }}"
    if node.get("genericSig"):
        text += f"  [generic signature {node['genericSig']}]"
    return " ".join(words + [text]) + "  [digester]"


DECLARATION_KINDS = {
    "Func", "Constructor", "Subscript", "Var", "EnumElement", "TypeAlias", "AssociatedType",
    "Struct", "Class", "Enum", "Protocol", "Actor", "Macro",
}


def read_digester(path):
    """The digester's dump, and its declarations by USR."""
    try:
        root = json.loads(path.read_text())["ABIRoot"]
    except (OSError, ValueError, KeyError) as error:
        fail(f"cannot read the digester's dump {path}: {error}")
    nodes = {}

    def index(node):
        for child in node.get("children", []):
            if "usr" in child and child.get("declKind"):
                nodes.setdefault(child["usr"], child)
            index(child)

    index(root)
    return root, nodes


def digester_entries(root, known_usrs):
    """Public declarations in the digester's dump that the symbol graph left out."""
    entries = []

    def walk(node, components):
        for child in node.get("children", []):
            if child.get("declKind") not in DECLARATION_KINDS:
                continue  # types of parameters and results, imports
            if child.get("isInternal") or child.get("implicit"):
                continue  # @usableFromInline internals and compiler-made members
            here = components + [child["printedName"]]
            if not child.get("isExternal") and child.get("usr") not in known_usrs:
                parent = ".".join(components)
                entries.append(Entry(
                    ".".join(here), parent, f"{'.'.join(here)} | {digester_declaration(child)}",
                    child["declKind"] == "EnumElement",
                    bool(child.get("protocolReq")),
                ))
                for conformance in child.get("conformances", []):
                    if conformance["name"] not in IMPLIED_PROTOCOLS:
                        line = f"{'.'.join(here)} | conforms to {conformance['name']}  [digester]"
                        entries.append(Entry(".".join(here), ".".join(here), line, False, False))
            walk(child, here)

    walk(root, [])
    return entries


# --- Listing, comparing, recording -----------------------------------------------------------


def sort_key(entry):
    path, _, declaration = entry.line.partition(" | ")
    # A type's own line first, then its conformances, then its members by name.
    rank = 1 if declaration.startswith("conforms to ") else 0
    return (entry.path.split("."), rank, declaration)


def current_entries(work, module):
    root, nodes = read_digester(work / module / "digester.json")
    entries, usrs = symbol_graph_entries(work / module / "symbolgraph", module, nodes)
    entries += digester_entries(root, usrs)
    return sorted(entries, key=sort_key)


def read_baseline(path):
    if not path.exists():
        return None
    return [
        line for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


# An `@available(...)` written by availability_text that deprecates; a quoted message may
# hold parentheses.
_ARGUMENT = r'(?:[^()"]|"(?:[^"\\]|\\.)*")*'
DEPRECATED = re.compile(rf"@available\({_ARGUMENT}deprecated{_ARGUMENT}\) ")

NEW_CASE = "a new case of an existing enum: clients' exhaustive switches stop compiling"
NEW_REQUIREMENT = (
    "a new requirement without a default implementation: conforming types stop compiling")


def compare(module, baseline_path, baseline, entries):
    """Prints the differences; returns (breaking, additive, deprecated) counts."""
    current = collections.Counter(entry.line for entry in entries)
    before = collections.Counter(baseline or [])
    removed = before - current
    added = current - before
    if not removed and not added:
        return 0, 0, 0

    baseline_paths = {line.partition(" | ")[0] for line in before}
    by_line = {entry.line: entry for entry in entries}
    changes = collections.defaultdict(lambda: ([], []))
    for line in removed.elements():
        changes[line.partition(" | ")[0]][0].append(line.partition(" | ")[2])
    for line in added.elements():
        changes[line.partition(" | ")[0]][1].append(line.partition(" | ")[2])

    report = []  # (verdict, what, path, old lines, new lines, reason)
    for path, (old, new) in changes.items():
        if old and new:
            plain_old = sorted(DEPRECATED.sub("", line) for line in old)
            plain_new = sorted(DEPRECATED.sub("", line) for line in new)
            if plain_old == plain_new and sorted(old) != sorted(new):
                report.append(("deprecated", "changed", path, old, new, ""))
            else:
                report.append(("breaking", "changed", path, old, new, ""))
        elif old:
            report.append(("breaking", "removed", path, old, [], ""))
        else:
            for line in new:
                entry = by_line[f"{path} | {line}"]
                reason = ""
                if entry.parent in baseline_paths and entry.is_case:
                    reason = NEW_CASE
                elif entry.parent in baseline_paths and entry.is_bare_requirement:
                    reason = NEW_REQUIREMENT
                verdict = "breaking" if reason else "additive"
                report.append((verdict, "added", path, [], [line], reason))

    counts = collections.Counter(verdict for verdict, *_ in report)
    summary = ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v])
    if baseline is None:
        print(f"\n{module}: {baseline_path} does not exist yet; all is new ({summary})")
    else:
        print(f"\n{module}: public API differs from {baseline_path} ({summary})")
    order = {"breaking": 0, "deprecated": 1, "additive": 2}
    for verdict, what, path, old, new, reason in sorted(report, key=lambda r: (order[r[0]], r[2])):
        print(f"  {verdict:<10} {what:<10} {path}")
        for line in sorted(old):
            print(f"      - {line}")
        for line in sorted(new):
            print(f"      + {line}")
        if reason:
            print(f"      ({reason})")
    return counts["breaking"], counts["additive"], counts["deprecated"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", required=True, type=pathlib.Path)
    parser.add_argument("--baselines", required=True, type=pathlib.Path)
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--record-command", default="Scripts/check-api --record")
    parser.add_argument("modules", nargs="+")
    options = parser.parse_args()

    totals = collections.Counter()
    for module in options.modules:
        entries = current_entries(options.work, module)
        path = options.baselines / f"{module}.txt"
        if options.record:
            path.parent.mkdir(parents=True, exist_ok=True)
            text = HEADER.format(module=module, record=options.record_command)
            path.write_text(text + "".join(entry.line + "\n" for entry in entries))
            print(f"recorded {path} ({len(entries)} declarations)")
            continue
        breaking, additive, deprecated = compare(module, path, read_baseline(path), entries)
        totals.update(breaking=breaking, additive=additive, deprecated=deprecated)
        totals["declarations"] += len(entries)

    if options.record:
        return 0
    if not (totals["breaking"] or totals["additive"] or totals["deprecated"]):
        print(f"public API matches {options.baselines}/ for {', '.join(options.modules)} "
              f"({totals['declarations']} declarations)")
        return 0
    counts = [f"{totals[v]} {v}" for v in VERDICTS if totals[v]]
    print(f"\nThe public API changed: {', '.join(counts)}.")
    if totals["breaking"]:
        print("A breaking change needs a new major version (a new minor one before 1.0); say so "
              "under Unreleased in CHANGELOG.md.")
    print(f"If the change is intended, record the new baseline and commit {options.baselines}/ "
          f"with it:\n    {options.record_command}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
