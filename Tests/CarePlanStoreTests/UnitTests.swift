import Foundation
import Localization
import Testing
@testable import CarePlanStore

@Suite struct UnitTests {
    func convert(_ value: Double, _ from: String, _ to: String) -> Double? {
        UnitRegistry.convert(value, from: UnitRegistry.unit(from)!, to: UnitRegistry.unit(to)!)
    }

    @Test func temperatureConvertsWithOffset() {
        #expect(abs(convert(98.6, "degF", "degC")! - 37.0) < 1e-9)
        #expect(abs(convert(37, "degC", "degF")! - 98.6) < 1e-9)
        #expect(abs(convert(0, "degC", "K")! - 273.15) < 1e-9)
    }

    @Test func massUsesTheExactPound() {
        #expect(abs(convert(1, "lb", "kg")! - 0.45359237) < 1e-15)
        #expect(abs(convert(80, "kg", "lb")! - 176.3698097479) < 1e-9)
        #expect(abs(convert(1500, "g", "kg")! - 1.5) < 1e-12)
    }

    @Test func glucoseConvertsThroughHealthKitsMolarMass() {
        // 1 mmol/L of glucose is 18.015588 mg/dL.
        #expect(abs(convert(1, "mmol/L", "mg/dL")! - 18.015588000005408) < 1e-9)
        #expect(abs(convert(100, "mg/dL", "mmol/L")! - 5.55074) < 1e-5)
    }

    @Test func lengthsVolumesAndTimes() {
        #expect(abs(convert(1, "mi", "km")! - 1.609344) < 1e-12)
        #expect(abs(convert(250, "mL", "L")! - 0.25) < 1e-12)
        #expect(abs(convert(1.5, "hr", "min")! - 90) < 1e-9)
        #expect(abs(convert(120, "mmHg", "kPa")! - 15.99868649) < 1e-6)
    }

    @Test func everyRequiredUnitIsKnown() {
        for symbol in ["count/min", "degC", "degF", "kg", "lb", "g", "mmHg", "mg/dL", "mmol/L", "%", "count", "s", "min", "hr", "m", "km", "mi", "mL", "L"] {
            #expect(UnitRegistry.unit(symbol)?.symbol == symbol, "\(symbol) should be registered")
        }
    }

    @Test func incompatibleUnitsDoNotConvert() {
        #expect(convert(1, "kg", "degC") == nil)
        #expect(convert(5, "mmol/L", "mmHg") == nil)
        #expect(UnitRegistry.compatible(with: UnitRegistry.unit("degC")!).map(\.symbol) == ["degC", "degF", "K"])
    }
}

/// Numbers as careplan prints them everywhere (readings, ranges, CSV).
@Suite struct NumberTextTests {
    @Test func numbersPrintAsPeopleWriteThem() {
        #expect(NumberText.string(37.5) == "37.5")
        #expect(NumberText.string(120) == "120")
        #expect(NumberText.string(-2.5) == "-2.5")
        #expect(NumberText.string(5.5, decimals: 1) == "5.5")
        #expect(NumberText.string(98.6, decimals: 0) == "99")
        #expect(NumberText.string(0.1 + 0.2) == "0.3")
    }

    /// `plain` reads most numbers from Swift's shortest digits rather than printf: it must print
    /// exactly what `%.6f` with its trailing zeros trimmed prints, for every number.
    @Test func theShortestDigitsAreWhatPrintfWouldHavePrinted() {
        func printf(_ value: Double) -> String {
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            var text = FixedDecimals.text(value, decimals: 6)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        var values: [Double] = (-30_000...30_000).map { Double($0) / 100 } + (0...20_000).map { Double($0) / 1_000_000 }
        values += [0.1 + 0.2, 1e-7, 5e-7, 4.9999995e-7, 0.0000005, 123_456_789.123_456, 999_999_999.999_999_9, 1e9 - 0.5, 1e9 + 0.5,
                   -0.000_000_4, 2.675, 1.000_000_5, 0.3333333333, 72.33, 37.250_000_1, 1e15 + 0.5, .pi * 1e8, -.ulpOfOne]
        // A fixed stream of numbers of every magnitude and up to nine decimals (xorshift).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let magnitude = pow(10, Double(Int(state % 16)) - 6)
            let decimals = pow(10, Double(Int((state >> 8) % 10)))
            values.append(((Double(state >> 11) / Double(1 << 53)) * magnitude * decimals).rounded() / decimals * (state & 1 == 0 ? 1 : -1))
        }
        let differing = values.filter { NumberText.plain($0) != printf($0) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0): \(NumberText.plain($0)) vs \(printf($0))" })")
        #expect(NumberText.shortest(72.33) == "72.33" && NumberText.shortest(1e-5) == nil && NumberText.shortest(0.1234567) == nil)
    }
}
