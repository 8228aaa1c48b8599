import CNcursesW
import Foundation

/// Shows buffers on the real terminal through ncursesw, drawing only the cells that changed.
///
/// The terminal is restored (`endwin`) by `stop()`, which callers run on every exit path; the
/// signal handlers installed by `start()` restore it on SIGTERM/SIGHUP/SIGINT/SIGQUIT, and before
/// a crash is reported (a runtime trap, a bad access, an abort); `suspend()` gives it back while
/// stopped.
public final class NcursesBackend {
    private var previous: Buffer?
    private var pairs: [PairKey: Int16] = [:]
    private var paletteSize = 0
    private var started = false

    private struct PairKey: Hashable { var fg: Int; var bg: Int }

    public init() {}

    /// Enters full-screen mode, reporting clicks and the wheel when `mouse` is true. The locale
    /// must be set before `initscr` or UTF-8 is garbage.
    public func start(mouse: Bool = false) {
        // The character type only: messages follow the reader's language (Localization), and
        // numbers stay in the C locale careplan formats them from.
        setlocale(LC_CTYPE, "")
        // Without a UTF-8 character type ncursesw garbles every non-ASCII glyph; a bare "C"
        // locale (common in containers and CI) gets C.UTF-8, which Debian always has.
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        // A parent may have started us with signals blocked (they are inherited); ncurses needs
        // SIGWINCH to report resizes, and the handlers below need the others.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT] { sigaddset(&signals, signalNumber) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        initscr()
        started = true
        raw()
        noecho()
        keypad(careplan_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        if mouse {
            // Report presses at once rather than waiting to pair them into clicks.
            mousemask(careplan_mouse_events(), nil)
            mouseinterval(0)
        }
        if has_colors() {
            start_color()
            use_default_colors()
            let colors = Int(careplan_COLORS())
            paletteSize = colors >= 256 ? 256 : (colors >= 16 ? 16 : (colors >= 8 ? 8 : 0))
        }
        for signalNumber in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal(signalNumber) { received in
                endwin()
                _exit(128 + received)
            }
        }
        careplan_install_fault_handlers()
    }

    /// Writes `text` over the bottom line at once, outside the frame: for news while the event
    /// loop is held up (a write waiting for another program's lock). The next draw replaces it.
    public func showStatus(_ text: String) {
        guard started else { return }
        let (width, height) = size
        guard width > 0, height > 0 else { return }
        let line = String(SafeText.terminal(text, keepLineBreaks: false).prefix(width))
        let padded = line + String(repeating: " ", count: max(0, width - line.count))
        wattron(careplan_stdscr(), Int32(careplan_A_REVERSE()))
        _ = mvwaddnwstr(careplan_stdscr(), Int32(height - 1), 0, padded.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0], Int32(width))
        wattroff(careplan_stdscr(), Int32(careplan_A_REVERSE()))
        wrefresh(careplan_stdscr())
        invalidate()
    }

    /// Stops the process as the shell's Ctrl-Z would (the terminal given back first); when `fg`
    /// continues it, the next draw repaints the whole screen.
    public func suspend() {
        guard started else { return }
        careplan_suspend()
        invalidate()
    }

    /// Leaves full-screen mode and gives the terminal back as it was.
    public func stop() {
        guard started else { return }
        started = false
        endwin()
    }

    /// Colours the terminal offers (0 when it has none).
    public var colorCount: Int { paletteSize }

    public var size: (width: Int, height: Int) {
        (Int(getmaxx(careplan_stdscr())), Int(getmaxy(careplan_stdscr())))
    }

    /// Draws `buffer`, touching only cells that differ from the last frame.
    public func draw(_ buffer: Buffer) {
        let full = previous.map { $0.width != buffer.width || $0.height != buffer.height } ?? true
        if full { wclear(careplan_stdscr()) }
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.width == 0 { continue }
                if !full, let previous, previous[x, y] == cell { continue }
                put(cell, x: x, y: y)
            }
        }
        previous = buffer
        wrefresh(careplan_stdscr())
    }

    /// Forgets the last frame so the next draw repaints everything (after a resize).
    public func invalidate() { previous = nil }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var attributes = careplan_A_NORMAL()
        if cell.style.bold { attributes |= careplan_A_BOLD() }
        if cell.style.dim { attributes |= careplan_A_DIM() }
        if cell.style.underline { attributes |= careplan_A_UNDERLINE() }
        if cell.style.reverse { attributes |= careplan_A_REVERSE() }
        let pair = colorPair(cell.style)
        var scalars = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        if scalars.isEmpty { scalars = [wchar_t(32)] }
        scalars.append(0)
        var character = cchar_t()
        scalars.withUnsafeBufferPointer { text in
            _ = setcchar(&character, text.baseAddress, attributes, pair, nil)
        }
        // The bottom-right cell returns ERR after drawing (the cursor cannot advance); that is fine.
        _ = mvwadd_wch(careplan_stdscr(), Int32(y), Int32(x), &character)
    }

    private func colorPair(_ style: TextStyle) -> Int16 {
        guard paletteSize > 0 else { return 0 }
        let key = PairKey(fg: style.foreground.index(paletteSize: paletteSize) ?? -1, bg: style.background.index(paletteSize: paletteSize) ?? -1)
        if key.fg == -1, key.bg == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        let next = Int16(pairs.count + 1)
        guard Int(next) < Int(careplan_COLOR_PAIRS()) else { return 0 }
        init_pair(next, Int16(key.fg), Int16(key.bg))
        pairs[key] = next
        return next
    }

    /// Waits up to `timeout` milliseconds for a key; nil when none came.
    public func readKey(timeout milliseconds: Int32) -> Key? {
        wtimeout(careplan_stdscr(), milliseconds)
        var value: wint_t = 0
        let result = wget_wch(careplan_stdscr(), &value)
        if result == ERR { return nil }
        if result == KEY_CODE_YES, Int32(value) == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            return KeyDecoder.mouse(event)
        }
        if result == KEY_CODE_YES { return KeyDecoder.functionKey(Int32(value)) }
        return KeyDecoder.character(UInt32(value))
    }
}

/// Turns ncurses key codes into `Key`s.
enum KeyDecoder {
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        default:
            for n in 1...12 where code == careplan_KEY_F(Int32(n)) { return .function(n) }
            return nil
        }
    }

    static func mouse(_ event: MEVENT) -> Key? {
        let kind: MouseEvent.Kind
        if careplan_mouse_is_wheel_up(event.bstate) != 0 {
            kind = .wheelUp
        } else if careplan_mouse_is_wheel_down(event.bstate) != 0 {
            kind = .wheelDown
        } else if careplan_mouse_is_click(event.bstate) != 0 {
            kind = .click
        } else {
            return nil  // a release after a press already reported
        }
        return .mouse(MouseEvent(kind, x: Int(event.x), y: Int(event.y)))
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 96)!))
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
