#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CKeyring.h"

// From <linux/keyctl.h>, kept here so that the build needs no kernel headers package.
#define CAREPLAN_KEY_SPEC_USER_KEYRING (-4)
#define CAREPLAN_KEYCTL_SETPERM 5
#define CAREPLAN_KEYCTL_SEARCH 10
#define CAREPLAN_KEYCTL_SET_TIMEOUT 15
#define CAREPLAN_KEYCTL_READ 11
#define CAREPLAN_KEYCTL_INVALIDATE 21

int32_t careplan_keyring_add(const char *description, const void *payload, size_t length, unsigned int seconds) {
    long key = syscall(SYS_add_key, "user", description, payload, length, CAREPLAN_KEY_SPEC_USER_KEYRING);
    if (key < 0) return -1;
    // Readable by the user's own processes, not only those whose session keyring links the user
    // keyring: a systemd user timer or a tmux started from another login has a session keyring of
    // its own (the user's processes could read it anyway: it is the same user).
    unsigned int permissions = 0x3f000000 /* possessor: all */ | 0x00010000 | 0x00020000 | 0x00080000 /* user: view, read, search */;
    if (syscall(SYS_keyctl, CAREPLAN_KEYCTL_SETPERM, key, permissions) < 0 ||
        (seconds > 0 && syscall(SYS_keyctl, CAREPLAN_KEYCTL_SET_TIMEOUT, key, seconds) < 0)) {
        int saved = errno;
        syscall(SYS_keyctl, CAREPLAN_KEYCTL_INVALIDATE, key);
        errno = saved;
        return -1;
    }
    return (int32_t)key;
}

int32_t careplan_keyring_find(const char *description) {
    // The user keyring itself, named by its special id (which counts as possessed), rather than
    // request_key's search of the session keyring, which may not link it.
    return (int32_t)syscall(SYS_keyctl, CAREPLAN_KEYCTL_SEARCH, CAREPLAN_KEY_SPEC_USER_KEYRING, "user", description, 0);
}

long careplan_keyring_read(int32_t key, void *buffer, size_t length) {
    return syscall(SYS_keyctl, CAREPLAN_KEYCTL_READ, key, buffer, length);
}

long careplan_keyring_invalidate(int32_t key) {
    return syscall(SYS_keyctl, CAREPLAN_KEYCTL_INVALIDATE, key);
}
