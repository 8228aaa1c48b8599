import Localization
import Questionnaires

/// What a questionnaire's scores mean, in the reader's words: the band each reading's value falls
/// in (PHQ-9's 12 is "moderate"), from the bands the form gives its calculated items.
public struct FormScores: Sendable, Equatable {
    /// The bands of each measure field (`value`, or a scored item's linkId).
    public let bands: [String: [ScoreBand]]
    /// The questions whose answers go to FHIR as Observations of their own (SDC's
    /// `observationExtract`), by linkId, with their codes.
    public let extracted: [String: [AnswerCoding]]

    public init(form: Questionnaire) {
        extracted = form.extractedItems
        let scored = FormMeasure.scoredItems(form)
        var bands: [String: [ScoreBand]] = [:]
        for item in scored where !item.bands.isEmpty { bands[FormMeasure.fieldName(of: item, among: scored)] = item.bands }
        self.bands = bands
    }

    /// The band of a reading's value, when its field has bands.
    public func band(of value: ReadingValue) -> ScoreBand? {
        guard let number = value.value else { return nil }
        return bands[value.name]?.first { $0.contains(number) }
    }

    /// Where the band of a reading's first value with one stands among its field's bands: 0 for
    /// the first (where a person without the condition scores), and how many bands there are.
    public func standing(of values: [ReadingValue]) -> (index: Int, count: Int)? {
        for value in values {
            guard let band = band(of: value), let all = bands[value.name], let index = all.firstIndex(of: band) else { continue }
            return (index, all.count)
        }
        return nil
    }

    /// `9 (mild)`, or `9 (mild) · 3 (negative screen)` for several scores; the reading as
    /// `ReadingText` writes it where no band applies.
    public func text(_ values: [ReadingValue], measure: Measure?) -> String {
        values.map { value in
            let reading = ReadingText.reading([value], measure: measure)
            return band(of: value).map { Self.banded(reading, $0) } ?? reading
        }.joined(separator: " · ")
    }

    /// A score and its band: "12 (moderate)".
    public static func banded(_ reading: String, _ band: ScoreBand) -> String {
        // TRANSLATORS: a questionnaire's score and what it means: "12 (moderate)".
        tr("{reading} ({band})", ["reading": reading, "band": label(band)])
    }

    /// A band's words in the reader's language: careplan's own bands by their code, a form's own
    /// as it writes them.
    public static func label(_ band: ScoreBand) -> String {
        // TRANSLATORS: what a questionnaire's score means, as PHQ-9 and GAD-7 publish it: "12 (moderate)".
        switch band.code {
        case "minimal": trc("score band", "minimal")
        case "mild": trc("score band", "mild")
        case "moderate": trc("score band", "moderate")
        case "moderately-severe": trc("score band", "moderately severe")
        case "severe": trc("score band", "severe")
        // TRANSLATORS: PHQ-2's result: 3 or more means a PHQ-9 is advised.
        case "negative": trc("score band", "negative screen")
        case "positive": trc("score band", "positive screen")
        default: band.display
        }
    }
}
