// The kernel's key retention service (keyrings(7)), where `careplan unlock` keeps a store's derived
// key for a while. glibc has no wrappers for these system calls (libkeyutils does; a package more
// for three calls), so they are made here.
#include <stddef.h>
#include <stdint.h>

/// Adds (or replaces) a "user" key named `description` holding `payload` to the user keyring, with
/// a timeout in seconds (0: none). Returns the key's serial number, or -1 with errno set.
int32_t careplan_keyring_add(const char *description, const void *payload, size_t length, unsigned int seconds);
/// Finds the "user" key named `description` in the user keyring. Returns its
/// serial number, or -1 with errno set (ENOKEY: none; EKEYEXPIRED: timed out).
int32_t careplan_keyring_find(const char *description);
/// Reads a key's payload into `buffer`. Returns the payload's length (which may exceed `length`:
/// then nothing useful was read), or -1 with errno set.
long careplan_keyring_read(int32_t key, void *buffer, size_t length);
/// Invalidates a key: it is gone for every process at once. Returns 0, or -1 with errno set.
long careplan_keyring_invalidate(int32_t key);
