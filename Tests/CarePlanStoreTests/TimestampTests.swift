import Foundation
import Testing
@testable import CarePlanStore
@testable import CareSamples

/// Stored instants: written from the digits, exactly as Foundation's ISO 8601 style writes them,
/// and read back to the second.
@Suite struct TimestampTests {
    @Test func instantsAreWrittenAsFoundationWritesThem() {
        var random = SeededRandom(seed: 3)
        let edges: [Double] = [0, 59, 86_399, 86_400, -1, -86_401, 951_782_400, 4_107_542_399, -30_610_224_000, -0.5, 1.999, 86_399.999_99]
        let whole = (0..<2000).map { _ in Double(random.below(8_000_000_000)) - 2_000_000_000 }
        // A clock's "now" has a fraction of a second; the stored text drops it, as Foundation does.
        let fractional = (0..<500).map { _ in Double(random.below(8_000_000_000)) - 2_000_000_000 + Double(random.below(1000)) / 1000 }
        for seconds in edges + whole + fractional {
            let instant = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.string(instant) == Timestamp.foundationString(instant), "\(seconds)")
        }
    }

    @Test func storedInstantsReadBackToTheSecond() {
        for seconds in [0.0, 1_795_000_000.75, -86_401, 4_107_542_399] {
            let text = Timestamp.string(Date(timeIntervalSince1970: seconds))
            #expect(Timestamp.date(text)?.timeIntervalSince1970 == seconds.rounded(.down), "\(text)")
        }
        for bad in ["2026-13-01T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21 08:30:00Z", "yesterday"] {
            #expect(Timestamp.date(bad) == nil, "\(bad)")
        }
    }
}
