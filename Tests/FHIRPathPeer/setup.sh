#!/usr/bin/env bash
# The independent FHIRPath engine (fhirpathpy, requirements.txt) in .build/fhirpath-peer; prints its python.
exec "$(dirname "$0")/../python-venv.sh" FHIRPathPeer fhirpath-peer
