#!/usr/bin/env python3
"""A proxy between careplan and the FHIR server of the sync tests, that fails on purpose.

Usage: faulty_proxy.py PORT UPSTREAM_BASE FAULTS.json [RECORD.jsonl]

Every request is passed to UPSTREAM_BASE (the real server) unless a fault in FAULTS.json matches it.
FAULTS.json is a list, read again at every request; the first fault that matches is used once and
removed from the file. A fault is {"on": WHAT, "do": FAULT}:
  on: "transaction" or "batch" (a POSTed Bundle of that type), "GET", or "any"
  do: "drop-after-commit"  pass it on (the server commits), then close the connection unanswered
      "status:500"         answer 500 with an OperationOutcome, passing nothing on
      "status:429:N"       answer 429 with Retry-After: N, passing nothing on
      "status:422"         a refusal with an OperationOutcome's diagnostics
      "slow:N"             wait N seconds, then pass it on
Every request is logged to FAULTS.json.log, a line each: METHOD PATH BUNDLE-TYPE OUTCOME.
With RECORD.jsonl, every request passed on is also written there whole, a JSON line each
({"method", "path", "body", "response"}): careplan-bench replays careplan's own requests with a
plain HTTP loop (Benchmarks/tools/sync_floor.py).
Standard library only.
"""
import json
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, upstream, faults_path = int(sys.argv[1]), sys.argv[2].rstrip("/"), sys.argv[3]
record_path = sys.argv[4] if len(sys.argv) > 4 else None
lock = threading.Lock()


def take_fault(method, bundle_type):
    """The first fault matching this request, removed from the file."""
    with lock:
        try:
            with open(faults_path) as f:
                faults = json.load(f)
        except (OSError, ValueError):
            return None
        for index, fault in enumerate(faults):
            on = fault.get("on", "any")
            if on == "any" or on == method or (bundle_type is not None and on == bundle_type):
                del faults[index]
                with open(faults_path, "w") as f:
                    json.dump(faults, f)
                return fault["do"]
    return None


def log(line):
    with lock:
        with open(faults_path + ".log", "a") as f:
            f.write(line + "\n")


def outcome(diagnostics):
    return json.dumps({"resourceType": "OperationOutcome",
                       "issue": [{"severity": "error", "code": "processing", "diagnostics": diagnostics}]}).encode()


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        bundle_type = None
        if body:
            try:
                bundle_type = json.loads(body).get("type")
            except ValueError:
                pass
        fault = take_fault(self.command, bundle_type)
        log(f"{self.command} {self.path} {bundle_type or '-'} {fault or 'passed'}")
        if fault and fault.startswith("status:"):
            parts = fault.split(":")
            status = int(parts[1])
            text = outcome(f"the proxy answered {status} on purpose")
            self.send_response(status)
            if status == 429 and len(parts) > 2:
                self.send_header("Retry-After", parts[2])
            self.send_header("Content-Type", "application/fhir+json")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)
            return
        if fault and fault.startswith("slow:"):
            time.sleep(float(fault.split(":")[1]))
        path = self.path[len("/fhir"):] if self.path.startswith("/fhir") else self.path
        headers = {name: value for name, value in self.headers.items()
                   if name.lower() in ("content-type", "accept", "prefer", "authorization")}
        request = urllib.request.Request(upstream + path, data=body, method=self.command, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, answer, content_type = response.status, response.read(), response.headers.get("Content-Type")
        except urllib.error.HTTPError as error:
            status, answer, content_type = error.code, error.read(), error.headers.get("Content-Type")
        if record_path:
            with lock:
                with open(record_path, "a") as f:
                    f.write(json.dumps({"method": self.command, "path": path, "body": (body or b"").decode(),
                                        "response": answer.decode()}) + "\n")
        if fault == "drop-after-commit":
            # The server did it all; the client hears nothing.
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        # Links and locations name the proxy, as they would name the server behind a real gateway.
        answer = answer.replace(upstream.encode(), f"http://127.0.0.1:{port}/fhir".encode())
        self.send_response(status)
        self.send_header("Content-Type", content_type or "application/fhir+json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_PUT = do_DELETE = handle_any


ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
