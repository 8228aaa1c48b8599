#!/usr/bin/env bash
# The independent FHIR R4 validator (requirements.txt) in .build/fhir-validator; prints its python.
exec "$(dirname "$0")/../python-venv.sh" FHIRValidator fhir-validator
