// libxml2's SAX2 push parser: the headers careplan's Apple Health import uses.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes the system's ICU headers,
// whose UErrorCode clashes with the ICU that Foundation bundles. careplan uses none of libxml2's
// ICU converters (exports are UTF-8), and only ever holds pointers to the structures this changes.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <dlfcn.h>
#include <stddef.h>

// libxml2 is opened when an import starts, not linked: linked, it and the ICU libraries it needs
// (30 MB) were loaded and relocated by every careplan command, `careplan today` included, for a
// millisecond each. The few functions the importer calls go through these wrappers.

/// libxml2, opened on first use; NULL when it cannot be (see careplan_libxml2_error).
static inline void *careplan_libxml2(void) {
    static void *handle = NULL;
    if (handle == NULL) handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    return handle;
}

/// Why libxml2 could not be opened, or NULL.
static inline const char *careplan_libxml2_error(void) {
    return careplan_libxml2() == NULL ? dlerror() : NULL;
}

#define CAREPLAN_LIBXML2(type, name, parameters, arguments) \
    static inline type careplan_##name parameters { \
        static type (*function) parameters = NULL; \
        if (function == NULL) function = (type (*) parameters) dlsym(careplan_libxml2(), #name); \
        return function arguments; \
    }

CAREPLAN_LIBXML2(void, xmlInitParser, (void), ())
CAREPLAN_LIBXML2(xmlParserCtxtPtr, xmlCreatePushParserCtxt,
                 (xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename),
                 (sax, user_data, chunk, size, filename))
CAREPLAN_LIBXML2(int, xmlCtxtUseOptions, (xmlParserCtxtPtr ctxt, int options), (ctxt, options))
CAREPLAN_LIBXML2(int, xmlParseChunk, (xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate), (ctxt, chunk, size, terminate))
CAREPLAN_LIBXML2(void, xmlFreeParserCtxt, (xmlParserCtxtPtr ctxt), (ctxt))
CAREPLAN_LIBXML2(xmlErrorPtr, xmlCtxtGetLastError, (void *ctxt), (ctxt))
CAREPLAN_LIBXML2(int, xmlSAX2GetLineNumber, (void *ctx), (ctx))
CAREPLAN_LIBXML2(const xmlChar *, xmlDictLookup, (xmlDictPtr dict, const xmlChar *name, int len), (dict, name, len))
