#!/usr/bin/env bash
# The real FHIR R4 server the sync tests start on loopback (sekmet-fhir, requirements.txt) in
# .build/fhir-server; prints its python (sekmet is beside it).
exec "$(dirname "$0")/../python-venv.sh" FHIRServer fhir-server
