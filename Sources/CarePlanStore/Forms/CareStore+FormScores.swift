import Foundation
import Synchronization

extension CareStore {
    /// Forms read once per store and canonical: a url and version name one content in a store
    /// (an import refuses another), so what their scores mean never changes while careplan runs.
    private static let scoresRead = Mutex<[String: FormScores]>([:])

    /// What the scores of the form `reference` names mean (their bands), read from the store the
    /// first time it is asked for: the dashboard asks on every frame.
    public func scores(of reference: FormReference) throws -> FormScores {
        let key = path + "\u{0}" + reference.canonical
        if let known = Self.scoresRead.withLock({ $0[key] }) { return known }
        let scores = FormScores(form: try form(reference))
        Self.scoresRead.withLock { $0[key] = scores }
        return scores
    }
}
