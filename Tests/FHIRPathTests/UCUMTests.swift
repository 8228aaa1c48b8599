import Foundation
import Testing
@testable import FHIRPath

/// UCUM for FHIRPath's quantities: the unit facts of the official FHIRPath test suite, UCUM's syntax,
/// exact Decimal conversions, special and arbitrary units, and the table made from ucum-essence.xml.
@Suite struct UCUMTests {
    private func d(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    private func convert(_ value: String, _ from: String, _ to: String) -> Decimal? {
        UCUM.convert(d(value), from: from, to: to)
    }

    // MARK: The FHIRPath suite's facts

    @Test func gramsAndMilligrams() {
        // `4.0000 'g' = 4000.0 'mg'` and `4 'g' ~ 4000 'mg'`.
        #expect(convert("4.0000", "g", "mg") == d("4000"))
        #expect(convert("4000.0", "mg", "g") == d("4"))
        #expect(UCUM.areComparable("g", "mg"))
    }

    @Test func productOfCentimetresAndMetresIsSquareMetres() throws {
        // `2.0 'cm' * 2.0 'm' = 0.040 'm2'`: the engine multiplies the values and writes `cm.m`.
        #expect(convert("4.00", "cm.m", "m2") == d("0.04"))
        #expect(try UCUM.unit("cm.m").dimension == UCUM.unit("m2").dimension)
        #expect(try UCUM.unit("cm.m").factor == d("0.01"))
    }

    @Test func quotientOfGramsAndMetres() throws {
        // `4.0 'g' / 2.0 'm' = 2 'g/m'`.
        let unit = try UCUM.unit("g/m")
        #expect(unit.dimension == [-1, 0, 1, 0, 0, 0, 0])
        #expect(unit.factor == 1)
        #expect(convert("2.0", "g/m", "g/m") == 2)
        #expect(convert("1", "kg/km", "g/m") == 1)
        #expect(convert("2", "(g)/(m)", "g/m") == 2)
    }

    @Test func metresOverMetresIsTheUnitOne() throws {
        // `1.0 'm' / 1.0 'm' = 1 '1'`.
        let ratio = try UCUM.unit("m/m")
        #expect(ratio.isDimensionless)
        #expect(ratio.dimension == [0, 0, 0, 0, 0, 0, 0])
        #expect(try UCUM.unit("1").isDimensionless)
        #expect(convert("1.0", "m/m", "1") == 1)
        #expect(convert("1", "cm/m", "%") == 1)
        #expect(!(try UCUM.unit("m").isDimensionless))
    }

    @Test func inchesCompareWithCentimetresNotSeconds() {
        // `1 'cm'.comparable(1 '[in_i]')` true, `1 'cm'.comparable(1 's')` false.
        #expect(UCUM.areComparable("cm", "[in_i]"))
        #expect(UCUM.areComparable("[in_i]", "cm"))
        #expect(!UCUM.areComparable("[in_i]", "s"))
        #expect(!UCUM.areComparable("cm", "s"))
        #expect(UCUM.convert(1, from: "cm", to: "s") == nil)
        // `[s]` is no UCUM unit: it does not parse, so it compares with nothing.
        #expect(!UCUM.isValid("[s]"))
        #expect(throws: UCUMError.unknownUnit(code: "[s]", position: 0, message: "'[s]' is not a UCUM unit")) { try UCUM.unit("[s]") }
        #expect(!UCUM.areComparable("[in_i]", "[s]"))
        #expect(UCUM.convert(1, from: "[s]", to: "s") == nil)
    }

    @Test func sevenDaysAreOneWeek() {
        // `7 days = 1 'wk'` (the engine maps the calendar word to `d`).
        #expect(convert("7", "d", "wk") == 1)
        #expect(convert("1", "wk", "h") == 168)
        #expect(convert("1", "a", "d") == d("365.25"))
        #expect(convert("1", "mo", "d") == d("30.4375"))
    }

    // MARK: Exact definitions

    @Test func avoirdupoisMassesAreExact() {
        // [lb_av] = 7000 [gr], [gr] = 64.79891 mg.
        #expect(convert("1", "[lb_av]", "g") == d("453.59237"))
        #expect(convert("1", "[lb_av]", "kg") == d("0.45359237"))
        #expect(convert("1", "[gr]", "mg") == d("64.79891"))
        #expect(convert("1", "[oz_av]", "g") == d("28.349523125"))
        #expect(convert("1", "[stone_av]", "kg") == d("6.35029318"))
        #expect(convert("453.59237", "g", "[lb_av]") == 1)
        #expect(convert("14", "[lb_av]", "[stone_av]") == 1)
    }

    @Test func inchesToCentimetresAndBackAreExact() {
        #expect(convert("1", "[in_i]", "cm") == d("2.54"))
        #expect(convert("2.54", "cm", "[in_i]") == 1)
        let there = UCUM.convert(1, from: "[in_i]", to: "cm")!
        #expect(UCUM.convert(there, from: "cm", to: "[in_i]") == 1)
        #expect(convert("1", "[ft_i]", "m") == d("0.3048"))
        #expect(convert("1", "[mi_i]", "km") == d("1.609344"))
        #expect(convert("1", "[foz_us]", "mL") == d("29.5735295625"))
        #expect(convert("1", "[gal_us]", "L") == d("3.785411784"))
        #expect(convert("1", "[sin_i]", "cm2") == d("6.4516"))
    }

    @Test func aResultThatDoesNotEndIsRoundedAtThe38thDigit() {
        // 1 m is 3937/1200 US survey feet: 3.2808333…, which a Decimal rounds. Back in metres it
        // misses 1 by one unit in the 38th digit: FHIRPath compares such values at a precision.
        let feet = UCUM.convert(1, from: "m", to: "[ft_us]")!
        #expect(feet != d("3.28083333333333"))
        #expect(abs(feet - d("3.2808333333333333333333333333333333333")) < d("1e-36"))
        let back = UCUM.convert(feet, from: "[ft_us]", to: "m")!
        #expect(abs(back - 1) < d("1e-36"))
        // Kept as the quotient 1200/3937, a whole number of survey feet converts exactly.
        #expect(convert("3937", "[ft_us]", "m") == 1200)
        #expect(convert("1", "[mi_us]", "[ft_us]") == 5280)
    }

    @Test func pressures() {
        // UCUM: m[Hg] = 133.3220 kPa (not the conventional 133.322387415 Pa), cm[H2O] through
        // m[H2O] = 9.80665 kPa.
        #expect(convert("1", "mm[Hg]", "kPa") == d("0.133322"))
        #expect(convert("760", "mm[Hg]", "kPa") == d("101.32472"))
        #expect(convert("1", "cm[H2O]", "Pa") == d("98.0665"))
        #expect(convert("1", "atm", "Pa") == 101325)
        #expect(convert("1", "bar", "kPa") == 100)
        #expect(UCUM.areComparable("mm[Hg]", "cm[H2O]"))
        #expect(!UCUM.areComparable("mm[Hg]", "mm"))
    }

    @Test func energyAndAmountsOfSubstance() {
        #expect(convert("1", "kcal", "kJ") == d("4.184"))
        #expect(convert("1", "[Cal]", "kcal") == 1)
        #expect(convert("1", "U", "umol/min") == 1)
        #expect(convert("1", "kat", "mol/s") == 1)
        #expect(convert("1", "mol", "1") == d("602214076e15"))
        // No molar mass: mmol/L and mg/dL are not commensurable.
        #expect(!UCUM.areComparable("mmol/L", "mg/dL"))
    }

    // MARK: Temperatures (interval scales)

    @Test func celsiusFahrenheitKelvin() throws {
        #expect(convert("37", "Cel", "[degF]") == d("98.6"))
        #expect(convert("98.6", "[degF]", "Cel") == 37)
        #expect(convert("0", "Cel", "K") == d("273.15"))
        #expect(convert("273.15", "K", "Cel") == 0)
        #expect(convert("32", "[degF]", "K") == d("273.15"))
        #expect(convert("-40", "Cel", "[degF]") == -40)
        #expect(convert("212", "[degF]", "Cel") == 100)
        #expect(convert("0", "[degRe]", "Cel") == 0)
        #expect(convert("80", "[degRe]", "Cel") == 100)
        // [degR] is a proper unit (5/9 K), exact through its quotient.
        #expect(convert("9", "[degR]", "K") == 5)
        #expect(convert("491.67", "[degR]", "[degF]") == 32)
        // A prefix scales the value before the offset (UCUM §22): 1000 mCel is 1 Cel.
        #expect(convert("1000", "mCel", "Cel") == 1)
        #expect(convert("37000", "mCel", "K") == d("310.15"))
        let celsius = try UCUM.unit("Cel")
        #expect(celsius.kind == .interval(offset: d("273.15")))
        #expect(celsius.factor == 1)
        #expect(celsius.dimension == [0, 0, 0, 0, 1, 0, 0])
        #expect(!celsius.isDimensionless)
        #expect(UCUM.areComparable("Cel", "[degF]") && UCUM.areComparable("K", "[degF]"))
        #expect(!UCUM.areComparable("Cel", "m"))
    }

    @Test func aFahrenheitDegreeInCelsiusIsRounded() {
        // (1 + 459.67) × 5/9 − 273.15 = −17.2222…: rounded at Decimal's precision.
        let value = convert("1", "[degF]", "Cel")!
        #expect(abs(value - d("-17.222222222222222222222222222222222222")) < d("1e-34"))
    }

    @Test func specialUnitsTakeNoAlgebra() {
        // UCUM §22: a special unit takes no exponent and combines with no unit.
        for code in ["Cel/h", "Cel2", "/Cel", "K.Cel", "dB2", "m.dB", "Cel.[degF]", "[pH].m"] {
            #expect(!UCUM.isValid(code), "\(code)")
        }
        #expect(throws: UCUMError.self) { try UCUM.unit("Cel/h") }
        if case .unknownUnit(_, let position, _)? = error(of: "m/Cel") { #expect(position == 2) } else { Issue.record("m/Cel parsed") }
        // Scaled by a number or a dimensionless unit, it still parses.
        #expect(UCUM.isValid("Cel{body}"))
        #expect(UCUM.isValid("dB[SPL]"))
    }

    // MARK: Logarithmic and other special units

    @Test func decibels() throws {
        let decibel = try UCUM.unit("dB")
        #expect(decibel.kind == .special(function: "lg"))
        #expect(decibel.factor == d("0.1"))
        #expect(convert("10", "dB", "B") == 1)
        #expect(convert("1", "B", "dB") == 10)
        #expect(convert("3", "dB", "dB") == 3)
        #expect(convert("20", "dB[SPL]", "B[SPL]") == 2)
        // Not a ratio scale: no conversion to a proper unit, nor between functions or references.
        #expect(!UCUM.areComparable("dB", "1"))
        #expect(!UCUM.areComparable("dB", "%"))
        #expect(!UCUM.areComparable("dB", "Np"))
        #expect(!UCUM.areComparable("B", "B[SPL]"))
        #expect(!UCUM.areComparable("B[V]", "B[mV]"))
        #expect(UCUM.convert(1, from: "Np", to: "B") == nil)
        #expect(try UCUM.unit("B[SPL]").dimension == UCUM.unit("Pa").dimension)
        #expect(convert("7", "[pH]", "[pH]") == 7)
    }

    // MARK: Arbitrary units

    @Test func arbitraryUnitsOnlyEqualThemselves() throws {
        #expect(try UCUM.unit("[IU]").kind == .arbitrary)
        #expect(try UCUM.unit("[IU]/L").kind == .arbitrary)
        #expect(!(try UCUM.unit("[IU]").isDimensionless))
        #expect(convert("12", "[IU]", "[IU]") == 12)
        #expect(convert("12", "[IU]/L", "[IU]/L") == 12)
        #expect(UCUM.convert(1, from: "[IU]", to: "m[IU]") == nil)
        #expect(UCUM.convert(1, from: "[IU]/L", to: "m[IU]/mL") == nil)
        #expect(!UCUM.areComparable("[IU]", "[iU]"))
        #expect(!UCUM.areComparable("[IU]", "1"))
        #expect(!UCUM.areComparable("[arb'U]", "[USP'U]"))
        #expect(!UCUM.areComparable("[IU]", "U"))
        #expect(UCUM.areComparable("[arb'U]", "[arb'U]"))
    }

    // MARK: Syntax

    @Test func annotationsMeanOne() throws {
        let count = try UCUM.unit("{count}")
        #expect(count.isDimensionless)
        #expect(count.factor == 1)
        #expect(convert("5", "{count}", "1") == 5)
        #expect(convert("5", "{beats}/min", "/min") == 5)
        #expect(convert("2", "kg{total}", "g") == 2000)
        #expect(UCUM.isValid("%{vol}"))
        #expect(UCUM.isValid("{rbc}/uL"))
        #expect(!UCUM.isValid("{a{b}}"))
        #expect(!UCUM.isValid("{open"))
        #expect(!UCUM.isValid("{two words}"))
        // After a parenthesis too, as UCUM's table of common units writes them.
        #expect(convert("1", "g/(8.h){shift}", "g/h") == d("0.125"))
    }

    @Test func powersOfTen() throws {
        let perMicrolitre = try UCUM.unit("10*3/uL")
        #expect(perMicrolitre.dimension == [-3, 0, 0, 0, 0, 0, 0])
        #expect(perMicrolitre.factor == d("1e12"))
        #expect(convert("1", "10*3/uL", "10*9/L") == 1)
        #expect(convert("1", "10^3", "1") == 1000)
        #expect(convert("1", "10*-3", "1") == d("0.001"))
        #expect(convert("1", "10*+3", "1") == 1000)
        #expect(convert("1", "10*", "1") == 10)
        #expect(convert("1", "2+10", "1") == 1024)  // §9: a signed exponent on a number
        #expect(convert("1", "10", "1") == 10)
        #expect(convert("1", "4.[pi]", "1") == convert("4", "[pi]", "1"))
    }

    @Test func exponentsRaiseThePrefixToo() throws {
        // §9.2: cm3 is (0.01 m)³, not 0.01 m³.
        #expect(try UCUM.unit("cm3").factor == d("0.000001"))
        #expect(convert("1", "cm3", "mL") == 1)
        #expect(try UCUM.unit("s-1").dimension == [0, -1, 0, 0, 0, 0, 0])
        #expect(try UCUM.unit("m+2").dimension == [2, 0, 0, 0, 0, 0, 0])
        #expect(convert("1", "[in_i]2", "cm2") == d("6.4516"))
        #expect(convert("1", "km2", "m2") == 1_000_000)
    }

    @Test func divisionAndParentheses() throws {
        // Left to right: mL/min/kg is mL/(min.kg); a leading solidus inverts the component after it.
        #expect(try UCUM.unit("mL/min/kg").dimension == [3, -1, -1, 0, 0, 0, 0])
        #expect(convert("1", "mL/min/kg", "mL/(min.kg)") == 1)
        #expect(convert("1", "/min", "s-1") != nil)
        #expect(try UCUM.unit("/min").dimension == [0, -1, 0, 0, 0, 0, 0])
        #expect(try UCUM.unit("/s.m").dimension == UCUM.unit("m/s").dimension)
        #expect(convert("1", "(kg)/(m2)", "g/m2") == 1000)
        #expect(convert("1", "kg/(m.s2)", "Pa") == 1)
        #expect(convert("3.6", "km/h", "m/s") == 1)
        #expect(convert("1", "[mi_i]/h", "km/h") == d("1.609344"))
        #expect(convert("60", "mL/min/kg", "mL/h/kg") == 3600)
        // Any code, parenthesized, composes with another: the engine writes `(a).(b)` and `(a)/(b)`.
        #expect(convert("1", "(/min).(s)", "1") == d("1") / 60)
        #expect(convert("60", "(/min).(s)", "1") == 1)
        #expect(convert("2", "(mL/min/kg)/(/min)", "mL/kg") == 2)
        #expect(convert("1", "({count})/(m2)", "m-2") == 1)
        // §10: a parenthesis takes no exponent since UCUM 1.9.
        #expect(!UCUM.isValid("(m/s)2"))
    }

    @Test func prefixes() throws {
        #expect(convert("1", "dam", "m") == 10)  // `da` is tried before `d`
        #expect(convert("1", "dar", "m2") == 10)  // deci-are: `da` + `r` is no unit
        #expect(convert("1", "cd", "cd") == 1)  // candela, not centi-day
        #expect(try UCUM.unit("cd").dimension == [0, 0, 0, 0, 0, 0, 1])
        #expect(try UCUM.unit("Pa").dimension == [-1, -2, 1, 0, 0, 0, 0])  // pascal, not peta-year
        #expect(convert("1", "Kibit", "bit") == 1024)
        #expect(convert("1", "ug", "g") == d("0.000001"))
        #expect(convert("1", "Ym", "m") == d("1e24"))
        #expect(convert("1", "ym", "m") == d("1e-24"))
        // Only metric atoms take prefixes.
        #expect(throws: UCUMError.unknownUnit(code: "k[in_i]", position: 0, message: "'[in_i]' is not a metric unit and takes no prefix ('k[in_i]')")) {
            try UCUM.unit("k[in_i]")
        }
    }

    @Test func caseSensitiveOnly() {
        #expect(UCUM.isValid("kg"))
        #expect(!UCUM.isValid("KG"))
        #expect(!UCUM.isValid("CEL"))
        #expect(!UCUM.isValid("[IN_I]"))
        #expect(UCUM.isValid("Mg"))  // megagram
        #expect(UCUM.areComparable("Mg", "t"))
    }

    // MARK: Errors

    private func error(of code: String) -> UCUMError? {
        do {
            _ = try UCUM.unit(code)
            return nil
        } catch {
            return error
        }
    }

    private func position(_ code: String) -> Int? {
        guard case .unknownUnit(let c, let position, _)? = error(of: code) else { return nil }
        #expect(c == code)
        return position
    }

    @Test func errorsNameWhereTheCodeStopsBeingUCUM() {
        #expect(position("xyz") == 0)
        #expect(position("mg/xyz") == 3)
        #expect(position("kg.[s]") == 3)
        #expect(position("mg/dl.qq2") == 6)
        #expect(position("m s") == 1)
        #expect(position("m·s") == 1)
        #expect(position("µg") == 0)
        #expect(position("") == 0)
        #expect(position("m/") == 2)
        #expect(position("m..s") == 2)
        #expect(position("(m") == 0)
        #expect(position("m)") == 1)
        #expect(position("[in_i") == 0)
        #expect(position("m{x") == 1)
        #expect(position("(m/s)2") == 5)
        #expect(position("m(s)") == 1)
        #expect(position("-2") == 0)
        #expect(position("0") == 0)
        #expect(position("m99999") == 1)
        #expect(position("km999") == 0)  // 10^2997: beyond a Decimal
        #expect(position(String(repeating: "(", count: 100_000) + "m" + String(repeating: ")", count: 100_000)) == 100)
        #expect(UCUM.isValid(String(repeating: "(", count: 100) + "m" + String(repeating: ")", count: 100)))
        let description = error(of: "mg/xyz").map { "\($0)" } ?? ""
        #expect(description.contains("at 3"), "\(description)")
        #expect(description.contains("'xyz' is not a UCUM unit"), "\(description)")
    }

    // MARK: The table

    @Test func theTableHoldsUCUMsPrefixesAndAtoms() throws {
        #expect(UCUMAtomTable.version == "2.2")
        let table = UCUMTable.shared
        #expect(table.prefixes.count == 24 && UCUMAtomTable.prefixCount == 24)
        #expect(table.atoms.count == UCUMAtomTable.atomCount)
        #expect(table.atoms.count == 312)  // 7 base units and 305 defined units
        // Every atom parses alone, and every metric one with a prefix.
        for (code, atom) in table.atoms {
            let unit = try UCUM.unit(code)
            #expect(unit.dimension == atom.dimension, "\(code)")
            if atom.isMetric { #expect(UCUM.isValid("k" + code), "k\(code)") }
        }
        #expect(table.atoms.values.filter(\.isArbitrary).count == 41)
        #expect(table.atoms.values.filter { $0.special != nil }.count == 21)
        #expect(table.prefixes["k"] == UCUMNumber(powerOfTen: 3))
    }

    @Test func factorsThroughPiAreRoundedAt36Digits() {
        #expect(abs(convert("180", "deg", "rad")! - d("3.14159265358979323846264338327950288")) < d("1e-34"))
        #expect(abs(convert("1", "circ", "deg")! - 360) < d("1e-32"))
    }

    @Test func everyCodeCareplanWritesParses() {
        // Sources/FHIR/Codes/UCUM.swift pairs careplan's units with these.
        for code in ["/min", "/s", "Cel", "[degF]", "K", "kg", "g", "mg", "[lb_av]", "ug", "[oz_av]", "[stone_av]", "mm[Hg]", "kPa",
                     "cm[H2O]", "mg/dL", "mmol/L", "%", "{count}", "s", "ms", "min", "h", "d", "m", "cm", "mm", "km", "[in_i]", "[ft_i]",
                     "[mi_i]", "L", "mL", "[foz_us]", "kcal", "kJ", "[IU]", "m/s", "km/h", "[mi_i]/h", "dB", "mL/min/kg"] {
            #expect(UCUM.isValid(code), "\(code)")
        }
    }

    @Test func theGeneratedTableIsNotStale() throws {
        // The generator's --check regenerates the table in memory and compares it with the file.
        try GeneratorCheck.expectUpToDate("Sources/FHIRPath/Quantity/ucum/generate-ucum-atoms.py")
    }

    // MARK: Cache

    @Test func parsedUnitsAreCachedAndSafeAcrossThreads() async throws {
        let cache = UCUMCache(limit: 8)
        #expect(try cache.unit("mg") == cache.unit("mg"))
        #expect(throws: UCUMError.self) { try cache.unit("[s]") }
        #expect(cache.count == 2)
        for i in 0..<20 { _ = try? cache.unit("m{\(i)}") }
        #expect(cache.count <= 8)
        let codes = ["mg", "cm.m", "[lb_av]", "10*3/uL", "Cel", "mL/min/kg", "dB", "[IU]"]
        let expected = try codes.map { try UCUMParser.parse($0) }
        let results = await withTaskGroup(of: [UCUMUnit?].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).map { i in try? UCUM.unit(codes[i % codes.count]) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            for (i, unit) in result.enumerated() { #expect(unit == expected[i % codes.count]) }
        }
    }
}
