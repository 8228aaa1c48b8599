#!/usr/bin/env python3
"""fhirpathpy on the official FHIRPath R4 suite, as careplan-bench times careplan's engine on it.

Reads Tests/Data/fhirpath/tests-fhir-r4.xml and the JSON inputs beside it, then, ROUNDS times, parses
and evaluates every test's expression on its input (with the R4 model), each error caught and
counted, as the engine's own run does. Loading the files is not timed. Prints JSON:
{"cases": N, "errors": E, "rounds": [seconds, ...]}.

Usage: python fhirpath_suite_peer.py REPOSITORY ROUNDS   (python: Tests/FHIRPathPeer/setup.sh prints it)
"""
import contextlib
import io
import json
import sys
import time
import xml.etree.ElementTree as ElementTree
from decimal import Decimal
from pathlib import Path

import fhirpathpy
from fhirpathpy.models import models


def main():
    repository, rounds = Path(sys.argv[1]), int(sys.argv[2])
    folder = repository / "Tests" / "Data" / "fhirpath"
    root = ElementTree.parse(folder / "tests-fhir-r4.xml").getroot()
    cases = []
    inputs = {}
    for test in root.iter("test"):
        expression = test.find("expression")
        if expression is None or expression.text is None:
            continue
        source = test.get("inputfile")
        if source and source not in inputs:
            name = source[:-4] + ".json" if source.endswith(".xml") else source
            inputs[source] = json.loads((folder / name).read_text(encoding="utf-8"), parse_float=Decimal)
        cases.append((expression.text, source))
    model = models["r4"]
    times = []
    errors = 0
    # ANTLR prints its syntax errors to stdout; they are not part of the answer.
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for _ in range(rounds):
            errors = 0
            start = time.perf_counter()
            for expression, source in cases:
                try:
                    fhirpathpy.evaluate(inputs.get(source, {}), expression, {}, model)
                except Exception:
                    errors += 1
            times.append(time.perf_counter() - start)
    print(json.dumps({"cases": len(cases), "errors": errors, "rounds": times}))


if __name__ == "__main__":
    main()
