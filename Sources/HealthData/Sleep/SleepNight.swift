import CarePlanStore

/// One night, belonging to the date the person woke up: what the devices measured, what the diary
/// says, naps apart, and which of the two the headline figures are.
public struct SleepNight: Hashable, Sendable {
    public var date: LocalDate
    /// The main sleep from device samples (every source merged).
    public var device: SleepFigures?
    /// The diary entry a person typed for this night.
    public var diary: SleepFigures?
    /// The diary's quality, 1...5, and its note.
    public var quality: Int?
    public var note: String?
    /// Sleep outside the main sleep (another episode in the window, or outside the window).
    public var naps: [SleepFigures]
    /// The main sleep stretch by stretch, for drawing: the device's, else the diary's outline.
    public var segments: [SleepSegment]
    /// Which figures lead: the settings' choice when the night has it, else the one it has.
    public var headlineSource: SleepSettings.Headline?

    public init(date: LocalDate, device: SleepFigures? = nil, diary: SleepFigures? = nil, quality: Int? = nil, note: String? = nil,
                naps: [SleepFigures] = [], segments: [SleepSegment] = [], headlineSource: SleepSettings.Headline? = nil) {
        self.date = date
        self.device = device
        self.diary = diary
        self.quality = quality
        self.note = note
        self.naps = naps
        self.segments = segments
        self.headlineSource = headlineSource
    }

    /// The figures summaries, charts and messages use.
    public var headline: SleepFigures? {
        switch headlineSource {
        case .device?: return device
        case .diary?: return diary
        case nil: return nil
        }
    }

    /// Whether the night holds anything at all (naps alone count).
    public var isEmpty: Bool { device == nil && diary == nil && naps.isEmpty }

    /// The outline a diary gives: in bed until sleep onset, asleep until the final wake, in bed
    /// until up. Where the person lay awake in the night it does not say.
    static func outline(_ diary: SleepFigures) -> [SleepSegment] {
        guard let onset = diary.onset, let wake = diary.finalWake else { return [] }
        return [SleepSegment(start: diary.bedStart, end: onset, stage: .inBed), SleepSegment(start: onset, end: wake, stage: .asleep),
                SleepSegment(start: wake, end: diary.bedEnd, stage: .inBed)].filter { $0.end > $0.start }
    }
}
