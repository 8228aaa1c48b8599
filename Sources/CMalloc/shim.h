// glibc's mallopt, which Swift's Glibc module does not bring in: how the dashboard's process keeps
// the memory its frames free (Sources/Dashboard/App/EventLoopMemory.swift).
#include <malloc.h>
