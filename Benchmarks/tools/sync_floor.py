#!/usr/bin/env python3
"""The floor careplan-bench times `careplan sync` against (issue 25): the very requests careplan
sent (recorded by Tests/FHIRServer/faulty_proxy.py), sent again to a fresh server of the same kind
by a plain HTTP loop over one kept-alive connection, as careplan's libcurl handle keeps one. What it
takes is the server's own speed. Standard library only; timings exclude Python's start.

Usage:
  sync_floor.py wait BASE                 until BASE/metadata answers (30 s at most)
  sync_floor.py replay BASE RECORD.jsonl  every recorded request in order; prints {"ms", "requests"}
  sync_floor.py roundtrip BASE RECORD.jsonl N
                                          the recorded batch of searches (the first POSTed batch) N
                                          times; prints {"ms": [each]}

A replay sends each request with careplan's headers. The server names the Patient it creates (the
one id careplan does not choose); the replay puts the fresh server's id wherever the recording has
the old one, as careplan uses the id its server gave.
"""
import http.client
import json
import sys
import time
import urllib.parse

HEADERS = {"Accept": "application/fhir+json", "Prefer": "return=minimal", "Content-Type": "application/fhir+json"}


def connect(base):
    url = urllib.parse.urlsplit(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=120), url.path.rstrip("/")


def send(connection, method, path, body):
    connection.request(method, path, body=body.encode() if body else None, headers=HEADERS)
    response = connection.getresponse()
    data = response.read()
    if response.status >= 400:
        sys.exit(f"sync_floor.py: {method} {path}: {response.status} {data[:300]!r}")
    return data


def patient_ids(response):
    """Patient ids in a transaction-response's locations."""
    try:
        bundle = json.loads(response)
    except ValueError:
        return []
    ids = []
    for entry in bundle.get("entry", []):
        location = (entry.get("response") or {}).get("location", "")
        parts = location.split("/")
        if "Patient" in parts and parts.index("Patient") + 1 < len(parts):
            ids.append(parts[parts.index("Patient") + 1])
    return ids


def records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def wait(base):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection, prefix = connect(base)
            connection.request("GET", prefix + "/metadata")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit(f"sync_floor.py: {base} did not answer in 30 s")


def replay(base, record):
    requests = records(record)
    connection, prefix = connect(base)
    renames = {}
    start = time.perf_counter()
    for request in requests:
        path, body = request["path"], request["body"]
        for old, new in renames.items():
            path, body = path.replace(old, new), body.replace(old, new)
        answer = send(connection, request["method"], prefix + path, body)
        for old, new in zip(patient_ids(request["response"]), patient_ids(answer)):
            if old != new:
                renames["Patient/" + old] = "Patient/" + new
    elapsed = (time.perf_counter() - start) * 1000
    print(json.dumps({"ms": elapsed, "requests": len(requests)}))


def roundtrip(base, record, count):
    batch = next(r for r in records(record) if r["method"] == "POST" and '"batch"' in r["body"])
    connection, prefix = connect(base)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        send(connection, "POST", prefix + batch["path"], batch["body"])
        times.append((time.perf_counter() - start) * 1000)
    print(json.dumps({"ms": times}))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "wait" and len(sys.argv) == 3:
        wait(sys.argv[2])
    elif command == "replay" and len(sys.argv) == 4:
        replay(sys.argv[2], sys.argv[3])
    elif command == "roundtrip" and len(sys.argv) == 5:
        roundtrip(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(__doc__)
