import Localization

/// How a reading reads, everywhere it is shown (the dashboard, `today`, `history`, `log`, the
/// status line): one format, so blood pressure is `128/84 mmHg` in every view and a pulse is
/// `72 bpm`, never `count/min`.
public enum ReadingText {
    /// One value in its field's unit: `37.2 °C`, `72 bpm`, `yes`, `mild`, `3 of 10` on a scale.
    public static func value(_ value: ReadingValue, measure: Measure?) -> String {
        if measure?.type == .boolean, let number = value.value { return Answer.shown(number != 0) }
        if let text = value.text { return text }
        guard let number = value.value else { return "" }
        let field = measure?.fields.first { $0.name == value.name }
        if measure?.type == .scale, let top = field?.range?.upperBound {
            // TRANSLATORS: a reading on a scale: "3 of 10".
            return tr("{value} of {top}", ["value": NumberText.string(number), "top": NumberText.string(top)])
        }
        return NumberText.string(number, decimals: field?.decimals) + unitSuffix(value.unit)
    }

    /// A whole reading: values that share a unit as `128/84 mmHg`, others joined with ` / `;
    /// `done` for an intervention's outcome, which has no values.
    public static func reading(_ values: [ReadingValue], measure: Measure?) -> String {
        // TRANSLATORS: what an intervention's outcome shows where a reading would: it was done.
        guard !values.isEmpty else { return trc("outcome", "done") }
        if measure?.type == .sleep { return SleepText.diaryReading(values) }
        let units = Set(values.map(\.unit))
        if values.count > 1, units.count == 1, let unit = values[0].unit, values.allSatisfy({ $0.value != nil && $0.text == nil }) {
            let numbers = values.map { value in
                NumberText.string(value.value!, decimals: measure?.fields.first { $0.name == value.name }?.decimals)
            }
            return numbers.joined(separator: "/") + unitSuffix(unit)
        }
        return values.map { self.value($0, measure: measure) }.joined(separator: " / ")
    }

    /// The reading, then what was typed where it was converted: `37.3 °C (entered 99.1 °F)`.
    public static func readingAsEntered(_ values: [ReadingValue], measure: Measure?) -> String {
        let entered = values.compactMap { value -> String? in
            guard let number = value.enteredValue, let unit = value.enteredUnit else { return nil }
            return NumberText.string(number) + unitSuffix(unit)
        }
        guard !entered.isEmpty else { return reading(values, measure: measure) }
        // TRANSLATORS: a reading converted from what was typed: "37.3 °C (entered 99.1 °F)".
        return tr("{reading} (entered {typed})", ["reading": reading(values, measure: measure), "typed": entered.joined(separator: "/")])
    }

    /// " °C", " bpm"; nothing for no unit or a plain count.
    public static func unitSuffix(_ symbol: String?) -> String {
        guard let symbol else { return "" }
        let shown = UnitRegistry.display(symbol)
        return shown.isEmpty ? "" : " " + shown
    }
}

extension ReadingText {
    /// What fills a linked activity, in words: "Filled from Apple Health: HKQuantityTypeIdentifierStepCount,
    /// goal 6,000 count, from Sam's iPhone."
    public static func linkSummary(_ link: HealthLink) -> String {
        var goal: String?
        if let amount = link.goal, let kind = link.kind {
            let unit = HealthKitCatalogue.goalUnit(of: kind)
            let number = amount >= 1000 && amount == amount.rounded() ? NumberText.grouped(Int(amount)) : NumberText.string(amount)
            goal = number + (unit.dimension == .count ? "" : " " + UnitRegistry.display(unit.symbol))
        }
        let sources = ListText.joined(link.sources)
        switch (goal, link.sources.isEmpty) {
        // TRANSLATORS: how a plan's activity is filled from Apple Health; {type} is the HealthKit identifier the
        // plan names, {goal} a day's amount ("6,000", "30 min"), {sources} the apps and devices.
        case (nil, true): return tr("Filled from Apple Health: {type}.", ["type": link.type])
        case (let goal?, true): return tr("Filled from Apple Health: {type}, goal {goal} a day.", ["type": link.type, "goal": goal])
        case (nil, false): return tr("Filled from Apple Health: {type}, from {sources}.", ["type": link.type, "sources": sources])
        case (let goal?, false):
            return tr("Filled from Apple Health: {type}, goal {goal} a day, from {sources}.", ["type": link.type, "goal": goal, "sources": sources])
        }
    }
}
