// GNU gettext as glibc carries it: `import Glibc` does not expose libintl, and nothing needs
// linking (see docs/translating.md). Everything else (setlocale, nl_langinfo) comes from Glibc.
#include <libintl.h>
