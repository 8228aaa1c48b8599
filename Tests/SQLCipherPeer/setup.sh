#!/usr/bin/env bash
# SQLCipher's own build (sqlcipher3-binary, requirements.txt) in .build/sqlcipher-peer; prints its python.
exec "$(dirname "$0")/../python-venv.sh" SQLCipherPeer sqlcipher-peer
