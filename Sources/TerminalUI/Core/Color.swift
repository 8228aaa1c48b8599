import Foundation

/// A terminal colour: the terminal's own default, a palette index, or an RGB value that backends
/// map to the nearest colour the terminal has.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// The eight basic colour names, as themes write them, with their xterm indexes.
    public static let names: [String: UInt8] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "bright-black": 8, "gray": 8, "grey": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
        "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// Parses a theme colour: a name, `0`–`255`, `#rrggbb`, or `default`.
    public init?(themeValue text: String) {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "default" || value == "none" {
            self = .default
        } else if let index = TerminalColor.names[value] {
            self = .indexed(index)
        } else if let number = Int(value), (0...255).contains(number) {
            self = .indexed(UInt8(number))
        } else if value.hasPrefix("#"), value.count == 7, let rgb = UInt32(value.dropFirst(), radix: 16) {
            self = .rgb(UInt8(rgb >> 16 & 0xff), UInt8(rgb >> 8 & 0xff), UInt8(rgb & 0xff))
        } else {
            return nil
        }
    }

    /// The colour as an index into a palette of `count` colours (8, 16 or 256): the nearest one.
    public func index(paletteSize count: Int) -> Int? {
        switch self {
        case .default: return nil
        case .indexed(let i):
            if Int(i) < count { return Int(i) }
            let (r, g, b) = XtermPalette.rgb(of: Int(i))
            return XtermPalette.nearest(r, g, b, among: count)
        case .rgb(let r, let g, let b):
            return XtermPalette.nearest(Int(r), Int(g), Int(b), among: count)
        }
    }
}

/// The standard xterm 256-colour palette, for finding the nearest colour a terminal has.
public enum XtermPalette {
    static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    public static func rgb(of index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16: return basic[index]
        case 16..<232:
            let i = index - 16
            return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
        default:
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
    }

    /// The palette index (below `count`) closest to an RGB colour, by weighted distance.
    public static func nearest(_ r: Int, _ g: Int, _ b: Int, among count: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for index in 0..<min(count, 256) {
            let (pr, pg, pb) = rgb(of: index)
            // Weights approximate how strongly the eye sees each channel.
            let distance = 3 * (pr - r) * (pr - r) + 4 * (pg - g) * (pg - g) + 2 * (pb - b) * (pb - b)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
