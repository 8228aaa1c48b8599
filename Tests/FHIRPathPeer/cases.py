#!/usr/bin/env python3
"""Differential FHIRPath cases from the real SDC Questionnaires in Tests/Data/questionnaires/.

For every Questionnaire there, RESPONSES QuestionnaireResponses are generated (fixed seed, so the
same cases every run), and every text/fhirpath expression the Questionnaire carries (variable,
calculatedExpression, initialExpression, enableWhenExpression, answerExpression, targetConstraint,
...) is evaluated by fhirpathpy over each of them, the way an SDC form filler would:

- %resource is the QuestionnaireResponse, %questionnaire the Questionnaire (SDC "FHIRPath supplements").
- context "resource": an expression on the Questionnaire root is evaluated on the response
  ($this = %context = the QuestionnaireResponse).
- context LINKID: an expression on an item is evaluated on the QuestionnaireResponse items with that
  linkId (SDC: "%context ... SHALL be interpreted as the QuestionnaireResponse.item(s) whose linkId
  matches"): all of them, at any depth (under item and under answer.item), in document order, as one
  collection; $this = %context = that collection, empty when the item was not answered ("expressions
  or %context that refer to QuestionnaireResponse items that don't exist resolve to an empty set").
  %qitem is the Questionnaire item (SDC); it is not defined at the root.
- variables: the root's variables, then each ancestor item's, outermost first, then the item's own
  (for a variable: only those before it on the same item). Each is evaluated on its own context, in
  that order, and is %name for the later ones and for the expression (a later name overrides an
  earlier one, as SDC's descendant declarations do).

Output (--out): {"cases": [{"id", "questionnaire" (file name), "kind" (extension URL tails, e.g.
"variable", "sdc-questionnaire-calculatedExpression", "targetConstraint/expression"), "name" (the
expression's name or null), "expression", "context", "variables": [{"name", "expression", "context"}],
"response", ["volatile": true if now()/today()/timeOfDay() is used,] and "expected": [values] or
"error": "message"}]}. Values: booleans; numbers as their exact decimal text ("23", "1.5"); strings;
System dates/times as FHIRPath text without '@'; System.Quantity as {"value": text, "unit": unit};
FHIR elements (Coding, Quantity, ...) as their JSON, decimals written exactly as read.

Usage: python cases.py --out FILE [--summary]    (python: Tests/FHIRPathPeer/setup.sh prints it)
"""
import argparse
import contextlib
import copy
import io
import json
import random
import re
import sys
from decimal import Decimal
from pathlib import Path

from fhirpathpy import compile as fp_compile
from fhirpathpy.engine.nodes import FP_Quantity, FP_TimeBase, ResourceNode
from fhirpathpy.models import models

DATA = Path(__file__).resolve().parent.parent / "Data" / "questionnaires"
RESPONSES = 20
SEED = 4242
R4 = models["r4"]
UCUM = "http://unitsofmeasure.org"
VOLATILE = re.compile(r"\b(now|today|timeOfDay)\s*\(")


def load(path):
    # Decimals stay Decimals, as written: fhirpathpy would turn a JSON float into Decimal(repr(float)),
    # so 1.10 would become 1.1 and 0.1 + 0.2 would still be exact, but not every text survives a float.
    return json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)


def tail(url):
    return url.rstrip("/").rsplit("/", 1)[-1]


def expressions_of(node, kind=""):
    """(kind, valueExpression) of every text/fhirpath expression in the extensions of a Questionnaire
    node, in document order, nested ones too (targetConstraint's `expression`), but not those of
    child items (their own nodes) or of contained resources. kind: the extension URLs' last parts."""
    found = []
    for key, value in node.items():
        if key in ("item", "contained"):
            continue
        for element in value if isinstance(value, list) else [value]:
            if not isinstance(element, dict):
                continue
            if key in ("extension", "modifierExtension") and "url" in element:
                here = f"{kind}/{tail(element['url'])}" if kind else tail(element["url"])
                expression = element.get("valueExpression", {})
                if expression.get("language") == "text/fhirpath" and expression.get("expression"):
                    found.append((here, expression))
                found += expressions_of(element, here)
            else:
                found += expressions_of(element, kind)
    return found


