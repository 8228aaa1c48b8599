import CarePlanStore
import Foundation
import Localization

/// Plausible, reproducible outcome histories for a plan: the demo's weeks of data, tests whose
/// answers are known by construction, and benchmark data sets.
///
/// The same plan, seed, completion and dates give the same outcomes on every platform. Each activity
/// draws from its own stream (seeded from `seed` and its id) and is simulated from its own first day,
/// so an outcome depends only on its activity, the seed, the completion and its date: a window of
/// days looks the same whatever `from` is, and adding or removing an activity changes no other.
///
/// - Due occurrences are done with probability ≈ `completion`. Misses come in runs (a two-state
///   Markov chain whose stationary miss rate is 1 − completion); weekends are a little worse;
///   optional activities are done at 70 % of the rate. The same applies to assessments' readings.
/// - As-needed activities are logged 0–2 times on some days, medicines less often as weeks pass.
/// - Numbers wander smoothly (AR(1) around the middle of `normal`), with occasional excursions out
///   of `normal` for a few readings; the fields of one reading move together (blood pressure).
///   Scales recover: they start on the far side of `normal` and settle into it over weeks.
/// - Booleans are mostly yes; choices favour the first options and tend to repeat; text is rare.
/// - Every outcome is one the store accepts: a due occurrence of the version in force that day
///   (as-needed: 0, 1, …), values inside `range`, whole for integers and scales, rounded to
///   `decimals` (one decimal when a number has none), in the measure's unit and field order.
public struct HistoryGenerator: Sendable {
    public let seed: UInt64
    /// The share of due occurrences done, 0...1 (clamped; NaN counts as 0). At 0 nothing is
    /// recorded at all, as-needed logs included; at 1 every due occurrence is.
    public let completion: Double

    public init(seed: UInt64, completion: Double = 0.9) {
        self.seed = seed
        self.completion = completion.isNaN ? 0 : min(max(completion, 0), 1)
    }

    /// Outcomes from `from` through `through`, recorded at the events' times of day (else at
    /// plausible waking hours) on clocks in `timeZone`, leaving out any recorded after `notAfter`.
    ///
    /// Sorted by date, then activity id (bytewise), then occurrence: the order `CareStore.outcomes()`
    /// reads them back in.
    public func outcomes(for plan: PlanSnapshot, from: LocalDate, through: LocalDate,
                         timeZone: TimeZone, notAfter: Date? = nil) -> [Outcome] {
        guard let start = plan.start, from <= through, start <= through else { return [] }
        // Visiting activities in id order makes each day's outcomes come out sorted; the order
        // changes nothing else, because every activity has its own stream.
        var tracks = plan.histories
            .sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
            .map { Track(history: $0, random: SeededRandom(seed: SeededRandom.seed(seed, stream: $0.id)), completion: completion, zone: timeZone) }
        var result: [Outcome] = []
        // Days before `from` are simulated too (and thrown away) so that a window does not depend on where it starts.
        for dayNumber in start.dayNumber...through.dayNumber {
            let day = LocalDate(dayNumber: dayNumber)
            let wallClock = day >= from ? WallClock(day: day, zone: timeZone) : nil
            for index in tracks.indices {
                let id = tracks[index].history.id
                tracks[index].simulate(day) { occurrence, second, note, values in
                    guard let wallClock else { return }
                    let (instant, offset) = wallClock.instant(second)
                    if let notAfter, instant > notAfter { return }
                    result.append(Outcome(activityId: id, date: day, occurrence: occurrence, recordedAt: instant,
                                          utcOffset: offset, note: note, values: values))
                }
            }
        }
        return result
    }

    /// The last `days` days up to the clock's "now" (today included, nothing later than now).
    public func outcomes(for plan: PlanSnapshot, days: Int, endingAt clock: CareClock) -> [Outcome] {
        outcomes(for: plan, from: clock.today.adding(days: -(max(days, 1) - 1)), through: clock.today,
                 timeZone: clock.timeZone, notAfter: clock.now)
    }
}

