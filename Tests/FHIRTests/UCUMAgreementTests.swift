import CarePlanStore
import FHIR
import FHIRPath
import Foundation
import Testing

/// careplan's own unit conversions (UnitRegistry, in Double) against FHIRPath's UCUM (exact Decimal,
/// from ucum-essence.xml), through the UCUM codes careplan writes into FHIR (FHIR.UCUM.code(for:)):
/// every pair of careplan units of the same dimension converts alike, to a relative 1e-9, except the
/// pairs listed below with the reason.
///
/// Both modules name a type `UCUM`, so each is written with its module.
@Suite struct UCUMAgreementTests {
    /// Two careplan unit symbols, from and to.
    struct Pair: Hashable, CustomStringConvertible {
        let from: String
        let to: String
        init(_ from: String, _ to: String) {
            self.from = from
            self.to = to
        }
        var description: String { "\(from) → \(to)" }
    }

    /// Pairs careplan converts and UCUM refuses, and why.
    static let refusedByUCUM: [Pair: String] = {
        let glucose = "careplan converts blood glucose through glucose's molar mass (HealthKit's 180.156 g/mol); "
            + "UCUM has no molar mass: its mol is the number 6.02214076e23, so mmol/L is an amount per volume and mg/dL a mass per volume"
        return [Pair("mg/dL", "mmol/L"): glucose, Pair("mmol/L", "mg/dL"): glucose]
    }()

    /// Pairs both convert, with different definitions: UCUM's value is careplan's times `ratio`.
    static let definedDifferently: [Pair: (ratio: Double, reason: String)] = {
        // UCUM (essence 2.2): m[Hg] = 133.3220 kPa, so 1 mm[Hg] = 133.322 Pa; careplan takes the
        // conventional millimetre of mercury, 133.322387415 Pa. cm[H2O] (98.0665 Pa) and kPa agree.
        let reason = "UCUM defines mm[Hg] as 133.322 Pa, careplan as 133.322387415 Pa (2.9e-6 apart)"
        let ucumOverCareplan = 133.322 / 133.322387415
        return [
            Pair("mmHg", "kPa"): (ucumOverCareplan, reason), Pair("kPa", "mmHg"): (1 / ucumOverCareplan, reason),
            Pair("mmHg", "cmAq"): (ucumOverCareplan, reason), Pair("cmAq", "mmHg"): (1 / ucumOverCareplan, reason),
        ]
    }()

    /// Values each pair converts: whole, fractional, negative, small and large.
    static let values: [Double] = [0, 1, 2.5, 37, 98.6, -40, 1234.5678, 0.001]

    static func ucumCode(_ unit: CarePlanStore.Unit) -> String? { FHIR.UCUM.code(for: unit.symbol) }

    /// Through Decimal, as FHIRPath computes; the Doubles are converted only here.
    static func ucumConvert(_ value: Double, from: String, to: String) -> Double? {
        guard let decimal = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")),
              let result = FHIRPath.UCUM.convert(decimal, from: from, to: to)
        else { return nil }
        return Double("\(result)")
    }

    /// Relative 1e-9, and 1e-12 absolute where a result is near zero.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(abs(a), abs(b)) + 1e-12
    }

    static var sameDimensionPairs: [(CarePlanStore.Unit, CarePlanStore.Unit)] {
        UnitRegistry.all.flatMap { a in UnitRegistry.all.filter { $0.dimension == a.dimension }.map { (a, $0) } }
    }

    @Test func everyCareplanUnitHasAUCUMCodeThatParses() {
        for unit in UnitRegistry.all {
            guard let code = Self.ucumCode(unit) else {
                Issue.record("\(unit.symbol) has no UCUM code")
                continue
            }
            #expect(FHIRPath.UCUM.isValid(code), "\(unit.symbol): \(code)")
        }
    }

    @Test func sameDimensionPairsConvertAlike() throws {
        var checked = 0
        for (from, to) in Self.sameDimensionPairs {
            let pair = Pair(from.symbol, to.symbol)
            let fromCode = try #require(Self.ucumCode(from)), toCode = try #require(Self.ucumCode(to))
            if let reason = Self.refusedByUCUM[pair] {
                #expect(!FHIRPath.UCUM.areComparable(fromCode, toCode), "\(pair) (\(fromCode) → \(toCode)): \(reason)")
                #expect(FHIRPath.UCUM.convert(1, from: fromCode, to: toCode) == nil, "\(pair): \(reason)")
                #expect(UnitRegistry.convert(1, from: from, to: to) != nil, "careplan no longer converts \(pair)")
                continue
            }
            #expect(FHIRPath.UCUM.areComparable(fromCode, toCode), "\(pair): \(fromCode) → \(toCode)")
            for value in Self.values {
                let careplan = try #require(UnitRegistry.convert(value, from: from, to: to))
                guard let ucum = Self.ucumConvert(value, from: fromCode, to: toCode) else {
                    Issue.record("UCUM does not convert \(value) \(fromCode) to \(toCode) (\(pair))")
                    continue
                }
                if let different = Self.definedDifferently[pair] {
                    // The difference is the definition's and nothing else, and it is still there.
                    #expect(Self.agree(ucum, careplan * different.ratio), "\(value) \(pair): UCUM \(ucum), careplan \(careplan); \(different.reason)")
                    if value != 0 { #expect(!Self.agree(ucum, careplan), "\(pair) now agrees: remove it from definedDifferently") }
                } else {
                    #expect(Self.agree(ucum, careplan), "\(value) \(pair) (\(fromCode) → \(toCode)): UCUM \(ucum), careplan \(careplan)")
                }
                checked += 1
            }
        }
        // Every ordered pair of one dimension (a unit with itself too) but the refused, 8 values each.
        #expect(checked == (Self.sameDimensionPairs.count - Self.refusedByUCUM.count) * Self.values.count)
        #expect(checked >= 150 * Self.values.count)
    }

    @Test func theListedExceptionsArePairsOfTheSameDimension() {
        let pairs = Set(Self.sameDimensionPairs.map { Pair($0.0.symbol, $0.1.symbol) })
        for pair in Array(Self.refusedByUCUM.keys) + Array(Self.definedDifferently.keys) {
            #expect(pairs.contains(pair), "\(pair) is not a careplan pair of one dimension")
        }
    }

    /// Across careplan's dimensions UCUM refuses every pair but two: a fraction and a count are both
    /// numbers to UCUM (`%` is 1/100 of `{count}`, an annotated 1), where careplan keeps them apart.
    @Test func acrossDimensionsOnlyFractionAndCountAreCommensurable() throws {
        var commensurable: [Pair] = []
        for from in UnitRegistry.all {
            for to in UnitRegistry.all where to.dimension != from.dimension {
                #expect(UnitRegistry.convert(1, from: from, to: to) == nil)
                let fromCode = try #require(Self.ucumCode(from)), toCode = try #require(Self.ucumCode(to))
                if FHIRPath.UCUM.areComparable(fromCode, toCode) { commensurable.append(Pair(from.symbol, to.symbol)) }
            }
        }
        #expect(Set(commensurable) == [Pair("%", "count"), Pair("count", "%")])
        #expect(Self.ucumConvert(50, from: "%", to: "{count}") == 0.5)
    }
}