def nodes_of(questionnaire):
    """(context, Questionnaire item or None, ancestors' contexts) of the root and of every item."""
    out = [("resource", None, [])]

    def walk(items, ancestors):
        for item in items:
            out.append((item["linkId"], item, ancestors))
            walk(item.get("item", []), ancestors + [item["linkId"]])

    walk(questionnaire.get("item", []), ["resource"])
    return out


def plan(questionnaire):
    """Every expression with the variables in scope for it, as the case fields want them."""
    nodes = nodes_of(questionnaire)
    exprs = {ctx: expressions_of(item if item is not None else questionnaire) for ctx, item, _ in nodes}

    def variables(ctx, upto=None):
        found = exprs[ctx] if upto is None else exprs[ctx][:upto]
        return [{"name": v["name"], "expression": v["expression"], "context": ctx}
                for kind, v in found if kind == "variable" and v.get("name")]

    planned = []
    for ctx, _, ancestors in nodes:
        for i, (kind, value) in enumerate(exprs[ctx]):
            scope = [v for a in ancestors for v in variables(a)]
            scope += variables(ctx, i if kind == "variable" else None)
            planned.append({"kind": kind, "name": value.get("name"), "expression": value["expression"],
                            "context": ctx, "variables": scope})
    return planned


# ---- generated QuestionnaireResponses ------------------------------------------------------------

# Answers for free-text questions: some fit the real forms' targetConstraint regexes, some don't.
STRINGS = ["yes", "Smith", "K1A 0B1", "K1A0B", "613-555-0199", "+1 (613) 555-0199", "call me",
           "jane.doe@example.org", "not an email", "Other"]
UNIT_RANGES = {"kg": (40, 150), "cm": (140, 200), "[in_i]": (55, 80), "mm[Hg]": (90, 200),
               "mmol/L": (Decimal("0.5"), 10), "a": (18, 90), "%": (0, 100)}
LINKID_RANGES = {"age": (18, 90), "weight": (40, 150), "height": (140, 200), "systolic-bp": (90, 200),
                 "tot-chol": (3, 9), "hdl-chol": (Decimal("0.6"), 3)}


def ext(item, name):
    return [e for e in item.get("extension", []) if tail(e["url"]) == name]


def value_of(element):
    return next(((k, v) for k, v in element.items() if k.startswith("value")), (None, None))


def unit_of(item):
    for e in ext(item, "questionnaire-unit") + ext(item, "questionnaire-unitOption"):
        return e["valueCoding"]
    return None


def bounds(item, default):
    low, high = LINKID_RANGES.get(item["linkId"].lower(), default)
    unit = unit_of(item)
    if unit and unit.get("code") in UNIT_RANGES:
        low, high = UNIT_RANGES[unit["code"]]
    for e in ext(item, "minValue"):
        low = value_of(e)[1]
    for e in ext(item, "maxValue"):
        high = value_of(e)[1]
    return low, high


def options(item, questionnaire):
    """answerOption values, or a contained answerValueSet's codes, as (valueX, value) pairs."""
    if "answerOption" in item:
        return [value_of(o) for o in item["answerOption"]]
    ref = item.get("answerValueSet", "")
    for vs in questionnaire.get("contained", []):
        if ref in ("#" + vs.get("id", ""), vs.get("url")):
            codes = vs.get("expansion", {}).get("contains", [])
            codes = codes or [dict(c, system=inc.get("system")) for inc in vs.get("compose", {}).get("include", [])
                              for c in inc.get("concept", [])]
            return [("valueCoding", {k: c[k] for k in ("system", "code", "display") if c.get(k)}) for c in codes]
    return []


