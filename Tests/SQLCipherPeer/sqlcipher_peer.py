"""SQLCipher's own build (the sqlcipher3-binary wheel), as a second opinion on careplan's files.

    sqlcipher_peer.py read DB PASSPHRASE_FILE HMAC SQL     rows of SQL as JSON, after PRAGMA
                                                           integrity_check (HMAC: HMAC_SHA256 or
                                                           HMAC_SHA512, SQLCipher 4's default; or
                                                           compatibility=N, SQLCipher N's settings)
    sqlcipher_peer.py encrypt PLAIN OUT PASSPHRASE_FILE [N]
                                                           OUT: PLAIN encrypted with SQLCipher 4's
                                                           defaults (or SQLCipher N's), as its
                                                           documentation's sqlcipher_export recipe
                                                           does it

The passphrase is the first line of a file, never an argument.
"""
import json
import sys

from sqlcipher3 import dbapi2 as sqlcipher


def passphrase(path):
    with open(path, encoding="utf-8") as file:
        return file.readline().rstrip("\n")


def quoted(text):
    return "'" + text.replace("'", "''") + "'"


def read(database, passphrase_file, hmac, sql):
    connection = sqlcipher.connect(database)
    connection.execute("PRAGMA key = " + quoted(passphrase(passphrase_file)))
    if hmac.startswith("compatibility="):
        connection.execute("PRAGMA cipher_compatibility = %d" % int(hmac.split("=")[1]))
    else:
        connection.execute("PRAGMA cipher_hmac_algorithm = " + hmac)
    check = connection.execute("PRAGMA integrity_check").fetchall()
    if check != [("ok",)]:
        sys.exit("integrity_check: %r" % check)
    print(json.dumps(connection.execute(sql).fetchall()))


def encrypt(plain, out, passphrase_file, compatibility=None):
    connection = sqlcipher.connect(plain)
    connection.execute("ATTACH DATABASE ? AS encrypted KEY ?", (out, passphrase(passphrase_file)))
    if compatibility is not None:
        connection.execute("PRAGMA encrypted.cipher_compatibility = %d" % int(compatibility))
    connection.execute("SELECT sqlcipher_export('encrypted')")
    connection.execute("DETACH DATABASE encrypted")
    connection.close()


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"read": read, "encrypt": encrypt}[command](*arguments)
