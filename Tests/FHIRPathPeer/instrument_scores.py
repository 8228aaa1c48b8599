#!/usr/bin/env python3
"""The scores of careplan's instruments (instruments/*.json) as fhirpathpy finds them, for
Tests/QuestionnairesTests/InstrumentPeerTests.

fhirpathpy has no SDC weight(), so it reads each score from the Questionnaire the long way: the
answer option of the question whose code the response gives, and its ordinalValue extension. For
each instrument it writes:

- "scores": for every scored question and every answer code, the score fhirpathpy reads from the
  Questionnaire for a response giving that answer alone;
- "responses": RESPONSES whole responses (fixed seed: every answer of every question chosen at
  random), each with the total of the scores fhirpathpy reads for its questions from the whole
  response (fhirpathpy's sum() cannot add FHIR elements, so the scores are added here).

Usage: python instrument_scores.py --out FILE    (python: Tests/FHIRPathPeer/setup.sh prints it)
"""
import argparse
import json
import random
import sys
from decimal import Decimal
from pathlib import Path

from fhirpathpy import compile as fp_compile
from fhirpathpy.engine.nodes import ResourceNode
from fhirpathpy.models import models

INSTRUMENTS = Path(__file__).resolve().parent.parent.parent / "instruments"
RESPONSES = 100
SEED = 36
ORDINAL = "http://hl7.org/fhir/StructureDefinition/ordinalValue"
SCORE = ("%questionnaire.repeat(item).where(linkId = {q}).answerOption"
         ".where(valueCoding.code = %resource.repeat(item).where(linkId = {q}).answer.valueCoding.code)"
         f".extension.where(url = '{ORDINAL}').valueDecimal")


def scored_questions(questionnaire):
    def walk(items):
        for item in items:
            if item.get("type") == "choice" and any(
                    e.get("url") == ORDINAL for o in item.get("answerOption", []) for e in o.get("extension", [])):
                yield item
            yield from walk(item.get("item", []))
    return list(walk(questionnaire.get("item", [])))


def response(questions, answers):
    """A QuestionnaireResponse giving each question's answer code (nested as the form is not: the
    expressions look at every depth)."""
    items = []
    for question in questions:
        code = answers.get(question["linkId"])
        if code is not None:
            coding = next(o["valueCoding"] for o in question["answerOption"] if o["valueCoding"]["code"] == code)
            items.append({"linkId": question["linkId"], "answer": [{"valueCoding": coding}]})
    return {"resourceType": "QuestionnaireResponse", "status": "completed", "item": items}


def number(value):
    """A score as the Decimal it was written as (fhirpathpy may hand back the element)."""
    return value.data if isinstance(value, ResourceNode) else value


def text(values):
    return [format(number(v), "f") for v in values]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(SEED)
    r4 = models["r4"]
    out = {}
    for path in sorted(INSTRUMENTS.glob("*.json")):
        questionnaire = json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
        questions = scored_questions(questionnaire)
        one = {q["linkId"]: fp_compile(SCORE.format(q=repr(q["linkId"])), r4, {"returnRawData": True}) for q in questions}
        scores = {}
        for question in questions:
            linkId = question["linkId"]
            scores[linkId] = {}
            for option in question["answerOption"]:
                code = option["valueCoding"]["code"]
                env = {"resource": response(questions, {linkId: code}), "questionnaire": questionnaire}
                scores[linkId][code] = text(one[linkId](env["resource"], env))
        responses = []
        for _ in range(RESPONSES):
            answers = {q["linkId"]: rng.choice(q["answerOption"])["valueCoding"]["code"] for q in questions}
            resource = response(questions, answers)
            env = {"resource": resource, "questionnaire": questionnaire}
            found = [one[q["linkId"]](resource, env) for q in questions]
            total = sum(number(values[0]) for values in found) if all(len(values) == 1 for values in found) else None
            responses.append({"answers": answers, "total": None if total is None else format(total, "f")})
        out[path.stem] = {"scores": scores, "responses": responses}
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
