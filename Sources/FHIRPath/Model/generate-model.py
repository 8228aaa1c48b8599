#!/usr/bin/env python3
"""Generate R4ModelData.generated.swift from FHIR R4's model files in r4/.

Usage (from any directory; paths are found from this script's own location):

    python3 Sources/FHIRPath/Model/generate-model.py          # (re)write the Swift file
    python3 Sources/FHIRPath/Model/generate-model.py --check  # exit 1 if it is stale

Reads r4/{choiceTypePaths,path2Type,pathsDefinedElsewhere,type2Parent}.json
(copied from fhirpathpy 2.2.4, see r4/SOURCE.md) and writes
R4ModelData.generated.swift beside this script. Python 3 standard library only.

Each table becomes ONE multi-line raw string literal, one entry a line, fields
separated by tabs. FHIRModel.swift searches the path tables in their text (each
is sorted by path) and splits the type tables into a dictionary or a set at
first use; those two also get their count, to size what they are split into.
Thousands of entries as Swift dictionary or array literals would make the type
checker crawl; a string literal costs the compiler next to nothing.

Two tables are derived here rather than copied, so that the Swift side only
splits text:
  - elementPaths: the paths of elements whose type is BackboneElement or Element
    (path2Type has no entry for them: fhirpath.js leaves them out). They are the
    proper prefixes of the other paths; one that has a `modifierExtension` child
    is a BackboneElement (every BackboneElement in R4 has one), the others, nested
    in data types such as Timing.repeat or Dosage.doseAndRate, are Element.
  - knownTypes: every type name the files mention: type2Parent's keys and values,
    and the first segment of path2Type's paths (which adds MetadataResource).

The output is deterministic: every table is sorted by its key (code point
order), except that a choice element's types keep the file's order.
"""

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE_DIR = HERE / "r4"
OUTPUT = HERE / "R4ModelData.generated.swift"
SOURCES = ("choiceTypePaths", "path2Type", "pathsDefinedElsewhere", "type2Parent")

# Names and paths must be plain so that they are safe in a raw string literal,
# between tabs and newlines: no backslash, quote, '#', tab or newline.
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
PATH = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$")
TYPE = re.compile(r"^(System\.)?[A-Za-z][A-Za-z0-9_]*$")


def fail(message):
    print(f"generate-model.py: {message}", file=sys.stderr)
    sys.exit(2)


def load():
    data = {}
    for name in SOURCES:
        path = SOURCE_DIR / f"{name}.json"
        try:
            with open(path, encoding="utf-8") as f:
                data[name] = json.load(f)
        except (OSError, ValueError) as error:
            fail(f"cannot read {path}: {error}")
        if not isinstance(data[name], dict):
            fail(f"{path}: expected a JSON object")
    return data


def check_inputs(choice, path2type, elsewhere, parents):
    """Refuse input the Swift side could not read back or that would loop."""
    def expect(ok, what):
        if not ok:
            fail(f"unexpected input: {what}")

    for path, types in choice.items():
        expect(PATH.match(path), f"choice path {path!r}")
        expect(isinstance(types, list) and types, f"choice types of {path!r}")
        for t in types:
            expect(isinstance(t, str) and NAME.match(t), f"choice type {t!r} of {path!r}")
    for path, t in path2type.items():
        expect(PATH.match(path), f"path {path!r}")
        expect(isinstance(t, str) and TYPE.match(t), f"type {t!r} of {path!r}")
    for path, target in elsewhere.items():
        expect(PATH.match(path), f"redirected path {path!r}")
        expect(isinstance(target, str) and PATH.match(target), f"target {target!r} of {path!r}")
    for t, parent in parents.items():
        expect(NAME.match(t), f"type {t!r}")
        expect(isinstance(parent, str) and NAME.match(parent), f"parent {parent!r} of {t!r}")
    # The hierarchy must end: FHIRModel walks it up to the root.
    for t in parents:
        seen = {t}
        while t in parents:
            t = parents[t]
            expect(t not in seen, f"type2Parent has a cycle through {t!r}")
            seen.add(t)


def element_paths(path2type, choice, elsewhere):
    """Paths of BackboneElement and Element elements, which path2Type lacks."""
    prefixes = set()
    for path in list(path2type) + list(choice) + list(elsewhere):
        segments = path.split(".")
        for i in range(2, len(segments)):
            prefixes.add(".".join(segments[:i]))
    prefixes -= set(path2type)
    clash = sorted(p for p in prefixes if p in choice or p in elsewhere)
    if clash:
        fail(f"unexpected input: element paths that are also choices or redirects: {clash[:5]}")
    for target in elsewhere.values():
        if target not in prefixes and target not in path2type:
            fail(f"unexpected input: contentReference target {target!r} is not an element")
    # FHIRModel looks a path up as it is before resolving contentReferences, which is right
    # only if no listed path runs through one (an element defined elsewhere has no children
    # of its own in a StructureDefinition).
    for path in list(path2type) + list(choice) + list(prefixes):
        segments = path.split(".")
        for i in range(2, len(segments) + 1):
            if ".".join(segments[:i]) in elsewhere:
                fail(f"unexpected input: {path!r} runs through a contentReference")
    return {
        p: "BackboneElement" if f"{p}.modifierExtension" in path2type else "Element"
        for p in prefixes
    }


