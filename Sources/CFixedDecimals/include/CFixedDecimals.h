// printf's "%.Nf" for one double, callable from Swift without a variadic call. Swift reaches
// vsnprintf only through `withVaList`, whose `CVarArg` existentials cost a process four first-use
// conformance lookups of the Swift runtime (about 0.4 ms, paid by every command that prints a
// reading); a C function with fixed parameters costs none.
#include <stddef.h>

/// Writes `value` with `decimals` digits after the point (clamped to 0...20) into `buffer`, as
/// snprintf(buffer, size, "%.*f", decimals, value) does in the C locale careplan keeps for
/// LC_NUMERIC. Returns the length snprintf returns.
int careplan_fixed_decimals(char *buffer, size_t size, double value, int decimals);