/// Turns seconds into a local day into a UTC instant and its offset. The zone is asked twice per
/// day, and per outcome only on the few days whose offset changes (DST).
private struct WallClock {
    let midnight: Int
    let zone: TimeZone
    /// The offset all day, or nil on a transition day.
    let offset: Int?

    init(day: LocalDate, zone: TimeZone) {
        self.zone = zone
        midnight = day.dayNumber * 86_400
        let first = Self.resolve(midnight, zone: zone).offset
        offset = first == Self.resolve(midnight + 86_399, zone: zone).offset ? first : nil
    }

    func instant(_ secondsIntoDay: Int) -> (Date, Int) {
        let local = midnight + secondsIntoDay
        let (seconds, offset) = offset.map { (local - $0, $0) } ?? Self.resolve(local, zone: zone)
        return (Date(timeIntervalSince1970: Double(seconds)), offset)
    }

    /// The instant whose wall-clock time in `zone` is `local` (seconds as if UTC). A time skipped by
    /// a DST jump lands an hour off, as a clock being changed would.
    static func resolve(_ local: Int, zone: TimeZone) -> (seconds: Int, offset: Int) {
        func offset(at seconds: Int) -> Int { zone.offset(at: seconds) }
        let guess = offset(at: local)
        let first = offset(at: local - guess)
        if first == guess { return (local - first, first) }
        let second = offset(at: local - first)
        return (local - second, second == first ? first : offset(at: local - second))
    }
}

/// Tuning of the simulation: the numbers a reader may want to change, in one place.
private enum Tuning {
    /// Lag-one correlation of misses: after a miss, the next one is missed with probability a + ρ.
    static let missPersistence = 0.5
    /// Miss rates move by k·m(1 − m): zero at m = 0 and 1, and averaging to m over a week (5·−0.2 + 2·0.5 = 0).
    static let weekendMissShift = 0.5, weekdayMissShift = -0.2
    static let optionalEffort = 0.7
    /// Chance that an as-needed activity is logged on a day (at completion 1), and of a second log.
    static let asNeededMedicine = 0.35, asNeededReading = 0.3, asNeededText = 0.12, secondLog = 0.3
    static let noteChance = 0.02
    /// AR(1) coefficient per reading, and the correlation between the fields of one reading.
    static let persistence = 0.8, fieldCorrelation = 0.7
    /// The stationary spread, as a share of `normal`'s half-width (so ~3 % of readings fall outside
    /// by chance), or of `range` when there is no `normal`.
    static let spreadOfNormal = 0.45, spreadOfRange = 0.04
    static let excursionChance = 0.015
    static let yesChance = 0.85, repeatAnswer = 0.4, repeatChoice = 0.5, choiceDecay = 0.4
    static let wakingStart = 8 * 3600, wakingSpan = 14 * 3600
    /// The made-up notes and free-text answers, in the language of the person the history is made
    /// for (the demo is theirs; tests that run in-process see English).
    // TRANSLATORS: notes and free-text answers made up for the demo's history, as a patient would write them.
    static let notes = [trc("sample note", "Later than usual"), trc("sample note", "Reminder helped"), trc("sample note", "Busy day"),
                        trc("sample note", "Done before going out"), trc("sample note", "Away from home")]
    static let texts = [trc("sample note", "Felt fine today"), trc("sample note", "A bit tired"), trc("sample note", "Slept badly"),
                        trc("sample note", "Better than yesterday"), trc("sample note", "Quiet day at home"),
                        trc("sample note", "Walked to the shop"), trc("sample note", "Some stiffness in the morning"), trc("sample note", "Good day")]
    /// Exact powers of ten for `decimals` 0...6, so rounding needs no `pow`.
    static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]
}

/// One activity's simulation: its random stream, its run of misses, and its readings' walk.
private struct Track {
    let history: ActivityHistory
    var random: SeededRandom
    let completion: Double
    let zone: TimeZone
    var missedLast: Bool?
    var version = 0
    var measure: Measure?
    var walks: [FieldWalk] = []
    var excursionLeft = 0, excursion = 0.0
    var lastAnswer: Bool?
    var lastChoice: Int?

    init(history: ActivityHistory, random: SeededRandom, completion: Double, zone: TimeZone) {
        self.history = history
        self.random = random
        self.completion = completion
        self.zone = zone
    }

