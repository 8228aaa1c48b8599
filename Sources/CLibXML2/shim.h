// libxml2's SAX2 push parser (../shared/LIBRARIES.md): the headers careplan's Apple Health import uses.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes the system's ICU headers,
// whose UErrorCode clashes with the ICU that Foundation bundles. careplan uses none of libxml2's
// ICU converters (exports are UTF-8), and only ever holds pointers to the structures this changes.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
