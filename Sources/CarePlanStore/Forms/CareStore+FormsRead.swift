import Foundation
import Questionnaires
import Synchronization

/// Forms read once per store object and canonical: a url and version name one content in a
/// store (an import refuses another), so a form and what its scores mean never change while the
/// store is open. The dashboard reads each on its first frame, and opens it from there.
enum FormsRead {
    struct Entry: Sendable {
        var form: Questionnaire
        var scores: FormScores
    }
}

extension CareStore {
    /// The form an activity version asks, read from the file the store kept and checked the first
    /// time it is asked for; the dashboard opens it again and again.
    public func form(_ reference: FormReference) throws -> Questionnaire { try read(reference).form }

    /// What the scores of the form `reference` names mean (their bands): the dashboard asks on
    /// every frame.
    public func scores(of reference: FormReference) throws -> FormScores { try read(reference).scores }

    private func read(_ reference: FormReference) throws -> FormsRead.Entry {
        if let known = formsRead.withLock({ $0[reference.canonical] }) { return known }
        let form = try readForm(reference)
        let read = FormsRead.Entry(form: form, scores: FormScores(form: form))
        formsRead.withLock { $0[reference.canonical] = read }
        return read
    }
}
