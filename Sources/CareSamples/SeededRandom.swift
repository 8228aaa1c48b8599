/// SplitMix64 (Steele, Lea and Flood 2014): a tiny PRNG whose output depends only on its seed.
///
/// `SystemRandomNumberGenerator` cannot be seeded, and the standard library's `random(in:using:)`
/// algorithms may change between Swift versions, so generated histories draw their numbers through
/// the helpers below, which use integer arithmetic and correctly rounded IEEE operations only:
/// the same seed gives the same history on every platform and compiler.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// True with probability `p` (never for p <= 0, always for p >= 1).
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// Uniform in 0..<n (n > 0); the multiply-shift bias is below 2⁻⁵⁰ for the small n used here.
    mutating func below(_ n: Int) -> Int { Int(next().multipliedFullWidth(by: UInt64(n)).high) }

    /// Approximately standard normal: the Irwin–Hall sum of four uniforms, rescaled to unit
    /// variance. No log or cos, whose last bit may differ between C libraries; tails stop at ±3.46,
    /// which suits readings that must stay plausible anyway.
    mutating func gaussian() -> Double {
        (unit() + unit() + unit() + unit() - 2) * 1.7320508075688772
    }

    /// A seed for an independent stream named `name` (an activity id), so one activity's history
    /// does not change when others are added, removed or reordered. FNV-1a, not `Hasher`, which is
    /// seeded differently in every process.
    static func seed(_ seed: UInt64, stream name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var mixer = SeededRandom(seed: seed ^ hash)
        return mixer.next()
    }
}
