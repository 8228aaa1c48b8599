#!/usr/bin/env bash
# Makes the virtualenv of a Python test tool (Tests/NAME/requirements.txt, pinned) in .build/NAME,
# once, and again when the requirements change; prints its python. Test and benchmark tools only:
# careplan never needs Python to run. Usage: Tests/python-venv.sh FHIRValidator fhir-validator
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
requirements="$root/Tests/$1/requirements.txt"
venv="$root/.build/$2"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$stamp"; then
  rm -rf "$venv"
  mkdir -p "$root/.build"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$stamp"
fi
echo "$venv/bin/python"
