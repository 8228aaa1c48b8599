// libcurl's easy interface: the HTTP client careplan's FHIR sync talks to a server with.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// libcurl is opened when a sync starts, not linked: linked (as FoundationNetworking links it), it
// and the thirty libraries it needs (TLS, HTTP/2, IDN, LDAP, Kerberos...) were loaded by every
// careplan command, 8 to 18 ms on this machine before `careplan status` could print a line.
// Debian's libcurl4 is the OpenSSL flavour, checking certificates against the system's store.

/// libcurl, opened and initialised on first use; NULL when it cannot be (see careplan_curl_error).
static inline void *careplan_curl(void) {
    static void *handle = NULL;
    if (handle == NULL) {
        handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            CURLcode (*global_init)(long) = (CURLcode (*)(long)) dlsym(handle, "curl_global_init");
            if (global_init != NULL) global_init(CURL_GLOBAL_DEFAULT);
        }
    }
    return handle;
}

/// Why libcurl could not be opened, or NULL.
static inline const char *careplan_curl_error(void) {
    return careplan_curl() == NULL ? dlerror() : NULL;
}

#define CAREPLAN_CURL(type, name, parameters, arguments) \
    static inline type careplan_##name parameters { \
        static type (*function) parameters = NULL; \
        if (function == NULL) function = (type (*) parameters) dlsym(careplan_curl(), #name); \
        return function arguments; \
    }

CAREPLAN_CURL(CURL *, curl_easy_init, (void), ())
CAREPLAN_CURL(void, curl_easy_cleanup, (CURL *easy), (easy))
CAREPLAN_CURL(CURLcode, curl_easy_perform, (CURL *easy), (easy))
CAREPLAN_CURL(void, curl_easy_reset, (CURL *easy), (easy))
CAREPLAN_CURL(const char *, curl_easy_strerror, (CURLcode code), (code))
CAREPLAN_CURL(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))
CAREPLAN_CURL(void, curl_slist_free_all, (struct curl_slist *list), (list))

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one wrapper per
// argument type.
static inline CURLcode careplan_curl_setopt_long(CURL *easy, CURLoption option, long value) {
    static CURLcode (*function)(CURL *, CURLoption, ...) = NULL;
    if (function == NULL) function = (CURLcode (*)(CURL *, CURLoption, ...)) dlsym(careplan_curl(), "curl_easy_setopt");
    return function(easy, option, value);
}
static inline CURLcode careplan_curl_setopt_pointer(CURL *easy, CURLoption option, const void *value) {
    static CURLcode (*function)(CURL *, CURLoption, ...) = NULL;
    if (function == NULL) function = (CURLcode (*)(CURL *, CURLoption, ...)) dlsym(careplan_curl(), "curl_easy_setopt");
    return function(easy, option, value);
}
static inline CURLcode careplan_curl_setopt_size(CURL *easy, CURLoption option, curl_off_t value) {
    static CURLcode (*function)(CURL *, CURLoption, ...) = NULL;
    if (function == NULL) function = (CURLcode (*)(CURL *, CURLoption, ...)) dlsym(careplan_curl(), "curl_easy_setopt");
    return function(easy, option, value);
}
static inline long careplan_curl_response_code(CURL *easy) {
    static CURLcode (*function)(CURL *, CURLINFO, ...) = NULL;
    if (function == NULL) function = (CURLcode (*)(CURL *, CURLINFO, ...)) dlsym(careplan_curl(), "curl_easy_getinfo");
    long code = 0;
    function(easy, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

/// Bytes a response brings, grown as they arrive.
typedef struct {
    char *bytes;
    size_t length;
    size_t capacity;
} careplan_curl_buffer;

/// libcurl's write and header callback: appends what arrived to a careplan_curl_buffer.
static inline size_t careplan_curl_collect(char *data, size_t size, size_t count, void *target) {
    careplan_curl_buffer *buffer = (careplan_curl_buffer *) target;
    size_t length = size * count;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 16384 : buffer->capacity;
        while (capacity < buffer->length + length) capacity *= 2;
        char *grown = (char *) realloc(buffer->bytes, capacity);
        if (grown == NULL) return 0;   // libcurl then fails the transfer with CURLE_WRITE_ERROR
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return length;
}

/// Points the transfer's body and headers at `body` and `headers` (what Swift cannot pass: a C
/// function as libcurl's callback).
static inline void careplan_curl_collect_into(CURL *easy, careplan_curl_buffer *body, careplan_curl_buffer *headers) {
    careplan_curl_setopt_pointer(easy, CURLOPT_WRITEFUNCTION, (const void *) careplan_curl_collect);
    careplan_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, body);
    careplan_curl_setopt_pointer(easy, CURLOPT_HEADERFUNCTION, (const void *) careplan_curl_collect);
    careplan_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, headers);
}
