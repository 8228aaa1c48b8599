import CareInsights
import CarePlanStore
import Testing

let painPlan = """
title: Pain
activities:
  - id: pain
    kind: assessment
    title: Pain
    schedule: {start: 2026-01-01, daily: 1}
    measure: {type: scale, min: 0, max: 10, normal: [0, 3]}
"""

@Suite struct TrendTests {
    func trend(_ values: [Double?]) throws -> Trend? {
        let test = try InsightsStore(painPlan)
        for (offset, value) in values.enumerated() {
            if let value { try test.readings("pain", on: date("2026-03-02").adding(days: offset).iso, [value]) }
        }
        return try test.report(.week, "2026-03-02", today: "2026-03-08").field("pain")?.trend
    }

    @Test func risingValuesTrendUpWithTheirSlopePerWeek() throws {
        let trend = try #require(try trend([0, 1, 2, 3, 4, 5, 6]))
        #expect(abs(trend.slopePerWeek - 7) < 1e-9, "one point a day is seven a week")
        #expect(trend.n == 7)
        #expect(abs(trend.change - 6) < 1e-9)
        #expect(trend.direction == .up)
    }

    @Test func fallingValuesTrendDownAndMissingDaysAreLeftOut() throws {
        let trend = try #require(try trend([8, nil, 6, nil, 4, nil, 2]))
        #expect(abs(trend.slopePerWeek + 7) < 1e-9)
        #expect(trend.n == 4)
        #expect(trend.direction == .down)
    }

    @Test func smallChangesAgainstTheNormalBandAreFlat() throws {
        // The fitted change is 6/28 of a point, under a tenth of the 0–3 normal band.
        let trend = try #require(try trend([2, 2, 3, 2, 2, 3, 2]))
        #expect(trend.direction == .flat)
        #expect(trend.n == 7)
        #expect(abs(trend.slopePerWeek - 7.0 / 28) < 1e-9)
    }

    @Test func fewerThanThreeDaysHaveNoTrend() throws {
        #expect(try trend([1, nil, nil, nil, nil, nil, 5]) == nil)
    }
}
