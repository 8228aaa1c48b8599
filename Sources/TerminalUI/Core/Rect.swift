/// A rectangle of cells: where a widget may draw.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The part of this rectangle inside `other` (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public func inset(by n: Int) -> Rect { Rect(x: x + n, y: y + n, width: width - 2 * n, height: height - 2 * n) }
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// Takes `rows` off the top: (top part, rest).
    public func splitTop(_ rows: Int) -> (Rect, Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: rows), Rect(x: x, y: y + rows, width: width, height: height - rows))
    }

    /// Takes `rows` off the bottom: (rest, bottom part).
    public func splitBottom(_ rows: Int) -> (Rect, Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - rows), Rect(x: x, y: maxY - rows, width: width, height: rows))
    }

    /// Takes `columns` off the left: (left part, rest).
    public func splitLeft(_ columns: Int) -> (Rect, Rect) {
        let columns = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: columns, height: height), Rect(x: x + columns, y: y, width: width - columns, height: height))
    }

    /// A `width`×`height` rectangle centred in this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let w = min(w, width), h = min(h, height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}
