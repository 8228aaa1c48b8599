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
}
