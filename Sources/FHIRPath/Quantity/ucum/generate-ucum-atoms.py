#!/usr/bin/env python3
"""Generates ../UCUMAtoms.generated.swift from ucum-essence.xml (UCUM's prefixes and unit atoms).

Every atom is resolved here, recursively and exactly (fractions.Fraction), down to UCUM's seven base
units (m, s, g, rad, K, C, cd); the Swift side only multiplies atoms together. The table is written
as one raw string literal that FHIRPath parses on first use (large Swift literals make the type
checker crawl).

    python3 generate-ucum-atoms.py          # writes the Swift file
    python3 generate-ucum-atoms.py --check  # exits 1 when the Swift file is not what this would write

Python 3.8+, standard library only. The table's columns are described in the generated file.
"""

import sys
import xml.etree.ElementTree as ET
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
ESSENCE = HERE / "ucum-essence.xml"
OUTPUT = HERE.parent / "UCUMAtoms.generated.swift"
NS = {"u": "http://unitsofmeasure.org/ucum-essence"}

# UCUM's base units in the order of UCUMUnit.dimension, by the `dim` letter essence gives them.
BASE_DIMS = ["L", "T", "M", "A", "C", "Q", "F"]  # m, s, g, rad, K, C, cd

# The special units on an interval scale: essence names their functions (Cel, degF, degRe) but does
# not define them. Each is  K = (x + offset) × r  where r is the function's proper unit (1 K, 5 K/9,
# 5 K/4, which essence does give). The offsets follow from 0 °C = 273.15 K (SI) and the scales'
# definitions: °F = °C × 9/5 + 32, so K = (°F + 273.15 × 9/5 − 32) × 5/9 = (°F + 459.67) × 5/9;
# °Ré = °C × 4/5, so K = (°Ré + 273.15 × 4/5) × 5/4 = (°Ré + 218.52) × 5/4.
INTERVAL_OFFSETS = {"Cel": "273.15", "degF": "459.67", "degRe": "218.52"}

# Numbers are written with at most this many significant digits (Foundation's Decimal keeps 38).
MAX_DIGITS = 36


class UCUMSyntaxError(Exception):
    pass


class Quantity:
    """A proper unit: an exact factor times a product of base units; arbitrary when any atom is."""

    def __init__(self, factor=Fraction(1), dims=(0,) * 7, arbitrary=False):
        self.factor = factor
        self.dims = tuple(dims)
        self.arbitrary = arbitrary

    def times(self, other, exponent=1):
        return Quantity(
            self.factor * other.factor ** exponent,
            tuple(a + b * exponent for a, b in zip(self.dims, other.dims)),
            self.arbitrary or other.arbitrary,
        )


class Essence:
    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.version = root.get("version")
        self.revision_date = root.get("revision-date")
        self.prefixes = {}  # code -> Fraction, in essence's order
        for p in root.findall("u:prefix", NS):
            self.prefixes[p.get("Code")] = Fraction(Decimal(p.find("u:value", NS).get("value")))
        self.base = {}  # code -> dims
        for i, b in enumerate(root.findall("u:base-unit", NS)):
            dims = [0] * 7
            dims[BASE_DIMS.index(b.get("dim"))] = 1
            self.base[b.get("Code")] = tuple(dims)
        self.units = {}  # code -> element, in essence's order
        for u in root.findall("u:unit", NS):
            code = u.get("Code")
            if code in self.units or code in self.base:
                raise SystemExit(f"essence defines {code} twice")
            self.units[code] = u
        self.resolved = {}
        self.resolving = set()

    def is_metric(self, code):
        if code in self.base:
            return True
        return self.units[code].get("isMetric") == "yes"

    def is_special(self, code):
        return code in self.units and self.units[code].get("isSpecial") == "yes"

    # Resolving atoms --------------------------------------------------------------------------

    def atom(self, code):
        """The proper unit an atom is (for a special unit: its corresponding proper unit)."""
        if code in self.base:
            return Quantity(Fraction(1), self.base[code])
        if code in self.resolved:
            return self.resolved[code]
        if code in self.resolving:
            raise SystemExit(f"essence defines {code} through itself")
        self.resolving.add(code)
        u = self.units[code]
        value = u.find("u:value", NS)
        function = value.find("u:function", NS)
        if function is not None:
            q = Quantity(Fraction(Decimal(function.get("value")))).times(self.parse(function.get("Unit")))
        else:
            q = Quantity(Fraction(Decimal(value.get("value")))).times(self.parse(value.get("Unit")))
        if u.get("isArbitrary") == "yes":
            q.arbitrary = True
        self.resolving.discard(code)
        self.resolved[code] = q
        return q

    def parse(self, text):
        return Parser(self, text).main_term()


