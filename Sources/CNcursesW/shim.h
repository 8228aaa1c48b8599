// The wide-character ncurses API for Swift (see ../shared/NCURSES.md).
// The feature macros must come before any include: SwiftPM drops pkg-config -D flags.
#ifndef CAREPLAN_CNCURSESW_SHIM_H
#define CAREPLAN_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <signal.h>
#include <langinfo.h>
#include <ncursesw/curses.h>

// Glibc's Swift module hides wcwidth; column widths need it.
extern int wcwidth(wchar_t c);

// Macros Swift does not import, as functions.
static inline attr_t careplan_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t careplan_A_BOLD(void) { return A_BOLD; }
static inline attr_t careplan_A_DIM(void) { return A_DIM; }
static inline attr_t careplan_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t careplan_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t careplan_A_ITALIC(void) { return A_ITALIC; }
static inline int careplan_KEY_F(int n) { return KEY_F(n); }

// Mouse masks: a click (pressed, released or clicked: terminals report one or the other) and the
// wheel, which xterm-style terminals report as buttons 4 and 5.
static inline mmask_t careplan_mouse_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
static inline int careplan_mouse_is_click(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
static inline int careplan_mouse_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int careplan_mouse_is_wheel_down(mmask_t state) { return (state & BUTTON5_PRESSED) != 0; }

// Globals Swift 6 rejects as not concurrency-safe.
static inline WINDOW *careplan_stdscr(void) { return stdscr; }
static inline int careplan_COLORS(void) { return COLORS; }
static inline int careplan_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int careplan_LINES(void) { return LINES; }
static inline int careplan_COLS(void) { return COLS; }

#endif