def known_types(path2type, parents):
    names = set(parents) | set(parents.values())
    names |= {path.split(".", 1)[0] for path in path2type}
    return names


def raw_string(lines):
    body = "\n".join(lines)
    if '"#' in body or "\\" in body:
        fail("a table would not be a safe raw string literal")
    return '#"""\n' + body + '\n"""#'


def table(doc, name, entries, counted=False):
    """One documented static let holding the entries, and their count when `counted`
    (a table FHIRModel splits into a collection of that size)."""
    lines = [f"    /// {line}" if line else "    ///" for line in doc]
    if counted:
        lines.append(f"    static let {name}Count = {len(entries)}")
    lines.append(f"    static let {name} = {raw_string(entries)}")
    return "\n".join(lines)


def generate(data):
    choice = data["choiceTypePaths"]
    path2type = data["path2Type"]
    elsewhere = data["pathsDefinedElsewhere"]
    parents = data["type2Parent"]
    check_inputs(choice, path2type, elsewhere, parents)
    elements = element_paths(path2type, choice, elsewhere)
    types = known_types(path2type, parents)

    def pairs(mapping):
        return [f"{k}\t{mapping[k]}" for k in sorted(mapping)]

    tables = [
        table(["choiceTypePaths.json: a choice element's path, then the suffixes of its JSON",
               "names (`valueQuantity` -> `Quantity`), in the file's order."],
              "choiceTypePaths", [k + "\t" + "\t".join(choice[k]) for k in sorted(choice)]),
        table(["path2Type.json: an element's path, then its declared type (a FHIR type, or",
               "`System.String` where the file says so)."],
              "path2Type", pairs(path2type)),
        table(["Derived from path2Type.json (see generate-model.py): the paths of elements",
               "whose type is BackboneElement or Element, which path2Type.json leaves out."],
              "elementPaths", pairs(elements)),
        table(["pathsDefinedElsewhere.json: an element defined by a contentReference, then the",
               "path whose definition it reuses."],
              "pathsDefinedElsewhere", pairs(elsewhere)),
        table(["type2Parent.json: a type, then the type it derives from."],
              "type2Parent", pairs(parents), counted=True),
        table(["Derived (see generate-model.py): every type name the files mention."],
              "knownTypes", sorted(types), counted=True),
    ]
    header = [
        "// R4ModelData.generated.swift",
        "//",
        "// GENERATED FILE: DO NOT EDIT. Written by Sources/FHIRPath/Model/generate-model.py from",
        "// Sources/FHIRPath/Model/r4/*.json (FHIR R4's model information, via fhirpathpy 2.2.4:",
        "// see r4/SOURCE.md; MIT licence in r4/LICENSE.md). To regenerate, from anywhere:",
        "//",
        "//     python3 Sources/FHIRPath/Model/generate-model.py",
        "//",
        "// and `--check` to only verify that this file is up to date (ModelInfoTests does).",
        "//",
        "// Each table is one raw string literal, one entry a line, fields separated by tabs,",
        "// searched in its text or split into a collection by FHIRModel at first use: as Swift",
        "// collection literals, thousands of entries would make the type checker crawl.",
        "",
        "/// FHIR R4's model tables as text, read by ``FHIRModel``.",
        "enum R4ModelData {",
    ]
    return "\n".join(header) + "\n" + "\n\n".join(tables) + "\n}\n"


def main():
    parser = argparse.ArgumentParser(description="Generate R4ModelData.generated.swift from r4/*.json.")
    parser.add_argument("--check", action="store_true",
                        help="compare with the file on disk instead of writing; exit 1 if it is stale")
    args = parser.parse_args()
    text = generate(load())
    if args.check:
        try:
            current = OUTPUT.read_text(encoding="utf-8")
        except OSError:
            current = None
        if current != text:
            print(f"{OUTPUT} is stale or missing: regenerate it with "
                  f"`python3 Sources/FHIRPath/Model/generate-model.py`", file=sys.stderr)
            sys.exit(1)
        print(f"{OUTPUT.name} is up to date.")
        return
    # newline="\n": the same bytes on every platform.
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
