import Foundation
import Localization
import Testing

/// `FixedDecimals` prints what printf's `%.Nf` prints (Foundation's `String(format:)` here, the
/// way careplan wrote numbers before): the same rounding of the binary value, ties and all, the
/// same sign, the point whatever the locale, and decimals held to 0...20.
@Suite struct FixedDecimalsTests {
    static let values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 2.675, 1.005, 0.125, 37.25, -0.0004, 98.6, 1e-7, 123_456_789.987_654,
                                   1e15 + 0.5, -1e20, .pi, .ulpOfOne, 1 / 3, .infinity, -.infinity]

    @Test func itPrintsWhatPrintfPrints() {
        for value in Self.values {
            for decimals in 0...8 {
                #expect(FixedDecimals.text(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) to \(decimals)")
            }
        }
    }

    @Test func decimalsAreHeldToZeroThroughTwenty() {
        #expect(FixedDecimals.text(2.5, decimals: -3) == "2")
        #expect(FixedDecimals.text(0.1, decimals: 99) == String(format: "%.20f", 0.1))
        #expect(FixedDecimals.text(0.1, decimals: 99).count == 22)
    }
}
