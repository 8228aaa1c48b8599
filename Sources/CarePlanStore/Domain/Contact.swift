import Localization

/// Someone around the patient, as the plan file lists them (CareKit's Connect): the care team (GP,
/// nurse, physiotherapist, pharmacist) and personal contacts (family, friends), with how to reach
/// them and what they are responsible for.
public struct Contact: Hashable, Sendable {
    public enum Group: String, Hashable, Sendable, CaseIterable {
        case careTeam = "care-team"
        case personal

        /// The heading of the group's contacts; `rawValue` is the plan file's word (`group: care-team`).
        public var title: String { self == .careTeam ? trc("contact group", "Care team") : trc("contact group", "Personal") }
    }

    /// Unique in a plan: it names the contact from one version of the plan to the next.
    public var name: String
    /// Free text: "GP", "Heart failure nurse".
    public var role: String
    public var group: Group
    public var phone: String?
    public var email: String?
    public var address: String?
    /// "Call if weight rises 2 kg in 3 days."
    public var notes: String?
    /// The ids of the activities they are responsible for.
    public var activities: [String]
    /// A line to call in a crisis (`crisis-line: true`): named, with the care team, when a
    /// questionnaire's answer needs someone now (PHQ-9's ninth question).
    public var crisisLine: Bool = false

    public init(name: String, role: String, group: Group, phone: String? = nil, email: String? = nil, address: String? = nil,
                notes: String? = nil, activities: [String] = []) {
        self.name = name
        self.role = role
        self.group = group
        self.phone = phone
        self.email = email
        self.address = address
        self.notes = notes
        self.activities = activities
    }

    /// Whether `text` reads as a phone number: digits with spaces, dashes, dots, slashes or
    /// brackets, an optional leading `+`, and 3 to 15 digits (emergency numbers to E.164's longest).
    public static func isPhoneNumber(_ text: String) -> Bool {
        var digits = 0
        for (index, character) in text.enumerated() {
            if character.isASCII, character.isNumber { digits += 1; continue }
            if character == "+", index == 0 { continue }
            guard " -./()".contains(character) else { return false }
        }
        return (3...15).contains(digits)
    }

    /// Whether `text` reads as an email address: one `@`, something before it, a domain with a
    /// dot after it, no spaces. (Whether it reaches anyone only sending can tell; careplan sends nothing.)
    public static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }
}

/// A contact's versions: each import that changed them, or took them out of the plan, adds one
/// that governs from its `effectiveFrom`.
public struct ContactHistory: Hashable, Sendable {
    public struct Version: Hashable, Sendable {
        public var version: Int
        public var effectiveFrom: LocalDate
        /// Nil from the day the plan no longer lists them.
        public var contact: Contact?

        public init(version: Int, effectiveFrom: LocalDate, contact: Contact?) {
            self.version = version
            self.effectiveFrom = effectiveFrom
            self.contact = contact
        }
    }

    public var name: String
    /// Oldest first.
    public var versions: [Version]

    public init(name: String, versions: [Version]) {
        self.name = name
        self.versions = versions
    }

    /// The version in force on `date`: the latest that began on or before it (the first one for
    /// days before it, so an older period's report still names the team).
    public func version(on date: LocalDate) -> Version? {
        versions.last { $0.effectiveFrom <= date } ?? versions.first
    }

    /// The contact as the plan listed them on `date`; nil when they were not in it.
    public func contact(on date: LocalDate) -> Contact? { version(on: date)?.contact }
}
