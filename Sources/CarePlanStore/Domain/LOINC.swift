/// LOINC codes as a plan file may write them: `8867-4`, digits, a dash and the check digit.
public enum LOINC {
    /// Whether `code` is well formed and its check digit is right, so a mistyped code is caught
    /// where it was typed rather than by the clinic that receives it.
    public static func isValid(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...7).contains(parts[0].count), parts[1].count == 1,
              let digits = Optional(parts[0].compactMap(\.wholeNumberValue)), digits.count == parts[0].count,
              let check = parts[1].first?.wholeNumberValue else { return false }
        return checkDigit(digits) == check
    }

    /// LOINC's "Mod 10" check digit (the Luhn digit): from the right, every other digit doubled
    /// starting with the last, the digits of all of it added up, and the distance to the next ten.
    static func checkDigit(_ digits: [Int]) -> Int {
        var sum = 0
        for (position, digit) in digits.reversed().enumerated() {
            let value = position % 2 == 0 ? digit * 2 : digit
            sum += value / 10 + value % 10
        }
        return (10 - sum % 10) % 10
    }
}