    /// Simulates one day, calling `emit(occurrence, secondsIntoDay, note, values)` for each outcome.
    /// Every due occurrence draws the same numbers whether it is done or not, so a change of
    /// `completion` only removes or adds outcomes and leaves the others' values and times alone.
    mutating func simulate(_ day: LocalDate, emit: (Int, Int, String?, [ReadingValue]) -> Void) {
        let stored = history.version(on: day)
        let activity = stored.activity
        let schedule = activity.schedule
        guard schedule.covers(day) else { return }
        if stored.version != version {
            version = stored.version
            adopt(activity.measure)
        }
        let weeks = Double(day.days(since: history.start)) / 7
        if schedule.isAsNeeded {
            let logged = random.unit(), twice = random.unit()
            let times = [random.below(Tuning.wakingSpan), random.below(Tuning.wakingSpan)].sorted()
            let count = logged < asNeededChance(activity, weeks: weeks) ? (twice < Tuning.secondLog ? 2 : 1) : 0
            for occurrence in 0..<2 {
                let note = nextNote(), values = reading(activity, weeks: weeks, day: day)
                if occurrence < count, let values { emit(occurrence, Tuning.wakingStart + times[occurrence], note, values) }
            }
            return
        }
        let count = schedule.occurrences(on: day)
        let missRate = dailyMissRate(optional: activity.optional, weekday: day.weekday)
        for occurrence in 0..<count {
            let missed = nextMissed(rate: missRate)
            let second = secondOfDay(schedule.time(ofOccurrence: occurrence), occurrence: occurrence, count: count)
            let note = nextNote(), values = reading(activity, weeks: weeks, day: day)
            if !missed, let values { emit(occurrence, second, note, values) }
        }
    }

    // MARK: Doing or missing

    func dailyMissRate(optional: Bool, weekday: Weekday) -> Double {
        let m = 1 - completion * (optional ? Tuning.optionalEffort : 1)
        let shift = weekday >= .sat ? Tuning.weekendMissShift : Tuning.weekdayMissShift
        return m + shift * m * (1 - m)
    }

    /// A two-state chain with P(miss | done before) = m(1 − ρ) and P(miss | missed before) = m(1 − ρ) + ρ:
    /// its stationary miss rate is m and its lag-one correlation ρ. It starts in its stationary state.
    mutating func nextMissed(rate m: Double) -> Bool {
        let draw = random.unit()
        let rho = Tuning.missPersistence
        let p = missedLast.map { $0 ? m * (1 - rho) + rho : m * (1 - rho) } ?? m
        let missed = draw < p
        missedLast = missed
        return missed
    }

    func asNeededChance(_ activity: Activity, weeks: Double) -> Double {
        switch activity.measure?.type {
        case nil: return completion * Tuning.asNeededMedicine * (0.4 + 0.6 / (1 + weeks / 4))  // needed less as weeks pass
        case .text?: return completion * Tuning.asNeededText
        default: return completion * Tuning.asNeededReading
        }
    }

    /// Timed occurrences are recorded from 10 minutes early to 45 late, mostly near the time;
    /// untimed ones within an hour of slots spread over 08:00–21:00 (09:00 for a single one).
    mutating func secondOfDay(_ time: TimeOfDay?, occurrence: Int, count: Int) -> Int {
        let u = random.unit(), second = random.below(60)
        let minute: Int
        if let time {
            minute = time.minutes + Int((-10 + 55 * u * u).rounded(.down))
        } else {
            let span = 13 * 60, first = Tuning.wakingStart / 60
            let slot = count == 1 ? first + 60 : first + occurrence * span / (count - 1)
            minute = slot + Int((-60 + 120 * u).rounded(.down))
        }
        return min(max(minute * 60 + second, 0), 86_399)
    }

    mutating func nextNote() -> String? {
        let draw = random.unit(), index = random.below(Tuning.notes.count)
        return draw < Tuning.noteChance ? Tuning.notes[index] : nil
    }

    // MARK: Readings

