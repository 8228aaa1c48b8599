import Foundation
import PropertyBased
import Testing
@testable import FHIRPath

/// A decimal read from text (a score in a form, a number in an expression or a resource) is the
/// number Foundation's own parser reads, to every digit, whether FHIRPath builds it from its digits
/// (up to 18 of them) or hands it to Foundation (more, or an exponent); and what is not a decimal
/// is refused either way.
@Suite(.shrinking) struct DecimalNumberTests {
    /// A sign or none, up to 13 digits before the point, and up to 9 after it (zeros kept: `1.50`).
    static let decimalText = zip(Gen.int(in: 0...2), Gen.int(in: 0...9_999_999_999_999), Gen.int(in: -1...9), Gen.int(in: 0...999_999_999))
        .map { sign, whole, places, fraction -> String in
            let written = ["", "-", "+"][sign] + String(whole)
            guard places >= 0 else { return written }
            let digits = String(fraction).padding(toLength: 9, withPad: "0", startingAt: 0)
            return written + "." + String(digits.prefix(max(1, places)))
        }

    static func foundations(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    @Test func aDecimalIsTheNumberFoundationReads() async {
        await propertyCheck(count: 500, input: Self.decimalText) { text in
            let read = DecimalNumber(text: text, allowExponent: false)
            #expect(read?.value == Self.foundations(text), "\(text)")
            #expect(read?.value.description == Self.foundations(text)?.description, "\(text)")
            #expect(read?.scale == text.split(separator: ".").dropFirst().first.map(\.count) ?? 0, "\(text)")
        }
    }

    @Test(arguments: ["0", "-0", "-0.00", "0.0", "1.50", "123456789012345678", "1234567890123456789",
                      "-99999999999999999999.5", "3.14159265358979323846", "1e3", "-2.5E-2", "7E+1"])
    func theSameAtTheEdges(_ text: String) {
        let read = DecimalNumber(text: text)
        #expect(read?.value == Self.foundations(text))
        #expect(read?.value.isSignMinus == false || read?.value.isZero == false, "a zero has no sign")
    }

    @Test(arguments: ["", "-", "+", ".5", "5.", "1.2.3", "12abc", "1e", "1e+", "١٢", " 1", "1 ", "0x10", "NaN", "--1"])
    func notADecimalIsRefused(_ text: String) {
        #expect(DecimalNumber(text: text) == nil)
    }

    @Test func anExponentIsRefusedWhereFHIRPathHasNone() {
        #expect(DecimalNumber(text: "1e3", allowExponent: false) == nil)
        #expect(DecimalNumber(text: "1e3")?.scale == 0)
        #expect(DecimalNumber(text: "1.25e1")?.scale == 1)
    }
}
