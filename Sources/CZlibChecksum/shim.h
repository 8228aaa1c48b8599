// zlib's crc32 (Debian's zlib1g-dev, which ZIPFoundation needs anyway): the checksum of a zip entry,
// computed as it is inflated. ZIPFoundation's own, written in Swift, took a sixth of an import.
#include <zlib.h>
