import CFixedDecimals

/// A number with a fixed count of decimals, as C's `%.Nf` prints it: always with a point, never
/// grouped. The one place careplan turns a Double into such text; a reader's separator goes on
/// after (`NumberConventions.localized(decimal:)`). Through a C function of fixed parameters rather
/// than `withVaList` or Foundation's `String(format:)`: the first costs four first-use lookups of
/// the Swift runtime, the second sets up a locale, each a third of a millisecond or more of a
/// command that prints one reading.
public enum FixedDecimals {
    /// `value` with `decimals` digits after the point (0...20): `37.25` → `37.3` with one.
    public static func text(_ value: Double, decimals: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            let count = careplan_fixed_decimals(buffer.baseAddress, buffer.count, value, Int32(clamping: decimals))
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(count, Int32(buffer.count - 1))))),
                          as: UTF8.self)
        }
    }
}
