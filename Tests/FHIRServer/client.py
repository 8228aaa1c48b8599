#!/usr/bin/env python3
"""A plain HTTP client for the sync tests: what a clinic's own software does to a FHIR server,
not careplan. Usage: client.py METHOD URL [BODY.json]. Prints the status on the first line and
the response body after it. Standard library only."""
import sys
import urllib.error
import urllib.request

method, url = sys.argv[1], sys.argv[2]
body = open(sys.argv[3], "rb").read() if len(sys.argv) > 3 else None
request = urllib.request.Request(url, data=body, method=method, headers={"Content-Type": "application/fhir+json", "Accept": "application/fhir+json"})
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        status, text = response.status, response.read()
except urllib.error.HTTPError as error:
    status, text = error.code, error.read()
except OSError as error:
    status, text = 0, str(error).encode()
sys.stdout.write(f"{status}\n")
sys.stdout.buffer.write(text)