    mutating func adopt(_ measure: Measure?) {
        guard measure != self.measure else { return }
        self.measure = measure
        walks = measure.map { m in m.fields.map { FieldWalk($0, type: m.type) } } ?? []
        excursionLeft = 0
        lastAnswer = nil
        lastChoice = nil
    }

    /// The values of one reading ([] for interventions), or nil when a field's `range` holds no
    /// value at its `decimals` (a plan no one could record either).
    mutating func reading(_ activity: Activity, weeks: Double, day: LocalDate) -> [ReadingValue]? {
        guard activity.kind == .assessment else { return [] }
        guard let measure else { return nil }
        switch measure.type {
        case .number, .integer, .scale: return numbers(measure, weeks: weeks)
        case .boolean:
            let repeats = random.unit() < Tuning.repeatAnswer, fresh = random.unit() < Tuning.yesChance
            let yes = repeats ? (lastAnswer ?? fresh) : fresh
            lastAnswer = yes
            return measure.fields.map { ReadingValue(name: $0.name, value: yes ? 1 : 0, text: yes ? "yes" : "no") }
        case .choice:
            let repeats = random.unit() < Tuning.repeatChoice, draw = random.unit()
            return measure.fields.map { field in
                let index = (repeats ? lastChoice : nil) ?? Self.weightedChoice(draw, count: field.options.count)
                lastChoice = index
                return ReadingValue(name: field.name, value: Double(index), text: field.options[index])
            }
        case .text:
            return [ReadingValue(name: "value", text: Tuning.texts[random.below(Tuning.texts.count)])]
        case .sleep:
            return sleepDiary(activity, weeks: weeks, day: day)
        }
    }

    /// A night as a person with insomnia in treatment writes it down: bed around 22:45, a latency
    /// that shortens over the weeks, a few awakenings, up around 06:50; quality follows the night.
    mutating func sleepDiary(_ activity: Activity, weeks: Double, day: LocalDate) -> [ReadingValue]? {
        func clock(_ minutes: Int) -> String { TimeOfDay(wrapping: minutes).description }
        let improving = 1 / (1 + weeks / 3)
        let bed = 22 * 60 + 45 + Int((random.gaussian() * 25).rounded())
        let lightsOut = bed + random.below(20)
        let latency = 8 + Int((random.unit() * 45 * improving).rounded())
        let awakenings = random.below(4)
        let awake = awakenings == 0 ? 0 : awakenings * (3 + random.below(Int(4 + 14 * improving)))
        let wake = 1440 + 6 * 60 + 35 + Int((random.gaussian() * 20).rounded())
        let up = wake + 5 + random.below(25)
        let restless = Double(latency + awake) / 60
        let quality = max(1, min(5, Int((4.6 - 1.6 * restless + random.gaussian() * 0.6).rounded())))
        let entry = SleepDiary.Entry(bed: clock(bed), lightsOut: clock(lightsOut), latency: String(latency), awakenings: String(awakenings),
                                     awake: String(awake), wake: clock(wake), up: clock(up), quality: String(quality))
        return try? SleepDiary.values(for: activity, entry: entry, date: day, zone: zone)
    }

    /// Option k with weight decay^k: the first options (usually the healthy ones) are the common ones.
    static func weightedChoice(_ draw: Double, count: Int) -> Int {
        var weight = 1.0, total = 0.0
        for _ in 0..<count { total += weight; weight *= Tuning.choiceDecay }
        var threshold = draw * total
        weight = 1
        for index in 0..<count {
            if threshold < weight { return index }
            threshold -= weight
            weight *= Tuning.choiceDecay
        }
        return count - 1
    }

    mutating func numbers(_ measure: Measure, weeks: Double) -> [ReadingValue]? {
        let common = random.gaussian()
        let starts = random.unit(), length = random.below(4), size = random.unit(), sign = random.unit()
        if excursionLeft == 0, starts < Tuning.excursionChance {
            excursionLeft = 2 + length
            excursion = (sign < 0.5 ? -1 : 1) * (2.2 + size)
        }
        let shift = excursionLeft > 0 ? excursion : 0
        excursionLeft = max(excursionLeft - 1, 0)
        let rho = Tuning.persistence, r = Tuning.fieldCorrelation
        var values: [ReadingValue] = []
        values.reserveCapacity(walks.count)
        var recordable = true
        // Every field draws and steps even when an earlier one has no recordable value, so that the
        // stream stays in step.
        for index in walks.indices {
            let shock = (r.squareRoot() * common + (1 - r).squareRoot() * random.gaussian())
            walks[index].z = rho * walks[index].z + (1 - rho * rho).squareRoot() * shock
            guard let value = walks[index].value(weeks: weeks, excursion: shift) else { recordable = false; continue }
            values.append(ReadingValue(name: walks[index].name, value: value, unit: measure.type == .scale ? nil : walks[index].unit))
        }
        return recordable ? values : nil
    }
}