class Parser:
    """UCUM expressions, by the same grammar as UCUMParser.swift (definitions use no special units)."""


    def __init__(self, essence, text):
        self.e, self.text, self.i = essence, text, 0

    def main_term(self):
        text = self.text
        if text == "":
            raise UCUMSyntaxError("empty")
        if text.startswith("/"):
            self.i = 1
            q = Quantity().times(self.component(), -1)
        else:
            q = self.component()
        q = self.term_rest(q)
        if self.i != len(text):
            raise UCUMSyntaxError(f"unexpected {text[self.i]!r} at {self.i} in {text!r}")
        return q

    def term_rest(self, q):
        while self.i < len(self.text) and self.text[self.i] in "./":
            op = self.text[self.i]
            self.i += 1
            q = q.times(self.component(), 1 if op == "." else -1)
        return q

    def component(self):
        t = self.text
        if self.i < len(t) and t[self.i] == "(":
            self.i += 1
            q = self.component()
            q = self.term_rest(q)
            if self.i >= len(t) or t[self.i] != ")":
                raise UCUMSyntaxError(f"missing ')' in {t!r}")
            self.i += 1
            return q
        if self.i < len(t) and t[self.i] == "{":
            self.skip_annotation()
            return Quantity()
        start = self.i
        depth = 0
        while self.i < len(t):
            c = t[self.i]
            if c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
            elif depth == 0 and c in "./(){":
                break
            self.i += 1
        symbol = t[start:self.i]
        if self.i < len(t) and t[self.i] == "{":
            self.skip_annotation()
        if symbol.isdigit():
            return Quantity(Fraction(int(symbol)))
        # A trailing exponent: digits, perhaps signed, after the atom.
        j = len(symbol)
        while j > 0 and symbol[j - 1].isdigit():
            j -= 1
        exponent = 1
        if j < len(symbol):
            if j > 0 and symbol[j - 1] in "+-":
                j -= 1
            exponent = int(symbol[j:])
            symbol = symbol[:j]
        return Quantity().times(self.simple_unit(symbol), exponent)

    def skip_annotation(self):
        end = self.text.index("}", self.i)
        self.i = end + 1

    def simple_unit(self, symbol):
        if symbol in self.e.base or symbol in self.e.units:
            if self.e.is_special(symbol):
                raise UCUMSyntaxError(f"special unit {symbol} in a definition")
            return self.e.atom(symbol)
        for prefix in sorted(self.e.prefixes, key=len, reverse=True):
            rest = symbol[len(prefix):]
            if symbol.startswith(prefix) and (rest in self.e.base or rest in self.e.units) and self.e.is_metric(rest):
                return Quantity(self.e.prefixes[prefix]).times(self.e.atom(rest))
        raise UCUMSyntaxError(f"unknown unit {symbol!r} in {self.text!r}")


# Writing numbers ------------------------------------------------------------------------------


def decimal_text(f):
    """An exact decimal for a fraction whose denominator has only the factors 2 and 5, else None."""
    den = f.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return None
    scale = max(twos, fives)
    mantissa = f.numerator * 10 ** scale // f.denominator  # exact
    exponent = -scale
    if mantissa == 0:
        return "0"
    while mantissa % 10 == 0:
        mantissa //= 10
        exponent += 1
    digits = str(abs(mantissa))
    if len(digits) > MAX_DIGITS:
        return None
    sign = "-" if mantissa < 0 else ""
    if 0 <= exponent <= 6:
        return sign + digits + "0" * exponent
    if -12 <= exponent < 0:
        point = len(digits) + exponent
        if point > 0:
            return sign + digits[:point] + "." + digits[point:]
        return sign + "0." + "0" * -point + digits
    return f"{sign}{digits}e{exponent}"


