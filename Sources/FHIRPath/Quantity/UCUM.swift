import Foundation

/// A UCUM unit reduced to UCUM's seven base units (m, s, g, rad, K, C, cd) with an exact factor.
///
/// How each kind of unit converts (`UCUM.convert`):
/// - `.proper` (ratio scale: `mg`, `[in_i]`, `mL/min/kg`, `{count}`, `%`): value × factor is the
///   value in base units; two convert when their dimensions are equal.
/// - `.arbitrary` (`[IU]`, `[arb'U]`, `[CFU]`, and any term holding one, as `[IU]/L`): UCUM §24–25
///   makes them commensurable with no other unit, so one converts only to the very same code, whose
///   value it keeps (`m[IU]` does not convert to `[IU]`, nor `[IU]` to `[iU]`).
/// - `.interval(offset:)` (`Cel`, `[degF]`, `[degRe]`): value × factor + offset is the value in
///   kelvin; they convert with each other and with any proper unit of temperature (`K`, `[degR]`).
/// - `.special(function:)` (the logarithmic `B`, `dB`, `Np`, `B[SPL]`, `B[V]`..., and `[pH]`,
///   `[p'diop]`, `%[slope]`, `[hp'_X]`, `[m/s2/Hz^(1/2)]`, `bit_s`): not on a ratio scale, so they
///   convert only with a unit of the same function and reference, by their scale (`dB` to `B`
///   divides by 10); never with a proper unit (`dB` is not `1`, `Np` is not `B`). Here `factor` is
///   that scale (0.1 for `dB`), not a factor to base units, and `dimension` is that of the proper
///   unit the definition names (UCUM §21.3): `B[SPL]` has a pressure's, `dB` none.
///
/// A special unit cannot be combined with other units or raised to a power (§22): `Cel/h` and
/// `dB2` do not parse; a prefix (`mCel`), a number or a dimensionless unit may scale it.
public struct UCUMUnit: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case proper
        case arbitrary
        /// The value in kelvin is value × factor + offset (offset rounded to 38 digits for [degF]).
        case interval(offset: Decimal)
        /// A special unit on a non-ratio scale, by UCUM's name for its function (`lg`, `ln`, `pH`...).
        case special(function: String)
    }

    /// The code as given.
    public let code: String
    /// The value in base units is value × factor (plus the offset for `.interval`; see the type for
    /// `.special`). Rounded to Decimal's 38 digits where the exact quotient does not end (`[ft_us]` is
    /// 1200/3937 m); conversions use the exact quotient, not this.
    public let factor: Decimal
    /// The exponents of m, s, g, rad, K, C, cd.
    public let dimension: [Int]
    public let kind: Kind

    /// Exact: the factor (`.proper`, `.arbitrary`) or the proper unit of the definition (special units).
    let ratio: UCUMRatio
    /// Special units: the scale from prefixes, numbers and dimensionless units (`dB`: 1/10); else 1.
    let scale: UCUMRatio
    /// `.interval`: the offset in the unit's own degrees (273.15 for Cel, 459.67 for [degF]).
    let intervalOffset: Decimal

    /// A proper unit whose exponents are all 0: `1`, `%`, `{count}`, `m/m`, `10*3`, and `mol` (UCUM
    /// counts moles as the number 6.02214076 × 10²³). Not an arbitrary or special unit (`[IU]`, `dB`).
    public var isDimensionless: Bool { kind == .proper && dimension.allSatisfy { $0 == 0 } }

    public var description: String { code }
}

public enum UCUMError: Error, Equatable, CustomStringConvertible {
    /// `position`: 0-based offset in `code` (in characters) where the code stops being UCUM.
    case unknownUnit(code: String, position: Int, message: String)

    public var description: String {
        switch self {
        case .unknownUnit(let code, let position, let message):
            "'\(code)' is not a valid UCUM unit (at \(position)): \(message)"
        }
    }
}

/// UCUM (the Unified Code for Units of Measure, case-sensitive codes), for FHIRPath's quantities: any
/// term parsed into a unit, and values converted between units exactly, with Foundation's Decimal.
/// The units come from UCUM's ucum-essence.xml (Quantity/ucum, UCUMAtoms.generated.swift).
///
/// Exactness: a conversion multiplies first and divides once, by the exact quotients of the two
/// units, so it is exact whenever the result is a decimal of at most 38 digits: `1 [in_i]` is
/// 2.54 cm and 2.54 cm is 1 [in_i] again, `1 [lb_av]` is 453.59237 g, 98.6 [degF] is 37 Cel. When
/// the result does not end (1 m in `[ft_us]`, 1 `[degF]` in Cel) it is rounded to 38 digits, and
/// converting it back can miss the first value in the 38th digit (0.99999999999999999999999999999999999997
/// m): compare such values at a precision, as FHIRPath's `~` does.
public enum UCUM {
    /// The version of UCUM the table was made from.
    public static let version = UCUMAtomTable.version

