// The wide-character ncurses API for Swift.
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

// A crash (a Swift runtime trap is SIGILL or SIGTRAP; a bad access SIGSEGV or SIGBUS; abort()
// SIGABRT) gives the terminal back before anything else happens: the handler ends curses mode,
// puts back the handler that was there before (Swift's backtracer, or the default) and raises the
// signal again, which that handler receives as the handler returns and reports on a normal screen
// (a fault sent with kill is handled the same way as one the program made).
static inline struct sigaction *careplan_previous_fault_actions(void) {
    static struct sigaction actions[NSIG];
    return actions;
}
static void careplan_fault_handler(int signal_number, siginfo_t *info, void *context) {
    (void)info; (void)context;
    endwin();
    sigaction(signal_number, &careplan_previous_fault_actions()[signal_number], NULL);
    raise(signal_number);
}
static inline void careplan_install_fault_handlers(void) {
    int signals[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO;
        action.sa_sigaction = careplan_fault_handler;
        sigaction(signals[i], &action, &careplan_previous_fault_actions()[signals[i]]);
    }
}

// Ctrl-Z in raw mode is a key, not a signal: the dashboard stops itself the way the shell would,
// through ncurses' own SIGTSTP handler, which leaves curses mode first and restores it on SIGCONT.
static inline void careplan_suspend(void) { raise(SIGTSTP); }

// Globals Swift 6 rejects as not concurrency-safe.
static inline WINDOW *careplan_stdscr(void) { return stdscr; }
static inline int careplan_COLORS(void) { return COLORS; }
static inline int careplan_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int careplan_LINES(void) { return LINES; }
static inline int careplan_COLS(void) { return COLS; }

#endif