def rounded_text(f):
    """The fraction rounded to MAX_DIGITS significant digits (for factors through [pi])."""
    with localcontext() as ctx:
        ctx.prec = MAX_DIGITS
        d = Decimal(f.numerator) / Decimal(f.denominator)
    return decimal_text(Fraction(d))


def factor_text(f):
    """Exact decimal, else an exact `numerator/denominator`, else `~` and the rounded decimal."""
    exact = decimal_text(f)
    if exact is not None:
        return exact
    num, den = decimal_text(Fraction(f.numerator)), decimal_text(Fraction(f.denominator))
    if num is not None and den is not None:
        return f"{num}/{den}"
    return "~" + rounded_text(f)


# The table ------------------------------------------------------------------------------------


def table(e):
    lines = []
    for code, value in e.prefixes.items():
        lines.append("\t".join(["P", code, factor_text(value)]))
    for code, dims in e.base.items():
        lines.append("\t".join(["U", code, "M", "1", ",".join(map(str, dims))]))
    for code, u in e.units.items():
        q = e.atom(code)
        flags = ""
        if u.get("isMetric") == "yes":
            flags += "M"
        if q.arbitrary:
            flags += "A"
        special = ""
        function = u.find("u:value", NS).find("u:function", NS)
        if function is not None:
            name = function.get("name")
            special = f"offset={INTERVAL_OFFSETS[name]}" if name in INTERVAL_OFFSETS else f"fn={name}"
        elif e.is_special(code):
            raise SystemExit(f"special unit {code} has no function")
        fields = ["U", code, flags or "-", factor_text(q.factor), ",".join(map(str, q.dims))]
        lines.append("\t".join(fields + ([special] if special else [])))
    for line in lines:
        if '"#' in line or "\n" in line:
            raise SystemExit(f"cannot put {line!r} in a raw string")
    return lines


def swift_file(e):
    lines = table(e)
    prefixes = sum(1 for l in lines if l.startswith("P\t"))
    atoms = len(lines) - prefixes
    body = "\n".join("        " + l for l in lines)
    return f'''// GENERATED by Sources/FHIRPath/Quantity/ucum/generate-ucum-atoms.py from ucum/ucum-essence.xml:
// do not edit, run the script (its --check says whether this file is stale).
//
// The table is derived from The Unified Code for Units of Measure (UCUM), version {e.version},
// revision date {e.revision_date}: Copyright 1999-2024 Regenstrief Institute, Inc. All rights reserved.
// Licensed under the UCUM License, Version 1.1 (ucum/LICENSE.md, https://unitsofmeasure.org/license);
// provided AS IS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND (see the License, Section 7).

/// UCUM's prefixes and unit atoms, each atom resolved to the seven base units.
enum UCUMAtomTable {{
    static let version = "{e.version}"
    static let revisionDate = "{e.revision_date}"
    static let prefixCount = {prefixes}
    static let atomCount = {atoms}

    /// One line per prefix or atom, tab-separated.
    ///
    /// - `P  code  value`: a prefix.
    /// - `U  code  flags  factor  dimension  special`: an atom. flags: `M` metric (takes prefixes),
    ///   `A` arbitrary (a procedure-defined unit, or defined through one), `-` neither. factor: the
    ///   atom in base units, exact: a decimal, or `numerator/denominator` where the decimal would not
    ///   end; `~` before it marks a value rounded to {MAX_DIGITS} digits (units through [pi]).
    ///   dimension: the exponents of m, s, g, rad, K, C, cd. special: absent for a proper unit;
    ///   `offset=c` for a unit on an interval scale (base = (value + c) × factor); `fn=name` for
    ///   another special unit (logarithms, pH, ...), whose factor and dimension are those of the
    ///   proper unit in its definition.
    static let text = #"""
{body}
        """#
}}
'''


def main(argv):
    e = Essence(ESSENCE)
    text = swift_file(e)
    if argv[1:] == ["--check"]:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.name} is stale: run {Path(__file__).name}", file=sys.stderr)
            return 1
        print(f"{OUTPUT.name} is up to date")
        return 0
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
