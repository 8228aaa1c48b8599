#include <stdio.h>
#include "CFixedDecimals.h"

int careplan_fixed_decimals(char *buffer, size_t size, double value, int decimals) {
    if (decimals < 0) decimals = 0;
    if (decimals > 20) decimals = 20;
    return snprintf(buffer, size, "%.*f", decimals, value);
}