    /// The unit a UCUM code means: any term (`mg`, `cm.m`, `(kg)/(m2)`, `/min`, `10*3/uL`,
    /// `{count}`, `mL/min/kg`, `[in_i]2`). Parsed units are cached.
    public static func unit(_ code: String) throws(UCUMError) -> UCUMUnit {
        try cache.unit(code)
    }

    public static func isValid(_ code: String) -> Bool {
        (try? unit(code)) != nil
    }

    /// The value converted from one unit to another; nil when either is not UCUM or they are not
    /// commensurable (see `UCUMUnit` for arbitrary and special units).
    public static func convert(_ value: Decimal, from: String, to: String) -> Decimal? {
        guard let from = try? unit(from), let to = try? unit(to) else { return nil }
        return convert(value, from: from, to: to)
    }

    /// The value converted between two parsed units; nil when they are not commensurable.
    public static func convert(_ value: Decimal, from: UCUMUnit, to: UCUMUnit) -> Decimal? {
        guard !value.isNaN, areComparable(from, to) else { return nil }
        let result: Decimal
        switch (from.kind, to.kind) {
        case (.arbitrary, _):
            result = value
        case (.special, _):
            // Same function and reference: only the scales differ (x' = f(x) / scale, §22.4).
            result = (from.scale * to.scale.inverse).apply(to: value)
        case (.proper, .proper):
            // One multiplication, one division: exact whenever the result is a short decimal.
            result = (from.ratio * to.ratio.inverse).apply(to: value)
        default:
            // Temperatures on interval scales: kelvin = (value × scale + offset) × ratio, both ways.
            let (a, b) = (from.affine, to.affine)
            let scaled = a.scale.numerator.multiply(value) + a.scale.denominator.multiply(a.offset)
            let inB = UCUMRatio(a.ratio.numerator * b.ratio.denominator, a.ratio.denominator * b.ratio.numerator * a.scale.denominator)
                .apply(to: scaled)
            result = b.scale.inverse.apply(to: inB - b.offset)
        }
        return result.isNaN ? nil : result
    }

    /// True when both codes are UCUM and a value converts from one to the other: the same dimension,
    /// and for arbitrary and special units, the same unit (see `UCUMUnit`).
    public static func areComparable(_ a: String, _ b: String) -> Bool {
        guard let a = try? unit(a), let b = try? unit(b) else { return false }
        return areComparable(a, b)
    }

    public static func areComparable(_ a: UCUMUnit, _ b: UCUMUnit) -> Bool {
        guard a.dimension == b.dimension else { return false }
        switch (a.kind, b.kind) {
        case (.arbitrary, .arbitrary):
            return a.code == b.code
        case (.arbitrary, _), (_, .arbitrary):
            return false
        case (.special(let f), .special(let g)):
            return f == g && a.ratio.hasSameValue(as: b.ratio)
        case (.special, _), (_, .special):
            return false
        default:
            return true
        }
    }

    // MARK: Cache

    static let cache = UCUMCache()
}

extension UCUMUnit {
    /// A proper or interval unit as kelvin (or base units) = (value × scale + offset) × ratio.
    fileprivate var affine: (scale: UCUMRatio, offset: Decimal, ratio: UCUMRatio) {
        kind == .proper ? (.one, 0, ratio) : (scale, intervalOffset, ratio)
    }
}

/// Parsed units by code, failures too, behind a lock. Bounded: emptied when it reaches `limit`, so
/// codes read from untrusted files cannot grow it without end.
final class UCUMCache: @unchecked Sendable {
    private let lock = NSLock()
    private var units: [String: Result<UCUMUnit, UCUMError>] = [:]
    let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    func unit(_ code: String) throws(UCUMError) -> UCUMUnit {
        lock.lock()
        let cached = units[code]
        lock.unlock()
        if let cached { return try cached.get() }
        let result: Result<UCUMUnit, UCUMError>
        do throws(UCUMError) {
            result = .success(try UCUMParser.parse(code))
        } catch {
            result = .failure(error)
        }
        lock.lock()
        if units.count >= limit { units.removeAll(keepingCapacity: true) }
        units[code] = result
        lock.unlock()
        return try result.get()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return units.count
    }
}