def answer_values(rng, item, questionnaire, skip):
    """The answers a person might give to one question, or [] to leave it unanswered."""
    kind = item["type"]
    choices = options(item, questionnaire)
    if rng.random() < skip or ext(item, "sdc-questionnaire-calculatedExpression"):
        return []  # unanswered; a calculated item is the form filler's to fill
    if choices:
        picked = rng.sample(choices, rng.randint(1, len(choices)) if item.get("repeats") else 1)
        if kind == "open-choice" and rng.random() < 0.2:
            picked = [("valueString", rng.choice(STRINGS))]
        return [{k: copy.deepcopy(v)} for k, v in picked]
    if kind == "boolean":
        return [{"valueBoolean": rng.random() < 0.5}]
    if kind == "integer":
        low, high = bounds(item, (0, 120))
        return [{"valueInteger": rng.randint(int(low), int(high))}]
    if kind in ("decimal", "quantity"):
        low, high = bounds(item, (0, 10))  # no unit or range given: small numbers, near typical thresholds
        value = Decimal(rng.randint(int(low * 10), int(high * 10))) / 10  # one decimal place, exact
        if kind == "decimal":
            return [{"valueDecimal": value}]
        unit = unit_of(item)
        quantity = {"value": value}
        if unit:
            quantity.update(unit=unit.get("display", unit["code"]), system=unit.get("system", UCUM), code=unit["code"])
        return [{"valueQuantity": quantity}]
    if kind in ("string", "text"):
        return [{"valueString": rng.choice(STRINGS)}]
    if kind == "date":
        return [{"valueDate": f"{rng.randint(1930, 2024)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"}]
    if kind == "dateTime":
        return [{"valueDateTime": f"{rng.randint(2000, 2024)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                                  f"T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"}]
    if kind == "time":
        return [{"valueTime": f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00"}]
    return []  # display, attachment, reference, url: nothing to generate


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):  # Coding: system (when both have one) and code
        return a.get("code") == b.get("code") and (not a.get("system") or not b.get("system")
                                                   or a["system"] == b["system"])
    return a == b


def enabled(item, given):
    """enableWhen over the answers generated so far, so hidden questions stay out of the response."""
    results = []
    for cond in item.get("enableWhen", []):
        answers = given.get(cond["question"], [])
        op = cond["operator"]
        want = next((v for k, v in cond.items() if k.startswith("answer")), None)
        if op == "exists":
            results.append(bool(answers) == want)
        elif op in ("=", "!="):
            results.append(any(same(a, want) for a in answers) == (op == "="))
        else:
            test = {">": lambda a: a > want, "<": lambda a: a < want, ">=": lambda a: a >= want, "<=": lambda a: a <= want}[op]
            results.append(any(not isinstance(a, dict) and test(a) for a in answers))
    if not results:
        return True
    return all(results) if item.get("enableBehavior") == "all" else any(results)


def response_items(rng, items, questionnaire, given, skip):
    out = []
    for item in items:
        if item["type"] == "display" or not enabled(item, given):
            continue
        node = {"linkId": item["linkId"]}
        if "text" in item:
            node["text"] = item["text"]
        if item["type"] == "group":
            children = response_items(rng, item.get("item", []), questionnaire, given, skip)
            if children:
                out.append(dict(node, item=children))
            continue
        answers = answer_values(rng, item, questionnaire, skip)
        if not answers:
            continue
        given[item["linkId"]] = [value_of(a)[1] for a in answers]
        if item.get("item"):  # R4: a question's child items go under its answer
            children = response_items(rng, item["item"], questionnaire, given, skip)
            if children:
                answers[0]["item"] = children
        out.append(dict(node, answer=answers))
    return out


def generate(rng, questionnaire, stem, n):
    response = {"resourceType": "QuestionnaireResponse", "id": f"{stem}-{n:02d}"}
    if questionnaire.get("url"):
        response["questionnaire"] = questionnaire["url"]
    response["status"] = "completed"
    # How much of the form this person left blank: from all answered to almost nothing, so that
    # the expressions meet empty collections as well as full ones.
    skip = rng.choice([0.0, 0.1, 0.15, 0.3, 0.9])
    response["item"] = response_items(rng, questionnaire.get("item", []), questionnaire, {}, skip)
    return response


# ---- evaluation with fhirpathpy ------------------------------------------------------------------

compiled = {}


def fhirpath(expression, raw):
    # Parsing (ANTLR in Python) costs milliseconds, evaluating ~0.1 ms: parse each expression once.
    key = (expression, raw)
    if key not in compiled:
        with contextlib.redirect_stdout(io.StringIO()):  # ANTLR prints syntax errors before raising
            compiled[key] = fp_compile(expression, R4, {"returnRawData": True} if raw else None)
    return compiled[key]


def all_items(node):
    for item in node.get("item", []):
        yield item
        yield from all_items(item)
        for answer in item.get("answer", []):
            yield from all_items(answer)


def focus(context, response, qitems, env):
    """The input collection for a context, with %qitem set to match (see the module comment)."""
    env.pop("qitem", None)
    if context == "resource":
        return response
    env["qitem"] = ResourceNode.create_node(qitems[context], "Questionnaire.item")
    # Typed nodes, so that choice elements (answer.value) resolve as they do from the root.
    return [ResourceNode.create_node(i, "QuestionnaireResponse.item")
            for i in all_items(response) if i.get("linkId") == context]


def evaluate(case, questionnaire, qitems, response):
    env = {"resource": response, "questionnaire": questionnaire}
    for var in case["variables"]:
        try:
            env[var["name"]] = fhirpath(var["expression"], True)(focus(var["context"], response, qitems, env), env)
        except Exception as error:
            raise RuntimeError(f"variable %{var['name']}: {type(error).__name__}: {error}") from error
    return fhirpath(case["expression"], False)(focus(case["context"], response, qitems, env), env)


def plain(value):
    """A result as JSON a Swift test can compare: numbers as their exact decimal text."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, float):  # fhirpathpy should not hand these out; keep them visible if it does
        return repr(value)
    if isinstance(value, FP_Quantity):  # System.Quantity; unit as FHIRPath writes it, without quotes
        return {"value": plain(value.value), "unit": value.unit.strip("'")}
    if isinstance(value, FP_TimeBase):  # System Date/DateTime/Time, FHIRPath text without the '@'
        return str(value)
    if isinstance(value, ResourceNode):
        return plain(value.data)
    return value  # str, or FHIR JSON (dict) whose Decimals dumps() writes as JSON numbers


def dumps(document):
    """JSON with every Decimal written as the JSON number it was read as (no float rounding)."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"),
                      default=lambda d: "\0" + format(d, "f") if isinstance(d, Decimal) else str(d))
    return re.sub(r'"\\u0000([-0-9.]+)"', r"\1", text)


def build():
    rng = random.Random(SEED)
    cases, stats = [], {"questionnaires": 0, "with expressions": 0, "responses": 0, "expressions": 0}
    for path in sorted(DATA.glob("*.json")):
        questionnaire = load(path)
        if questionnaire.get("resourceType") != "Questionnaire":
            continue  # responses and fragments kept for other tests
        stats["questionnaires"] += 1
        planned = plan(questionnaire)
        if not planned:
            continue  # no FHIRPath to check (scores for weight()/ordinal(), used elsewhere)
        stats["with expressions"] += 1
        stats["expressions"] += len(planned)
        qitems = {ctx: item for ctx, item, _ in nodes_of(questionnaire) if item is not None}
        for n in range(RESPONSES):
            response = generate(rng, questionnaire, path.stem, n)
            stats["responses"] += 1
            for k, p in enumerate(planned):
                case = {"id": f"{path.stem}/e{k:02d}/r{n:02d}", "questionnaire": path.name,
                        "kind": p["kind"], "name": p["name"], "expression": p["expression"],
                        "context": p["context"], "variables": p["variables"], "response": response}
                if any(VOLATILE.search(e) for e in [p["expression"]] + [v["expression"] for v in p["variables"]]):
                    case["volatile"] = True  # now()/today(): expected only holds on the day it was made
                try:  # fhirpathpy may annotate what it is given: hand it a copy
                    case["expected"] = [plain(v) for v in evaluate(case, questionnaire, qitems, copy.deepcopy(response))]
                except Exception as error:
                    case["error"] = str(error) if isinstance(error, RuntimeError) else f"{type(error).__name__}: {error}"
                cases.append(case)
    return cases, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", help="write the cases here as JSON")
    parser.add_argument("--summary", action="store_true", help="print counts and fhirpathpy's errors")
    args = parser.parse_args()
    if not args.out and not args.summary:
        parser.error("give --out FILE and/or --summary")
    cases, stats = build()
    if args.out:
        Path(args.out).write_text(dumps({"cases": cases}) + "\n", encoding="utf-8")
    if args.summary:
        errors = [c for c in cases if "error" in c]
        print(f"{stats['questionnaires']} questionnaires ({stats['with expressions']} with FHIRPath), "
              f"{stats['responses']} responses, "
              f"{stats['expressions']} expressions, {len(cases)} cases, {len(errors)} raised errors in fhirpathpy")
        counts = {}
        for case in errors:
            counts[case["error"]] = counts.get(case["error"], 0) + 1
        for message, count in sorted(counts.items(), key=lambda mc: -mc[1])[:8]:
            print(f"  {count:4d} x {message[:160]}")


if __name__ == "__main__":
    sys.exit(main())