/// One numeric field's walk: where it settles, how far it strays, what may be recorded.
private struct FieldWalk {
    let name: String
    let unit: String?
    let range: ClosedRange<Double>?
    let target: Double
    /// Where a recovering scale starts (`target` for the others).
    let start: Double
    let spread: Double
    /// Which way excursions go: nil, none (without a `normal` there is nothing to stray from);
    /// 0, the reading's shared random sign; +1/−1, always that way (a scale flares towards worse).
    let excursionDirection: Double?
    /// 10^decimals; 1 for integers and scales.
    let scale: Double
    /// The standardised state of the AR(1) walk.
    var z = 0.0

    init(_ field: Measure.Field, type: Measure.ValueType) {
        name = field.name
        unit = field.unit
        let range = type == .scale ? (field.range ?? 0...10) : field.range
        self.range = range
        scale = Tuning.powersOfTen[min(max(type == .number ? field.decimals ?? 1 : 0, 0), 6)]
        // Whole numbers need some spread, or every reading would round to the same value.
        let least = type == .number ? 0 : 0.6
        let middle = { (r: ClosedRange<Double>) in (r.lowerBound + r.upperBound) / 2 }
        let halfWidth = { (r: ClosedRange<Double>) in (r.upperBound - r.lowerBound) / 2 }
        if type == .scale, let range {
            // Scales are symptoms: they start out of `normal`, halfway to the far end of the
            // range, and improve. Without a `normal`, the bottom fifth counts as good (0 = no pain).
            let normal = field.normal ?? range.lowerBound...(range.lowerBound + halfWidth(range) * 0.4)
            let lowIsGood = normal.lowerBound - range.lowerBound <= range.upperBound - normal.upperBound
            target = middle(normal)
            start = lowIsGood ? (normal.upperBound + range.upperBound) / 2 : (normal.lowerBound + range.lowerBound) / 2
            spread = max(halfWidth(normal) * Tuning.spreadOfNormal, least)
            excursionDirection = lowIsGood ? 1 : -1
        } else if let normal = field.normal, normal.upperBound > normal.lowerBound {
            target = middle(normal)
            start = target
            spread = max(halfWidth(normal) * Tuning.spreadOfNormal, least)
            excursionDirection = 0
        } else {
            target = field.normal?.lowerBound ?? range.map(middle) ?? 10
            start = target
            spread = max(range.map { halfWidth($0) * 2 * Tuning.spreadOfRange } ?? 1, least)
            excursionDirection = nil
        }
    }

    /// Rational, not exponential, decay (no libm in generated values): a quarter of the way left
    /// after two weeks, a sixteenth after six.
    func center(weeks: Double) -> Double {
        let remaining = 1 + weeks / 2
        return target + (start - target) / (remaining * remaining)
    }

    /// The recorded value: rounded as `ReadingParser` rounds, then clamped to the nearest value at
    /// that precision inside `range`; nil when there is none.
    func value(weeks: Double, excursion: Double) -> Double? {
        let away = excursionDirection.map { $0 == 0 ? excursion : $0 * abs(excursion) } ?? 0
        let x = center(weeks: weeks) + spread * (z + away)
        var value = (x * scale).rounded() / scale
        if let range {
            if value > range.upperBound { value = (range.upperBound * scale).rounded(.down) / scale }
            if value < range.lowerBound { value = (range.lowerBound * scale).rounded(.up) / scale }
            guard range.contains(value) else { return nil }
        }
        return value + 0  // never -0.0, which would not survive SQLite unchanged
    }
}
