#!/usr/bin/env bash
# Makes the virtualenv with the independent FHIR R4 validator (requirements.txt) in .build/fhir-validator,
# once; prints its python. Test and benchmark tools only: careplan never needs Python to run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/.build/fhir-validator"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$root/Tests/FHIRValidator/requirements.txt" "$stamp"; then
  rm -rf "$venv"
  mkdir -p "$root/.build"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/Tests/FHIRValidator/requirements.txt" >&2
  cp "$root/Tests/FHIRValidator/requirements.txt" "$stamp"
fi
echo "$venv/bin/python"
